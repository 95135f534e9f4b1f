import QuarrySQLText

// Temporary triggers, built from typed statements: they live with the connection, so an app
// creates them at launch. (SQLite accepts no parameters in a trigger: values are written in as
// literals.)

extension Table {
  /// `CREATE TEMPORARY TRIGGER "name" AFTER INSERT ON "reminders" FOR EACH ROW [WHEN …]
  /// BEGIN …; END`. The closures receive the row the trigger fires for (`NEW`, or `OLD` for
  /// deletes); the action may list several statements, run in order. Without a name, the
  /// trigger is named for what fires it and where it is created:
  /// `"after_insert_on_reminders@App/Triggers.swift:12:20"`.
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
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, after event: TriggerEvent,
    @TriggerActionBuilder action: (TriggerRow<Self>) -> [QueryFragment],
    when condition: ((TriggerRow<Self>) -> any QueryExpression<Bool>)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    TemporaryTrigger(
      name: name ?? defaultTriggerName("after", event, fileID, line, column),
      ifNotExists: ifNotExists, timing: "AFTER", event: event, action: action, when: condition)
  }

  /// `CREATE TEMPORARY TRIGGER … BEFORE …`: the action runs before the change.
  ///
  /// ```swift
  /// Reminder.createTemporaryTrigger("forgetList", before: .delete) { old in RemindersList.where { $0.id == old.remindersListID }.delete() }
  /// ```
  /// ```sql
  /// CREATE TEMPORARY TRIGGER "forgetList"
  /// BEFORE DELETE ON "reminders"
  /// FOR EACH ROW
  /// BEGIN
  /// DELETE FROM "remindersLists"
  /// WHERE ("remindersLists"."id" = old."remindersListID");
  /// END
  /// ```
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, before event: TriggerEvent,
    @TriggerActionBuilder action: (TriggerRow<Self>) -> [QueryFragment],
    when condition: ((TriggerRow<Self>) -> any QueryExpression<Bool>)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    TemporaryTrigger(
      name: name ?? defaultTriggerName("before", event, fileID, line, column),
      ifNotExists: ifNotExists, timing: "BEFORE", event: event, action: action, when: condition)
  }

  /// `CREATE TEMPORARY TRIGGER … INSTEAD OF …` on a view: the action is what an insert, update
  /// or delete of the view's rows does (SQLite refuses it on a table).
  ///
  /// ```swift
  /// OpenReminder.createTemporaryTrigger("addOpen", insteadOf: .insert) { new in Reminder.insert { ($0.id, $0.title) } values: { (new.id, new.title) } }
  /// ```
  /// ```sql
  /// CREATE TEMPORARY TRIGGER "addOpen"
  /// INSTEAD OF INSERT ON "openReminders"
  /// FOR EACH ROW
  /// BEGIN
  /// INSERT INTO "reminders" ("id", "title")
  /// VALUES (new."id", new."title");
  /// END
  /// ```
  public static func createTemporaryTrigger(
    _ name: String? = nil, ifNotExists: Bool = false, insteadOf event: TriggerEvent,
    @TriggerActionBuilder action: (TriggerRow<Self>) -> [QueryFragment],
    when condition: ((TriggerRow<Self>) -> any QueryExpression<Bool>)? = nil,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) -> TemporaryTrigger<Self> {
    TemporaryTrigger(
      name: name ?? defaultTriggerName("instead_of", event, fileID, line, column),
      ifNotExists: ifNotExists, timing: "INSTEAD OF", event: event, action: action,
      when: condition)
  }

  /// `DROP TRIGGER "name"`
  ///
  /// `Reminder.dropTrigger("log_done", ifExists: true)` renders `DROP TRIGGER IF EXISTS "log_done"`.
  public static func dropTrigger(_ name: String, ifExists: Bool = false) -> SQLQueryExpression<Void>
  {
    SQLQueryExpression(operand: "DROP TRIGGER \(raw: ifExists ? "IF EXISTS " : "")\(quote: name)")
  }

  /// `after_insert_on_reminders@App/Triggers.swift:12:20`: unique to the place that creates
  /// the trigger, and the same each time that place runs.
  static func defaultTriggerName(
    _ timing: String, _ event: TriggerEvent, _ fileID: StaticString, _ line: UInt, _ column: UInt
  ) -> String {
    "\(timing)_\(event.nameComponent)_on_\(tableName)@\(fileID):\(line):\(column)"
  }
}

