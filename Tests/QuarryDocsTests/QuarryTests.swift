import Quarry
import QuarrySQLite
import Testing

// The landing page's example, as it appears there.
@Suite("Article: Quarry (landing page)")
struct QuarryTests {
  @Test func openReminders() throws {
    let queue = try sampleQueue()
    let open = try queue.read { db in
      try Reminder.where { !$0.isCompleted }.order { $0.title }.fetchAll(db)
    }
    #expect(open.count == 3)
  }
}
