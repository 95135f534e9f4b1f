/// The rows an ``InsertValuesBuilder`` collected, in order. A single row is kept as it is, with
/// no array: most inserts write one row.
public enum InsertValues<Value> {
  /// One row.
  case one(Value)
  /// Rows in order.
  case many([Value])
  /// Rows in order, not all given as a `Value`: full rows beside drafts, or rows holding SQL
  /// expressions.
  case mixed([InsertRow<Value>])

  /// The rows given as a `Value`, in order (a mixed list's other rows are not among them).
  @inlinable
  public var rows: [Value] {
    switch self {
    case .one(let row): return [row]
    case .many(let rows): return rows
    case .mixed(let rows):
      return rows.compactMap { row in
        guard case .value(let value) = row else { return nil }
        return value
      }
    }
  }

  /// Every row, in order, each as an ``InsertRow``.
  @inlinable
  public var items: [InsertRow<Value>] {
    switch self {
    case .one(let row): return [.value(row)]
    case .many(let rows): return rows.map { .value($0) }
    case .mixed(let rows): return rows
    }
  }

  /// The number of rows.
  @inlinable
  public var count: Int {
    switch self {
    case .one: return 1
    case .many(let rows): return rows.count
    case .mixed(let rows): return rows.count
    }
  }

  /// `parts` one after the other: a plain list unless one of them is mixed.
  static func joined(_ parts: [InsertValues<Value>]) -> InsertValues<Value> {
    var values: [Value] = []
    for part in parts {
      switch part {
      case .one(let row): values.append(row)
      case .many(let rows): values.append(contentsOf: rows)
      case .mixed: return .mixed(parts.flatMap(\.items))
      }
    }
    return .many(values)
  }
}

/// A row of a mixed ``InsertValues`` list.
public enum InsertRow<Value> {
  /// A row given as a `Value`.
  case value(Value)
  /// A full row of the table, beside drafts: it binds the same columns.
  case row(any WritableRow)
  /// A row holding SQL expressions, rendered with its parentheses: `(?, datetime('now'))`.
  case expressions(QueryFragment)

  /// Whether the row holds SQL expressions.
  @inlinable
  var isExpressions: Bool {
    if case .expressions = self { return true }
    return false
  }
}

/// Collects the rows of an insert: one value per line, `if`, `for`.
///
/// A draft's rows may include full rows (`Reminder(id: 1, …)` beside `Reminder.Draft(…)`), and
/// a row of chosen columns may hold SQL expressions as well as Swift values:
/// `("Milk", #sql("datetime('now')"))`.
@resultBuilder
public enum InsertValuesBuilder<Value> {
  /// A row: a value of the table (or of its draft, or a tuple of the chosen columns' values).
  ///
  /// ```swift
  /// RemindersList.insert { RemindersList(id: 3, title: "Errands") }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (3, 'Errands')
  /// ```
  public static func buildExpression(_ value: Value) -> InsertValues<Value> { .one(value) }

  /// Rows, in order.
  ///
  /// ```swift
  /// RemindersList.insert { [RemindersList(id: 3, title: "Errands"), RemindersList(id: 4, title: "Trips")] }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (3, 'Errands'), (4, 'Trips')
  /// ```
  public static func buildExpression(_ values: [Value]) -> InsertValues<Value> { .many(values) }

  /// A row of chosen columns holding SQL expressions (any expression of each column's type):
  /// `("Milk", #sql("datetime('now')"))`. (Disfavored: a row of Swift values alone stays a row of
  /// values, bound as they are.)
  ///
  /// ```swift
  /// Reminder.insert { ($0.title, $0.remindersListID) } values: { (SQLQueryExpression("upper('milk')", as: String.self), 2) }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("title", "remindersListID")
  /// VALUES (upper('milk'), 2)
  /// ```
  @_disfavoredOverload
  public static func buildExpression<each Expression: QueryAssignable>(
    _ row: (repeat each Expression)
  ) -> InsertValues<Value>
  where
    Value == (repeat (each Expression).QueryValue),
    repeat (each Expression).QueryValue: QueryBindable
  {
    var fragment = QueryFragment(sql: "(")
    fragment.appendArguments(repeat each row)
    fragment.append(sql: ")")
    return .mixed([.expressions(fragment)])
  }

  /// A block of one statement: its rows.
  ///
  /// ```swift
  /// RemindersList.insert { RemindersList.Draft(title: "Errands") }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (NULL, 'Errands')
  /// ```
  @inlinable
  public static func buildBlock(_ rows: InsertValues<Value>) -> InsertValues<Value> { rows }

