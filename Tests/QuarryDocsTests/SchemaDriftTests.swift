import Quarry
import QuarrySQLite
import Testing

@Suite("Article: Schema drift and quarry generate")
struct SchemaDriftTests {
  @Test func checkSchema() throws {
    let queue = try DatabaseQueue()
    try remindersMigrator().migrate(queue)
    try queue.checkSchema(Reminder.self, RemindersList.self)

    let legacy = try DatabaseQueue()
    try legacy.write { db in
      try #sql("CREATE TABLE reminders (id INTEGER PRIMARY KEY, title TEXT)").execute(db)
    }
    let differences = try legacy.read { db in try db.schemaDifferences(Reminder.self) }

    #expect(differences.contains(.missingColumn(table: "reminders", column: "is_completed")))
    #expect(differences.contains(.missingColumn(table: "reminders", column: "priority")))
    #expect(differences.contains(.missingColumn(table: "reminders", column: "remindersListID")))
    #expect(differences.contains(.nullableColumn(table: "reminders", column: "title")))
    #expect(differences.count == 4)
  }
}
