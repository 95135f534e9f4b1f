import Foundation
import Quarry
import QuarrySQLite
import Testing

/// Live observations under load: bursts of commits, many observers, thousands of observations
/// started and cancelled.
@Suite("ObservationConcurrency", .timeLimit(.minutes(1)))
struct ObservationConcurrencyTests {
  @Test(arguments: ObservedKind.allCases)
  func aSlowConsumerGetsTheNewestValueNeverABacklog(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let writer = database.writer
    let commits = 1_000
    var values = writer.observeCount(Reminder.all).makeAsyncIterator()
    #expect(try await values.next() == 0)
    let finished = CallCounter()
    let writes = Task.detached {
      try insertReminders(writer, count: commits)
      finished.increment()
    }
    var received: [Int] = [0]
    var receivedAfterTheWrites = 0
    while received.last != commits {
      guard let value = try await values.next() else { break }
      received.append(value)
      if finished.value > 0 { receivedAfterTheWrites += 1 }
      try await Task.sleep(for: .milliseconds(10))  // a slow consumer
    }
    try await writes.value
    #expect(received.last == commits)
    // Never back in time, never the same value twice; no backlog once the writes are done: at
    // most the value waiting in the buffer, one being fetched, and the last.
    #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
    #expect(receivedAfterTheWrites <= 3)
  }

  @Test(arguments: ObservedKind.allCases)
  func cancellingReleasesEverything(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let writer = database.writer
    // A consuming task, cancelled.
    let consumer = Task {
      for try await _ in writer.observe(Reminder.all) {}
    }
    try await Task.sleep(for: .milliseconds(20))
    consumer.cancel()
    _ = await consumer.result
    #expect(try await database.waitUntilUnobserved())

    func startAndCancel(_ count: Int) async throws {
      for index in 0..<count {
        // Different queries, and identical ones.
        var values = writer.observe(Reminder.where { $0.id == index % 100 }).makeAsyncIterator()
        _ = try await values.next()
      }
      #expect(try await database.waitUntilUnobserved())
    }
    try await startAndCancel(1_000)  // warms the caches and allocator up
    // A leak grows the memory in every round. The suites that run beside this one move the
    // process's memory up or down in any one round (under the thread sanitizer, by megabytes),
    // so the smallest growth of three rounds is this test's own.
    var growths: [Int] = []
    for _ in 0..<3 {
      let before = try #require(residentMemory())
      try await startAndCancel(10_000)
      let after = try #require(residentMemory())
      growths.append(after - before)
    }
    #expect(writer.liveObservationCounts.fetches == 0)
    // Memory back where it started (within 4 MB: the allocator keeps some pages).
    let growth = try #require(growths.min())
    #expect(growth < 4 << 20, "grew by \(growths) bytes in three rounds")
  }

  /// An unrelated write costs nothing per observation: with 1,000 observations of other
  /// tables, its commits look at none of them and run no fetch. (What tracking changes costs a
  /// write at all is a speed figure, for `Benchmarks/`, not a timed unit test.)
  @Test func aThousandObserversOfOtherTablesAreNotLookedAtByAnUnrelatedWrite() async throws {
    let database = try ObservedDatabase(.pool)
    defer { database.cleanUp() }
    let writer = database.writer
    try await writer.write { db in
      for index in 0..<1_000 {
        try db.execute(sql: "CREATE TABLE observed\(index) (id INTEGER PRIMARY KEY, value)")
      }
    }
    var observers: [AsyncThrowingStream<Int, any Error>.AsyncIterator] = []
    for index in 0..<1_000 {
      var values = writer.observe { db in
        try db.fetchOne(Int.self, sql: "SELECT count(*) FROM observed\(index)") ?? 0
      }.makeAsyncIterator()
      _ = try await values.next()
      observers.append(values)
    }
    #expect(writer.liveObservationCounts.fetches == 1_000)
    let before = writer.liveObservationWork
    for value in 0..<200 {
      try await writer.write { db in
        try db.execute(sql: "INSERT INTO others (value) VALUES (?)", arguments: [value])
      }
    }
    let after = writer.liveObservationWork
    #expect(after.fetchesRun == before.fetchesRun)
    #expect(after.entriesChecked == before.entriesChecked)
    // A write to one observed table looks at that table's observation only, and fetches it.
    try await writer.write { db in try db.execute(sql: "INSERT INTO observed7 (value) VALUES (1)") }
    #expect(try await observers[7].next() == 1)
    let touched = writer.liveObservationWork
    #expect(touched.entriesChecked == after.entriesChecked + 1)
    #expect(touched.fetchesRun == after.fetchesRun + 1)
    observers.removeAll()
    #expect(try await database.waitUntilUnobserved())
  }
}

/// Inserts `count` reminders, one transaction each, synchronously.
private func insertReminders(_ writer: any DatabaseWriter, count: Int) throws {
  for index in 0..<count {
    try writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "\(index)") }.execute(db)
    }
  }
}
