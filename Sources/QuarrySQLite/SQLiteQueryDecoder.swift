import CSQLite
import QuarryCore

/// Decodes the current row of an SQLite statement, column by column, straight from
/// `sqlite3_column_*`.
public struct SQLiteQueryDecoder: QueryDecoder {
  @usableFromInline let statement: OpaquePointer
  @usableFromInline let columnCount: Int32
  @usableFromInline let sql: String
  /// The index of the next column to read.
  @usableFromInline var column: Int32 = 0

  @inlinable
  init(_ statement: PreparedStatement) {
    self.statement = statement.handle
    self.columnCount = statement.columnCount
    self.sql = statement.sql
  }

  /// The storage class of the next column, failing when the row has no more columns.
  @inlinable
  func nextType(_ expected: @autoclosure () -> String) throws -> Int32 {
    guard column < columnCount else { throw missingColumn(expected: expected()) }
    return sqlite3_column_type(statement, column)
  }

  @inlinable
  public mutating func decodeNil() throws -> Bool {
    guard try nextType("a value") == SQLITE_NULL else { return false }
    column += 1
    return true
  }

  @inlinable
  public mutating func decode(_ type: Int64.Type) throws -> Int64 {
    guard try nextType("Int64") == SQLITE_INTEGER else { throw mismatch(expected: "Int64") }
    defer { column += 1 }
    return sqlite3_column_int64(statement, column)
  }

  @inlinable
  public mutating func decode(_ type: Int.Type) throws -> Int {
    guard try nextType("Int") == SQLITE_INTEGER else { throw mismatch(expected: "Int") }
    defer { column += 1 }
    return Int(sqlite3_column_int64(statement, column))
  }

  @inlinable
  public mutating func decode(_ type: Double.Type) throws -> Double {
    let storage = try nextType("Double")
    guard storage == SQLITE_FLOAT || storage == SQLITE_INTEGER else {
      throw mismatch(expected: "Double")
    }
    defer { column += 1 }
    return sqlite3_column_double(statement, column)
  }

  @inlinable
  public mutating func decode(_ type: String.Type) throws -> String {
    guard try nextType("String") == SQLITE_TEXT else { throw mismatch(expected: "String") }
    defer { column += 1 }
    guard let text = sqlite3_column_text(statement, column) else { return "" }
    let count = Int(sqlite3_column_bytes(statement, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  @inlinable
  public mutating func decode(_ type: [UInt8].Type) throws -> [UInt8] {
    guard try nextType("[UInt8]") == SQLITE_BLOB else { throw mismatch(expected: "[UInt8]") }
    defer { column += 1 }
    guard let bytes = sqlite3_column_blob(statement, column) else { return [] }
    let count = Int(sqlite3_column_bytes(statement, column))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  @inlinable
  public mutating func decode(_ type: Bool.Type) throws -> Bool {
    guard try nextType("Bool") == SQLITE_INTEGER else { throw mismatch(expected: "Bool") }
    defer { column += 1 }
    return sqlite3_column_int64(statement, column) != 0
  }

  // MARK: Errors (kept out of line)

  @usableFromInline
  func mismatch(expected: String) -> QueryDecodingError {
    QueryDecodingError(
      column: Int(column), columnName: columnName(column), expectedType: expected,
      found: describeValue(), sql: sql)
  }

  @usableFromInline
  func missingColumn(expected: String) -> QueryDecodingError {
    QueryDecodingError(
      column: Int(column), expectedType: expected,
      found: "no such column: the row has \(columnCount) column\(columnCount == 1 ? "" : "s")",
      sql: sql)
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
    if error.sql == nil { error.sql = sql }
    return error
  }

  private func columnName(_ index: Int32) -> String? {
    sqlite3_column_name(statement, index).map { String(cString: $0) }
  }

  private func describeValue() -> String {
    switch sqlite3_column_type(statement, column) {
    case SQLITE_NULL: return "NULL"
    case SQLITE_INTEGER: return "INTEGER \(sqlite3_column_int64(statement, column))"
    case SQLITE_FLOAT: return "REAL \(sqlite3_column_double(statement, column))"
    case SQLITE_TEXT:
      let text = sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      return "TEXT \(QueryBinding.text(shown).sqlLiteral)"
    default: return "BLOB of \(sqlite3_column_bytes(statement, column)) bytes"
    }
  }
}