  /// A block of several statements: their rows, one after the other.
  ///
  /// ```swift
  /// RemindersList.insert {
  ///   RemindersList.Draft(title: "Errands")
  ///   RemindersList.Draft(title: "Trips")
  /// }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (NULL, 'Errands'), (NULL, 'Trips')
  /// ```
  public static func buildBlock(_ rows: InsertValues<Value>...) -> InsertValues<Value> {
    .joined(rows)
  }

  /// A `for` loop: every iteration's rows.
  ///
  /// ```swift
  /// RemindersList.insert { for title in ["Errands", "Trips"] { RemindersList.Draft(title: title) } }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (NULL, 'Errands'), (NULL, 'Trips')
  /// ```
  public static func buildArray(_ rows: [InsertValues<Value>]) -> InsertValues<Value> {
    .joined(rows)
  }

  /// An `if` without `else`: its rows when the condition held, none otherwise.
  ///
  /// ```swift
  /// RemindersList.insert {
  ///   RemindersList.Draft(title: "Errands")
  ///   if onlyOpen { RemindersList.Draft(title: "Open") }
  /// }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (NULL, 'Errands'), (NULL, 'Open')
  /// ```
  public static func buildOptional(_ rows: InsertValues<Value>?) -> InsertValues<Value> {
    rows ?? .many([])
  }

  /// The first branch of an `if`/`else` or `switch`.
  ///
  /// ```swift
  /// RemindersList.insert { if onlyOpen { RemindersList.Draft(title: "Open") } else { RemindersList.Draft(title: "All") } }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (NULL, 'Open')
  /// ```
  public static func buildEither(first rows: InsertValues<Value>) -> InsertValues<Value> { rows }

  /// The second branch of an `if`/`else` or `switch`.
  ///
  /// ```swift
  /// RemindersList.insert { if !onlyOpen { RemindersList.Draft(title: "Open") } else { RemindersList.Draft(title: "All") } }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (NULL, 'All')
  /// ```
  public static func buildEither(second rows: InsertValues<Value>) -> InsertValues<Value> { rows }
}

extension InsertValuesBuilder where Value: QueryBindable {
  /// The value of a single chosen column, an SQL expression of its type:
  /// `Reminder.insert { $0.title } values: { #sql("upper('milk')") }`.
  ///
  /// ```swift
  /// Reminder.insert { $0.title } values: {
  ///   #sql("upper('milk')")
  ///   "Eggs"
  /// }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("title")
  /// VALUES (upper('milk')), ('Eggs')
  /// ```
  ///
  /// An expression alone is a row too, a subquery or a typed expression. (Not disfavored: it is
  /// more specific than the tuple form's one-column row, and a Swift value still takes the
  /// value form.)
  ///
  /// ```swift
  /// Reminder.insert { $0.remindersListID } values: { Reminder.select { $0.id.count() } }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("remindersListID")
  /// VALUES ((SELECT count("reminders"."id") FROM "reminders"))
  /// ```
  public static func buildExpression(_ expression: some QueryExpression<Value>) -> InsertValues<
    Value
  > {
    var fragment = QueryFragment(sql: "(")
    expression.write(to: &fragment)
    fragment.append(sql: ")")
    return .mixed([.expressions(fragment)])
  }
}

extension InsertValuesBuilder where Value: PrimaryKeyedTable {
  /// A draft beside full rows: `Reminder(id: 1, …)` and `Reminder.Draft(title: …)` in one
  /// insert. Its missing primary key inserts `NULL`, so the database assigns it.
  ///
  /// ```swift
  /// RemindersList.insert {
  ///   RemindersList(id: 3, title: "Errands")
  ///   RemindersList.Draft(title: "Trips")
  /// }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (3, 'Errands'), (NULL, 'Trips')
  /// ```
  @inlinable
  public static func buildExpression(_ draft: Value.Draft) -> InsertValues<Value> {
    .mixed([.row(draft)])
  }

  /// Drafts beside full rows.
  ///
  /// ```swift
  /// RemindersList.insert {
  ///   RemindersList(id: 3, title: "Errands")
  ///   [RemindersList.Draft(title: "Trips"), RemindersList.Draft(title: "Books")]
  /// }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (3, 'Errands'), (NULL, 'Trips'), (NULL, 'Books')
  /// ```
  public static func buildExpression(_ drafts: [Value.Draft]) -> InsertValues<Value> {
    .mixed(drafts.map { .row($0) })
  }
}
