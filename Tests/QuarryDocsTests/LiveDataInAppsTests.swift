import Foundation
import Observation
import Quarry
import QuarrySQLite
import Testing

// The code of "Live data in apps".

@MainActor @Observable final class OpenRemindersModel {
  @ObservationIgnored @FetchAll(Reminder.where { !$0.isCompleted }.order { $0.title })
  var reminders
  @ObservationIgnored @FetchCount(Reminder.where { !$0.isCompleted }) var openCount

  func search(_ text: String) async throws {
    try await $reminders.load(Reminder.where { !$0.isCompleted && $0.title.contains(text) })
  }
}

@MainActor
@Suite("Article: Live data in apps", .timeLimit(.minutes(1)))
struct LiveDataInAppsTests {
  @Test func aModelWithPropertyWrappers() async throws {
    let queue = try sampleQueue()
    let model = DefaultDatabase.withValue(queue) { OpenRemindersModel() }
    try await model.search("Call")
    // model.reminders: the one open reminder whose title contains "Call"
    #expect(model.reminders.map(\.title) == ["Call Ada"])
    #expect(!model.$reminders.isLoading)
    #expect(model.$reminders.loadError == nil)
    for _ in 0..<2_500 where model.openCount != 3 { try await Task.sleep(for: .milliseconds(2)) }
    #expect(model.openCount == 3)
  }

  @Test func rowsWithoutARefetch() async throws {
    let queue = try sampleQueue()
    let deleted = Task {
      var deletedIDs: [Int64] = []
      // The rows of the next write that changes reminders (without `prefix`, every write's):
      for await rows in queue.rowChanges(in: Reminder.self).prefix(1) {
        for row in rows where row.kind == .delete { deletedIDs.append(row.rowID) }
      }
      return deletedIDs
    }
    // The sequence records once the task has started it.
    while try await queue.writeWithoutTransaction({ db in !db.isTrackingChanges }) {
      try await Task.sleep(for: .milliseconds(2))
    }
    try await queue.write { db in try Reminder.find(2).delete().execute(db) }
    #expect(await deleted.value == [2])
  }
}
