import CSQLite
import Foundation
import QuarrySQLite
import Testing

/// Database files in a bad state: corrupted, truncated, not a database at all, locked by
/// another connection, in a folder that cannot be written. Each gives a typed `DatabaseError`
/// whose description names the cause, never a crash.
@Suite("Fault injection: bad files", .serialized)
struct BadFileTests {
  /// A database file of a few pages: a table of 200 rows and an index.
  static func makeDatabase(_ file: TemporaryFile, mode: JournalMode = .delete) throws {
    var configuration = Configuration()
    configuration.journalMode = mode
    let db = try Database(path: file.path, configuration: configuration)
    try db.execute(
      sql: """
        CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
        CREATE INDEX t_name ON t (name);
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
        INSERT INTO t (id, name) SELECT i, printf('name %04d %s', i, hex(randomblob(40))) FROM n;
        """)
  }

  /// Opens `file` and reads every row: the first place a bad file shows.
  static func openAndRead(_ file: TemporaryFile, configuration: Configuration = Configuration())
    throws
  {
    let db = try Database(path: file.path, configuration: configuration)
    _ = try db.fetchAll(sql: "SELECT * FROM t ORDER BY name")
    #expect(try db.fetchOne(String.self, sql: "PRAGMA integrity_check") == "ok")
  }

  /// Overwrites `count` bytes of `file` at `offset` with `byte`.
  static func overwrite(_ file: TemporaryFile, at offset: UInt64, count: Int, with byte: UInt8)
    throws
  {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file.path))
    defer { try? handle.close() }
    try handle.seek(toOffset: offset)
    try handle.write(contentsOf: Data(repeating: byte, count: count))
  }

  @Test func aCorruptedPageIsACorruptionError() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    try Self.makeDatabase(file)
    // Page 2 onward (pages are 4096 bytes): the table's and index's b-tree pages.
    try Self.overwrite(file, at: 4096, count: 3 * 4096, with: 0xA5)
    let error = #expect(throws: DatabaseError.self) { try Self.openAndRead(file) }
    #expect(error?.resultCode == SQLITE_CORRUPT, "\(String(describing: error))")
    #expect(error?.description.contains("malformed") == true, "\(String(describing: error))")
    #expect(error?.description.contains(file.path) == true, "\(String(describing: error))")
  }

  @Test func aTruncatedFileIsACorruptionError() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    try Self.makeDatabase(file)
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
    #expect(truncate(file.path, off_t(size / 2)) == 0)
    let error = #expect(throws: DatabaseError.self) { try Self.openAndRead(file) }
    #expect(error?.resultCode == SQLITE_CORRUPT, "\(String(describing: error))")
    #expect(error?.description.contains(file.path) == true, "\(String(describing: error))")
  }

  @Test(arguments: [
    Data("hello, this is a text file and not a database at all\n".utf8),
    Data(repeating: 0, count: 8192),
    Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) }),
  ])
  func aFileThatIsNotADatabaseSaysSo(contents: Data) throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    try contents.write(to: URL(fileURLWithPath: file.path))
    let error = #expect(throws: DatabaseError.self) { try Self.openAndRead(file) }
    // Anything without SQLite's header, zeros included (only an empty file is a new database).
    #expect(error?.resultCode == SQLITE_NOTADB, "\(String(describing: error))")
    #expect(error?.description.contains("not a database") == true)
    #expect(error?.description.contains(file.path) == true, "\(String(describing: error))")
  }

  @Test func aCorruptedHeaderIsNotADatabase() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    try Self.makeDatabase(file)
    try Self.overwrite(file, at: 0, count: 16, with: 0x42)
    let error = #expect(throws: DatabaseError.self) { try Self.openAndRead(file) }
    #expect(error?.resultCode == SQLITE_NOTADB, "\(String(describing: error))")
  }

  @Test(arguments: [JournalMode.delete, .wal])
  func aDatabaseLockedPastTheBusyTimeoutIsBusy(mode: JournalMode) throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    try Self.makeDatabase(file, mode: mode)
    let holder = try Database(path: file.path)
    // EXCLUSIVE keeps readers out too in rollback mode; in WAL only other writers.
    try holder.execute(sql: "BEGIN EXCLUSIVE; UPDATE t SET name = name || '!' WHERE id = 1")
    var configuration = Configuration()
    configuration.busyTimeout = 0.2
    let other = try Database(path: file.path, configuration: configuration)
    let started = Date()
    let error = #expect(throws: DatabaseError.self) {
      try other.execute(sql: "UPDATE t SET name = 'x' WHERE id = 2")
    }
    #expect(Date().timeIntervalSince(started) >= 0.15)
    #expect(error?.resultCode == SQLITE_BUSY, "\(String(describing: error))")
    #expect(error?.description.contains("locked") == true, "\(String(describing: error))")
    #expect(!other.isInsideTransaction)
    // Once the lock goes, the same connection writes.
    try holder.execute(sql: "COMMIT")
    try other.execute(sql: "UPDATE t SET name = 'x' WHERE id = 2")
    #expect(try other.fetchOne(String.self, sql: "SELECT name FROM t WHERE id = 2") == "x")
  }

  @Test func aWALDatabaseInAReadOnlyFolderSaysWhyItCannotOpen() throws {
    let file = try TemporaryFile()
    defer {
      ReadOnlyFolder.release(file.directory)
      file.cleanUp()
    }
    try Self.makeDatabase(file, mode: .wal)  // closed: the -wal and -shm files are gone
    #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
    try ReadOnlyFolder.make(file.directory)
    let error = #expect(throws: DatabaseError.self) {
      var configuration = Configuration()
      configuration.journalMode = .wal
      try Self.openAndRead(file, configuration: configuration)
    }
    let description = String(describing: error)
    #expect(
      [SQLITE_CANTOPEN, SQLITE_READONLY, SQLITE_IOERR].contains(error?.resultCode ?? 0),
      "\(description)")
    // The cause: the folder, which cannot be written; and the file.
    #expect(
      description.contains("the folder \(file.directory.path) cannot be written"), "\(description)")
    #expect(description.contains(file.path), "\(description)")
  }
}

/// A folder in which no file can be created, even by root: `chmod 555` for a normal user; the
/// immutable attribute (`chattr +i`) for root, whom permissions don't stop.
enum ReadOnlyFolder {
  static func make(_ directory: URL) throws {
    if geteuid() == 0 {
      try run("/usr/bin/chattr", ["+i", directory.path])
    } else {
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o555], ofItemAtPath: directory.path)
    }
    // It must really be read-only, or the test proves nothing.
    let probe = directory.appendingPathComponent("probe").path
    #expect(!FileManager.default.createFile(atPath: probe, contents: Data()))
  }

  static func release(_ directory: URL) {
    if geteuid() == 0 {
      try? run("/usr/bin/chattr", ["-i", directory.path])
    } else {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: directory.path)
    }
  }

  private static func run(_ executable: String, _ arguments: [String]) throws {
    let child = try ChildProcess(URL(fileURLWithPath: executable), arguments)
    #expect(child.waitForEnd() == .exited(0), "\(executable) \(arguments)")
  }
}
