import CSQLite
import QuarryCore

/// A compiled SQLite statement, owned by one ``Database`` and reused through its cache.
public final class PreparedStatement {
  /// The `sqlite3_stmt` handle.
  @usableFromInline let handle: OpaquePointer
  @usableFromInline let connection: OpaquePointer
  /// The statement's SQL.
  public let sql: String
  /// The statement's SQL as UTF-8, the key of the statement cache.
  @usableFromInline package let utf8: [UInt8]
  /// The number of result columns.
  @usableFromInline let columnCount: Int32
  /// The number of parameters.
  @usableFromInline let parameterCount: Int32
  /// Set while a fetch is stepping the statement, so a nested use of the same SQL prepares
  /// another statement instead of resetting this one under its feet.
  @exclusivity(unchecked)
  @usableFromInline var isBusy = false
  /// Binds rows' values, made on first use and reused.
  @exclusivity(unchecked)
  var rowBinder: StatementBinder?
  /// The types the database guarantees for the result columns, for a statement that reads a
  /// table's columns directly; nil for other statements.
  @exclusivity(unchecked)
  @usableFromInline var columnTypes: ColumnTypes?
  /// The tables and columns the statement reads, learned from SQLite's authorizer the first
  /// time an observation runs it; nil until then.
  var readRegion: ReadRegion?
  /// Whether errors show the arguments: the connection's
  /// ``Configuration/showsArgumentsInErrors``.
  let showsArgumentsInErrors: Bool

