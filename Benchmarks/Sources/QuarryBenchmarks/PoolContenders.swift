import Foundation
import Quarry
import QuarrySQLite

/// W6: read throughput of a `DatabasePool` on a file. The same primary-key lookups are done by
/// one reader, then shared by two concurrent readers; ratios are to the single reader.
enum PoolContenders {
  static func lookups(rows: Int, ids: [Int]) throws -> [Contender] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-w6-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.maximumReaderCount = 2
    let path = directory.appendingPathComponent("pool.sqlite").path
    let pool = try DatabasePool(path: path, configuration: configuration)
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: itemsSchema)
      try db.execute(sql: itemRows(rows))
    }

    /// One reader's share: lookups of the chunks it takes, in one read.
    @Sendable func read(_ next: () -> ArraySlice<Int>?) throws -> Int {
      try pool.read { db in
        var sum = 0
        while let chunk = next() {
          for id in chunk { sum &+= try Item.find(id).fetchOne(db)?.id ?? 0 }
        }
        return sum
      }
    }
    let quarry = [
      Contender(name: "Quarry pool, 1 reader") { try shareOut(ids, threads: 1, read) },
      // The two readers share the lookups, each taking the next chunk of ids when it is done
      // with one: a reader that runs slower (this machine's cores don't always run at the same
      // speed) does fewer, instead of leaving the other idle at the end, so the time measures
      // the throughput of two readers.
      Contender(name: "Quarry pool, 2 readers") {
        try shareOut(ids, threads: 2, recordingIn: stats, read)
      },
    ]

    // Raw C on the same file: one read-only `NOMUTEX` connection per thread, each lookup
    // through one prepared statement, each thread's lookups in one read transaction like a
    // pool's read. Its ratio is what SQLite itself gains from a second reader on this machine.
    let connections = try (0..<2).map { _ in
      let connection = try RawConnection(readingFile: path)
      return (connection, try connection.prepare(selectItems + #" WHERE "id" = ?"#))
    }
    let available = Connections(connections.map { Connection(connection: $0.0, find: $0.1) })
    @Sendable func readRaw(_ next: () -> ArraySlice<Int>?) throws -> Int {
      let connection = available.take()
      defer { available.give(back: connection) }
      try connection.connection.execute("BEGIN")
      defer { try? connection.connection.execute("COMMIT") }
      var sum = 0
      while let chunk = next() {
        for id in chunk { sum &+= connection.find.findItem(id)?.id ?? 0 }
      }
      return sum
    }
    let raw = [
      Contender(name: "raw C, 1 connection") { try shareOut(ids, threads: 1, readRaw) },
      Contender(name: "raw C, 2 connections") { try shareOut(ids, threads: 2, readRaw) },
    ]
    return quarry + raw
  }

  /// The machine's own ceiling for W6, run interleaved with it: the same ids shared out the
  /// same way to one thread, then two, each id costing a fixed CPU-only computation of about a
  /// lookup's time instead of a lookup. Nothing is shared but the chunk counter, so its ratio
  /// is what two cores of this machine give at best in this run; W6 divided by it is what
  /// Quarry and SQLite lose to running side by side.
  static func ceiling(ids: [Int]) -> [Contender] {
    @Sendable func compute(_ next: () -> ArraySlice<Int>?) -> Int {
      var sum = 0
      while let chunk = next() {
        for id in chunk { sum &+= computeOnly(id) }
      }
      return sum
    }
    return [
      Contender(name: "CPU-only loop, 1 thread") { try shareOut(ids, threads: 1, compute) },
      Contender(name: "CPU-only loop, 2 threads") { try shareOut(ids, threads: 2, compute) },
    ]
  }

  /// How the two readers ran, over every timed and untimed run: whether they overlapped and
  /// how much of a core each got while running (less than 100% means something else used the
  /// cores, such as other processes on the machine).
  static let stats = ReaderStats()
}

/// Runs `work` on `threads` threads at once (the calling one when it is one), each calling it
/// with a function that hands out the next chunk of 100 `ids` until none is left, and returns
/// the sum of their results.
private func shareOut(
  _ ids: [Int], threads: Int, recordingIn stats: ReaderStats? = nil,
  _ work: @escaping @Sendable (() -> ArraySlice<Int>?) throws -> Int
) throws -> Int {
  let chunks = Chunks(count: ids.count, size: 100)
  let next: @Sendable () -> ArraySlice<Int>? = { chunks.next().map { ids[$0] } }
  guard threads > 1 else { return try work(next) }
  let results = Results(count: threads)
  let start = DispatchTime.now().uptimeNanoseconds
  DispatchQueue.concurrentPerform(iterations: threads) { index in
    let began = DispatchTime.now().uptimeNanoseconds
    let cpuBefore = threadCPUNanoseconds()
    results.set(index, Result { try work(next) })
    results.record(
      index, began: began - start, ended: DispatchTime.now().uptimeNanoseconds - start,
      cpu: threadCPUNanoseconds() - cpuBefore)
  }
  stats?.add(results.spans())
  return try results.sum()
}