/// A `CREATE TEMPORARY TRIGGER` statement, which knows its trigger's name.
///
/// `Reminder.createTemporaryTrigger(after: .delete) { old in … }` names its trigger
/// `after_delete_on_reminders@` followed by where it is created; `drop(ifExists:)` drops it.
public struct TemporaryTrigger<On: Table>: Statement, Sendable {
  public typealias QueryValue = Void

  /// The trigger's name, as given or as derived from the event and the call's location.
  public let name: String
  let fragment: QueryFragment

  init(
    name: String, ifNotExists: Bool, timing: String, event: TriggerEvent,
    action: (TriggerRow<On>) -> [QueryFragment],
    when condition: ((TriggerRow<On>) -> any QueryExpression<Bool>)?
  ) {
    self.name = name
    let row = TriggerRow<On>(event == .delete ? "old" : "new")
    var fragment: QueryFragment =
      "CREATE TEMPORARY TRIGGER \(raw: ifNotExists ? "IF NOT EXISTS " : "")\(quote: name)"
    fragment.append(sql: "\n\(timing) \(event.sql) ON \(On.schema.quotedName)\nFOR EACH ROW")
    if let condition {
      fragment.append(sql: "\nWHEN ")
      condition(row).write(to: &fragment)
    }
    fragment.append(sql: "\nBEGIN")
    for statement in action(row) {
      fragment.append(sql: "\n  ")
      fragment.append(statement)
      fragment.append(sql: ";")
    }
    fragment.append(sql: "\nEND")
    self.fragment = .sqliteOnly(
      fragment.inlined, "A temporary trigger",
      instead: "create a trigger function and its trigger in a PostgresMigrator migration "
        + "with #sql(…, dialect: .postgres)")
  }

  /// The `CREATE TEMPORARY TRIGGER` statement.
  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }

  /// `DROP TRIGGER "name"`: drops this trigger, whatever its name.
  ///
  /// `Reminder.createTemporaryTrigger("log_done", after: .insert) { _ in Reminder.delete() }.drop(ifExists: true)`
  /// renders `DROP TRIGGER IF EXISTS "log_done"`.
  public func drop(ifExists: Bool = false) -> SQLQueryExpression<Void> {
    On.dropTrigger(name, ifExists: ifExists)
  }
}

/// The statements of a trigger's action, one per line, run in order:
///
/// ```swift
/// Reminder.createTemporaryTrigger("emptyList", after: .delete) { old in
///   RemindersList.where { $0.id == old.remindersListID }.update { $0.title += " (changed)" }
///   Reminder.where { $0.remindersListID == old.remindersListID }.delete()
/// }
/// ```
/// ```sql
/// CREATE TEMPORARY TRIGGER "emptyList"
/// AFTER DELETE ON "reminders"
/// FOR EACH ROW
/// BEGIN
/// UPDATE "remindersLists"
/// SET "title" = ("remindersLists"."title" || ' (changed)')
/// WHERE ("remindersLists"."id" = old."remindersListID");
/// DELETE FROM "reminders"
/// WHERE ("reminders"."remindersListID" = old."remindersListID");
/// END
/// ```
@resultBuilder
public enum TriggerActionBuilder {
  /// A statement of the action.
  public static func buildExpression(_ statement: some Statement) -> [QueryFragment] {
    [statement.query]
  }

  /// The action's statements, in order: at least one, as SQLite requires.
  public static func buildBlock(_ first: [QueryFragment], _ rest: [QueryFragment]...)
    -> [QueryFragment]
  {
    first + rest.joined()
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

  /// The event in a default trigger name: `insert`, `update` or `delete`.
  var nameComponent: String {
    switch self {
    case .insert: return "insert"
    case .update: return "update"
    case .delete: return "delete"
    }
  }

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
    SQLQueryExpression(operand: "\(raw: prefix).\(quote: Base.columns[keyPath: keyPath].name)")
  }
}
