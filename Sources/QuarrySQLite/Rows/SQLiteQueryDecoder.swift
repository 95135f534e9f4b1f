import CSQLite
import QuarryCore

/// Decodes the current row of an SQLite statement, column by column, straight from SQLite.
///
/// Each column costs one `sqlite3_column_value` call; its type and value are then read from
/// the returned value, which (unlike the `sqlite3_column_*` accessors) takes no locks.
public struct SQLiteQueryDecoder: QueryDecoder {
  @usableFromInline unowned(unsafe) let statement: PreparedStatement
  @usableFromInline let handle: OpaquePointer
  @usableFromInline let columnCount: Int32
  /// The index of the next column to read.
  @usableFromInline var column: Int32 = 0

  @inlinable
  init(_ statement: PreparedStatement) {
    self.statement = statement
    self.handle = statement.handle
    self.columnCount = statement.columnCount
  }

  /// The next column's value, failing when the row has no more columns.
  @inlinable
  func nextValue(_ expected: @autoclosure () -> String) throws -> OpaquePointer {
    guard column < columnCount, let value = sqlite3_column_value(handle, column) else {
      throw missingColumn(expected: expected())
    }
    return value
  }

  @inlinable
  public mutating func decodeNil() throws -> Bool {
    guard sqlite3_value_type(try nextValue("a value")) == SQLITE_NULL else { return false }
    column += 1
    return true
  }

  @inlinable
  public mutating func decodeNil(columns count: Int) throws -> Bool {
    let end = column + Int32(count)
    guard end <= columnCount else { throw missingColumn(expected: "\(count) columns") }
    for index in column..<end where sqlite3_column_type(handle, index) != SQLITE_NULL {
      return false
    }
    column = end
    return true
  }

  @inlinable
  public mutating func decode(_ type: Int64.Type) throws -> Int64 {
    let value = try nextValue("Int64")
    guard sqlite3_value_type(value) == SQLITE_INTEGER else { throw mismatch(expected: "Int64") }
    column += 1
    return sqlite3_value_int64(value)
  }

  @inlinable
  public mutating func decode(_ type: Int.Type) throws -> Int {
    let value = try nextValue("Int")
    guard sqlite3_value_type(value) == SQLITE_INTEGER else { throw mismatch(expected: "Int") }
    column += 1
    return Int(sqlite3_value_int64(value))
  }

  @inlinable
  public mutating func decode(_ type: Double.Type) throws -> Double {
    let value = try nextValue("Double")
    let storage = sqlite3_value_type(value)
    guard storage == SQLITE_FLOAT || storage == SQLITE_INTEGER else {
      throw mismatch(expected: "Double")
    }
    column += 1
    return sqlite3_value_double(value)
  }

