import QuarrySQLText

// Temporary views and triggers, built from typed statements. (Permanent schema belongs in
// `#sql` migrations; temporary ones live with the connection, so an app creates them at launch.)

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
    guard ifNotExists else { return SQLQueryExpression(view) }
    return SQLQueryExpression(
      .sqliteOnly(
        view, "CREATE VIEW IF NOT EXISTS",
        instead: "drop the view first with dropView(ifExists: true), or create it once"))
  }

  /// `DROP VIEW "name"`
  ///
  /// `OpenReminder.dropView(ifExists: true)` renders `DROP VIEW IF EXISTS "openReminders"`.
  public static func dropView(ifExists: Bool = false) -> SQLQueryExpression<Void> {
    SQLQueryExpression("DROP VIEW \(raw: ifExists ? "IF EXISTS " : "")\(raw: schema.quotedName)")
  }

  /// `CREATE TEMPORARY TRIGGER "name" AFTER INSERT ON "reminders" FOR EACH ROW [WHEN …]
  /// BEGIN …; END`. The closures receive the row the trigger fires for (`NEW`, or `OLD` for
  /// deletes).
  ///
  /// ```swift
  /// Reminder.createTemporaryTrigger("touchList", after: .insert) { new in
  ///   RemindersList.update { $0.title += "*" }.where { $0.id == new.remindersListID }
  /// } when: { new in !new.isCompleted }
  /// ```
  /// ```sql
  /// CREATE TEMPORARY TRIGGER "touchList"
  /// AFTER INSERT ON "reminders"
  /// FOR EACH ROW
  /// WHEN (NOT new."isCompleted")
  /// BEGIN
  /// UPDATE "remindersLists"
  /// SET "title" = ("remindersLists"."title" || '*')
  /// WHERE ("remindersLists"."id" = new."remindersListID");
  /// END
  /// ```
  public static func createTemporaryTrigger<Action: Statement>(
    _ name: String, ifNotExists: Bool = false, after event: TriggerEvent,
    action: (TriggerRow<Self>) -> Action,
    when condition: ((TriggerRow<Self>) -> any QueryExpression<Bool>)? = nil
  ) -> SQLQueryExpression<Void> {
    let row = TriggerRow<Self>(event == .delete ? "old" : "new")
    var fragment: QueryFragment =
      "CREATE TEMPORARY TRIGGER \(raw: ifNotExists ? "IF NOT EXISTS " : "")\(quote: name)"
    fragment.append(sql: "\nAFTER \(event.sql) ON \(schema.quotedName)\nFOR EACH ROW")
    if let condition {
      fragment.append(sql: "\nWHEN ")
      condition(row).write(to: &fragment)
    }
    fragment.append(sql: "\nBEGIN\n  ")
    action(row).writeStatement(to: &fragment)
    fragment.append(sql: ";\nEND")
    // SQLite accepts no parameters in a trigger: values are written in as literals.
    return SQLQueryExpression(
      .sqliteOnly(
        fragment.inlined, "A temporary trigger",
        instead: "create a trigger function and its trigger in a PostgresMigrator migration "
          + "with #sql(…, dialect: .postgres)"))
  }

  /// `DROP TRIGGER "name"`
  ///
  /// `Reminder.dropTrigger("log_done", ifExists: true)` renders `DROP TRIGGER IF EXISTS "log_done"`.
  public static func dropTrigger(_ name: String, ifExists: Bool = false) -> SQLQueryExpression<Void>
  {
    SQLQueryExpression("DROP TRIGGER \(raw: ifExists ? "IF EXISTS " : "")\(quote: name)")
  }
}

/// What fires a trigger.
public enum TriggerEvent: Sendable, Equatable {
  /// A row is inserted.
  case insert
  /// A row is updated (any column, or only the named ones).
  case update(of: [String] = [])
  /// A row is deleted.
  case delete

  /// Any update.
  public static let update = TriggerEvent.update(of: [])

  var sql: String {
    switch self {
    case .insert: return "INSERT"
    case .delete: return "DELETE"
    case .update(let columns) where columns.isEmpty: return "UPDATE"
    case .update(let columns):
      return "UPDATE OF " + columns.map(quoteIdentifier).joined(separator: ", ")
    }
  }
}

/// The row a trigger fires for: `new."title"` or `old."title"`.
@dynamicMemberLookup
public struct TriggerRow<Base: Table>: Sendable {
  let prefix: String

  init(_ prefix: String) { self.prefix = prefix }

  /// A column of the row: `new."title"`, or `old."title"` in a trigger after a delete.
  ///
  /// ```swift
  /// Reminder.createTemporaryTrigger("forgetList", after: .delete) { old in RemindersList.where { $0.id == old.remindersListID }.delete() }
  /// ```
  /// ```sql
  /// CREATE TEMPORARY TRIGGER "forgetList"
  /// AFTER DELETE ON "reminders"
  /// FOR EACH ROW
  /// BEGIN
  /// DELETE FROM "remindersLists"
  /// WHERE ("remindersLists"."id" = old."remindersListID");
  /// END
  /// ```
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression("\(raw: prefix).\(quote: Base.columns[keyPath: keyPath].name)")
  }
}
