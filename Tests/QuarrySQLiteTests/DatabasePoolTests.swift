import Foundation
import Quarry
import QuarrySQLite
import Testing

/// Collects failures from several threads. `@unchecked Sendable`: `values` is only touched
/// under `lock`.
final class Collected<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Value] = []
  var all: [Value] { lock.withLock { values } }
  func append(_ value: Value) { lock.withLock { values.append(value) } }
}

@Suite("DatabasePool")
struct DatabasePoolTests {
  static let total = 1_000

  private func makePool(_ file: TemporaryFile, readers: Int = 4) throws -> DatabasePool {
    var configuration = Configuration()
    configuration.maximumReaderCount = readers
    let pool = try DatabasePool(path: file.path, configuration: configuration)
    try pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
          CREATE TABLE transfers (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL);
          INSERT INTO accounts VALUES (1, ?), (2, 0);
          """, arguments: [Self.total])
    }
    return pool
  }

  /// One transfer: moves `amount` from account 1 to 2 (or back) and records it.
  private static func transfer(_ db: Database, _ iteration: Int) throws {
    let amount = iteration % 2 == 0 ? 7 : -3
    try db.execute(
      sql: "UPDATE accounts SET balance = balance - ? WHERE id = 1", arguments: [amount])
    try db.execute(
      sql: "UPDATE accounts SET balance = balance + ? WHERE id = 2", arguments: [amount])
    try db.execute(sql: "INSERT INTO transfers (amount) VALUES (?)", arguments: [amount])
  }

  /// Reads both balances with separate statements and the transfer count.
  private static func snapshot(_ db: Database) throws -> (sum: Int, transfers: Int) {
    let first = try db.fetchOne(Int.self, sql: "SELECT balance FROM accounts WHERE id = 1") ?? 0
    let second = try db.fetchOne(Int.self, sql: "SELECT balance FROM accounts WHERE id = 2") ?? 0
    let transfers = try db.fetchOne(Int.self, sql: "SELECT count(*) FROM transfers") ?? 0
    return (first + second, transfers)
  }

  @Test func fourReadersAndAWriterUnderStress() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try makePool(file)
    let writes = 300
    let readsPerReader = 150
    let failures = Collected<String>()
    DispatchQueue.concurrentPerform(iterations: 5) { worker in
      do {
        if worker == 0 {
          for iteration in 0..<writes {
            try pool.write { db in try Self.transfer(db, iteration) }
          }
        } else {
          var lastCount = 0
          for _ in 0..<readsPerReader {
            let (sum, transfers) = try pool.read { db in try Self.snapshot(db) }
            if sum != Self.total { failures.append("reader \(worker) saw a sum of \(sum)") }
            if transfers < lastCount { failures.append("reader \(worker) went back in time") }
            lastCount = transfers
          }
        }
      } catch {
        failures.append("worker \(worker): \(error)")
      }
    }
    #expect(failures.all == [])
    let final = try pool.read { db in try Self.snapshot(db) }
    #expect(final.sum == Self.total)
    #expect(final.transfers == writes)
  }

  @Test func asyncReadersAndWriterUnderStress() async throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try makePool(file)
    let writes = 200
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for iteration in 0..<writes {
          try await pool.write { db in try Self.transfer(db, iteration) }
        }
      }
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<100 {
            let sum = try await pool.read { db in try Self.snapshot(db).sum }
            #expect(sum == Self.total)
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try await pool.read { db in try Self.snapshot(db).transfers } == writes)
  }

  @Test func aReadSeesOneSnapshotWhileTheWriterCommits() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try makePool(file)
    let started = DispatchSemaphore(value: 0)
    let committed = DispatchSemaphore(value: 0)
    let counts = Collected<Int>()
    let reader = Thread {
      do {
        try pool.read { db in
          counts.append(try Self.snapshot(db).transfers)
          started.signal()
          committed.wait()
          counts.append(try Self.snapshot(db).transfers)
        }
        counts.append(try pool.read { db in try Self.snapshot(db).transfers })
      } catch {
        counts.append(-1)
      }
      started.signal()
    }
    reader.start()
    started.wait()
    // The writer is not blocked by the open read.
    try pool.write { db in try Self.transfer(db, 0) }
    committed.signal()
    started.wait()
    #expect(counts.all == [0, 0, 1])
  }

  @Test func readersCannotWriteAndTheWriterIsWAL() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try makePool(file)
    #expect(try pool.read { try $0.fetchOne(String.self, sql: "PRAGMA journal_mode") } == "wal")
    let error = #expect(throws: DatabaseError.self) {
      try pool.read { db in try db.execute(sql: "DELETE FROM transfers") }
    }
    #expect(error?.resultCode == DatabaseError.readOnly)
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try pool.write { db in
        try Self.transfer(db, 0)
        throw Failure()
      }
    }
    #expect(try pool.read { try Self.snapshot($0).transfers } == 0)
  }

  @Test func queuesAndPoolsShareTheReaderAndWriterProtocols() async throws {
    func count(_ reader: some DatabaseReader) async throws -> Int {
      try await reader.read { db in try Self.snapshot(db).transfers }
    }
    func addTransfer(_ writer: some DatabaseWriter) throws {
      try writer.write { db in try Self.transfer(db, 1) }
    }
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try makePool(file)
    try addTransfer(pool)
    #expect(try await count(pool) == 1)
    let queueFile = try TemporaryFile()
    defer { queueFile.cleanUp() }
    let queue = try DatabaseQueue(path: queueFile.path)
    try await queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
          CREATE TABLE transfers (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL);
          """)
    }
    try addTransfer(queue)
    try addTransfer(queue)
    #expect(try await count(queue) == 2)
  }
}

