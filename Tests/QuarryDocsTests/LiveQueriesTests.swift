import Foundation
import Observation
import Quarry
import QuarrySQLite
import Testing

// The code of "Live queries".

@MainActor @Observable final class RemindersModel {
  let reminders: FetchAll<Reminder>
  let firstOpen: FetchOne<Reminder?>
  let openCount: FetchCount

  init(database: some DatabaseWriter) {
    reminders = FetchAll(Reminder.order { $0.title }, in: database)
    firstOpen = FetchOne(Reminder.where { !$0.isCompleted }.order { $0.title }, in: database)
    openCount = FetchCount(Reminder.where { !$0.isCompleted }, in: database)
  }
}

/// Stands for an import that writes through something SQLite doesn't report to Quarry.
func importReminders(_ db: Database) throws {
  try #sql(#"INSERT INTO "reminders" ("title", "remindersListID") VALUES ('Imported', 1)"#)
    .execute(db)
}

/// Waits, up to five seconds, until `condition` holds.
private func waitUntil(_ condition: @Sendable () -> Bool) async throws -> Bool {
  for _ in 0..<2_500 {
    if condition() { return true }
    try await Task.sleep(for: .milliseconds(2))
  }
  return condition()
}

/// Waits, up to five seconds, until `condition` holds, on the main actor.
@MainActor private func waitOnMainActor(until condition: () -> Bool) async throws -> Bool {
  for _ in 0..<2_500 {
    if condition() { return true }
    try await Task.sleep(for: .milliseconds(2))
  }
  return condition()
}

@Suite("Article: Live queries", .timeLimit(.minutes(1)))
struct LiveQueriesTests {
  @Test func observingAStatement() async throws {
    let queue = try sampleQueue()
    var titles = queue.observe(Reminder.where { !$0.isCompleted }.select { $0.title })
      .makeAsyncIterator()
    let now = try await titles.next()  // ["Groceries", "Report", "Call Ada"]
    try await queue.write { db in
      try Reminder.find(1).update { $0.isCompleted = true }.execute(db)
    }
    let next = try await titles.next()  // ["Report", "Call Ada"]
    #expect(now == ["Groceries", "Report", "Call Ada"])
    #expect(next == ["Report", "Call Ada"])
  }

  @Test func oneRowAndACount() async throws {
    let queue = try sampleQueue()
    var first = queue.observeOne(Reminder.order { $0.title }.select { $0.title })
      .makeAsyncIterator()
    var openCount = queue.observeCount(Reminder.where { !$0.isCompleted })
      .makeAsyncIterator()
    let firstTitle = try await first.next()  // "Call Ada"
    let open = try await openCount.next()  // 3
    #expect(firstTitle == "Call Ada")
    #expect(open == 3)
  }

  @Test func observingAClosure() async throws {
    let queue = try sampleQueue()
    var summaries = queue.observe { db in
      let open = try Reminder.where { !$0.isCompleted }.fetchCount(db)
      let lists = try RemindersList.count().fetchOne(db) ?? 0
      return "\(open) open in \(lists) lists"
    }.makeAsyncIterator()
    let summary = try await summaries.next()  // "3 open in 2 lists"
    #expect(summary == "3 open in 2 lists")
    // A change of a column the closure doesn't read delivers nothing; the next value is the
    // one after the change it reads.
    try await queue.write { db in
      try Reminder.find(2).update { $0.title = "Barber" }.execute(db)
    }
    try await queue.write { db in
      try Reminder.find(2).update { $0.isCompleted = false }.execute(db)
    }
    #expect(try await summaries.next() == "4 open in 2 lists")
  }

  @Test func queuesAndPools() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("reminders.sqlite").path
    do {
      let pool = try DatabasePool(path: path)
      try remindersMigrator().migrate(pool)
      try await pool.write { db in
        try RemindersList.insert {
          RemindersList.Draft(title: "Work")
          RemindersList.Draft(title: "Home")
        }.execute(db)
      }
    }
    let pool = try DatabasePool(path: path)
    var listTitles = pool.observe(RemindersList.order { $0.title }.select { $0.title })
      .makeAsyncIterator()
    let lists = try await listTitles.next()  // ["Home", "Work"]
    #expect(lists == ["Home", "Work"])

    // Another connection's commit, noticed by polling.
    var configuration = Configuration()
    configuration.externalChangesPollingInterval = 1  // seconds
    let shared = try DatabasePool(path: path, configuration: configuration)
    var counts = shared.observeCount(RemindersList.all).makeAsyncIterator()
    #expect(try await counts.next() == 2)
    let other = try Database(path: path)
    try other.execute(sql: #"INSERT INTO "remindersLists" ("title") VALUES ('Errands')"#)
    #expect(try await counts.next() == 3)
  }

  @Test func changesQuarryCannotSee() async throws {
    let queue = try sampleQueue()
    var counts = queue.observeCount(Reminder.all).makeAsyncIterator()
    #expect(try await counts.next() == 4)
    try await queue.write { db in
      try importReminders(db)  // through an extension
      db.notifyChanges(in: Reminder.self)
    }
    #expect(try await counts.next() == 5)
  }

  @Test func errorsAndCancellation() async throws {
    let queue = try sampleQueue()
    let watching = Task {
      for try await count in queue.observeCount(Reminder.where { !$0.isCompleted }) {
        print("\(count) open reminders")
      }
    }
    watching.cancel()  // ends the observation
    try await watching.value
    #expect(try await waitUntil { queue.liveObservationCounts.subscribers == 0 })

    // A failing fetch ends the stream with its error.
    var rows = queue.observe(Reminder.all).makeAsyncIterator()
    #expect(try await rows.next()?.count == 4)
    try await queue.write { db in
      try #sql(#"DROP TABLE "reminders""#).execute(db)
      db.notifyChanges(in: Reminder.self)
    }
    await #expect(throws: DatabaseError.self) { try await rows.next() }
  }

  @MainActor @Test func observationModels() async throws {
    let queue = try sampleQueue()
    let model = RemindersModel(database: queue)
    // Soon after: model.reminders.value holds the four reminders, model.openCount.value is 3.
    #expect(
      try await waitOnMainActor { model.reminders.value.count == 4 && model.openCount.value == 3 })
    #expect(model.firstOpen.value?.title == "Call Ada")
    #expect(model.reminders.loadError == nil)
  }
}
