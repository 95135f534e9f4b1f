import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Article: Getting started")
struct GettingStartedTests {
  @Test func createWriteAndRead() throws {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create reminders") { db in
      try #sql(
        """
        CREATE TABLE "remindersLists" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL DEFAULT ''
        ) STRICT;
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL DEFAULT '',
          "is_completed" INTEGER NOT NULL DEFAULT 0,
          "priority" INTEGER,
          "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists" ("id") ON DELETE CASCADE
        ) STRICT
        """
      ).execute(db)
    }

    let queue = try DatabaseQueue()  // in memory; DatabaseQueue(path:) for a file
    try migrator.migrate(queue)

    try queue.write { db in
      try RemindersList.insert { RemindersList.Draft(title: "Home") }.execute(db)
      try Reminder.insert {
        Reminder.Draft(title: "Groceries", priority: .high, remindersListID: 1)
        Reminder.Draft(title: "Haircut", isCompleted: true, remindersListID: 1)
      }.execute(db)
    }
    let open = try queue.read { db in
      try Reminder.where { !$0.isCompleted }.fetchAll(db)
    }

    let expected = Reminder(id: 1, title: "Groceries", priority: .high, remindersListID: 1)
    #expect(open.elementsEqual([expected]))
  }

  @Test func landingPageQuery() throws {
    let queue = try sampleQueue()
    let open = try queue.read { db in
      try Reminder.where { !$0.isCompleted }.order { $0.title }.fetchAll(db)
    }
    #expect(open.map(\.title).elementsEqual(["Call Ada", "Groceries", "Report"]))
    assertSQL(
      Reminder.where { !$0.isCompleted }.order { $0.title },
      """
      SELECT "reminders"."id", "reminders"."title", "reminders"."is_completed",
        "reminders"."priority", "reminders"."remindersListID"
      FROM "reminders"
      WHERE (NOT "reminders"."is_completed")
      ORDER BY "reminders"."title"
      """)
  }
}
