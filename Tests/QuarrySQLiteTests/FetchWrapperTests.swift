import Foundation
import Observation
import Quarry
import QuarrySQLite
import Testing

/// A model as an app writes one: its wrappers use the default database of the scope it is made
/// in.
@MainActor @Observable
private final class RemindersModel {
  @ObservationIgnored @FetchAll(Reminder.where { !$0.isCompleted }.order { $0.title })
  var open
  @ObservationIgnored @FetchOne(Reminder.order { $0.title }) var first: Reminder?
  @ObservationIgnored @FetchOne(Reminder.where { $0.id == 1 }.select { $0.title })
  var firstTitle = "none"
  @ObservationIgnored @FetchCount(Reminder.all) var count
  @ObservationIgnored @Fetch(Counts()) var counts = Counts.Value(open: -1, done: -1)
}

/// Two counts in one snapshot.
private struct Counts: FetchRequest {
  struct Value: Equatable, Sendable {
    var open: Int
    var done: Int
  }

  func fetch(_ db: Database) throws -> Value {
    Value(
      open: try Reminder.where { !$0.isCompleted }.fetchCount(db),
      done: try Reminder.where { $0.isCompleted }.fetchCount(db))
  }
}

/// The property wrappers: used in `@Observable` models through the `Observation` framework,
/// their query changed with `load`, their loading and error state, a first value at once,
/// sections.
@MainActor
@Suite("FetchWrappers", .timeLimit(.minutes(1)))
struct FetchWrapperTests {
  /// Waits, up to five seconds, until `condition` holds.
  private func waitUntil(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<2_500 {
      if condition() { return true }
      try await Task.sleep(for: .milliseconds(2))
    }
    return condition()
  }

  private func insert(_ database: ObservedDatabase, _ id: Int, _ title: String, done: Bool = false)
    async throws
  {
    try await database.writer.write { db in
      try Reminder.insert { Reminder(id: id, title: title, isCompleted: done, priority: nil) }
        .execute(db)
    }
  }

  @Test(arguments: ObservedKind.allCases)
  func anObservableModelFollowsTheDatabase(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let model = DefaultDatabase.withValue(database.writer) { RemindersModel() }
    #expect(try await waitUntil { !model.$open.isLoading && !model.$counts.isLoading })
    #expect(model.open.isEmpty && model.first == nil && model.firstTitle == "none")
    #expect(model.count == 0 && model.counts == Counts.Value(open: 0, done: 0))
    // A change reaches views through the model's observation.
    let changed = ChangeFlag()
    withObservationTracking {
      _ = model.open
    } onChange: {
      changed.set()
    }
    try await insert(database, 1, "Milk")
    try await insert(database, 2, "Bread", done: true)
    #expect(try await waitUntil { model.count == 2 && model.counts.done == 1 })
    #expect(try await waitUntil { model.open.map(\.title) == ["Milk"] })
    #expect(changed.isSet)
    // Each wrapper follows its own observation: wait for these too, not only for the others.
    #expect(try await waitUntil { model.first?.title == "Bread" })
    #expect(try await waitUntil { model.firstTitle == "Milk" })
    #expect(model.counts == Counts.Value(open: 1, done: 1))
    #expect(model.$open.loadError == nil)
  }

  @Test(arguments: ObservedKind.allCases)
  func loadSwitchesTheQueryAndNoStaleValueFollows(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    try await insert(database, 1, "Milk")
    try await insert(database, 2, "Bread")
    let reminders = FetchAll(Reminder.order { $0.title }, in: database.writer)
    #expect(try await waitUntil { reminders.value.count == 2 })
    try await reminders.load(Reminder.where { $0.title.contains("i") })
    // `load` returns with the new query's rows.
    #expect(reminders.value.map(\.title) == ["Milk"])
    #expect(!reminders.isLoading)
    // The old observation is gone: only the new one is left.
    #expect(try await waitUntil { database.writer.liveObservationCounts.subscribers == 1 })
    // A change only the old query sees leaves the rows as they are...
    try await insert(database, 3, "Apples")
    // ...while one the new query sees comes through, after it in commit order.
    try await insert(database, 4, "Rice")
    #expect(try await waitUntil { reminders.value.count == 2 })
    #expect(reminders.value.map(\.title) == ["Milk", "Rice"])
  }

  @Test func aFailedLoadKeepsTheLastRowsAndSaysWhy() async throws {
    let database = try ObservedDatabase(.queue)
    defer { database.cleanUp() }
    try await insert(database, 1, "Milk")
    let reminders = FetchAll(Reminder.all, in: database.writer)
    #expect(try await waitUntil { reminders.value.count == 1 })
    // A database without the table.
    let empty = try DatabaseQueue()
    await #expect(throws: DatabaseError.self) {
      try await reminders.load(Reminder.all, in: empty)
    }
    let error = try #require(reminders.loadError as? DatabaseError)
    #expect(error.message.contains("no such table"))
    #expect(reminders.value.map(\.title) == ["Milk"])
    #expect(!reminders.isLoading)
    // A later load starts again, and clears the error.
    try await reminders.load(Reminder.all, in: database.writer)
    #expect(reminders.loadError == nil)
    #expect(reminders.value.map(\.title) == ["Milk"])
  }

  @Test(arguments: ObservedKind.allCases)
  func theFirstValueCanBeFetchedInPlace(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    try await insert(database, 1, "Milk")
    let reminders = FetchAll(Reminder.all, in: database.writer, fetchesImmediately: true)
    let first = FetchOne(Reminder.all, in: database.writer, fetchesImmediately: true)
    let count = FetchCount(Reminder.all, in: database.writer, fetchesImmediately: true)
    let counts = Fetch(
      wrappedValue: Counts.Value(open: -1, done: -1), Counts(), in: database.writer,
      fetchesImmediately: true)
    // No suspension since they were made: the values were fetched in place.
    #expect(reminders.value.map(\.title) == ["Milk"])
    #expect(first.value?.title == "Milk")
    #expect(count.value == 1)
    #expect(counts.wrappedValue == Counts.Value(open: 1, done: 0))
    // Without asking, the initial values stand until the first fetch is in.
    let later = FetchCount(Reminder.all, in: database.writer)
    #expect(later.value == 0 && later.isLoading)
    #expect(try await waitUntil { later.value == 1 && !later.isLoading })
  }

  @Test func sectionsGroupRowsByAKey() async throws {
    let database = try ObservedDatabase(.queue)
    defer { database.cleanUp() }
    try await insert(database, 1, "Milk")
    try await insert(database, 2, "Bread", done: true)
    try await insert(database, 3, "Apples")
    let reminders = FetchAll(
      Reminder.order { ($0.isCompleted, $0.title) }, in: database.writer, fetchesImmediately: true)
    let sections = reminders.sections { $0.isCompleted }
    #expect(sections.map(\.key) == [false, true])
    #expect(sections.map { $0.rows.map(\.title) } == [["Apples", "Milk"], ["Bread"]])
    // They follow the rows.
    try await database.writer.write { db in
      try db.execute(sql: "UPDATE reminders SET is_completed = 1")
    }
    #expect(try await waitUntil { reminders.sections { $0.isCompleted }.count == 1 })
    #expect(reminders.sections { $0.isCompleted }.first?.rows.count == 3)
  }
}

/// Set once from any thread.
final class ChangeFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