  @inlinable
  public mutating func decode(_ type: String.Type) throws -> String {
    let value = try nextValue("String")
    guard sqlite3_value_type(value) == SQLITE_TEXT else { throw mismatch(expected: "String") }
    column += 1
    guard let text = sqlite3_value_text(value) else { return "" }
    let count = Int(sqlite3_value_bytes(value))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  @inlinable
  public mutating func decode(_ type: [UInt8].Type) throws -> [UInt8] {
    let value = try nextValue("[UInt8]")
    guard sqlite3_value_type(value) == SQLITE_BLOB else { throw mismatch(expected: "[UInt8]") }
    column += 1
    guard let bytes = sqlite3_value_blob(value) else { return [] }
    let count = Int(sqlite3_value_bytes(value))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  @inlinable
  public mutating func decode(_ type: Bool.Type) throws -> Bool {
    let value = try nextValue("Bool")
    guard sqlite3_value_type(value) == SQLITE_INTEGER else { throw mismatch(expected: "Bool") }
    column += 1
    return sqlite3_value_int64(value) != 0
  }

  /// Reads JSON text, or JSONB (a blob) as JSON text.
  public mutating func decodeJSON() throws -> String {
    let value = try nextValue("JSON")
    guard sqlite3_value_type(value) == SQLITE_BLOB else { return try decode(String.self) }
    let bytes = UnsafeRawBufferPointer(
      start: sqlite3_value_blob(value), count: Int(sqlite3_value_bytes(value)))
    do {
      let json = try JSONB.json(bytes)
      column += 1
      return json
    } catch {
      throw notJSONB(error)
    }
  }

  // MARK: Errors (kept out of line)

  func notJSONB(_ error: JSONBError) -> QueryDecodingError {
    QueryDecodingError(
      column: Int(column), columnName: columnName(column), expectedType: "JSONB",
      found: describeValue() + ", " + error.message, sql: statement.sql)
  }

  @usableFromInline
  func mismatch(expected: String) -> QueryDecodingError {
    QueryDecodingError(
      column: Int(column), columnName: columnName(column), expectedType: expected,
      found: describeValue(), sql: statement.sql)
  }

  @usableFromInline
  func missingColumn(expected: String) -> QueryDecodingError {
    QueryDecodingError(
      column: Int(column), expectedType: expected,
      found: "no such column: the row has \(columnCount) column\(columnCount == 1 ? "" : "s")",
      sql: statement.sql)
  }

  /// Adds the column and statement to an error thrown by a type's own decoding (such as an
  /// enum raw value with no case): it concerns the column read last.
  @usableFromInline
  func locate(_ error: QueryDecodingError) -> QueryDecodingError {
    var error = error
    if error.column == nil {
      let last = max(column - 1, 0)
      error.column = Int(last)
      error.columnName = columnName(last)
    }
    if error.sql == nil { error.sql = statement.sql }
    return error
  }

  private func columnName(_ index: Int32) -> String? {
    sqlite3_column_name(handle, index).map { String(cString: $0) }
  }

  private func describeValue() -> String {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_NULL: return "NULL"
    case SQLITE_INTEGER: return "INTEGER \(sqlite3_column_int64(handle, column))"
    case SQLITE_FLOAT: return "REAL \(sqlite3_column_double(handle, column))"
    case SQLITE_TEXT:
      let text = sqlite3_column_text(handle, column).map { String(cString: $0) } ?? ""
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "TEXT \(QueryBinding.text(shown).sqlLiteral)"
    default: return "BLOB of \(sqlite3_column_bytes(handle, column)) bytes"
    }
  }
}

/// Decodes the current row of a statement whose result columns have types the database
/// guarantees (``ColumnTypes``: a STRICT table's `NOT NULL` columns, read directly): those
/// columns are read with one `sqlite3_column_*` call and no type check; the others as
/// ``SQLiteQueryDecoder`` reads them. A type of its own, so that the decoding of every other
/// statement stays exactly as small.
@usableFromInline
struct SQLiteKnownTypesDecoder: QueryDecoder {
  @usableFromInline var base: SQLiteQueryDecoder
  /// One storage class per result column, 0 where none is guaranteed.
  @usableFromInline let knownTypes: UnsafeMutablePointer<Int32>

  @inlinable
  init(_ statement: PreparedStatement, knownTypes: UnsafeMutablePointer<Int32>) {
    base = SQLiteQueryDecoder(statement)
    self.knownTypes = knownTypes
  }

  /// The index of the next column, when the database guarantees it holds `storageClass`.
  @inlinable
  func known(_ storageClass: Int32) -> Int32? {
    let column = base.column
    guard column < base.columnCount, knownTypes[Int(column)] == storageClass else { return nil }
    return column
  }

  @inlinable
  mutating func decodeNil() throws -> Bool {
    if base.column < base.columnCount, knownTypes[Int(base.column)] != 0 { return false }
    return try base.decodeNil()
  }

  @inlinable
  mutating func decodeNil(columns count: Int) throws -> Bool {
    try base.decodeNil(columns: count)
  }

  @inlinable
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    guard let column = known(SQLITE_INTEGER) else { return try base.decode(type) }
    base.column += 1
    return sqlite3_column_int64(base.handle, column)
  }

  @inlinable
  mutating func decode(_ type: Int.Type) throws -> Int {
    guard let column = known(SQLITE_INTEGER) else { return try base.decode(type) }
    base.column += 1
    return Int(sqlite3_column_int64(base.handle, column))
  }

  @inlinable
  mutating func decode(_ type: Double.Type) throws -> Double {
    guard let column = known(SQLITE_FLOAT) else { return try base.decode(type) }
    base.column += 1
    return sqlite3_column_double(base.handle, column)
  }

  @inlinable
  mutating func decode(_ type: String.Type) throws -> String {
    guard let column = known(SQLITE_TEXT) else { return try base.decode(type) }
    base.column += 1
    // The text first, then its length (the order SQLite documents).
    guard let text = sqlite3_column_text(base.handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(base.handle, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  @inlinable
  mutating func decode(_ type: [UInt8].Type) throws -> [UInt8] {
    guard let column = known(SQLITE_BLOB) else { return try base.decode(type) }
    base.column += 1
    guard let bytes = sqlite3_column_blob(base.handle, column) else { return [] }
    let count = Int(sqlite3_column_bytes(base.handle, column))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  @inlinable
  mutating func decode(_ type: Bool.Type) throws -> Bool {
    guard let column = known(SQLITE_INTEGER) else { return try base.decode(type) }
    base.column += 1
    return sqlite3_column_int64(base.handle, column) != 0
  }

  @usableFromInline
  mutating func decodeJSON() throws -> String {
    try base.decodeJSON()
  }
}
