import CSQLite
import Foundation
import QuarryCore

/// One connection to an SQLite database.
///
/// A `Database` is not thread-safe: use it from one thread at a time, which is what
/// ``DatabaseQueue`` does for you. It is opened with `SQLITE_OPEN_NOMUTEX`, so SQLite does no
/// locking of its own on each call. Before the process's first connection opens, Quarry turns
/// SQLite's memory statistics off (`SQLITE_CONFIG_MEMSTATUS`), so that connections on several
/// threads don't serialize on SQLite's global statistics mutex; `sqlite3_memory_used()` then
/// reports nothing.
///
/// ```swift
/// let db = try Database()                       // in memory
/// try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)")
/// let count = try #sql("SELECT count(*) FROM t", as: Int.self).fetchOne(db)
/// ```
public final class Database {
  /// Where a database lives.
  public enum Location: Sendable, Hashable {
    /// A private database in memory, gone when the connection closes.
    case inMemory
    /// A private database in a temporary file, deleted when the connection closes.
    case temporary
    /// A database file at a path, created if missing (unless read-only).
    case file(String)

    var path: String {
      switch self {
      case .inMemory: return ":memory:"
      case .temporary: return ""
      case .file(let path): return path
      }
    }
  }

  /// The `sqlite3` connection handle.
  @usableFromInline let handle: OpaquePointer
  /// Where the database lives.
  public let location: Location
  /// How the connection was opened.
  public let configuration: Configuration
  // The connection is used from one thread at a time (the type is not Sendable), so runtime
  // exclusivity checks on these hot properties only cost time.
  @exclusivity(unchecked)
  @usableFromInline var statementCache: [StatementKey: PreparedStatement] = [:]
  /// The statement used last, checked before the cache: a loop running one query compares
  /// strings (often the very same storage) instead of hashing them.
  @exclusivity(unchecked)
  @usableFromInline var lastStatement: PreparedStatement?
  /// The closures SQLite calls back (busy handler, tracing), kept alive with the connection.
  let hooks: ConnectionHooks

  /// Opens a connection.
  public init(_ location: Location = .inMemory, configuration: Configuration = Configuration())
    throws
  {
    var flags = SQLITE_OPEN_NOMUTEX
    flags |=
      configuration.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    Database.configureSQLiteOnce
    var connection: OpaquePointer?
    let code = sqlite3_open_v2(location.path, &connection, flags, nil)
    guard code == SQLITE_OK, let connection else {
      let error = DatabaseError(connection: connection, resultCode: code, sql: nil)
      sqlite3_close_v2(connection)
      throw DatabaseError(
        resultCode: error.extendedResultCode,
        message:
          "cannot open database at \(location.path.isEmpty ? "a temporary file" : location.path): \(error.message)"
      )
    }
    self.handle = connection
    self.location = location
    self.configuration = configuration
    self.hooks = ConnectionHooks(configuration)
    // A failure from here on runs `deinit`, which closes the connection.
    try setUp()
  }

  /// Opens a connection to the database file at `path`.
  public convenience init(path: String, configuration: Configuration = Configuration()) throws {
    try self.init(.file(path), configuration: configuration)
  }

