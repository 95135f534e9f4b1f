// A soak test, built with the tests and shipped to no user: a `DatabasePool` with one writer
// and four readers works a database file for a fixed time, checking invariants in every read.
//
// The writer moves money between accounts and appends each move to a ledger, one transaction
// per move. Every read checks, in one snapshot: the total of the balances never changes; the
// ledger has no gap; it holds every move acknowledged before the read began; and a reader
// never sees the ledger shrink. At the end, a fresh connection finds every acknowledged move
// (no lost write) and `integrity_check` is ok. `SQLITE_BUSY` counts as a failure. Exits 1 on
// any failure.
//
// Memory: ten times during the run (and after a warm-up, and at the end) it prints the
// process's resident memory beside SQLite's own heap (`sqlite3_memory_used`, with SQLite's
// memory statistics turned on, which Quarry turns off), the page cache of the writer and of
// a reader (`SQLITE_DBSTATUS_CACHE_USED`) and the sizes of the database file and its WAL,
// then the figures at start, middle and end. `--cache-size KIB` sets `PRAGMA cache_size` on
// every connection (SQLite's default: 2000 KiB), to see how much of the growth is page cache.
//
// WAL: a thread looks at the WAL file's size every 10 ms and reports the largest seen, beside
// the longest read (a reader blocked by a checkpoint would show there), while a live
// observation of the ledger runs too. `--wal-limit MIB` sets `maximumWALSize` (0: none, the
// WAL left to SQLite's automatic checkpoints; default: Quarry's 64 MiB).
//
//   QuarrySoak --soak SECONDS [--path FILE] [--readers N] [--cache-size KIB] [--wal-limit MIB]
import CSQLite
import Foundation
import QuarrySQLite

struct Options {
  var seconds = 30.0
  var path: String?
  var readers = 4
  var cacheSizeKiB: Int?
  var walLimitMiB: Int?

  init(_ arguments: [String]) {
    var arguments = arguments.makeIterator()
    while let argument = arguments.next() {
      switch (argument, arguments.next()) {
      case ("--soak", let value?) where Double(value) != nil: seconds = Double(value)!
      case ("--path", let value?): path = value
      case ("--readers", let value?) where Int(value).map({ $0 > 0 }) == true: readers = Int(value)!
      case ("--cache-size", let value?) where Int(value).map({ $0 > 0 }) == true:
        cacheSizeKiB = Int(value)!
      case ("--wal-limit", let value?) where Int(value).map({ $0 >= 0 }) == true:
        walLimitMiB = Int(value)!
      default:
        FileHandle.standardError.write(
          Data(
            ("usage: QuarrySoak --soak SECONDS [--path FILE] [--readers N] [--cache-size KIB] "
              + "[--wal-limit MIB]\n").utf8))
        exit(2)
      }
    }
  }
}

/// Counters shared by the threads.
final class Figures: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [String: Int] = [:]
  private var failureMessages: [String] = []

  func add(_ name: String, _ amount: Int = 1) {
    lock.lock()
    values[name, default: 0] += amount
    lock.unlock()
  }

  subscript(name: String) -> Int {
    lock.lock()
    defer { lock.unlock() }
    return values[name, default: 0]
  }

  /// Keeps the largest value `name` has been given.
  func raise(_ name: String, to value: Int) {
    lock.lock()
    values[name] = max(values[name, default: 0], value)
    lock.unlock()
  }

  func fail(_ message: String) {
    lock.lock()
    values["failures", default: 0] += 1
    if failureMessages.count < 20 { failureMessages.append(message) }
    lock.unlock()
  }

  var failures: [String] {
    lock.lock()
    defer { lock.unlock() }
    return failureMessages
  }
}

/// The moves the writer has committed, published after each commit.
final class Acknowledged: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
  func set(_ newValue: Int) {
    lock.lock()
    count = newValue
    lock.unlock()
  }
}

/// The process's resident memory in KiB, from `/proc/self/status` (nil where there is none).
func residentKiB() -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return nil
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }
  return nil
}

/// One reading of the memory figures.
struct MemorySample {
  var seconds: Double
  /// The process's resident memory.
  var residentKiB: Int
  /// What SQLite has allocated, all connections together.
  var sqliteKiB: Int
  /// The writer's page cache, and one reader's.
  var writerCacheKiB: Int
  var readerCacheKiB: Int
  /// The database file and its WAL.
  var fileKiB: Int
  var walKiB: Int

