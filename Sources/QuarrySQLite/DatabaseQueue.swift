import Foundation
import QuarryCore

/// A database connection that many threads can share: every access is serialized.
///
/// ```swift
/// let queue = try DatabaseQueue(path: "/path/to/db.sqlite")
/// try queue.write { db in try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db) }
/// let reminders = try queue.read { db in try Reminder.all.fetchAll(db) }
/// ```
public final class DatabaseQueue: @unchecked Sendable {
  // `database` is only touched while `lock` is held, which is what makes the class Sendable.
  private let database: Database
  private let lock = NSRecursiveLock()

  /// Opens a queue on a database.
  public init(
    _ location: Database.Location = .inMemory, configuration: Configuration = Configuration()
  ) throws {
    database = try Database(location, configuration: configuration)
  }

  /// Opens a queue on the database file at `path`.
  public convenience init(path: String, configuration: Configuration = Configuration()) throws {
    try self.init(.file(path), configuration: configuration)
  }

  /// Runs `body` in a transaction that cannot write: reads see one consistent state.
  public func read<T>(_ body: (Database) throws -> T) throws -> T {
    try withDatabase { db in
      try db.execute(QueryFragment(sql: "PRAGMA query_only = 1"))
      defer { try? db.execute(QueryFragment(sql: "PRAGMA query_only = 0")) }
      return try db.transaction(.deferred) { try body(db) }
    }
  }

  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
  public func write<T>(_ body: (Database) throws -> T) throws -> T {
    try withDatabase { db in try db.transaction(.immediate) { try body(db) } }
  }

  /// Runs `body` with the connection and no transaction: each statement commits on its own.
  public func writeWithoutTransaction<T>(_ body: (Database) throws -> T) rethrows -> T {
    try withDatabase(body)
  }

  private func withDatabase<T>(_ body: (Database) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(database)
  }
}
