import CSQLite

extension Database {
  /// Stops the statement running on this connection: it fails with `SQLITE_INTERRUPT`.
  ///
  /// Other threads cannot reach a `Database`; call ``DatabaseQueue/interrupt()`` or
  /// ``DatabasePool/interrupt()`` from there, or cancel the task of an async access.
  public func interrupt() {
    sqlite3_interrupt(handle)
  }

  /// The connection handle, for interrupting from another thread.
  var interruptHandle: InterruptHandle { InterruptHandle(connection: handle) }
}

/// A connection handle that other threads may use for one thing: `sqlite3_interrupt`, which
/// SQLite documents as safe to call from any thread while the connection is open.
///
/// `@unchecked Sendable`: the pointer never changes, and the owner of the connection keeps it
/// open for as long as the handle is used.
struct InterruptHandle: @unchecked Sendable {
  let connection: OpaquePointer

  func interrupt() { sqlite3_interrupt(connection) }
}

extension DatabaseError {
  /// `SQLITE_INTERRUPT`: the statement was interrupted.
  public static let interrupt: Int32 = SQLITE_INTERRUPT
}
