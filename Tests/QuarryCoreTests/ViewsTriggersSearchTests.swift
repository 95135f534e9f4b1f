import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Views, triggers and full-text search")
struct ViewsTriggersSearchTests {
  @Test func temporaryViews() throws {
    let db = try tasksDatabase()
    let create = OpenTask.createTemporaryView(
      as: Task.where { !$0.isDone }.select { ($0.id, $0.title) })
    assertSQL(
      create,
      """
      CREATE TEMPORARY VIEW "openTasks" ("id", "title") AS
      SELECT "tasks"."id", "tasks"."title" FROM "tasks" WHERE (NOT "tasks"."isDone")
      """)
    try create.execute(db)
    let open = try OpenTask.order { $0.title }.fetchAll(db)
    #expect(open.map(\.title).elementsEqual(["Ship", "Write"]))
    let ship = Task.update { $0.isDone = true }.where { $0.title == "Ship" }
    try ship.execute(db)
    #expect(try OpenTask.all.fetchAll(db).elementsEqual([OpenTask(id: 1, title: "Write")]))
    try OpenTask.dropView().execute(db)
    #expect(throws: DatabaseError.self) { try OpenTask.all.fetchAll(db) }
  }

  /// A select whose columns share a name (`"tasks"."id"`, `"taskLog"."id"`) makes a view with
  /// the type's column names, so each is read, not the first one twice.
  @Test func aViewOfColumnsWithOneName() throws {
    let db = try tasksDatabase()
    try TaskLog.insert {
      TaskLog.Draft(id: 10, taskID: 3, message: "shipped")
      TaskLog.Draft(id: 11, taskID: 1, message: "written")
    }.execute(db)
    let create = TaskLogID.createTemporaryView(
      as: Task.join(TaskLog.all) { $0.id == $1.taskID }.select { ($0.id, $1.id) })
    assertSQL(
      create,
      """
      CREATE TEMPORARY VIEW "taskLogIDs" ("taskID", "logID") AS
      SELECT "tasks"."id", "taskLog"."id" FROM "tasks"
      JOIN "taskLog" ON ("tasks"."id" = "taskLog"."taskID")
      """)
    try create.execute(db)
    let rows = try assertQuery(
      TaskLogID.order { $0.logID }, db: db,
      sql: """
        SELECT "taskLogIDs"."taskID", "taskLogIDs"."logID" FROM "taskLogIDs"
        ORDER BY "taskLogIDs"."logID"
        """)
    #expect(rows == [TaskLogID(taskID: 3, logID: 10), TaskLogID(taskID: 1, logID: 11)])
  }

  @Test func temporaryTriggers() throws {
    let db = try tasksDatabase()
    let trigger = Task.createTemporaryTrigger(
      "log_done", after: .update(of: ["isDone"]),
      action: { new in
        TaskLog.insert {
          ($0.taskID, $0.message)
        } select: {
          Task.where { $0.id == new.id }.select { _ in (new.id, new.title + " done") }
        }
      },
      when: { new in new.isDone })
    assertSQL(
      trigger,
      """
      CREATE TEMPORARY TRIGGER "log_done"
      AFTER UPDATE OF "isDone" ON "tasks"
      FOR EACH ROW
      WHEN new."isDone"
      BEGIN
        INSERT INTO "taskLog" ("taskID", "message")
        SELECT new."id", (new."title" || ' done') FROM "tasks" WHERE ("tasks"."id" = new."id");
      END
      """)
    try trigger.execute(db)
    try Task.update { $0.isDone = true }.where { $0.title == "Write" }.execute(db)
    try Task.update { $0.title = "Tested" }.where { $0.title == "Test" }.execute(db)
    // Only the change of `isDone` to true is logged, not the change of title.
    #expect(try TaskLog.select { $0.message }.fetchAll(db).elementsEqual(["Write done"]))
    try TaskLog.delete().execute(db)
    try Task.dropTrigger("log_done").execute(db)

    let deletes = Task.createTemporaryTrigger(
      "log_delete", after: .delete,
      action: { old in
        TaskLog.insert {
          ($0.taskID, $0.message)
        } select: {
          Task.limit(1).select { _ in (old.id, "deleted " + old.title) }
        }
      })
    try deletes.execute(db)
    try Task.delete().where { $0.title == "Ship" }.execute(db)
    #expect(try TaskLog.select { $0.message }.fetchAll(db).elementsEqual(["deleted Ship"]))
  }

  @Test func fullTextSearch() throws {
    let db = try Database()
    do {
      try db.execute(sql: #"CREATE VIRTUAL TABLE "taskTexts" USING fts5("title", "notes")"#)
    } catch {
      // FTS5 is a compile-time option of SQLite; Debian's and Apple's builds have it.
      Issue.record("this SQLite has no FTS5: \(error)")
      return
    }
    try db.execute(
      sql: """
        INSERT INTO "taskTexts" ("title", "notes") VALUES
          ('Buy milk', 'whole milk from the corner shop'),
          ('Call mom', 'ask about the milk recipe and the garden'),
          ('Fix bike', 'the chain is loose');
        """)
    let query = TaskText.where { _ in TaskText.match("milk") }
      .order { _ in TaskText.bm25() }
      .select { ($0.title, TaskText.highlight(\.title, open: "[", close: "]")) }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT "taskTexts"."title", highlight("taskTexts", 0, '[', ']') FROM "taskTexts"
        WHERE ("taskTexts" MATCH 'milk') ORDER BY bm25("taskTexts")
        """)
    #expect(rows.map(\.0).elementsEqual(["Buy milk", "Call mom"]))
    #expect(rows.map(\.1).elementsEqual(["Buy [milk]", "Call mom"]))
    let snippets = try TaskText.where { $0.notes.match("garden") }
      .select { _ in TaskText.snippet(\.notes, open: "<", close: ">", ellipsis: "...", tokens: 3) }
      .fetchAll(db)
    #expect(snippets.elementsEqual(["...and the <garden>"]))
    let ranked = try TaskText.where { _ in TaskText.match("milk OR chain") }
      .order { _ in TaskText.rank }.select { $0.rowid }.fetchAll(db)
    #expect(Set(ranked) == [1, 2, 3])
  }
}
