import Foundation
import QuarryCore

/// A database file in WAL mode shared by one writer connection and up to
/// ``Configuration/maximumReaderCount`` reader connections: reads run concurrently with each
/// other and with the writer, and each read sees one consistent snapshot.
///
/// ```swift
/// let pool = try DatabasePool(path: "/path/to/db.sqlite")
/// try pool.write { db in try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db) }
/// let reminders = try await pool.read { db in try Reminder.all.fetchAll(db) }
/// ```
///
/// Don't nest reads more deeply than the reader count on one thread: the innermost would wait
/// for a reader forever.
public final class DatabasePool: DatabaseWriter, @unchecked Sendable {
  // Sendable because of two locks: `writerLock` guards every use of `writer`; `readers` (an
  // NSCondition) guards `idleReaders` and `readerCount`, and a reader taken out of
  // `idleReaders` is used by one thread only until it is put back. `activeReaders` is guarded
  // by `readers` too. The other properties are immutable.
  private let writer: Database
  private let writerLock = NSRecursiveLock()
  private let writerInterrupt: InterruptHandle
  private let readers = NSCondition()
  private var idleReaders: [Database] = []
  private var readerCount = 0
  private var activeReaders: [ObjectIdentifier: InterruptHandle] = [:]
  private let readerConfiguration: Configuration
  private let writeQueue = DispatchQueue(label: "Quarry.DatabasePool.writer")
  private let readQueue = DispatchQueue(
    label: "Quarry.DatabasePool.readers", attributes: .concurrent)

  /// The database file.
  public let path: String
  /// How the connections are configured (the journal mode is always WAL).
  public let configuration: Configuration
  /// The live observations of the database.
  let observationBroker = ObservationBroker()

  /// Opens a pool on the database file at `path`, switching it to WAL mode.
  ///
  /// Throws a ``DatabaseError`` for an in-memory or temporary database (`":memory:"`, `""`, a
  /// `mode=memory` URI): each connection would open a database of its own, so the readers would
  /// never see what the writer writes.
  public init(path: String, configuration: Configuration = Configuration()) throws {
    if path.isEmpty || path == ":memory:" || path.contains("mode=memory") {
      let kind = path.isEmpty ? "a temporary database" : "an in-memory one (\(path))"
      throw DatabaseError(
        resultCode: DatabaseError.misuse,
        message: """
          a DatabasePool needs a database file, not \(kind): each of its connections would \
          open a database of its own, and readers would not see what the writer writes. Use \
          DatabaseQueue() for a database in memory, or give the pool a file path
          """)
    }
    precondition(configuration.maximumReaderCount > 0, "a pool needs at least one reader")
    var writerConfiguration = configuration
    writerConfiguration.journalMode = .wal
    var readerConfiguration = configuration
    readerConfiguration.journalMode = nil
    let prepareDatabase = configuration.prepareDatabase
    readerConfiguration.prepareDatabase = { db in
      try db.execute(sql: "PRAGMA query_only = 1")
      try prepareDatabase?(db)
    }
    writer = try Database(.file(path), configuration: writerConfiguration)
    if let limit = configuration.maximumWALSize { try writer.boundWAL(to: limit) }
    writerInterrupt = writer.interruptHandle
    self.readerConfiguration = readerConfiguration
    self.path = path
    self.configuration = writerConfiguration
    observationBroker.host = self
  }

  // MARK: Reading

  /// Runs `body` in a deferred transaction on a reader connection, which starts by reading:
  /// `body` sees the database as it was then, whatever the writer commits meanwhile.
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    try withReader { db in try Self.read(db, body) }
  }

  /// The async form of ``read(_:)``: concurrent reads run on concurrent threads.
  public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
    async throws -> T
  {
    try await AsyncAccess.perform(on: readQueue) { access in
      try self.withReader { db in try access.run(db) { try Self.read($0, body) } }
    }
  }

  private static func read<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    try db.transaction(.deferred) {
      // A deferred transaction takes its snapshot at its first read: take it now.
      try db.execute(QueryFragment(sql: "SELECT rootpage FROM sqlite_master LIMIT 1"))
      return try body(db)
    }
  }

  private func withReader<T>(_ body: (Database) throws -> T) throws -> T {
    let reader = try takeReader()
    defer { putBack(reader) }
    defer { reader.endAccess() }
    return try body(reader)
  }

  private func takeReader() throws -> Database {
    readers.lock()
    defer { readers.unlock() }
    while idleReaders.isEmpty && readerCount >= configuration.maximumReaderCount {
      readers.wait()
    }
    let reader: Database
    if let idle = idleReaders.popLast() {
      reader = idle
    } else {
      reader = try Database(.file(path), configuration: readerConfiguration)
      readerCount += 1
    }
    activeReaders[ObjectIdentifier(reader)] = reader.interruptHandle
    return reader
  }

  private func putBack(_ reader: Database) {
    readers.lock()
    activeReaders[ObjectIdentifier(reader)] = nil
    idleReaders.append(reader)
    readers.signal()
    readers.unlock()
  }

  // MARK: Writing

  /// Runs `body` in an immediate transaction on the writer: commits when it returns, rolls
  /// back when it throws. Writes are serialized; reads go on meanwhile.
  public func write<T>(_ body: (Database) throws -> T) throws -> T {
    try withWriter { db in try db.transaction(.immediate) { try body(db) } }
  }

  /// Runs `body` with the writer connection and no transaction.
  public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) rethrows -> T {
    try withWriter(body)
  }

  /// The async form of ``write(_:)``.
  public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
    async throws -> T
  {
    try await AsyncAccess.perform(on: writeQueue) { access in
      try self.withWriter { db in
        try access.run(db) { db in try db.transaction(.immediate) { try body(db) } }
      }
    }
  }

  /// The async form of ``writeWithoutTransaction(_:)``.
  public func writeWithoutTransaction<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws -> T
  ) async throws -> T {
    try await AsyncAccess.perform(on: writeQueue) { access in
      try self.withWriter { db in try access.run(db, body) }
    }
  }

  private func withWriter<T>(_ body: (Database) throws -> T) rethrows -> T {
    writerLock.lock()
    defer { writerLock.unlock() }
    defer { writer.endAccess() }
    // Before unlocking: the observations hear of the commits in order.
    defer { writer.reportCommittedChanges(to: observationBroker) }
    return try body(writer)
  }

  // MARK: Interrupting

  /// Interrupts every statement running now, on the writer and on the readers.
  public func interrupt() {
    writerInterrupt.interrupt()
    readers.lock()
    for handle in activeReaders.values { handle.interrupt() }
    readers.unlock()
  }
}

extension DatabasePool: ObservationHost {
  func withObservedWriter(_ body: (Database) -> Void) {
    withWriter(body)
  }

  func withObservedWriterIfIdle(_ body: (Database) -> Void) -> Bool {
    guard writerLock.try() else { return false }
    defer { writerLock.unlock() }
    body(writer)
    return true
  }

  var externalChangesPollingInterval: Double? {
    configuration.externalChangesPollingInterval
  }
}
