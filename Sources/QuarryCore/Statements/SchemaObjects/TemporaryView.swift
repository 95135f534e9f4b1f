import QuarrySQLText

// Temporary views, built from typed statements. (Permanent schema belongs in `#sql`
// migrations; temporary ones live with the connection, so an app creates them at launch.)

extension Table {
  /// `CREATE TEMPORARY VIEW "name" ("a", "b") AS SELECT …`: a view this `@Table` type reads,
  /// whose columns are the type's columns.
  ///
  /// ```swift
  /// OpenReminder.createTemporaryView(as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) })
  /// ```
  /// ```sql
  /// CREATE TEMPORARY VIEW "openReminders" ("id", "title") AS
  /// SELECT "reminders"."id", "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// ```
  public static func createTemporaryView(
    ifNotExists: Bool = false, as select: some Statement
  ) -> SQLQueryExpression<Void> {
    let columns = schema.columns.map { quoteIdentifier($0.name) }.joined(separator: ", ")
    // SQLite accepts no parameters in a view: values are written in as literals.
    let view: QueryFragment =
      "CREATE TEMPORARY VIEW \(raw: ifNotExists ? "IF NOT EXISTS " : "")\(raw: schema.quotedName) (\(raw: columns)) AS\n\(select.query.inlined)"
    guard ifNotExists else { return SQLQueryExpression(operand: view) }
    return SQLQueryExpression(
      operand:
        .sqliteOnly(
          view, "CREATE VIEW IF NOT EXISTS",
          instead: "drop the view first with dropView(ifExists: true), or create it once"))
  }

  /// `DROP VIEW "name"`
  ///
  /// `OpenReminder.dropView(ifExists: true)` renders `DROP VIEW IF EXISTS "openReminders"`.
  public static func dropView(ifExists: Bool = false) -> SQLQueryExpression<Void> {
    SQLQueryExpression(
      operand: "DROP VIEW \(raw: ifExists ? "IF EXISTS " : "")\(raw: schema.quotedName)")
  }
}
