import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Article: Writes")
struct WritesTests {
  @Test func writes() throws {
    let queue = try sampleQueue()
    try queue.write { db in
      try Reminder.delete().execute(db)
      try Reminder.insert {
        Reminder.Draft(title: "Milk", remindersListID: 1)
        Reminder.Draft(title: "Eggs", priority: .low, remindersListID: 1)
      }.execute(db)
      #expect(try Reminder.count().fetchOne(db) == 2)

      try Reminder.update { $0.isCompleted = true }.where { $0.remindersListID == 1 }.execute(db)
      try Reminder.find(3).update { $0.title += "!" }.execute(db)
      #expect(try Reminder.where(\.isCompleted).count().fetchOne(db) == 2)

      try Reminder.where(\.isCompleted).delete().execute(db)
      #expect(try Reminder.count().fetchOne(db) == 0)

      let draft = Reminder.Draft(id: 4, title: "Call Ada today", remindersListID: 2)
      try Reminder.upsert { draft }.execute(db)
      #expect(try Reminder.find(4).fetchOne(db)?.title == "Call Ada today")

      let ids = try Reminder.insert { Reminder.Draft(title: "Bread", remindersListID: 1) }
        .returning(\.id)
        .fetchAll(db)
      #expect(ids == [7])
    }
  }

  @Test func renderedSQL() {
    assertSQL(
      Reminder.insert {
        Reminder.Draft(title: "Milk", remindersListID: 1)
        Reminder.Draft(title: "Eggs", priority: .low, remindersListID: 1)
      },
      """
      INSERT INTO "reminders" ("id", "title", "is_completed", "priority", "remindersListID")
      VALUES (NULL, 'Milk', 0, NULL, 1), (NULL, 'Eggs', 0, 1, 1)
      """)
    assertSQL(
      Reminder.update { $0.isCompleted = true }.where { $0.remindersListID == 1 },
      """
      UPDATE "reminders" SET "is_completed" = 1 WHERE ("reminders"."remindersListID" = 1)
      """)
    assertSQL(
      Reminder.find(3).update { $0.title += "!" },
      """
      UPDATE "reminders" SET "title" = ("reminders"."title" || '!') WHERE ("reminders"."id" = 3)
      """)
    assertSQL(
      Reminder.where(\.isCompleted).delete(),
      #"DELETE FROM "reminders" WHERE "reminders"."is_completed""#)
  }
}