@Suite("Interrupting")
struct InterruptTests {
  /// A statement that runs for many seconds (finite, so a failed interrupt fails the test
  /// instead of hanging it).
  static let endless = """
    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 500000000) \
    SELECT count(*) FROM c
    """

  /// Runs the endless statement, signalling `started` just before.
  static func runEndless(_ db: Database, _ started: DispatchSemaphore) throws -> Int? {
    started.signal()
    return try db.fetchOne(Int.self, sql: endless)
  }

  /// Waits until `started` is signalled, then a little more so the statement is running.
  static func waitUntilRunning(_ started: DispatchSemaphore) async throws {
    while started.wait(timeout: .now()) == .timedOut {
      try await Task.sleep(for: .milliseconds(10))
    }
    try await Task.sleep(for: .milliseconds(50))
  }

  @Test func cancellingAnAsyncReadInterruptsItsStatement() async throws {
    let queue = try DatabaseQueue()
    let started = DispatchSemaphore(value: 0)
    let task = Task { try await queue.read { db in try Self.runEndless(db, started) } }
    try await Self.waitUntilRunning(started)
    task.cancel()
    let result = await task.result
    #expect(throws: DatabaseError.self) { try result.get() }
    #expect((try? result.get()) == nil)
    if case .failure(let error as DatabaseError) = result {
      #expect(error.resultCode == DatabaseError.interrupt)
      #expect(error.sql == Self.endless)
    }
    // The queue goes on working.
    #expect(try await queue.read { db in try db.fetchOne(Int.self, sql: "SELECT 1") } == 1)
  }

  @Test func cancellingAPoolReadInterruptsIt() async throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try DatabasePool(path: file.path)
    let started = DispatchSemaphore(value: 0)
    let task = Task { try await pool.read { db in try Self.runEndless(db, started) } }
    try await Self.waitUntilRunning(started)
    task.cancel()
    if case .failure(let error as DatabaseError) = await task.result {
      #expect(error.resultCode == DatabaseError.interrupt)
    } else {
      Issue.record("the read was not interrupted")
    }
  }

  @Test func anAccessCancelledBeforeItStartsDoesNotRun() async throws {
    let queue = try DatabaseQueue()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await queue.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
    }
    await #expect(throws: CancellationError.self) { _ = try await task.value }
    #expect(try await queue.read { db in try db.tableExists("t") } == false)
  }

  @Test func interruptStopsARunningStatementFromAnotherThread() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try DatabasePool(path: file.path)
    let started = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      started.wait()
      usleep(50_000)
      pool.interrupt()
    }
    let error = #expect(throws: DatabaseError.self) {
      try pool.read { db in try Self.runEndless(db, started) }
    }
    #expect(error?.resultCode == DatabaseError.interrupt)
    let queue = try DatabaseQueue()
    DispatchQueue.global().async {
      started.wait()
      usleep(50_000)
      queue.interrupt()
    }
    let queueError = #expect(throws: DatabaseError.self) {
      try queue.writeWithoutTransaction { db in try Self.runEndless(db, started) }
    }
    #expect(queueError?.resultCode == DatabaseError.interrupt)
  }
}
