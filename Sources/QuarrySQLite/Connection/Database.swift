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
  @usableFromInline package let handle: OpaquePointer
  /// Where the database lives.
  public let location: Location
  /// How the connection was opened.
  public let configuration: Configuration
  // The connection is used from one thread at a time (the type is not Sendable), so runtime
  // exclusivity checks on these hot properties only cost time.
  /// The statements of the user's SQL, by text. At most 256 are kept: the least recently used
  /// makes room for a new one.
  @exclusivity(unchecked)
  @usableFromInline package var statements = StatementCache(capacity: 256, copiesText: true)
  /// Quarry's own statements: the schemas' pre-rendered selects by primary key and one-row
  /// inserts, transaction control, savepoints. A fixed set, kept apart so that the user's
  /// statements never evict them, nor they the user's.
  @exclusivity(unchecked)
  @usableFromInline package var quarryStatements = StatementCache(
    capacity: .max, copiesText: false)
  /// The buffer statements render into, kept between statements: once it has grown to a
  /// statement's size, rendering the next one allocates nothing (``rendered(_:)``).
  @exclusivity(unchecked)
  @usableFromInline package var renderBuffer = QueryFragment()
  /// The closures SQLite calls back (busy handler, tracing), kept alive with the connection.
  let hooks: ConnectionHooks
  /// While an observation fetches on this connection: the tables and columns its statements
  /// read. Nil otherwise, and then statements pay one check.
  @exclusivity(unchecked)
  var recordedReads: ReadRegion?
  /// What the connection's transactions change, while observations watch it; nil otherwise.
  var changeTracker: ChangeTracker?
  /// Keeps a pool writer's WAL small (``Configuration/maximumWALSize``); nil otherwise.
  var walCheckpointer: WALCheckpointer?
  /// Counts the accesses a queue or pool has ended on this connection (``endAccess()``): a
  /// cursor made in one access refuses to step in another, or after its own ended.
  @exclusivity(unchecked)
  var accessGeneration: UInt64 = 0

  /// Ends an access of a queue or pool: the cursors made during it stop stepping.
  @inline(__always)
  func endAccess() { accessGeneration &+= 1 }

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
    statements.removeAll()
    quarryStatements.removeAll()
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

  /// `statement` rendered for SQLite into the connection's render buffer, which the caller
  /// gives back with ``recycle(_:)`` once the statement has run. (A statement rendered while
  /// the buffer is out, from a function the running statement calls, gets a new one.)
  @inlinable
  package func rendered(_ statement: some Statement) -> QueryFragment {
    var fragment = QueryFragment()
    swap(&fragment, &renderBuffer)
    // (Emptied here, where the buffer is held once: in `recycle` the caller still holds it.)
    if !fragment.utf8.isEmpty { fragment.removeAll(keepingCapacity: true) }
    statement.writeStatement(to: &fragment)
    return fragment
  }

  /// Takes back a fragment ``rendered(_:)`` made, as the next statement's buffer: unless it is
  /// a schema's pre-rendered statement, whose text the schema shares, or a large one (a bulk
  /// insert), whose storage the connection would otherwise keep for good.
  @inlinable
  package func recycle(_ fragment: consuming QueryFragment) {
    guard fragment.preRendered == nil, fragment.text.capacity <= 1 << 16,
      fragment.values.capacity <= 1 << 12
    else { return }
    renderBuffer = fragment
  }

  /// Runs a statement with its bindings, discarding any rows. SQL holding several statements
  /// (a migration written with `#sql`) runs them in order, the bindings filling their
  /// placeholders in turn.
  public func execute(_ fragment: QueryFragment) throws {
    switch try preparation(for: fragment) {
    case .empty:
      return
    case .statement(let statement):
      try statement.start(fragment.values)
      try statement.run(reporting: fragment.values)
    case .several:
      try executeEach(utf8: fragment.text, arguments: StatementArguments(fragment.values))
    }
  }

  /// Runs one statement and decodes every row with `decodeRow`.
  @inlinable
  public func fetchAll<Row>(
    _ fragment: QueryFragment, decodeRow: (inout SQLiteQueryDecoder) throws -> Row
  ) throws -> [Row] {
    guard let statement = try startedStatement(for: fragment, columnsOf: nil) else { return [] }
    return try rows(of: statement, fragment, learnColumnTypes: false, decodeRow: decodeRow)
  }

  /// Runs one statement and decodes its first row, or returns nil when there is none.
  @inlinable
  public func fetchOne<Row>(
    _ fragment: QueryFragment, decodeRow: (inout SQLiteQueryDecoder) throws -> Row
  ) throws -> Row? {
    guard let statement = try startedStatement(for: fragment, columnsOf: nil) else {
      return nil
    }
    defer { statement.reset() }
    guard try statement.step(reporting: fragment.values) else { return nil }
    var decoder = SQLiteQueryDecoder(statement)
    do {
      return try decodeRow(&decoder)
    } catch let error as QueryDecodingError {
      throw decoder.locate(error)
    }
  }

  /// Runs one statement that reads the columns of `table` directly
  /// (``Statement/resultColumnsTable``) and decodes every row: with `decodeKnownRow`, which
  /// trusts the types the database guarantees, once the statement learned that it guarantees
  /// some; with `decodeRow`, which checks every column, until then.
  @inlinable
  func fetchAll<Row>(
    _ fragment: QueryFragment, columnsOf table: String,
    decodeRow: (inout SQLiteQueryDecoder) throws -> Row,
    decodeKnownRow: (inout SQLiteKnownTypesDecoder) throws -> Row
  ) throws -> [Row] {
    guard let statement = try startedStatement(for: fragment, columnsOf: table) else {
      return []
    }
    guard statement.mayKnowColumnTypes else {
      return try rows(of: statement, fragment, learnColumnTypes: true, decodeRow: decodeRow)
    }
    return try knownRows(of: statement, fragment, decodeKnownRow: decodeKnownRow)
  }

  /// Steps `statement`, started, to its end and decodes every row, trusting the column types
  /// the database guarantees; then resets it.
  @inlinable
  func knownRows<Row>(
    of statement: PreparedStatement, _ fragment: QueryFragment,
    decodeKnownRow: (inout SQLiteKnownTypesDecoder) throws -> Row
  ) throws -> [Row] {
    defer { statement.reset() }
    var rows: [Row] = []
    // Known once the first row is there: that step re-prepares a statement the schema changed
    // (and the types learned again may then be none: every column is checked).
    guard try statement.step(reporting: fragment.values) else { return rows }
    let knownTypes = statement.currentColumnTypes(in: self)
    repeat {
      var decoder = SQLiteKnownTypesDecoder(statement, knownTypes: knownTypes)
      do {
        rows.append(try decodeKnownRow(&decoder))
      } catch let error as QueryDecodingError {
        throw decoder.base.locate(error)
      }
    } while try statement.step(reporting: fragment.values)
    return rows
  }

  /// Steps `statement`, started, to its end and decodes every row, checking every column; then
  /// resets it. With `learnColumnTypes`, learns the types the database guarantees for its
  /// columns, for the next run.
  @inlinable @inline(__always)
  func rows<Row>(
    of statement: PreparedStatement, _ fragment: QueryFragment, learnColumnTypes: Bool,
    decodeRow: (inout SQLiteQueryDecoder) throws -> Row
  ) throws -> [Row] {
    defer { statement.reset() }
    var rows: [Row] = []
    while try statement.step(reporting: fragment.values) {
      var decoder = SQLiteQueryDecoder(statement)
      do {
        rows.append(try decodeRow(&decoder))
      } catch let error as QueryDecodingError {
        throw decoder.locate(error)
      }
    }
    if learnColumnTypes { statement.learnColumnTypes(in: self) }
    return rows
  }

  /// Runs one statement that reads the columns of `table` directly and decodes its first row,
  /// or returns nil when there is none: as ``fetchAll(_:columnsOf:decodeRow:decodeKnownRow:)``.
  @inlinable
  func fetchOne<Row>(
    _ fragment: QueryFragment, columnsOf table: String,
    decodeRow: (inout SQLiteQueryDecoder) throws -> Row,
    decodeKnownRow: (inout SQLiteKnownTypesDecoder) throws -> Row
  ) throws -> Row? {
    guard let statement = try startedStatement(for: fragment, columnsOf: table) else {
      return nil
    }
    defer { statement.reset() }
    guard try statement.step(reporting: fragment.values) else { return nil }
    if statement.mayKnowColumnTypes {
      var decoder = SQLiteKnownTypesDecoder(
        statement, knownTypes: statement.currentColumnTypes(in: self))
      do {
        return try decodeKnownRow(&decoder)
      } catch let error as QueryDecodingError {
        throw decoder.base.locate(error)
      }
    }
    var decoder = SQLiteQueryDecoder(statement)
    let row: Row
    do {
      row = try decodeRow(&decoder)
    } catch let error as QueryDecodingError {
      throw decoder.locate(error)
    }
    statement.learnColumnTypes(in: self)
    return row
  }

  /// Runs the schema's pre-rendered one-row insert `utf8` with the values of `rows`, bound
  /// straight from the rows.
  @usableFromInline
  func executeInsert(utf8: [UInt8], rows: InsertRows) throws {
    guard case .statement(let statement) = try quarryStatements.statement(for: utf8, on: self)
    else { return }
    try statement.start(rows)
    try statement.run(reporting: rows.queryBindings)
  }

  // MARK: Statements

  /// What `fragment`'s SQL holds, from the statement cache it belongs to: Quarry's own for a
  /// schema's pre-rendered statement, the user's for the rest. Not bound yet.
  @usableFromInline
  func preparation(for fragment: QueryFragment) throws -> Preparation {
    let preparation =
      fragment.preRendered == nil
      ? try statements.statement(for: fragment.text, on: self)
      : try quarryStatements.statement(for: fragment.text, on: self)
    if recordedReads != nil { recordReads(of: preparation) }
    return preparation
  }

  /// The statement for `fragment`, bound and busy until it is reset; nil when the SQL holds no
  /// statement. SQL holding several statements is an error: only ``execute(_:)`` runs them.
  /// `table`: the table whose columns, read directly, are all the result columns, if known.
  @usableFromInline
  func startedStatement(for fragment: QueryFragment, columnsOf table: String?) throws
    -> PreparedStatement?
  {
    switch try preparation(for: fragment) {
    case .empty:
      return nil
    case .statement(let statement):
      try statement.start(fragment.values)
      if let table { statement.readsColumns(of: table) }
      return statement
    case .several:
      throw DatabaseError.severalStatements(
        sql: fragment.sql, arguments: fragment.values,
        showsArguments: configuration.showsArgumentsInErrors)
    }
  }

  /// Compiles one SQL statement; nil when `sql` holds none. SQL holding more than one statement
  /// is an error (``DatabaseError/severalStatements``), never silently cut short.
  public func prepare(sql: String) throws -> PreparedStatement? {
    let preparation = try prepare(utf8: Array(sql.utf8))
    if recordedReads != nil { recordReads(of: preparation) }
    switch preparation {
    case .empty: return nil
    case .statement(let statement): return statement
    case .several: throw DatabaseError.severalStatements(sql: sql, arguments: [])
    }
  }

  /// Compiles the first statement of `utf8` and tells what the text holds: no statement, one,
  /// or several.
  func prepare(utf8: [UInt8]) throws -> Preparation {
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
    guard code == SQLITE_OK else {
      sqlite3_finalize(statement)
      throw DatabaseError(
        connection: handle, resultCode: code, sql: String(decoding: utf8, as: UTF8.self))
    }
    guard !hasMore else {
      sqlite3_finalize(statement)
      return .several
    }
    guard let statement else { return .empty }
    return .statement(
      PreparedStatement(
        handle: statement, connection: handle, utf8: utf8,
        showsArgumentsInErrors: configuration.showsArgumentsInErrors))
  }

  /// Runs SQL holding several statements, one after the other, each taking its positional
  /// arguments in turn and the named ones it names. The statements are not cached.
  func executeEach(utf8: [UInt8], arguments: StatementArguments) throws {
    if recordedReads != nil { recordReads(of: .several) }
    var position = 0
    try utf8.withUnsafeBufferPointer { bytes in
      try bytes.withMemoryRebound(to: CChar.self) { buffer in
        guard let base = buffer.baseAddress else { return }
        var start = base
        let end = base + buffer.count
        while start < end {
          let statementStart = start
          var handle: OpaquePointer?
          var tail: UnsafePointer<CChar>?
          let code = sqlite3_prepare_v2(self.handle, start, Int32(end - start), &handle, &tail)
          // After a failure the tail is unreliable: report the rest of the text.
          let next = code == SQLITE_OK ? tail ?? end : end
          let text = Array(UnsafeRawBufferPointer(start: start, count: next - start))
          start = next
          guard code == SQLITE_OK else {
            sqlite3_finalize(handle)
            throw DatabaseError(
              connection: self.handle, resultCode: code, sql: trimmed(text),
              arguments: arguments.all, showsArguments: configuration.showsArgumentsInErrors)
          }
          guard let handle else {
            // Only whitespace or a comment was left, or a NUL byte: SQLite reads no further
            // than one (as when it prepares a single statement), so neither does this loop.
            if next == statementStart { break }
            continue
          }
          let statement = PreparedStatement(
            handle: handle, connection: self.handle, utf8: Array(trimmed(text).utf8),
            showsArgumentsInErrors: configuration.showsArgumentsInErrors)
          try statement.bind(arguments, position: &position)
          statement.isBusy = true
          try statement.run(reporting: arguments.all)
        }
      }
    }
    guard position == arguments.positional.count else {
      throw DatabaseError(
        resultCode: DatabaseError.misuse,
        message:
          "the SQL has \(position) positional parameters but \(arguments.positional.count) values were given",
        sql: String(decoding: utf8, as: UTF8.self), arguments: arguments.all,
        showsArguments: configuration.showsArgumentsInErrors)
    }
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

  /// The heap memory, in bytes, that this connection's page cache holds
  /// (`SQLITE_DBSTATUS_CACHE_USED`) and that its prepared statements hold
  /// (`SQLITE_DBSTATUS_STMT_USED`). For the soak tool's memory report.
  package var memoryUsed: (pageCache: Int, statements: Int) {
    var current: Int32 = 0
    var highwater: Int32 = 0
    sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highwater, 0)
    let pageCache = Int(current)
    sqlite3_db_status(handle, SQLITE_DBSTATUS_STMT_USED, &current, &highwater, 0)
    return (pageCache, Int(current))
  }
}

/// `utf8` as text, without leading and trailing whitespace.
private func trimmed(_ utf8: [UInt8]) -> String {
  var text = Substring(String(decoding: utf8, as: UTF8.self))
  while let first = text.first, first.isWhitespace { text.removeFirst() }
  while let last = text.last, last.isWhitespace { text.removeLast() }
  return String(text)
}
