import QuarrySQLText

/// A statement with common table expressions: `WITH "name" ("a", "b") AS (…) SELECT …`.
///
/// Each table expression is named by a `@Table` type whose columns are its columns, so the
/// body queries it like any table. With `@Table("counts") struct Count { var n: Int }`:
///
/// ```swift
/// Count.with(recursive: true, as: Values(1).unionAll(Count.where { $0.n < 5 }.select { $0.n + 1 })) {
///   Count.all
/// }
/// ```
/// ```sql
/// WITH RECURSIVE "counts" ("n") AS (
/// SELECT 1
/// UNION ALL
/// SELECT ("counts"."n" + 1)
/// FROM "counts"
/// WHERE ("counts"."n" < 5)
/// )
/// SELECT "counts"."n"
/// FROM "counts"
/// ```
public struct With<QueryValue>: Statement, Sendable {
  /// Whether any table expression refers to itself: `WITH RECURSIVE`.
  public var isRecursive: Bool
  /// The table expressions, `"name" ("a", "b") AS (…)`, in order.
  ///
  /// `Count.with(as: Values(7)) { Count.all }.tables[0]` renders `"counts" ("n") AS (SELECT 7)`.
  @usableFromInline package var tables: [QueryFragment]
  /// The statement that uses them.
  ///
  /// `Count.with(as: Values(7)) { Count.select { $0.n * 2 } }.body` renders
  /// `SELECT ("counts"."n" * 2) FROM "counts"`.
  @usableFromInline package var body: QueryFragment

  @usableFromInline
  init(isRecursive: Bool, tables: [QueryFragment], body: QueryFragment) {
    self.isRecursive = isRecursive
    self.tables = tables
    self.body = body
  }

  /// Adds another table expression before the body's, which may use the earlier ones.
  ///
  /// ```swift
  /// OpenReminder.with(as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) }) { OpenReminder.count() }.with(RemindersList.self, as: RemindersList.select { ($0.id, $0.title) })
  /// ```
  /// ```sql
  /// WITH "openReminders" ("id", "title") AS (
  /// SELECT "reminders"."id", "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// ),
  /// "remindersLists" ("id", "title") AS (
  /// SELECT "remindersLists"."id", "remindersLists"."title"
  /// FROM "remindersLists"
  /// )
  /// SELECT count(*)
  /// FROM "openReminders"
  /// ```
  public func with<T: Table>(
    _ table: T.Type, recursive: Bool = false, as select: some Statement
  ) -> Self {
    var copy = self
    copy.isRecursive = isRecursive || recursive
    copy.tables.append(commonTable(T.self, select))
    return copy
  }

  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(sql: isRecursive ? "WITH RECURSIVE " : "WITH ")
    fragment.append(tables, separator: ",\n  ")
    fragment.append(sql: "\n")
    fragment.append(body)
  }
}

func commonTable<T: Table>(_ table: T.Type, _ select: some Statement) -> QueryFragment {
  let columns = T.schema.columns.map { quoteIdentifier($0.name) }.joined(separator: ", ")
  return "\(raw: T.schema.quotedName) (\(raw: columns)) AS (\n  \(statement: select)\n)"
}

extension Table {
  /// `WITH "table" (…) AS (select) body`: this type names a table expression the body uses.
  ///
  /// ```swift
  /// OpenReminder.with(as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) }) { OpenReminder.select { $0.title } }
  /// ```
  /// ```sql
  /// WITH "openReminders" ("id", "title") AS (
  /// SELECT "reminders"."id", "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// )
  /// SELECT "openReminders"."title"
  /// FROM "openReminders"
  /// ```
  public static func with<Body: Statement>(
    recursive: Bool = false, as select: some Statement, _ body: () -> Body
  ) -> With<Body.QueryValue> {
    With(
      isRecursive: recursive, tables: [commonTable(Self.self, select)],
      body: body().query)
  }
}
