import CSQLite
import Foundation
import QuarrySQLite
import Testing

/// Faults injected into real database files: a full disk, failing writes and syncs (through
/// the test-only VFS shim, `FaultVFS`). After each, the error is a typed `DatabaseError`, the
/// connection serves the next access, and the file holds every acknowledged commit and nothing
/// of the failed one.
@Suite("Fault injection", .serialized)
struct FaultInjectionTests {
  static let journalModes: [JournalMode] = [.delete, .wal]

  /// Opens `file` in `mode` with a `t` table holding rows of a batch number and a payload.
  static func open(_ file: TemporaryFile, _ mode: JournalMode) throws -> Database {
    var configuration = Configuration()
    configuration.journalMode = mode
    configuration.busyTimeout = 1
    let db = try Database(path: file.path, configuration: configuration)
    try db.execute(
      sql: "CREATE TABLE IF NOT EXISTS t (batch INTEGER NOT NULL, payload BLOB NOT NULL)")
    return db
  }

  /// Commits batch `batch`: `rows` rows of `size` bytes each.
  static func commit(batch: Int, rows: Int = 10, size: Int = 200, on db: Database) throws {
    try db.transaction(.immediate) { try insert(batch: batch, rows: rows, size: size, on: db) }
  }

  /// Inserts batch `batch` in the current transaction.
  static func insert(batch: Int, rows: Int = 10, size: Int = 200, on db: Database) throws {
    for _ in 0..<rows {
      try db.execute(
        sql: "INSERT INTO t (batch, payload) VALUES (?, zeroblob(?))", arguments: [batch, size])
    }
  }

