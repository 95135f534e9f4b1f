import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// Drafts read as tables, built once, outside any database's closure.
let completedDrafts = Reminder.Draft.where { $0.isCompleted }.order { $0.id }
let draftTitles = Reminder.Draft.select { $0.title }.find(3)
let draftsByKey = Reminder.Draft.find([1, 4]).order { $0.id }
/// A draft starts from its base table's default scope: the open reminders, newest first.
let openDrafts = OpenReminder.Draft.where { $0.remindersListID == 2 }.select { $0.id }

@Suite("Drafts read as tables on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct DraftTableTests {
  @Test func draftsReadTheSameRowsOnBoth() async throws {
    #expect(
      draftsByKey.sql(for: .postgres) == """
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", \
        "reminders"."priority", "reminders"."remindersListID", "reminders"."notes"
        FROM "reminders"
        WHERE ("reminders"."id" IN ($1, $2))
        ORDER BY "reminders"."id"
        """)
    let sqlite = try SampleData.sqlite()
    let sqliteRows = (
      try completedDrafts.fetchAll(sqlite), try draftTitles.fetchAll(sqlite),
      try draftsByKey.fetchAll(sqlite), try openDrafts.fetchAll(sqlite)
    )
    #expect(sqliteRows.0.map(\.title) == ["Haircut", "Expenses"])
    #expect(sqliteRows.1 == ["Doctor"])
    #expect(
      sqliteRows.2 == [
        Reminder.Draft(
          id: 1, title: "Groceries", priority: 2, remindersListID: 1, notes: "milk, eggs"),
        Reminder.Draft(
          id: 4, title: "Review PR", priority: 3, remindersListID: 2, notes: "it's urgent"),
      ])
    #expect(sqliteRows.3 == [6, 4])
    let postgresRows = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.read { db in
        (
          try await completedDrafts.fetchAll(db), try await draftTitles.fetchAll(db),
          try await draftsByKey.fetchAll(db), try await openDrafts.fetchAll(db)
        )
      }
    }
    #expect(postgresRows.0 == sqliteRows.0)
    #expect(postgresRows.1 == sqliteRows.1)
    #expect(postgresRows.2 == sqliteRows.2)
    #expect(postgresRows.3 == sqliteRows.3)
  }
}
