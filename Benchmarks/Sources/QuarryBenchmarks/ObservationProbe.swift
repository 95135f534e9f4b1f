import Foundation

// W8: live observations. (a) the time from a commit to its value in an async consumer, each
// commit waiting for the consumer to see the one before (so none is coalesced); (b) W3's insert
// loop while 100 observations of other tables and one of the written table are live.

/// Times commits to their values. `@unchecked Sendable`: `commits` and `latencies` are only
/// touched under `lock`.
final class LatencyProbe: @unchecked Sendable {
  private let lock = NSLock()
  private var commits: [Int: ContinuousClock.Instant] = [:]
  private var latencies: [Duration] = []
  private let delivered = DispatchSemaphore(value: 0)

  /// Notes that the transaction writing `value` is about to commit.
  func committing(_ value: Int) {
    let now = ContinuousClock.now
    lock.withLock { commits[value] = now }
  }

  /// Notes that the consumer received `value`.
  func received(_ value: Int) {
    let now = ContinuousClock.now
    lock.withLock {
      if let start = commits.removeValue(forKey: value) { latencies.append(now - start) }
    }
    delivered.signal()
  }

  /// Waits for the consumer's next value; throws when none comes within 5 seconds.
  func waitForValue() throws {
    guard delivered.wait(timeout: .now() + 5) == .success else {
      throw BenchmarkError("W8: no value within 5 seconds")
    }
  }

  /// Writes `count` commits with `write` (which calls ``committing(_:)`` inside its
  /// transaction), each after the consumer has seen the one before; returns the latencies.
  func run(commits count: Int, _ write: (Int) throws -> Void) throws -> [Duration] {
    try waitForValue()  // the first value
    for value in 1...count {
      try write(value)
      try waitForValue()
    }
    return lock.withLock { latencies }
  }
}

/// The median and 99th percentile of `samples`, in microseconds.
func percentiles(_ samples: [Duration]) -> (median: Double, p99: Double) {
  let sorted = samples.sorted()
  func microseconds(_ duration: Duration) -> Double { duration.milliseconds * 1000 }
  return (
    microseconds(sorted[sorted.count / 2]),
    microseconds(sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
  )
}

/// A fresh database file path in a temporary folder.
func temporaryDatabasePath(_ name: String) throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("quarry-w8-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory.appendingPathComponent(name).path
}

let observedTableCount = 100

/// The tables observed beside the written one in W8 (b).
func observedTablesSQL() -> [String] {
  (0..<observedTableCount).map { "CREATE TABLE observed\($0) (id INTEGER PRIMARY KEY, value)" }
}