  deinit {
    lastStatement = nil
    statementCache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// Configures SQLite for the process before its first connection opens: memory statistics
  /// off, so that allocations on concurrent connections don't all take SQLite's one global
  /// statistics mutex (the C library's allocator is thread-safe on its own). Has no effect when
  /// something else in the process initialized SQLite first.
  static let configureSQLiteOnce: Void = {
    _ = quarry_sqlite3_config_memstatus(0)
  }()

  // MARK: Running SQL

  /// Runs a statement with its bindings, discarding any rows. SQL holding several statements
  /// (a migration written with `#sql`) runs them in order, the bindings filling their
  /// placeholders in turn.
  public func execute(_ fragment: QueryFragment) throws {
    let prepared: PreparedStatement?
    do {
      prepared = try cachedStatement(for: fragment)
    } catch let error as DatabaseError where error.message == DatabaseError.severalStatements {
      return try execute(sql: fragment.sql, arguments: StatementArguments(fragment.bindings))
    }
    guard let statement = prepared else { return }
    defer { statement.reset() }
    var step = sqlite3_step(statement.handle)
    while step == SQLITE_ROW { step = sqlite3_step(statement.handle) }
    guard step == SQLITE_DONE else { throw stepError(step, statement, fragment.bindings) }
  }

  /// Runs one statement and decodes every row with `decodeRow`.
  @inlinable
  public func fetchAll<Row>(
    _ fragment: QueryFragment, decodeRow: (inout SQLiteQueryDecoder) throws -> Row
  ) throws -> [Row] {
    guard let statement = try cachedStatement(for: fragment) else { return [] }
    defer { statement.reset() }
    var rows: [Row] = []
    while true {
      let step = sqlite3_step(statement.handle)
      guard step == SQLITE_ROW else {
        guard step == SQLITE_DONE else { throw stepError(step, statement, fragment.bindings) }
        return rows
      }
      var decoder = SQLiteQueryDecoder(statement)
      do {
        rows.append(try decodeRow(&decoder))
      } catch let error as QueryDecodingError {
        throw decoder.locate(error)
      }
    }
  }

  /// Runs one statement and decodes its first row, or returns nil when there is none.
  @inlinable
  public func fetchOne<Row>(
    _ fragment: QueryFragment, decodeRow: (inout SQLiteQueryDecoder) throws -> Row
  ) throws -> Row? {
    guard let statement = try cachedStatement(for: fragment) else { return nil }
    defer { statement.reset() }
    let step = sqlite3_step(statement.handle)
    guard step == SQLITE_ROW else {
      guard step == SQLITE_DONE else { throw stepError(step, statement, fragment.bindings) }
      return nil
    }
    var decoder = SQLiteQueryDecoder(statement)
    do {
      return try decodeRow(&decoder)
    } catch let error as QueryDecodingError {
      throw decoder.locate(error)
    }
  }

  // MARK: Statements

  /// A prepared statement for `fragment`'s SQL, from the cache when possible, with its bindings
  /// bound; nil when the SQL holds no statement (only whitespace or comments).
  @usableFromInline
  func cachedStatement(for fragment: QueryFragment) throws -> PreparedStatement? {
    guard let statement = try cachedStatement(utf8: fragment.utf8) else { return nil }
    do {
      try statement.bind(fragment.bindings)
    } catch {
      statement.reset()
      throw error
    }
    statement.isBusy = true
    return statement
  }

  /// A prepared statement for `utf8`, from the cache when possible, not bound yet; nil when the
  /// SQL holds no statement. The last statement used is compared first (often the very same
  /// bytes, compared by identity), so a loop running one statement never hashes its text.
  @usableFromInline
  func cachedStatement(utf8: [UInt8]) throws -> PreparedStatement? {
    if let last = lastStatement, !last.isBusy, last.utf8 == utf8 {
      return last
    }
    let key = StatementKey(utf8)
    if let cached = statementCache[key], !cached.isBusy {
      lastStatement = cached
      return cached
    }
    guard let prepared = try prepare(utf8: utf8) else { return nil }
    if statementCache[key] == nil {
      statementCache[key] = prepared
      lastStatement = prepared
    }
    return prepared
  }

  /// Runs the statement `utf8` with the values of `rows`, bound straight from the rows.
  @usableFromInline
  func execute(utf8: [UInt8], rows: InsertRows) throws {
    guard let statement = try cachedStatement(utf8: utf8) else { return }
    defer { statement.reset() }
    try statement.bind(rows)
    statement.isBusy = true
    var step = sqlite3_step(statement.handle)
    while step == SQLITE_ROW { step = sqlite3_step(statement.handle) }
    guard step == SQLITE_DONE else { throw stepError(step, statement, rows.queryBindings) }
  }

  /// Compiles one SQL statement; nil when `sql` holds none.
  public func prepare(sql: String) throws -> PreparedStatement? {
    try prepare(utf8: Array(sql.utf8))
  }

  /// Compiles one SQL statement given as UTF-8; nil when it holds none. SQL holding more than
  /// one statement is an error (``DatabaseError/severalStatements``), never silently cut short.
  @usableFromInline
  func prepare(utf8: [UInt8]) throws -> PreparedStatement? {
    var statement: OpaquePointer?
    var hasMore = false
    let code = utf8.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { text in
        var tail: UnsafePointer<CChar>?
        let code = sqlite3_prepare_v3(
          handle, text.baseAddress, Int32(text.count), UInt32(SQLITE_PREPARE_PERSISTENT),
          &statement, &tail)
        if code == SQLITE_OK, let base = text.baseAddress, let tail, tail < base + text.count {
          // Whatever follows must be blank or comments: prepare it to find out. (It may fail
          // to prepare because it needs what the first statement creates: that is more SQL.)
          var next: OpaquePointer?
          let nextCode = sqlite3_prepare_v2(
            handle, tail, Int32(base + text.count - tail), &next, nil)
          hasMore = nextCode != SQLITE_OK || next != nil
          sqlite3_finalize(next)
        }
        return code
      }
    }
    let sql = { String(decoding: utf8, as: UTF8.self) }
    guard code == SQLITE_OK else {
      sqlite3_finalize(statement)
      throw DatabaseError(connection: handle, resultCode: code, sql: sql())
    }
    guard !hasMore else {
      sqlite3_finalize(statement)
      throw DatabaseError(
        resultCode: DatabaseError.misuse, message: DatabaseError.severalStatements, sql: sql())
    }
    guard let statement else { return nil }
    return PreparedStatement(handle: statement, connection: handle, utf8: utf8)
  }

  @usableFromInline
  func stepError(_ code: Int32, _ statement: PreparedStatement, _ arguments: [QueryBinding])
    -> DatabaseError
  {
    DatabaseError(connection: handle, resultCode: code, sql: statement.sql, arguments: arguments)
  }

  // MARK: Connection state

  /// The rowid of the last row inserted on this connection.
  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  public var changesCount: Int { Int(sqlite3_changes64(handle)) }

  /// The number of rows changed since the connection opened.
  public var totalChangesCount: Int { Int(sqlite3_total_changes64(handle)) }

  /// Whether a transaction is open.
  public var isInsideTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}

/// The statement cache's key: SQL text as UTF-8, hashed as one block of bytes (an array of
/// bytes would otherwise be hashed byte by byte).
@usableFromInline
struct StatementKey: Hashable {
  @usableFromInline let utf8: [UInt8]

  @inlinable
  init(_ utf8: [UInt8]) { self.utf8 = utf8 }

  @inlinable
  func hash(into hasher: inout Hasher) {
    utf8.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