  var line: String {
    String(
      format: "%6.0f s  resident %6ld KiB  SQLite heap %6ld KiB  page cache: writer %5ld KiB, "
        + "a reader %5ld KiB  file %7ld KiB  WAL %6ld KiB",
      seconds, residentKiB, sqliteKiB, writerCacheKiB, readerCacheKiB, fileKiB, walKiB)
  }
}

/// Writes a line to standard output at once, also into a pipe or a file (`print` buffers
/// there until the end).
func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// A file's size in KiB, 0 when it does not exist.
func fileKiB(_ path: String) -> Int {
  var info = stat()
  return stat(path, &info) == 0 ? Int(info.st_size) / 1024 : 0
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
// SQLite's memory statistics, which Quarry turns off for speed, on for this process: set before
// SQLite initializes, which then ignores Quarry's setting.
_ = quarry_sqlite3_config_memstatus(1)
_ = sqlite3_initialize()
let directory = FileManager.default.temporaryDirectory
  .appendingPathComponent("quarry-soak-\(UUID().uuidString)")
let path = options.path ?? directory.appendingPathComponent("soak.sqlite").path
if options.path == nil {
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
}
defer { if options.path == nil { try? FileManager.default.removeItem(at: directory) } }

let accounts = 100
let initialBalance = 1_000
var configuration = Configuration()
configuration.maximumReaderCount = options.readers
if let walLimitMiB = options.walLimitMiB {
  configuration.maximumWALSize = walLimitMiB == 0 ? nil : walLimitMiB * 1024 * 1024
}
if let cacheSizeKiB = options.cacheSizeKiB {
  configuration.prepareDatabase = { db in
    try db.execute(sql: "PRAGMA cache_size = -\(cacheSizeKiB)")
  }
}
let pool = try DatabasePool(path: path, configuration: configuration)
try pool.write { db in
  try db.execute(
    sql: """
      CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
      CREATE TABLE ledger (
        seq INTEGER PRIMARY KEY, source INTEGER NOT NULL, target INTEGER NOT NULL,
        amount INTEGER NOT NULL, note TEXT NOT NULL);
      """)
  for id in 1...accounts {
    try db.execute(
      sql: "INSERT INTO accounts (id, balance) VALUES (?, ?)", arguments: [id, initialBalance])
  }
}

let figures = Figures()
let acknowledged = Acknowledged()
let started = Date()
let deadline = started.addingTimeInterval(options.seconds)
let warmUp = started.addingTimeInterval(min(2, options.seconds / 10))
let group = DispatchGroup()

/// Reads the memory figures; the page caches through the pool, as any access.
func sampleMemory() -> MemorySample {
  let writerCache = pool.writeWithoutTransaction { $0.memoryUsed.pageCache }
  let readerCache = (try? pool.read { $0.memoryUsed.pageCache }) ?? -1024
  return MemorySample(
    seconds: Date().timeIntervalSince(started), residentKiB: residentKiB() ?? 0,
    sqliteKiB: Int(sqlite3_memory_used() / 1024), writerCacheKiB: writerCache / 1024,
    readerCacheKiB: readerCache / 1024, fileKiB: fileKiB(path), walKiB: fileKiB(path + "-wal"))
}

func record(_ error: any Error, in role: String) {
  if let error = error as? DatabaseError, error.resultCode == DatabaseError.busy {
    figures.add("busy")
  }
  figures.fail("\(role): \(error)")
}

// The writer.
group.enter()
Thread.detachNewThread {
  defer { group.leave() }
  var random = SystemRandomNumberGenerator()
  var moves = 0
  while Date() < deadline {
    let source = Int.random(in: 1...accounts, using: &random)
    let target = Int.random(in: 1...accounts, using: &random)
    let amount = Int.random(in: 1...50, using: &random)
    let note = String(repeating: "x", count: Int.random(in: 0...200, using: &random))
    do {
      try pool.write { db in
        try db.execute(
          sql: "UPDATE accounts SET balance = balance - ? WHERE id = ?",
          arguments: [amount, source])
        try db.execute(
          sql: "UPDATE accounts SET balance = balance + ? WHERE id = ?",
          arguments: [amount, target])
        try db.execute(
          sql: "INSERT INTO ledger (seq, source, target, amount, note) VALUES (?, ?, ?, ?, ?)",
          arguments: [moves + 1, source, target, amount, note])
      }
      moves += 1
      acknowledged.set(moves)
      figures.add("writes")
    } catch {
      record(error, in: "writer")
      return
    }
  }
}

// The readers.
for reader in 0..<options.readers {
  group.enter()
  Thread.detachNewThread {
    defer { group.leave() }
    var lastSeen = 0
    while Date() < deadline {
      let ackedBefore = acknowledged.value
      let readStart = Date()
      do {
        let (total, count, last) = try pool.read { db in
          (
            try db.fetchOne(Int.self, sql: "SELECT sum(balance) FROM accounts") ?? -1,
            try db.fetchOne(Int.self, sql: "SELECT count(*) FROM ledger") ?? -1,
            try db.fetchOne(Int.self, sql: "SELECT coalesce(max(seq), 0) FROM ledger") ?? -1
          )
        }
        figures.add("reads")
        figures.raise("longest read µs", to: Int((Date().timeIntervalSince(readStart)) * 1e6))
        if total != accounts * initialBalance {
          figures.fail("reader \(reader): total \(total)")
        }
        if count != last { figures.fail("reader \(reader): \(count) moves, last \(last)") }
        if count < ackedBefore {
          figures.fail("reader \(reader): \(count) moves, \(ackedBefore) acknowledged before")
        }
        if count < lastSeen { figures.fail("reader \(reader): \(count) after \(lastSeen)") }
        lastSeen = count
      } catch {
        record(error, in: "reader \(reader)")
        return
      }
    }
  }
}

// The WAL's size, every 10 ms.
group.enter()
Thread.detachNewThread {
  defer { group.leave() }
  while Date() < deadline {
    figures.raise("largest WAL KiB", to: fileKiB(path + "-wal"))
    Thread.sleep(forTimeInterval: 0.01)
  }
}

// A live observation of the ledger, as an app's screen would hold.
let observation = Task.detached {
  do {
    let counts = pool.observe { db in
      try db.fetchOne(Int.self, sql: "SELECT count(*) FROM ledger") ?? 0
    }
    for try await count in counts {
      figures.raise("observed moves", to: count)
    }
  } catch {
    record(error, in: "observation")
  }
}

// Memory after the warm-up (connections, statement caches and threads are all up by then),
// then ten times during the run.
Thread.sleep(until: warmUp)
var samples = [sampleMemory()]
emit("memory:")
emit(samples[0].line)
for tenth in 1...10 {
  let next = started.addingTimeInterval(options.seconds * Double(tenth) / 10)
  guard next < deadline, next > warmUp else { continue }
  Thread.sleep(until: next)
  samples.append(sampleMemory())
  emit(samples[samples.count - 1].line)
}
group.wait()
observation.cancel()
samples.append(sampleMemory())
emit(samples[samples.count - 1].line)
let (atStart, atEnd) = (samples[0], samples[samples.count - 1])
let middle = samples.min { lhs, rhs in
  abs(lhs.seconds - options.seconds / 2) < abs(rhs.seconds - options.seconds / 2)
}!

// A fresh connection finds every acknowledged move.
let check = try Database(path: path)
let stored = try check.fetchOne(Int.self, sql: "SELECT count(*) FROM ledger") ?? -1
let integrity = try check.fetchOne(String.self, sql: "PRAGMA integrity_check") ?? ""
let lost = max(0, acknowledged.value - stored)
if lost > 0 { figures.fail("\(lost) acknowledged writes lost") }
if integrity != "ok" { figures.fail("integrity_check: \(integrity)") }

print(
  """
  soak: \(options.seconds) s, 1 writer, \(options.readers) readers
  writes: \(figures["writes"]) acknowledged, \(stored) stored, \(lost) lost
  reads: \(figures["reads"]), each checking 4 invariants
  SQLITE_BUSY: \(figures["busy"])
  WAL: largest \(figures["largest WAL KiB"]) KiB (sampled every 10 ms; limit \
  \(configuration.maximumWALSize.map { "\($0 / 1024 / 1024) MiB" } ?? "none")); \
  longest read \(figures["longest read µs"] / 1000) ms; \
  observation saw \(figures["observed moves"]) moves
  integrity_check: \(integrity)
  resident memory: \(atStart.residentKiB) KiB after warm-up, \(middle.residentKiB) KiB at \
  \(Int(middle.seconds)) s, \(atEnd.residentKiB) KiB at end
  SQLite heap: \(atStart.sqliteKiB) KiB after warm-up, \(middle.sqliteKiB) KiB at \
  \(Int(middle.seconds)) s, \(atEnd.sqliteKiB) KiB at end \
  (highest \(sqlite3_memory_highwater(0) / 1024) KiB); page cache per connection at most \
  \(options.cacheSizeKiB ?? 2000) KiB (cache_size)
  failures: \(figures["failures"])
  """)
for failure in figures.failures { print("  " + failure) }
exit(figures["failures"] == 0 ? 0 : 1)
