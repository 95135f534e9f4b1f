import BenchmarkSupport
import Foundation

// Live observations, shared by Quarry's and GRDB's contenders.
//
// W8: the time from a commit to its new value in the consumer of an async sequence. Each commit
// waits for the consumer to receive the one before, so no commit is coalesced with another.
//
// W3O: W3's insert loop on a pool while other observations are live, beside the same loop with
// none: what live observations cost a write they have nothing to do with.

/// One observation whose commit-to-consumer latency W8 measures: `commit(value)` writes `value`
/// in a transaction and calls the probe's ``LatencyProbe/committing(_:)`` right before the
/// transaction commits; the observed query then returns `value`.
struct LatencySubject {
  var name: String
  var probe: LatencyProbe
  var commit: (Int) throws -> Void
  /// Ends the observation and removes the database.
  var close: () -> Void
}

/// Times commits to the values a consumer receives.
///
/// `@unchecked Sendable`: its state is only touched while `condition` is locked.
final class LatencyProbe: @unchecked Sendable {
  private let condition = NSCondition()
  private var stamps: [Int: ContinuousClock.Instant] = [:]
  private var latencies: [Duration] = []
  private var lastReceived = -1
  private var failure: (any Error)?
  /// The next value to commit.
  private(set) var nextValue = 1
  /// The workload named in errors.
  private let workload: String

  init(workload: String = "W8") { self.workload = workload }

  /// Notes that the transaction writing `value` is about to commit.
  func committing(_ value: Int) {
    let now = ContinuousClock.now
    condition.withLock { stamps[value] = now }
  }

  /// Notes that the consumer received `value`.
  func received(_ value: Int) {
    let now = ContinuousClock.now
    condition.withLock {
      // A value received twice, or an older one after a newer one, is not timed twice.
      guard value > lastReceived else { return }
      lastReceived = value
      if let start = stamps.removeValue(forKey: value) { latencies.append(now - start) }
      condition.broadcast()
    }
  }

  /// Notes that the observation ended with `error`.
  func failed(_ error: any Error) {
    condition.withLock {
      failure = error
      condition.broadcast()
    }
  }

  /// Waits until the consumer has received `value` (or a newer one); throws when it does not
  /// within 10 seconds, or when the observation failed.
  func wait(for value: Int) throws {
    let deadline = Date(timeIntervalSinceNow: 10)
    condition.lock()
    defer { condition.unlock() }
    while lastReceived < value {
      if let failure { throw BenchmarkError("\(workload): the observation failed: \(failure)") }
      guard condition.wait(until: deadline) else {
        throw BenchmarkError("\(workload): value \(value) not received within 10 seconds")
      }
    }
  }

  /// Commits `count` values with `commit`, each after the consumer has received the one
  /// before, and returns their latencies.
  func run(_ count: Int, _ commit: (Int) throws -> Void) throws -> [Duration] {
    condition.withLock { latencies = [] }
    for _ in 0..<count {
      let value = nextValue
      nextValue += 1
      try commit(value)
      try wait(for: value)
    }
    let measured = condition.withLock { latencies }
    guard measured.count == count else {
      throw BenchmarkError("\(workload): \(measured.count) latencies for \(count) commits")
    }
    return measured
  }
}

/// The latencies of one W8 subject.
struct LatencyMeasurement {
  var name: String
  var samples: [Duration] = []

  /// The sample below which `fraction` of the samples are, in microseconds.
  func percentile(_ fraction: Double) -> Double {
    let sorted = samples.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.down)))
    return sorted[index].milliseconds * 1000
  }
}

/// Measures each subject's latency over `commits` commits, in `rounds` rounds that interleave
/// the subjects (each round starting with the next one, so a slow phase of the machine hits
/// them all alike), after `warmUp` untimed commits each.
func measureLatencies(
  _ subjects: [LatencySubject], commits: Int, rounds: Int, warmUp: Int
) throws -> [LatencyMeasurement] {
  var results = subjects.map { LatencyMeasurement(name: $0.name) }
  for subject in subjects { _ = try subject.probe.run(warmUp, subject.commit) }
  let perRound = max(1, commits / rounds)
  for round in 0..<rounds {
    for offset in subjects.indices {
      let index = (round + offset) % subjects.count
      results[index].samples += try subjects[index].probe.run(perRound, subjects[index].commit)
    }
  }
  return results
}

