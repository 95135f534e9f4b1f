import Quarry
import QuarrySQLite
import Testing

@Suite("Article: Migrating from GRDB and from structured-queries")
struct MigratingFromGRDBAndStructuredQueriesTests {
  @Test func grdbSpellings() throws {
    let queue = try sampleQueue()
    try queue.read { db in
      let titles = try String.fetchAll(db, sql: "SELECT title FROM reminders ORDER BY id")
      let first = try Reminder.fetchOne(
        db, sql: "SELECT * FROM reminders WHERE id = ?", arguments: [1])
      let rows = try Row.fetchAll(db, sql: "SELECT id, title FROM reminders")
      let title: String = try rows[0]["title"]

      #expect(titles == ["Groceries", "Haircut", "Report", "Call Ada"])
      #expect(first?.title == "Groceries")
      #expect(title == "Groceries")
    }
  }
}