  /// The batches in the file, checked whole, read through a fresh connection.
  static func committedBatches(
    in file: TemporaryFile, rows: Int = 10, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [Int] {
    let db = try Database(path: file.path)
    #expect(
      try db.fetchOne(String.self, sql: "PRAGMA integrity_check") == "ok",
      sourceLocation: sourceLocation)
    let counts = try db.fetchAll(
      sql: "SELECT batch, count(*) FROM t GROUP BY batch ORDER BY batch")
    for row in counts {
      #expect(
        try row.decode(Int.self, at: 1) == rows, "batch \(row[0])", sourceLocation: sourceLocation)
    }
    return try counts.map { try $0.decode(Int.self, at: 0) }
  }

  // MARK: Disk full

  @Test(arguments: journalModes)
  func aFullDiskFailsTheTransactionWithATypedErrorAndKeepsEarlierCommits(mode: JournalMode) throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    do {
      let db = try Self.open(file, mode)
      for batch in 1...5 { try Self.commit(batch: batch, on: db) }
      let pages = try #require(try db.fetchOne(Int.self, sql: "PRAGMA page_count"))
      // Room for a few more pages only: the large transaction below runs out in its middle.
      try db.execute(sql: "PRAGMA max_page_count = \(pages + 20)")
      let error = #expect(throws: DatabaseError.self) {
        try Self.commit(batch: 6, rows: 1_000, size: 1_000, on: db)
      }
      #expect(error?.resultCode == SQLITE_FULL)
      #expect(error?.message.contains("full") == true, "\(String(describing: error))")
      #expect(!db.isInsideTransaction)
      // The connection goes on: a small commit that fits still succeeds.
      try Self.commit(batch: 7, rows: 10, size: 10, on: db)
    }
    #expect(try Self.committedBatches(in: file).elementsEqual([1, 2, 3, 4, 5, 7]))
    // Reopened without the limit, the database takes the large transaction.
    let db = try Self.open(file, mode)
    try Self.commit(batch: 6, rows: 1_000, size: 1_000, on: db)
    #expect(try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t WHERE batch = 6") == 1_000)
  }

  // MARK: I/O errors

  @Test(arguments: [FaultVFS.Kind.write, .sync], journalModes)
  func aFailingWriteOrSyncFailsTheCommitAndTheConnectionRecovers(
    kind: FaultVFS.Kind, mode: JournalMode
  ) throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let injectedBefore = FaultVFS.injected
    do {
      #expect(FaultVFS.installed)
      let db = try Self.open(file, mode)
      for batch in 1...3 { try Self.commit(batch: batch, on: db) }
      FaultVFS.arm(kind, nth: 1, persistent: true, in: file.directory)
      let error = #expect(throws: DatabaseError.self) { try Self.commit(batch: 4, on: db) }
      FaultVFS.disarm()
      #expect(error?.resultCode == SQLITE_IOERR, "\(String(describing: error))")
      // SQLITE_IOERR_WRITE and SQLITE_IOERR_FSYNC (C macros Swift doesn't import).
      let expected = SQLITE_IOERR | (kind == .write ? 3 : 4) << 8
      #expect(error?.extendedResultCode == expected, "\(String(describing: error))")
      #expect(FaultVFS.injected > injectedBefore)
      // The same connection serves the next access.
      #expect(try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t") == 30)
      try Self.commit(batch: 5, on: db)
    }
    #expect(try Self.committedBatches(in: file).elementsEqual([1, 2, 3, 5]))
  }

  /// The SQLite way: fail the first write (or sync) of a transaction, then the second, and so
  /// on, until one runs without reaching the fault. Each commit either succeeds whole or fails
  /// with an I/O error and leaves nothing; the file stays sound throughout.
  @Test(arguments: [FaultVFS.Kind.write, .sync], journalModes)
  func failingEachWriteOrSyncInTurnNeverLosesACommit(kind: FaultVFS.Kind, mode: JournalMode)
    throws
  {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    var acknowledged: [Int] = []
    var failures = 0
    do {
      let db = try Self.open(file, mode)
      try Self.commit(batch: 0, on: db)
      acknowledged.append(0)
      for nth in 1...200 {
        FaultVFS.arm(kind, nth: nth, in: file.directory)
        var reachedFault = false
        do {
          // Large enough to spill and journal several pages.
          try Self.commit(batch: nth, rows: 10, size: 2_000, on: db)
          acknowledged.append(nth)
        } catch let error as DatabaseError {
          #expect(error.resultCode == SQLITE_IOERR, "\(error)")
          failures += 1
          reachedFault = true
        }
        let counted = FaultVFS.counted
        FaultVFS.disarm()
        #expect(!db.isInsideTransaction)
        // The connection reads again once the fault is gone.
        let count = try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t")
        #expect(count == acknowledged.count * 10)
        if !reachedFault && counted < nth { break }
      }
    }
    #expect(failures > 0)
    #expect(try Self.committedBatches(in: file).elementsEqual(acknowledged))
    // The figure the README's "Reliability" section reports.
    print("fault injection: \(failures) \(kind) faults injected (\(mode.rawValue)), all survived")
  }

  @Test func aPoolRecoversFromAFailingWriteAndSync() async throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try DatabasePool(path: file.path)
    try await pool.write { db in
      try db.execute(sql: "CREATE TABLE t (batch INTEGER NOT NULL, payload BLOB NOT NULL)")
      try Self.insert(batch: 1, on: db)
    }
    for kind in [FaultVFS.Kind.write, .sync] {
      FaultVFS.arm(kind, nth: 1, persistent: true, in: file.directory)
      let error = await #expect(throws: DatabaseError.self) {
        try await pool.write { db in try Self.insert(batch: 2, on: db) }
      }
      FaultVFS.disarm()
      #expect(error?.resultCode == SQLITE_IOERR)
      #expect(
        try await pool.read { db in try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t") } == 10
      )
    }
    try await pool.write { db in try Self.insert(batch: 3, on: db) }
    let batches = try await pool.read { db in
      try db.fetchAll(sql: "SELECT DISTINCT batch FROM t ORDER BY batch").map {
        try $0.decode(Int.self, at: 0)
      }
    }
    #expect(batches.elementsEqual([1, 3]))
  }
}
