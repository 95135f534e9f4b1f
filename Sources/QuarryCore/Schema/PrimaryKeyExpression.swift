/// The column that holds a table's primary key, or the `@Selection` group of columns that
/// holds a composite one: the type of `$0.primaryKey`. ``TableColumn`` and ``ColumnGroup`` are
/// the two kinds; `find(_:)`, `update(_:)` and `delete(_:)` reach the key through them.
///
/// `Enrollment.where { $0.primaryKey.equals(key: Enrollment.ID(courseID: 1, studentID: 2)) }.select { $0.grade }`
/// renders `SELECT "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 2))`.
public protocol PrimaryKeyExpression<QueryValue>: QueryExpression, Sendable {
  /// The table whose key it is.
  associatedtype Root: Table

  /// The values of `key`, one per column of the key, in the table's column order.
  static func bindings(ofKey key: QueryValue) -> [QueryBinding]

  /// The rows whose key is `key`: what `Table.find(_:)` returns.
  func filter(key: QueryValue) -> Where<Root>

  /// What ``equals(key:)`` gives: a column's own `==`, so that `find` after a filter builds
  /// what `where { $0.id == key }` does.
  associatedtype KeyComparison: QueryExpression where KeyComparison.QueryValue == Bool

  /// Whether the key is `key`.
  func equals(key: QueryValue) -> KeyComparison

  /// Whether the key is one of `keys`; an empty list is never matched.
  func isIn(keys: some Sequence<QueryValue>) -> SQLQueryExpression<Bool>

  /// Whether the key is one of those a subquery selects.
  func isIn(keys: some Statement<QueryValue>) -> SQLQueryExpression<Bool>
}

extension TableColumn: PrimaryKeyExpression {
  /// The key's one value.
  ///
  /// `TableColumn<Reminder, Int>.bindings(ofKey: 1)` is `[.int(1)]`.
  @inlinable
  public static func bindings(ofKey key: Value) -> [QueryBinding] { [key.queryBinding] }

  /// The row whose key is `key`: the schema's pre-rendered predicate, which a select of it alone
  /// turns into the schema's pre-rendered select by primary key.
  ///
  /// `Reminder.columns.primaryKey.filter(key: 1).select { $0.title }` renders
  /// `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 1)`.
  @inlinable
  public func filter(key: Value) -> Where<Root> {
    let binding = key.queryBinding
    let schema = Root.schema
    if !binding.isNull, let predicate = schema.primaryKeyPredicateUTF8,
      let name = schema.primaryKeyQualifiedNameUTF8, isQualifiedName(name)
    {
      var filter = Where<Root>(
        predicates: QueryFragment(
          utf8: predicate, bindings: [binding],
          placeholders: schema.primaryKeyPredicatePlaceholders),
        isOneOperand: true)
      filter.isPrimaryKeyLookup = true
      return filter
    }
    return Where().where { _ in self.equals(key: key) }
  }

  /// `column = ?` (`IS NULL` for a `nil` key).
  ///
  /// `Reminder.where { $0.primaryKey.equals(key: 1) }.select { $0.title }` renders
  /// `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 1)`.
  public func equals(key: Value) -> BinaryOperation<Bool, Self, BoundValue<Value>> {
    self == key
  }

  /// `column IN (?, ?, …)`.
  ///
  /// `Reminder.where { $0.primaryKey.isIn(keys: [1, 2]) }.select { $0.title }` renders
  /// `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (1, 2))`.
  public func isIn(keys: some Sequence<Value>) -> SQLQueryExpression<Bool> { self.in(keys) }

  /// `column IN (SELECT …)`.
  ///
  /// `Reminder.where { $0.primaryKey.isIn(keys: Reminder.select { $0.id }) }.select { $0.title }`
  /// renders `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders"))`.
  public func isIn(keys: some Statement<Value>) -> SQLQueryExpression<Bool> { self.in(keys) }
}

extension ColumnGroup: PrimaryKeyExpression {
  /// The values of the group's columns.
  ///
  /// `ColumnGroup<Enrollment, Enrollment.ID>.bindings(ofKey: Enrollment.ID(courseID: 1, studentID: 2))`
  /// is `[.int(1), .int(2)]`.
  public static func bindings(ofKey key: Value) -> [QueryBinding] { key.queryBindings }

  /// The row whose key is `key`: `(columns) = (values)`.
  ///
  /// `Enrollment.columns.primaryKey.filter(key: Enrollment.ID(courseID: 1, studentID: 2)).select { $0.grade }`
  /// renders `SELECT "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 2))`.
  public func filter(key: Value) -> Where<Root> {
    Where().where { _ in self.equals(key: key) }
  }

  /// `(columns) = (values)`.
  public func equals(key: Value) -> SQLQueryExpression<Bool> { self == key }

  /// `(columns) IN (VALUES (?, ?), …)`.
  ///
  /// `Enrollment.where { $0.primaryKey.isIn(keys: [Enrollment.ID(courseID: 1, studentID: 2)]) }.select { $0.grade }`
  /// renders `SELECT "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."courseID", "enrollments"."studentID") IN (VALUES (1, 2)))`.
  public func isIn(keys: some Sequence<Value>) -> SQLQueryExpression<Bool> { self.in(keys) }

  /// `(columns) IN (SELECT …)`.
  public func isIn(keys: some Statement<Value>) -> SQLQueryExpression<Bool> { self.in(keys) }
}
