// A soak test, built with the tests and shipped to no user: a `DatabasePool` with one writer
// and four readers works a database file for a fixed time, checking invariants in every read.
//
//   QuarrySoak --soak SECONDS [--path FILE] [--readers N]
//
// The writer moves money between accounts and appends each move to a ledger, one transaction
// per move. Every read checks, in one snapshot: the total of the balances never changes; the
// ledger has no gap; it holds every move acknowledged before the read began; and a reader
// never sees the ledger shrink. At the end, a fresh connection finds every acknowledged move
// (no lost write) and `integrity_check` is ok. `SQLITE_BUSY` counts as a failure. Prints the
// figures and the resident memory at start (after a warm-up) and end; exits 1 on any failure.
import Foundation
import QuarrySQLite

struct Options {
  var seconds = 30.0
  var path: String?
  var readers = 4

  init(_ arguments: [String]) {
    var arguments = arguments.makeIterator()
    while let argument = arguments.next() {
      switch (argument, arguments.next()) {
      case ("--soak", let value?) where Double(value) != nil: seconds = Double(value)!
      case ("--path", let value?): path = value
      case ("--readers", let value?) where Int(value).map({ $0 > 0 }) == true: readers = Int(value)!
      default:
        FileHandle.standardError.write(
          Data("usage: QuarrySoak --soak SECONDS [--path FILE] [--readers N]\n".utf8))
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

let options = Options(Array(CommandLine.arguments.dropFirst()))
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
let deadline = Date().addingTimeInterval(options.seconds)
let warmUp = Date().addingTimeInterval(min(2, options.seconds / 10))
let group = DispatchGroup()
let rssAtStart = Acknowledged()

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
      do {
        let (total, count, last) = try pool.read { db in
          (
            try db.fetchOne(Int.self, sql: "SELECT sum(balance) FROM accounts") ?? -1,
            try db.fetchOne(Int.self, sql: "SELECT count(*) FROM ledger") ?? -1,
            try db.fetchOne(Int.self, sql: "SELECT coalesce(max(seq), 0) FROM ledger") ?? -1
          )
        }
        figures.add("reads")
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

// Memory after the warm-up: connections, caches and threads are all up by then.
Thread.sleep(until: warmUp)
rssAtStart.set(residentKiB() ?? 0)
group.wait()
let rssAtEnd = residentKiB() ?? 0

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
  integrity_check: \(integrity)
  resident memory: \(rssAtStart.value) KiB after warm-up, \(rssAtEnd) KiB at end
  failures: \(figures["failures"])
  """)
for failure in figures.failures { print("  " + failure) }
exit(figures["failures"] == 0 ? 0 : 1)
