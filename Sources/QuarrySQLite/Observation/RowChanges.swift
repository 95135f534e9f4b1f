import QuarryCore

/// One row that a committed transaction inserted, updated or deleted, as SQLite's update hook
/// reports it.
public struct RowChange: Sendable, Hashable {
  /// What happened to the row.
  public enum Kind: Sendable, Hashable {
    /// The row was inserted.
    case insert
    /// The row was updated.
    case update
    /// The row was deleted.
    case delete
  }

  /// The table's name, as its schema spells it.
  public var table: String
  /// What happened to the row.
  public var kind: Kind
  /// The row's `rowid` (the `INTEGER PRIMARY KEY`, when the table has one).
  public var rowID: Int64

  /// Creates a row change.
  public init(table: String, kind: Kind, rowID: Int64) {
    self.table = table
    self.kind = kind
    self.rowID = rowID
  }
}

extension DatabaseWriter {
  /// The rows that committed transactions change in `tables`, without fetching anything: one
  /// element per write that committed changes to them, its rows in the order they changed.
  /// For caches, search indexes and sync.
  ///
  /// ```swift
  /// for await rows in pool.rowChanges(in: Reminder.self) {
  ///   for row in rows where row.kind == .delete { cache.removeValue(forKey: row.rowID) }
  /// }
  /// ```
  ///
  /// Changes rolled back never arrive: neither a transaction that rolls back nor a savepoint
  /// rolled back inside one that commits. Changes are seen on this queue's or pool's writer
  /// only (not those of other connections or processes), and SQLite reports none for
  /// `WITHOUT ROWID` tables. The recording is on when this returns, so a write made after it
  /// is never missed; it waits for a write in progress to end, so don't call it inside one.
  /// Elements are buffered until consumed; cancelling the consuming task ends the sequence.
  public func rowChanges(in tables: any Table.Type...) -> AsyncStream<[RowChange]> {
    rowChanges(inTablesNamed: tables.map { $0.tableName })
  }

  /// The rows that committed transactions change in the tables named `names`: see
  /// ``rowChanges(in:)``.
  public func rowChanges(inTablesNamed names: [String]) -> AsyncStream<[RowChange]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [RowChange].self)
    guard let host = self as? any ObservationHost else {
      continuation.finish()
      return stream
    }
    let broker = host.observationBroker
    let id = broker.subscribeRows(tables: Set(names.map { $0.lowercased() })) { rows in
      continuation.yield(rows)
    }
    continuation.onTermination = { _ in broker.unsubscribeRows(id) }
    return stream
  }
}
