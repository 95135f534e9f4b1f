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
    let writes = Task.detached {
      for index in 0..<commits {
        try await writer.write { db in
          try Reminder.insert { Reminder.Draft(title: "\(index)") }.execute(db)
        }
      }
    }
    var received: [Int] = [0]
    while received.last != commits {
      guard let value = try await values.next() else { break }
      received.append(value)
      try await Task.sleep(for: .milliseconds(10))  // a slow consumer
    }
    try await writes.value
    #expect(received.last == commits)
    // Never back in time, never the same value twice, and far fewer values than commits.
    #expect(zip(received, received.dropFirst()).allSatisfy { $0 < $1 })
    #expect(received.count < commits / 2)
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
    let before = try #require(residentMemory())
    try await startAndCancel(10_000)
    let after = try #require(residentMemory())
    #expect(writer.liveObservationCounts.fetches == 0)
    // Memory back where it started (within 4 MB: the allocator keeps some pages).
    #expect(after - before < 4 << 20, "grew by \(after - before) bytes")
  }

  @Test func aThousandObserversDoNotSlowAnUnrelatedWrite() async throws {
    let database = try ObservedDatabase(.pool)
    defer { database.cleanUp() }
    let writer = database.writer
    try await writer.write { db in
      for index in 0..<1_000 {
        try db.execute(sql: "CREATE TABLE observed\(index) (id INTEGER PRIMARY KEY, value)")
      }
    }
    @Sendable func unrelatedWrites() throws -> Duration {
      var best = Duration.seconds(1_000)
      for _ in 0..<5 {
        let start = ContinuousClock.now
        for value in 0..<200 {
          try writer.write { db in
            try db.execute(sql: "INSERT INTO others (value) VALUES (?)", arguments: [value])
          }
        }
        best = min(best, ContinuousClock.now - start)
      }
      return best
    }
    let without = try unrelatedWrites()
    var observers: [AsyncThrowingStream<Int, any Error>.AsyncIterator] = []
    for index in 0..<1_000 {
      var values = writer.observe { db in
        try db.fetchOne(Int.self, sql: "SELECT count(*) FROM observed\(index)") ?? 0
      }.makeAsyncIterator()
      _ = try await values.next()
      observers.append(values)
    }
    #expect(writer.liveObservationCounts.fetches == 1_000)
    let with = try unrelatedWrites()
    #expect(with < without * 1.2, "\(with) with 1,000 observers, \(without) without")
    observers.removeAll()
    #expect(try await database.waitUntilUnobserved())
  }
}
