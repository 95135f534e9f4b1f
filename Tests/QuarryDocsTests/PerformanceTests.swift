import Quarry
import QuarrySQLite
import Testing

@Suite("Article: Performance")
struct PerformanceTests {
  @Test func explainQueryPlan() throws {
    let queue = try sampleQueue()
    let explain = #sql(
      "EXPLAIN QUERY PLAN SELECT * FROM reminders WHERE remindersListID = 1",
      as: (Int, Int, Int, String).self
    )
    let plan = try queue.read { db in try explain.fetchAll(db) }
    #expect(plan.map(\.3) == ["SCAN reminders"])

    try queue.write { db in
      try #sql("CREATE INDEX reminders_list ON reminders (remindersListID)").execute(db)
    }
    let indexed = try queue.read { db in try explain.fetchAll(db) }
    #expect(
      indexed.map(\.3).first?.hasPrefix("SEARCH reminders USING INDEX reminders_list") == true)

    let rows = try queue.read { db in try Reminder.all.fetchCursor(db).collect() }
    #expect(rows.count == 4)
  }
}
