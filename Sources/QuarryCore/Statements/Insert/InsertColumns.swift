import QuarrySQLText

/// What an insert's column list names: one column (`$0.title`), or a `@Selection` group of
/// columns (`$0.status`), whose value then binds one value per column.
///
/// ```swift
/// Trip.insert { ($0.id, $0.schedule.span) } values: { (9, Span(startDay: 2, endDay: 4)) }
/// ```
/// ```sql
/// INSERT INTO "trips" ("id", "startDay", "endDay")
/// VALUES (9, 2, 4)
/// ```
public protocol InsertColumns<QueryValue>: QueryExpression {
  /// Appends the columns' quoted names, comma-separated: `"startDay", "endDay"`.
  func appendColumnNames(to names: inout [String])

  /// Appends the values of `value`, one per column, in the columns' order.
  static func appendBindings(of value: QueryValue, to bindings: inout [QueryBinding])
}

extension TableColumn: InsertColumns {
  /// Appends the column's quoted name.
  ///
  /// `Reminder.insert { $0.title } values: { "Milk" }` renders
  /// `INSERT INTO "reminders" ("title") VALUES ('Milk')`.
  public func appendColumnNames(to names: inout [String]) {
    names.append(quoteIdentifier(name))
  }

  /// Appends the value's one binding.
  public static func appendBindings(of value: Value, to bindings: inout [QueryBinding]) {
    bindings.append(value.queryBinding)
  }
}

extension ColumnGroup: InsertColumns {
  /// Appends the quoted names of the group's columns, in order.
  ///
  /// `Trip.insert { ($0.id, $0.schedule.span) } values: { (9, Span(startDay: 2, endDay: 4)) }`
  /// renders `INSERT INTO "trips" ("id", "startDay", "endDay") VALUES (9, 2, 4)`.
  public func appendColumnNames(to names: inout [String]) {
    for column in Value.selectionColumns { names.append(quoteIdentifier(column.name)) }
  }

  /// Appends the group's values, one per column.
  public static func appendBindings(of value: Value, to bindings: inout [QueryBinding]) {
    bindings.append(contentsOf: value.queryBindings)
  }
}