  init(
    handle: OpaquePointer, connection: OpaquePointer, utf8: [UInt8], showsArgumentsInErrors: Bool
  ) {
    self.showsArgumentsInErrors = showsArgumentsInErrors
    self.handle = handle
    self.connection = connection
    self.utf8 = utf8
    self.sql = String(decoding: utf8, as: UTF8.self)
    self.columnCount = sqlite3_column_count(handle)
    self.parameterCount = sqlite3_bind_parameter_count(handle)
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `bindings` to the statement's parameters, in order.
  ///
  /// Fails when the count differs from the number of parameters, or a binding is invalid.
  @usableFromInline
  func bind(_ bindings: [QueryBinding]) throws {
    guard parameterCount == bindings.count else {
      throw countMismatch(bindings)
    }
    for (offset, binding) in bindings.enumerated() {
      try bind(binding, at: Int32(offset + 1), reporting: bindings)
    }
  }

  /// Binds the values of `rows` straight from them, in order.
  ///
  /// Fails when the count differs from the number of parameters, or a value is invalid.
  @usableFromInline
  func bind(_ rows: InsertRows) throws {
    let binder: StatementBinder
    if let existing = rowBinder {
      binder = existing
      binder.index = 0
    } else {
      binder = StatementBinder(statement: self)
      rowBinder = binder
    }
    do {
      try rows.bind(to: binder)
    } catch var error as DatabaseError {
      // The binder reports no arguments: add them, now that something failed.
      error.arguments = rows.queryBindings
      error.showsArguments = showsArgumentsInErrors
      throw error
    }
    guard binder.index == parameterCount else { throw countMismatch(rows.queryBindings) }
  }

  func countMismatch(_ bindings: [QueryBinding]) -> DatabaseError {
    DatabaseError(
      resultCode: SQLITE_MISUSE,
      message:
        "the statement has \(parameterCount) parameters but \(bindings.count) values were given",
      sql: sql, arguments: bindings, showsArguments: showsArgumentsInErrors)
  }

  /// Binds one value to the parameter at `index` (1-based); `arguments` go into errors.
  @inline(__always)
  func bind(
    _ binding: QueryBinding, at index: Int32,
    reporting arguments: @autoclosure () -> [QueryBinding]
  ) throws {
    guard let code = bindValue(binding, to: handle, at: index) else {
      throw invalidBinding(binding, at: index, arguments: arguments())
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(
        connection: connection, resultCode: code, sql: sql, arguments: arguments(),
        showsArguments: showsArgumentsInErrors)
    }
  }

  /// The error for an `.invalid` binding.
  func invalidBinding(_ binding: QueryBinding, at index: Int32, arguments: [QueryBinding])
    -> DatabaseError
  {
    let message: String
    switch binding {
    case .invalid(let error): message = error.message
    case .jsonb(let json):
      do {
        _ = try JSONB.encode(json: json)
        return DatabaseError(connection: connection, resultCode: SQLITE_MISUSE, sql: sql)
      } catch {
        message = "its JSON cannot be stored as JSONB: \(error.message)"
      }
    default: return DatabaseError(connection: connection, resultCode: SQLITE_MISUSE, sql: sql)
    }
    return DatabaseError(
      resultCode: SQLITE_MISUSE, message: "argument \(index) cannot be bound: \(message)",
      sql: sql, arguments: arguments, showsArguments: showsArgumentsInErrors)
  }

  /// The count of ``StatementCache`` uses when the statement stopped being the cache's last
  /// one: the lowest is the least recently used.
  @exclusivity(unchecked)
  var lastUse: UInt64 = 0

  /// Makes the statement ready to run again.
  @usableFromInline
  func reset() {
    sqlite3_reset(handle)
    isBusy = false
  }

  // MARK: Running

  /// Binds `bindings` and marks the statement busy until it is reset; on failure it is reset.
  @usableFromInline
  func start(_ bindings: [QueryBinding]) throws {
    try start { try bind(bindings) }
  }

  /// Binds the values of `rows` and marks the statement busy until it is reset; on failure it
  /// is reset.
  func start(_ rows: InsertRows) throws {
    try start { try bind(rows) }
  }

  /// Binds with `bind` and marks the statement busy until it is reset; on failure it is reset.
  @inline(__always)
  func start(binding bind: () throws -> Void) throws {
    do {
      try bind()
    } catch {
      reset()
      throw error
    }
    isBusy = true
  }

  /// Notes that the statement reads the columns of `table` directly, so that the types the
  /// database guarantees for them can be trusted (see ``ColumnTypes``).
  @inlinable
  func readsColumns(of table: String) {
    // The SQL names the table: a statement never reads another one.
    if columnTypes == nil { makeColumnTypes(table) }
  }

  @usableFromInline
  func makeColumnTypes(_ table: String) {
    columnTypes = ColumnTypes(table: table, columnCount: Int(columnCount))
  }

  /// The storage class known for each result column (0 where none is), as last learned; nil
  /// for a statement that doesn't read a table's columns directly.
  package var knownColumnTypesLearned: [Int32]? {
    columnTypes.map { Array(UnsafeBufferPointer(start: $0.types, count: $0.count)) }
  }

  /// Whether the statement learned, when it last ran, that the database guarantees the type of
  /// some of its columns.
  @inlinable
  var mayKnowColumnTypes: Bool {
    columnTypes?.hasKnownTypes ?? false
  }

  /// The storage class known for each column (0 where none is), for the row the statement has
  /// just stepped to: learned again if SQLite re-prepared the statement since.
  @usableFromInline
  func currentColumnTypes(in db: Database) -> UnsafeMutablePointer<Int32> {
    guard let columnTypes else { preconditionFailure("no column types to learn") }
    _ = columnTypes.current(for: handle, in: db)
    return columnTypes.types
  }

  /// Learns, while the statement is on a row, the types the database guarantees for its
  /// columns, unless they are known for its current preparation already.
  @inlinable
  func learnColumnTypes(in db: Database) {
    // Once is enough here: a statement that knows some types re-checks them on every run
    // (``currentColumnTypes(in:)``); one that knows none only misses a shortcut.
    guard let columnTypes, !columnTypes.isLearned else { return }
    _ = columnTypes.current(for: handle, in: db)
  }

  /// Steps once: true when a row is ready to read, false when the statement is done. An error
  /// carries the statement's SQL and `arguments`.
  @inlinable
  func step(reporting arguments: @autoclosure () -> [QueryBinding]) throws -> Bool {
    let code = sqlite3_step(handle)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw stepError(code, arguments: arguments())
  }

  /// Steps to the end, discarding rows, then resets: every run that keeps no rows.
  @usableFromInline
  func run(reporting arguments: @autoclosure () -> [QueryBinding]) throws {
    defer { reset() }
    while try step(reporting: arguments()) {}
  }

  /// The error of a step that failed with `code`.
  @usableFromInline
  func stepError(_ code: Int32, arguments: [QueryBinding]) -> DatabaseError {
    DatabaseError(
      connection: connection, resultCode: code, sql: sql, arguments: arguments,
      showsArguments: showsArgumentsInErrors)
  }
}

/// Binds values one by one into its statement, counting them.
final class StatementBinder: QueryBinder {
  /// The statement, which owns the binder; only used to report errors.
  unowned(unsafe) let statement: PreparedStatement
  let handle: OpaquePointer
  let parameterCount: Int32
  /// The index of the last parameter bound (1-based).
  @exclusivity(unchecked)
  var index: Int32 = 0

