import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// Temporary triggers: `BEFORE`, `AFTER` and `INSTEAD OF` (on a view), several statements in
/// one action, and the name a trigger gets when it is given none.
@Suite("Temporary triggers")
struct TemporaryTriggerTests {
  /// `tasksDatabase()` with the view `OpenTask` reads.
  func databaseWithView() throws -> Database {
    let db = try tasksDatabase()
    try OpenTask.createTemporaryView(as: Task.where { !$0.isDone }.select { ($0.id, $0.title) })
      .execute(db)
    return db
  }

  @Test func insteadOfInsertUpdateAndDeleteOnAView() throws {
    let db = try databaseWithView()
    let onInsert = OpenTask.createTemporaryTrigger("addOpen", insteadOf: .insert) { new in
      Task.insert {
        ($0.title, $0.isDone)
      } values: {
        (new.title, false)
      }
    }
    assertSQL(
      onInsert,
      """
      CREATE TEMPORARY TRIGGER "addOpen"
      INSTEAD OF INSERT ON "openTasks"
      FOR EACH ROW
      BEGIN
        INSERT INTO "tasks" ("title", "isDone") VALUES (new."title", 0);
      END
      """)
    let onUpdate = OpenTask.createTemporaryTrigger("renameOpen", insteadOf: .update) { new in
      Task.where { $0.id == new.id }.update { $0.title = new.title }
    }
    // Deleting an open task from the view completes it.
    let onDelete = OpenTask.createTemporaryTrigger("completeOpen", insteadOf: .delete) { old in
      Task.where { $0.id == old.id }.update { $0.isDone = true }
    }
    assertSQL(
      onDelete,
      """
      CREATE TEMPORARY TRIGGER "completeOpen"
      INSTEAD OF DELETE ON "openTasks"
      FOR EACH ROW
      BEGIN
        UPDATE "tasks" SET "isDone" = 1 WHERE ("tasks"."id" = old."id");
      END
      """)
    for trigger in [onInsert, onUpdate, onDelete] { try trigger.execute(db) }

    try OpenTask.insert { OpenTask.Draft(title: "Plan") }.execute(db)
    #expect(try Task.where { $0.title == "Plan" }.select { $0.isDone }.fetchAll(db) == [false])
    try OpenTask.where { $0.title == "Ship" }.update { $0.title = "Ship it" }.execute(db)
    #expect(try Task.find(3).fetchOne(db)?.title == "Ship it")
    try OpenTask.where { $0.title == "Write" }.delete().execute(db)
    #expect(try Task.find(1).fetchOne(db)?.isDone == true)
    #expect(
      try OpenTask.order { $0.title }.select { $0.title }.fetchAll(db) == ["Plan", "Ship it"])
    #expect(try Task.count().fetchOne(db) == 4)
  }

  @Test func insteadOfOnATableIsSQLitesError() throws {
    let db = try tasksDatabase()
    let trigger = Task.createTemporaryTrigger("nope", insteadOf: .insert) { _ in Task.delete() }
    let error = #expect(throws: DatabaseError.self) { try trigger.execute(db) }
    #expect(error?.message.contains("cannot create INSTEAD OF trigger on table") == true)
  }

  @Test func severalStatementsRunInOrder() throws {
    let db = try tasksDatabase()
    let trigger = Task.createTemporaryTrigger("logAndMark", after: .insert) { new in
      TaskLog.insert {
        ($0.taskID, $0.message)
      } values: {
        (new.id, "added " + new.title)
      }
      Task.where { $0.id == new.id }.update { $0.title += " (new)" }
      TaskLog.insert {
        ($0.taskID, $0.message)
      } select: {
        Task.where { $0.id == new.id }.select { ($0.id, "now " + $0.title) }
      }
    }
    assertSQL(
      trigger,
      """
      CREATE TEMPORARY TRIGGER "logAndMark"
      AFTER INSERT ON "tasks"
      FOR EACH ROW
      BEGIN
        INSERT INTO "taskLog" ("taskID", "message") VALUES (new."id", ('added ' || new."title"));
        UPDATE "tasks" SET "title" = ("tasks"."title" || ' (new)') WHERE ("tasks"."id" = new."id");
        INSERT INTO "taskLog" ("taskID", "message")
        SELECT "tasks"."id", ('now ' || "tasks"."title") FROM "tasks" WHERE ("tasks"."id" = new."id");
      END
      """)
    try trigger.execute(db)
    try Task.insert { Task.Draft(title: "Deploy") }.execute(db)
    #expect(try Task.find(4).fetchOne(db)?.title == "Deploy (new)")
    #expect(
      try TaskLog.order { $0.id }.select { $0.message }.fetchAll(db)
        == ["added Deploy", "now Deploy (new)"])
  }

  @Test func beforeRunsBeforeTheChange() throws {
    let db = try tasksDatabase()
    // The log reads the task before the update changes it.
    let trigger = Task.createTemporaryTrigger("logOldTitle", before: .update(of: ["title"])) {
      new in
      TaskLog.insert {
        ($0.taskID, $0.message)
      } select: {
        Task.where { $0.id == new.id }.select { ($0.id, $0.title + " -> " + new.title) }
      }
    }
    try trigger.execute(db)
    try Task.where { $0.id == 1 }.update { $0.title = "Rewrite" }.execute(db)
    #expect(try TaskLog.select { $0.message }.fetchAll(db) == ["Write -> Rewrite"])
  }

  @Test func aTriggerWithoutANameIsNamedForItsEventAndPlace() throws {
    let db = try tasksDatabase()
    func logInserts() -> TemporaryTrigger<Task> {
      Task.createTemporaryTrigger(after: .insert) { new in
        TaskLog.insert {
          ($0.taskID, $0.message)
        } values: {
          (new.id, new.title)
        }
      }
    }
    let trigger = logInserts()
    // The line of the call in `logInserts`, and the column of its arguments.
    let line = #line - 10
    #expect(
      trigger.name == "after_insert_on_tasks@QuarryCoreTests/TemporaryTriggerTests.swift:\(line):34"
    )
    // The place can be passed on, by a helper that creates triggers for its callers.
    let named = Task.createTemporaryTrigger(
      after: .update, action: { _ in Task.delete() }, fileID: "App/Triggers.swift", line: 12,
      column: 20)
    #expect(named.name == "after_update_on_tasks@App/Triggers.swift:12:20")
    assertSQL(
      trigger,
      """
      CREATE TEMPORARY TRIGGER "\(trigger.name)"
      AFTER INSERT ON "tasks"
      FOR EACH ROW
      BEGIN
        INSERT INTO "taskLog" ("taskID", "message") VALUES (new."id", new."title");
      END
      """)
    // The same place names the same trigger each time; another place, another one.
    #expect(logInserts().name == trigger.name)
    let deletes = Task.createTemporaryTrigger(before: .delete) { old in
      TaskLog.where { $0.taskID == old.id }.delete()
    }
    #expect(deletes.name.hasPrefix("before_delete_on_tasks@QuarryCoreTests/"))
    let view = OpenTask.createTemporaryTrigger(insteadOf: .update(of: ["title"])) { new in
      Task.where { $0.id == new.id }.update { $0.title = new.title }
    }
    #expect(view.name.hasPrefix("instead_of_update_on_openTasks@QuarryCoreTests/"))

    try trigger.execute(db)
    let names = SQLQueryExpression(
      #"SELECT "name" FROM "sqlite_temp_master" WHERE "type" = 'trigger'"#, as: String.self)
    #expect(try names.fetchAll(db) == [trigger.name])
    try Task.insert { Task.Draft(title: "Logged") }.execute(db)
    #expect(try TaskLog.select { $0.message }.fetchAll(db) == ["Logged"])
    assertSQL(trigger.drop(), #"DROP TRIGGER "\#(trigger.name)""#)
    try trigger.drop().execute(db)
    #expect(try names.fetchAll(db).isEmpty)
    try Task.insert { Task.Draft(title: "Not logged") }.execute(db)
    #expect(try TaskLog.count().fetchOne(db) == 1)
  }
}
