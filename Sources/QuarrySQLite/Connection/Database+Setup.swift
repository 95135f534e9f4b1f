import CSQLite
import Logging

/// What SQLite calls back into for one connection: the busy handler and the trace logger.
///
/// SQLite receives an unretained pointer to this object; the ``Database`` owns it and closes
/// its connection before releasing it.
final class ConnectionHooks {
  let busyHandler: (@Sendable (Int) -> Bool)?
  let logger: Logger?
  let traceLevel: Logger.Level
  let tracesArguments: Bool

  init(_ configuration: Configuration) {
    busyHandler = configuration.busyHandler
    logger = configuration.logger
    traceLevel = configuration.traceLevel
    tracesArguments = configuration.tracesArguments
  }
}

extension Database {
  /// Applies the configuration to a freshly opened connection.
  func setUp() throws {
    sqlite3_extended_result_codes(handle, 1)
    let context = Unmanaged.passUnretained(hooks).toOpaque()
    if hooks.busyHandler != nil {
      sqlite3_busy_handler(
        handle,
        { context, retries in
          guard let context else { return 0 }
          let hooks = Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue()
          return hooks.busyHandler?(Int(retries)) == true ? 1 : 0
        }, context)
    } else {
      sqlite3_busy_timeout(
        handle, Int32(max(0, min(configuration.busyTimeout * 1000, Double(Int32.max)))))
    }
    installTrace()
    if configuration.foreignKeysEnabled {
      try execute(sql: "PRAGMA foreign_keys = ON")
    }
    if let journalMode = configuration.journalMode, !configuration.readOnly {
      let mode = try fetchOne(String.self, sql: "PRAGMA journal_mode = \(journalMode.rawValue)")
      // In-memory databases can only use MEMORY or OFF: SQLite keeps its own mode then.
      if mode?.uppercased() != journalMode.rawValue, location != .inMemory,
        location != .temporary
      {
        throw DatabaseError(
          resultCode: DatabaseError.error,
          message: "cannot set journal mode \(journalMode.rawValue): it is \(mode ?? "unknown")",
          sql: "PRAGMA journal_mode = \(journalMode.rawValue)")
      }
    }
    try configuration.prepareDatabase?(self)
  }
}

extension Database {
  /// Installs the trace callback the connection needs: the logger's, and the change tracker's
  /// while one watches the connection; none when neither does.
  func installTrace() {
    if let tracker = changeTracker {
      sqlite3_trace_v2(
        handle, UInt32(SQLITE_TRACE_STMT),
        { _, context, statement, text in
          guard let context, let statement else { return 0 }
          // Statements run by triggers are reported as `-- comments`: they are the caller's.
          let sql = text?.assumingMemoryBound(to: CChar.self)
          if let sql, sql.pointee == CChar(UInt8(ascii: "-")) { return 0 }
          // The connection keeps the tracker alive while the callback is installed: no retain.
          Unmanaged<ChangeTracker>.fromOpaque(context)._withUnsafeGuaranteedRef { tracker in
            tracker.statementWillRun(OpaquePointer(statement), text: sql)
            if tracker.connectionHooks.logger != nil {
              tracker.connectionHooks.trace(OpaquePointer(statement))
            }
          }
          return 0
        }, Unmanaged.passUnretained(tracker).toOpaque())
    } else if hooks.logger != nil {
      sqlite3_trace_v2(
        handle, UInt32(SQLITE_TRACE_STMT),
        { _, context, statement, text in
          guard let context, let statement else { return 0 }
          // Statements run by triggers are reported as `-- comments`: log the caller only.
          if let text, text.load(as: UInt8.self) == UInt8(ascii: "-") { return 0 }
          let hooks = Unmanaged<ConnectionHooks>.fromOpaque(context).takeUnretainedValue()
          hooks.trace(OpaquePointer(statement))
          return 0
        }, Unmanaged.passUnretained(hooks).toOpaque())
    } else {
      sqlite3_trace_v2(handle, 0, nil, nil)
    }
  }
}

extension ConnectionHooks {
  /// Logs a statement that starts running; arguments stay hidden unless configured otherwise.
  func trace(_ statement: OpaquePointer) {
    guard let logger else { return }
    let text: String
    if tracesArguments, let expanded = sqlite3_expanded_sql(statement) {
      text = String(cString: expanded)
      sqlite3_free(expanded)
    } else if let sql = sqlite3_sql(statement) {
      text = String(cString: sql)
    } else {
      return
    }
    logger.log(level: traceLevel, "\(text)")
  }
}