  init(statement: PreparedStatement) {
    self.statement = statement
    self.handle = statement.handle
    self.parameterCount = statement.parameterCount
  }

  func bind(text: String) throws {
    index += 1
    guard index <= parameterCount else { return }
    let code = bindText(text, to: handle, at: index)
    guard code == SQLITE_OK else {
      try statement.bind(.text(text), at: index, reporting: [])
      return
    }
  }

  func bind(_ binding: QueryBinding) throws {
    index += 1
    // Binding past the last parameter would fail with SQLITE_RANGE: report the count instead,
    // once the caller counted them all.
    guard index <= parameterCount else { return }
    guard let code = bindValue(binding, to: handle, at: index), code == SQLITE_OK else {
      // The caller adds the arguments.
      try statement.bind(binding, at: index, reporting: [])
      return
    }
  }
}

/// Binds one value to the parameter at `index` (1-based) of a statement: SQLite's result code,
/// or nil for an `.invalid` binding (or JSON that is not JSON).
@inline(__always)
func bindValue(_ binding: QueryBinding, to handle: OpaquePointer, at index: Int32) -> Int32? {
  switch binding {
  case .null: return sqlite3_bind_null(handle, index)
  case .int(let value): return sqlite3_bind_int64(handle, index, value)
  case .bool(let value): return sqlite3_bind_int64(handle, index, value ? 1 : 0)
  case .double(let value): return sqlite3_bind_double(handle, index, value)
  case .text(let value):
    return bindText(value, to: handle, at: index)
  case .blob(let bytes) where bytes.isEmpty:
    // A null pointer would bind NULL; a zero-length blob is what was asked for.
    return sqlite3_bind_zeroblob(handle, index, 0)
  case .blob(let bytes):
    return bytes.withUnsafeBytes {
      sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transientDestructor)
    }
  case .jsonb(let json):
    guard let bytes = try? JSONB.encode(json: json) else { return nil }
    return bytes.withUnsafeBytes {
      sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transientDestructor)
    }
  case .invalid:
    return nil
  }
}

/// Binds text to the parameter at `index` (1-based) of a statement: SQLite's result code.
@inline(__always)
func bindText(_ value: String, to handle: OpaquePointer, at index: Int32) -> Int32 {
  // Native strings are contiguous UTF-8: bind them in place, without a mutable copy.
  value.utf8.withContiguousStorageIfAvailable {
    sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), transientDestructor)
  }
    ?? {
      var copy = value
      return copy.withUTF8 {
        sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), transientDestructor)
      }
    }()
}

/// Tells SQLite to copy bound text and blobs before the call returns. (Computed: a global
/// constant would be initialized lazily, checked on every use.)
var transientDestructor: sqlite3_destructor_type {
  @inline(__always) get { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
}
