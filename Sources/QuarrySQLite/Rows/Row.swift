import CSQLite
import QuarryCore

/// One row of a raw SQL query: its values by position and by column name.
///
/// ```swift
/// let row = try db.fetchOne(sql: "SELECT id, title FROM reminders")!
/// row[0]                                   // .int(1)
/// row["title"]                             // .text("Milk")
/// let title = try row.decode(String.self, named: "title")
/// let title: String = try row["title"]    // decoded as the context asks
/// let note: String? = try row[2]          // nil for NULL
/// ```
public struct Row: Hashable, Sendable {
  /// The result columns' names, in order.
  public let columnNames: [String]
  /// The values, in column order.
  public let values: [QueryBinding]

  /// A row with the given names and values (of the same count).
  public init(columnNames: [String], values: [QueryBinding]) {
    precondition(columnNames.count == values.count, "a row needs one name per value")
    self.columnNames = columnNames
    self.values = values
  }

  /// The number of columns.
  public var count: Int { values.count }

  /// The value at a column index.
  public subscript(index: Int) -> QueryBinding { values[index] }

  /// The value of the first column with this name (compared case-insensitively, as SQLite
  /// does), or nil when there is none.
  public subscript(name: String) -> QueryBinding? {
    index(ofColumn: name).map { values[$0] }
  }

  /// The value at a column index, decoded as the type the context asks for:
  /// `let id: Int = try row[0]`, `let note: String? = try row[2]`.
  ///
  /// Never traps: a missing column, a wrong type, or a `NULL` read as a non-optional throws a
  /// `QueryDecodingError` (`found NULL`); read an optional to get nil for `NULL`.
  public subscript<Value: QueryDecodable>(index: Int) -> Value {
    get throws { try decode(Value.self, at: index) }
  }

  /// The value of the column named `name`, decoded as the type the context asks for:
  /// `let title: String = try row["title"]`. Throws as the subscript by index does, and
  /// when there is no such column (even for an optional).
  public subscript<Value: QueryDecodable>(name: String) -> Value {
    get throws { try decode(Value.self, named: name) }
  }

  /// The index of the first column named `name`, compared case-insensitively.
  public func index(ofColumn name: String) -> Int? {
    columnNames.firstIndex { $0 == name }
      ?? columnNames.firstIndex {
        $0.lowercased() == name.lowercased()
      }
  }

  /// Decodes a value (which may span several columns) starting at a column index.
  public func decode<Value: QueryDecodable>(_ type: Value.Type = Value.self, at index: Int)
    throws -> Value
  {
    var decoder = RowDecoder(row: self, column: index)
    do {
      return try Value(decoder: &decoder)
    } catch var error as QueryDecodingError {
      if error.column == nil {
        error.column = index
        error.columnName = columnNames.indices.contains(index) ? columnNames[index] : nil
      }
      throw error
    }
  }

  /// Decodes the value of the column named `name`.
  public func decode<Value: QueryDecodable>(_ type: Value.Type = Value.self, named name: String)
    throws -> Value
  {
    guard let index = index(ofColumn: name) else {
      throw QueryDecodingError(
        columnName: name, expectedType: "\(Value.self)",
        found: "no such column among \(columnNames)")
    }
    return try decode(type, at: index)
  }
}

extension Row: CustomStringConvertible {
  /// `[id: 1, title: 'Milk']`
  public var description: String {
    "[" + zip(columnNames, values).map { "\($0): \($1.sqlLiteral)" }.joined(separator: ", ")
      + "]"
  }
}

/// Decodes a ``Row``'s values in order, starting at one column.
struct RowDecoder: QueryDecoder {
  let row: Row
  var column: Int

  private mutating func next(_ expected: String) throws -> QueryBinding {
    guard column >= 0, column < row.count else {
      throw QueryDecodingError(
        column: column, expectedType: expected, found: "no such column: the row has \(row.count)")
    }
    return row.values[column]
  }

  private func mismatch(_ expected: String) -> QueryDecodingError {
    QueryDecodingError(
      column: column, columnName: row.columnNames[column], expectedType: expected,
      found: describe(row.values[column]))
  }

  mutating func decodeNil() throws -> Bool {
    guard try next("a value") == .null else { return false }
    column += 1
    return true
  }

  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    guard case .int(let value) = try next("Int64") else { throw mismatch("Int64") }
    column += 1
    return value
  }

  mutating func decode(_ type: Int.Type) throws -> Int {
    guard case .int(let value) = try next("Int") else { throw mismatch("Int") }
    column += 1
    return Int(value)
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    switch try next("Double") {
    case .double(let value):
      column += 1
      return value
    case .int(let value):
      column += 1
      return Double(value)
    default: throw mismatch("Double")
    }
  }

  mutating func decode(_ type: String.Type) throws -> String {
    guard case .text(let value) = try next("String") else { throw mismatch("String") }
    column += 1
    return value
  }

  mutating func decode(_ type: [UInt8].Type) throws -> [UInt8] {
    guard case .blob(let value) = try next("[UInt8]") else { throw mismatch("[UInt8]") }
    column += 1
    return value
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    guard case .int(let value) = try next("Bool") else { throw mismatch("Bool") }
    column += 1
    return value != 0
  }

  mutating func decodeJSON() throws -> String {
    guard case .blob(let bytes) = try next("JSON") else { return try decode(String.self) }
    do {
      let json = try JSONB.json(bytes)
      column += 1
      return json
    } catch {
      throw QueryDecodingError(
        column: column, columnName: row.columnNames[column], expectedType: "JSONB",
        found: describe(row.values[column]) + ", " + error.message)
    }
  }
}

/// Describes a value the way decoding errors show it: `TEXT 'yes'`, `INTEGER 3`.
func describe(_ value: QueryBinding) -> String {
  switch value {
  case .null: return "NULL"
  case .int(let value): return "INTEGER \(value)"
  case .bool(let value): return "INTEGER \(value ? 1 : 0)"
  case .double(let value): return "REAL \(value)"
  case .text(let text):
    let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return "TEXT \(QueryBinding.text(shown).sqlLiteral)"
  case .blob(let bytes): return "BLOB of \(bytes.count) bytes"
  case .jsonb(let json): return "JSONB of \(QueryBinding.text(json).sqlLiteral)"
  case .invalid(let error): return "an invalid value (\(error.message))"
  }
}

/// Reads an `sqlite3_value` (a column or a function argument) as a `QueryBinding`.
func queryBinding(of value: OpaquePointer) -> QueryBinding {
  switch sqlite3_value_type(value) {
  case SQLITE_INTEGER: return .int(sqlite3_value_int64(value))
  case SQLITE_FLOAT: return .double(sqlite3_value_double(value))
  case SQLITE_TEXT:
    guard let text = sqlite3_value_text(value) else { return .text("") }
    let count = Int(sqlite3_value_bytes(value))
    return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
  case SQLITE_BLOB:
    guard let bytes = sqlite3_value_blob(value) else { return .blob([]) }
    let count = Int(sqlite3_value_bytes(value))
    return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
  default: return .null
  }
}

extension PreparedStatement {
  /// The result columns' names.
  public var columnNames: [String] {
    (0..<columnCount).map { sqlite3_column_name(handle, $0).map { String(cString: $0) } ?? "" }
  }

  /// The current row, read into a ``Row``.
  func row(columnNames: [String]) -> Row {
    var values: [QueryBinding] = []
    values.reserveCapacity(Int(columnCount))
    for column in 0..<columnCount {
      values.append(sqlite3_column_value(handle, column).map(queryBinding(of:)) ?? .null)
    }
    return Row(columnNames: columnNames, values: values)
  }
}
