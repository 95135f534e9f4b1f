import Foundation
import QuarryCore

/// A database connection that many threads can share: every access is serialized.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "/path/to/db.sqlite")
/// try queue.write { db in try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db) }
/// let reminders = try queue.read { db in try Reminder.all.fetchAll(db) }
/// let count = try await queue.read { db in try Reminder.count().fetchOne(db) }
/// ```
public final class DatabaseQueue: DatabaseWriter, @unchecked Sendable {
  // `database` is only touched while `lock` is held, which is what makes the class Sendable.
  // (`interruptHandle` is immutable and safe from any thread.)
  private let database: Database
  private let lock = NSRecursiveLock()
  private let interruptHandle: InterruptHandle
  /// Where async accesses wait for the lock, off Swift's cooperative threads.
  private let dispatchQueue = DispatchQueue(label: "Quarry.DatabaseQueue")

  /// How the connection is configured.
  public let configuration: Configuration
  /// The live observations of the database.
  let observationBroker = ObservationBroker()

  /// Opens a queue on a database.
  public init(
    _ location: Database.Location = .inMemory, configuration: Configuration = Configuration()
  ) throws {
    database = try Database(location, configuration: configuration)
    interruptHandle = database.interruptHandle
    self.configuration = configuration
    observationBroker.host = self
  }

  /// Opens a queue on the database file at `path`.
  public convenience init(path: String, configuration: Configuration = Configuration()) throws {
    try self.init(.file(path), configuration: configuration)
  }

  /// Runs `body` in a transaction that cannot write: reads see one consistent state.
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    try withDatabase { db in try Self.read(db, body) }
  }

  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
  public func write<T>(_ body: (Database) throws -> T) throws -> T {
    try withDatabase { db in try db.transaction(.immediate) { try body(db) } }
  }

  /// Runs `body` with the connection and no transaction: each statement commits on its own.
  public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) rethrows -> T {
    try withDatabase(body)
  }

  /// The async form of ``read(_:)``.
  public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
    async throws -> T
  {
    try await AsyncAccess.perform(on: dispatchQueue) { access in
      try self.withDatabase { db in try access.run(db) { try Self.read($0, body) } }
    }
  }

  /// The async form of ``write(_:)``.
  public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
    async throws -> T
  {
    try await AsyncAccess.perform(on: dispatchQueue) { access in
      try self.withDatabase { db in
        try access.run(db) { db in try db.transaction(.immediate) { try body(db) } }
      }
    }
  }

  /// The async form of ``writeWithoutTransaction(_:)``.
  public func writeWithoutTransaction<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws -> T
  ) async throws -> T {
    try await AsyncAccess.perform(on: dispatchQueue) { access in
      try self.withDatabase { db in try access.run(db, body) }
    }
  }

  /// Interrupts the statement running now, from any thread.
  public func interrupt() {
    interruptHandle.interrupt()
  }

  private static func read<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    try db.execute(QueryFragment(sql: "PRAGMA query_only = 1"))
    defer { try? db.execute(QueryFragment(sql: "PRAGMA query_only = 0")) }
    return try db.transaction(.deferred) { try body(db) }
  }

  private func withDatabase<T>(_ body: (Database) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    defer { database.endAccess() }
    // Before unlocking: the observations hear of the commits in order.
    defer { database.reportCommittedChanges(to: observationBroker) }
    return try body(database)
  }
}

extension DatabaseQueue: ObservationHost {
  func withObservedWriter(_ body: (Database) -> Void) {
    withDatabase(body)
  }

  func withObservedWriterIfIdle(_ body: (Database) -> Void) -> Bool {
    guard lock.try() else { return false }
    defer { lock.unlock() }
    body(database)
    return true
  }

  var externalChangesPollingInterval: Double? {
    guard case .file = database.location else { return nil }
    return configuration.externalChangesPollingInterval
  }
}