/// Prints W8's latencies: median and 95th percentile, and Quarry's over GRDB's for each kind
/// of writer (subjects named "Quarry …" and "GRDB …" with the same rest).
func printLatencies(_ measurements: [LatencyMeasurement]) {
  guard let first = measurements.first else { return }
  print(
    "\nW8 commit to consumer: \(first.samples.count) commits each, one at a time (a commit waits "
      + "for the value of the one before), median and 95th percentile")
  print("| contender | median µs | p95 µs | median × GRDB | p95 × GRDB |")
  print("|---|---|---|---|---|")
  for measurement in measurements {
    let median = measurement.percentile(0.5)
    let p95 = measurement.percentile(0.95)
    var ratios = "| |"
    if measurement.name.hasPrefix("Quarry "),
      let peer = measurements.first(where: {
        $0.name == "GRDB " + measurement.name.dropFirst("Quarry ".count)
      })
    {
      ratios = String(
        format: "%.2f× | %.2f× |", median / peer.percentile(0.5), p95 / peer.percentile(0.95))
    }
    print("| \(measurement.name) | " + String(format: "%.0f | %.0f | ", median, p95) + ratios)
  }
}

/// A new folder for one database file, removed by `close`.
func temporaryDatabaseFolder(_ name: String) throws -> URL {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("quarry-\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  return directory
}

/// W8's table, query and write: the query's value is the last value written.
let latencySchema = #"CREATE TABLE "latency" ("id" INTEGER PRIMARY KEY)"#
let latencyQuery = #"SELECT coalesce(max("id"), 0) FROM "latency""#
let latencyInsert = #"INSERT INTO "latency" ("id") VALUES (?)"#

/// W3O's observed tables: other tables than the written one, each with `observedValueCount`
/// rows; the observations read one value each.
let observedTableCount = 100
let observedValueCount = 10

func observedTablesSQL() -> [String] {
  (0..<observedTableCount).flatMap { table in
    [
      #"CREATE TABLE "observed\#(table)" ("id" INTEGER PRIMARY KEY, "value" INTEGER NOT NULL)"#,
      #"INSERT INTO "observed\#(table)" ("id", "value") VALUES "#
        + (1...observedValueCount).map { "(\($0), \($0 * 10))" }.joined(separator: ", "),
    ]
  }
}

/// The query of an observation of another table than the written one: table `table`, row `id`.
func observedQuery(table: Int) -> String {
  #"SELECT "value" FROM "observed\#(table)" WHERE "id" = ?"#
}

/// W3O's observations: `count` queries of other tables (the first `observedTableCount` read
/// one value of each table, the next ones other values of the same tables), as (table, id);
/// `observesWritten` adds one of the written table (`count(*)` of `items`).
struct ObservedSet {
  var label: String
  var others: [(table: Int, id: Int)]
  var observesWritten: Bool

  init(otherCount count: Int, observesWritten: Bool) {
    precondition(count <= observedTableCount * observedValueCount)
    others = (0..<count).map { ($0 % observedTableCount, $0 / observedTableCount + 1) }
    self.observesWritten = observesWritten
    let total = count + (observesWritten ? 1 : 0)
    let number =
      total >= 1_000
      ? "\(total / 1_000),\(String(total % 1_000 + 1_000).dropFirst())" : "\(total)"
    label =
      "\(number) observation\(total == 1 ? "" : "s")"
      + (observesWritten ? " (1 of the written table)" : "")
  }

  var count: Int { others.count + (observesWritten ? 1 : 0) }

  /// 0, 1, 101 (100 other tables and the written one) and 1,000 (other tables only).
  static let all = [
    ObservedSet(otherCount: 0, observesWritten: false),
    ObservedSet(otherCount: 1, observesWritten: false),
    ObservedSet(otherCount: 100, observesWritten: true),
    ObservedSet(otherCount: 1_000, observesWritten: false),
  ]
}

/// Counts the observations that have delivered their first value.
///
/// `@unchecked Sendable`: `count` is only touched while `condition` is locked.
final class FirstValues: @unchecked Sendable {
  private let condition = NSCondition()
  private var count = 0
  private var failure: String?

  func received() {
    condition.withLock {
      count += 1
      condition.broadcast()
    }
  }

  func failed(_ error: any Error) {
    condition.withLock {
      failure = "\(error)"
      condition.broadcast()
    }
  }

  /// Waits until `expected` observations have delivered their first value.
  func wait(for expected: Int) throws {
    let deadline = Date(timeIntervalSinceNow: 60)
    condition.lock()
    defer { condition.unlock() }
    while count < expected {
      if let failure { throw BenchmarkError("W3O: an observation failed: \(failure)") }
      guard condition.wait(until: deadline) else {
        throw BenchmarkError("W3O: \(count) of \(expected) observations started within 60 s")
      }
    }
  }
}

/// Keeps what must live as long as a contender (its observations), and ends it when released.
final class Keeper: @unchecked Sendable {
  private let end: () -> Void
  init(_ end: @escaping () -> Void) { self.end = end }
  deinit { end() }
}