/// Returns `id` after about two microseconds of arithmetic (a chain of 1,000 dependent
/// xorshift-multiplies, which no optimizer shortens), touching no memory.
@inline(never)
private func computeOnly(_ id: Int) -> Int {
  var state = UInt64(truncatingIfNeeded: id) | 1
  for _ in 0..<1_000 { state = (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9 }
  return keep(state) ? id : 0
}

/// True; opaque to the optimizer, so the computation that made `value` is kept.
@_optimize(none)
private func keep(_ value: UInt64) -> Bool { value == value }

/// A raw connection and its lookup statement, used by one thread at a time.
private struct Connection: @unchecked Sendable {
  var connection: RawConnection
  var find: RawStatement
}

/// Raw connections handed out to the threads of a run. `@unchecked Sendable`: `idle` is only
/// touched under `lock`, and a connection is only used by the thread that took it.
private final class Connections: @unchecked Sendable {
  private let lock = NSLock()
  private var idle: [Connection]

  init(_ connections: [Connection]) { idle = connections }

  func take() -> Connection { lock.withLock { idle.removeLast() } }
  func give(back connection: Connection) { lock.withLock { idle.append(connection) } }
}

/// The calling thread's CPU time.
private func threadCPUNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// One reader's run: wall-clock start and end (from the start of the split) and CPU time.
struct ReaderSpan {
  var began: UInt64
  var ended: UInt64
  var cpu: UInt64
}

/// The readers' spans of every run of the split contender. `@unchecked Sendable`: `runs` is
/// only touched under `lock`.
final class ReaderStats: @unchecked Sendable {
  private let lock = NSLock()
  private var runs: [[ReaderSpan]] = []

  func add(_ spans: [ReaderSpan]) { lock.withLock { runs.append(spans) } }

  /// `2 readers: overlap 97%, CPU 99% / 98% of their wall time (median of 8 runs)`.
  var summary: String? {
    let runs = lock.withLock { self.runs }
    guard !runs.isEmpty else { return nil }
    var overlaps: [Double] = []
    var shares: [[Double]] = [[], []]
    for spans in runs where spans.count == 2 {
      let start = Int64(max(spans[0].began, spans[1].began))
      let overlap = Double(max(0, Int64(min(spans[0].ended, spans[1].ended)) - start))
      let longest = Double(max(spans[0].ended - spans[0].began, spans[1].ended - spans[1].began))
      overlaps.append(overlap / max(longest, 1))
      for index in 0..<2 {
        shares[index].append(
          Double(spans[index].cpu) / Double(max(spans[index].ended - spans[index].began, 1)))
      }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    guard !overlaps.isEmpty else { return nil }
    return String(
      format: "W6, 2 readers: they overlapped %.0f%% of the longer one's time; each got "
        + "%.0f%% / %.0f%% of a core while running (median of %d runs)",
      median(overlaps) * 100, median(shares[0]) * 100, median(shares[1]) * 100, overlaps.count)
  }
}

/// The next chunks of a range of indices, handed out to concurrent readers. `@unchecked
/// Sendable`: `nextStart` is only touched under `lock`.
private final class Chunks: @unchecked Sendable {
  private let lock = NSLock()
  private let count: Int
  private let size: Int
  private var nextStart = 0

  init(count: Int, size: Int) {
    self.count = count
    self.size = size
  }

  func next() -> Range<Int>? {
    lock.withLock {
      guard nextStart < count else { return nil }
      defer { nextStart = min(nextStart + size, count) }
      return nextStart..<min(nextStart + size, count)
    }
  }
}

/// The readers' results. `@unchecked Sendable`: `values` is only touched under `lock`.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Result<Int, any Error>?]

  init(count: Int) { values = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: Result<Int, any Error>) {
    lock.withLock { values[index] = result }
  }

  private lazy var readerSpans: [ReaderSpan?] = Array(repeating: nil, count: values.count)

  func record(_ index: Int, began: UInt64, ended: UInt64, cpu: UInt64) {
    lock.withLock { readerSpans[index] = ReaderSpan(began: began, ended: ended, cpu: cpu) }
  }

  func spans() -> [ReaderSpan] { lock.withLock { readerSpans.compactMap { $0 } } }

  func sum() throws -> Int {
    try lock.withLock { values }.reduce(0) { $0 &+ (try $1?.get() ?? 0) }
  }
}
