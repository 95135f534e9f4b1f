import Foundation
import Observation
import Quarry
import QuarrySQLite
import Testing

/// The `Observation` models: values set on the main actor, errors kept beside the last value,
/// the observation gone with the model.
@MainActor
@Suite("ObservationModel", .timeLimit(.minutes(1)))
struct ObservationModelTests {
  /// Waits, up to five seconds, until `condition` holds.
  private func waitUntil(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<2_500 {
      if condition() { return true }
      try await Task.sleep(for: .milliseconds(2))
    }
    return condition()
  }

  @Test(arguments: ObservedKind.allCases)
  func modelsFollowTheDatabaseOnTheMainActor(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let all = FetchAll(Reminder.order { $0.title }, in: database.writer)
    let first = FetchOne(Reminder.order { $0.title }, in: database.writer)
    let count = FetchCount(Reminder.where { !$0.isCompleted }, in: database.writer)
    #expect(try await waitUntil { database.writer.liveObservationCounts.subscribers == 3 })
    // Changes are announced once, on the main actor: while it is busy, the models keep their
    // values, whatever commits meanwhile.
    let changes = CallCounter()
    withObservationTracking {
      _ = all.value
    } onChange: {
      changes.increment()
    }
    let writer = database.writer
    // Synchronous, and then blocking: the main actor stays busy throughout.
    try writeBlocking(writer) { db in
      try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db)
      try Reminder.insert { Reminder.Draft(title: "Bread", isCompleted: true) }.execute(db)
    }
    usleep(100_000)  // holds the main actor: the fetches are done by now
    #expect(all.value.isEmpty)
    #expect(count.value == 0)
    #expect(changes.value == 0)
    #expect(try await waitUntil { all.value.count == 2 && count.value == 1 })
    #expect(all.value.map(\.title).elementsEqual(["Bread", "Milk"]))
    #expect(first.value?.title == "Bread")
    #expect(changes.value == 1)
    #expect(all.loadError == nil)
  }

  @Test func anErrorIsExposedAndTheLastValueKept() async throws {
    let database = try ObservedDatabase(.pool)
    defer { database.cleanUp() }
    try await database.writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db)
    }
    let all = FetchAll(Reminder.all, in: database.writer)
    #expect(try await waitUntil { all.value.count == 1 })
    try await database.writer.write { db in
      try db.execute(sql: "DROP TABLE reminders")
      db.notifyChanges(in: Reminder.self)
    }
    #expect(try await waitUntil { all.loadError != nil })
    #expect(all.value.map(\.title).elementsEqual(["Milk"]))
    #expect(try await database.waitUntilUnobserved())
  }

  @Test func releasingTheModelStopsTheObservation() async throws {
    let database = try ObservedDatabase(.queue)
    defer { database.cleanUp() }
    var model: FetchCount? = FetchCount(Reminder.all, in: database.writer)
    #expect(try await waitUntil { database.writer.liveObservationCounts.subscribers == 1 })
    #expect(model?.value == 0)
    model = nil
    #expect(try await database.waitUntilUnobserved())
  }
}
