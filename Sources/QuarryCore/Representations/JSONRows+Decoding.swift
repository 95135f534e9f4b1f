import Foundation

// A table's rows in JSON are objects of their columns by name, each value as the row binds it
// (a blob as hexadecimal text): what `jsonObject()` and `jsonGroupArray()` select, and what a
// `JSONRepresentation` of a table's rows stores. They are read back through the table's own
// decoder, so a column decodes from JSON as it does from a result row: a `Bool` from `1` (or
// PostgreSQL's `true`), a `Date` from its text, a representation (`@Column(as:)`) as declared.

/// A JSON value, read without losing the difference between integers, reals and Booleans.
enum JSONValue: Codable, Equatable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The value as JSON text.
  var text: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
  }

  /// What a column's binding is in JSON.
  init(_ binding: QueryBinding) throws {
    switch binding {
    case .null: self = .null
    case .int(let value): self = .int(value)
    case .bool(let value): self = .bool(value)
    case .double(let value): self = .double(value)
    case .text(let value): self = .string(value)
    case .blob(let bytes): self = .string(JSONRows.hex(bytes))
    case .jsonb(let json): self = .string(json)
    case .invalid(let error): throw error
    }
  }
}

/// Reads a row's columns, in the table's order, from a JSON object of them by name.
struct JSONRowDecoder: QueryDecoder {
  let object: [String: JSONValue]
  let names: [String]
  var index = 0

  private var name: String { index < names.count ? names[index] : "" }

  private mutating func next(_ expected: String) throws -> JSONValue {
    guard index < names.count else {
      throw QueryDecodingError(expectedType: expected, found: "no more columns in the JSON row")
    }
    defer { index += 1 }
    return object[names[index]] ?? .null
  }

  private func mismatch(_ expected: String, _ value: JSONValue) -> QueryDecodingError {
    let found: String =
      switch value {
      case .null: "NULL"
      case .string(let text): "TEXT " + QueryBinding.text(text).sqlLiteral
      default: "JSON " + value.text
      }
    return QueryDecodingError(columnName: names[index - 1], expectedType: expected, found: found)
  }

  mutating func decodeNil() throws -> Bool {
    guard index < names.count, (object[name] ?? .null) == .null else { return false }
    index += 1
    return true
  }

  mutating func decodeNil(columns count: Int) throws -> Bool {
    let end = index + count
    guard end <= names.count, names[index..<end].allSatisfy({ (object[$0] ?? .null) == .null })
    else { return false }
    index = end
    return true
  }

  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    let value = try next("Int64")
    switch value {
    case .int(let integer): return integer
    case .bool(let bool): return bool ? 1 : 0
    case .double(let real): if let integer = Int64(exactly: real) { return integer }
    default: break
    }
    throw mismatch("Int64", value)
  }

  mutating func decode(_ type: Int.Type) throws -> Int {
    let value = try decode(Int64.self)
    guard let integer = Int(exactly: value) else {
      throw QueryDecodingError(
        columnName: names[index - 1], expectedType: "Int", found: "INTEGER \(value)")
    }
    return integer
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    let value = try next("Double")
    switch value {
    case .double(let real): return real
    case .int(let integer): return Double(integer)
    default: throw mismatch("Double", value)
    }
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let value = try next("String")
    switch value {
    case .string(let text): return text
    // A column stored as JSON, which PostgreSQL writes into the row as JSON, not as text.
    case .array, .object: return value.text
    default: throw mismatch("String", value)
    }
  }

  mutating func decode(_ type: [UInt8].Type) throws -> [UInt8] {
    let value = try next("[UInt8]")
    // SQLite's hex() or PostgreSQL's encode(…, 'hex'), or a bytea's text, `\x…`.
    guard case .string(var text) = value else { throw mismatch("[UInt8]", value) }
    if text.hasPrefix("\\x") { text.removeFirst(2) }
    guard let bytes = JSONRows.bytes(hex: text) else { throw mismatch("[UInt8]", value) }
    return bytes
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let value = try next("Bool")
    switch value {
    case .bool(let bool): return bool
    case .int(let integer): return integer != 0
    default: throw mismatch("Bool", value)
    }
  }
}

extension JSONRows {
  /// A row of `Row` from a JSON object of its columns.
  static func decodeRow<Row: Table>(_: Row.Type, from value: JSONValue) throws -> Row {
    guard case .object(let object) = value else {
      throw QueryDecodingError(
        expectedType: "\(Row.self) (a JSON object of its columns)", found: "JSON " + value.text)
    }
    var decoder = JSONRowDecoder(object: object, names: Row.schema.columns.map(\.name))
    return try Row(decoder: &decoder)
  }

  /// A row as a JSON object of its columns (the ones it writes: generated ones are left out).
  static func encodeRow<Row: Table>(_ row: Row) throws -> JSONValue {
    var object: [String: JSONValue] = [:]
    for (column, binding) in zip(Row.schema.writableColumns, row.queryBindings) {
      object[column.name] = try JSONValue(binding)
    }
    return .object(object)
  }

  static func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  static func bytes(hex text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else {
        return nil
      }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  private static func nibble(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

/// A value that is a table's rows, which JSON holds as objects of their columns: an array of
/// rows, or one row.
protocol JSONRowsValue {
  static func decodeJSONRows(_ value: JSONValue) throws -> Self
  func encodeJSONRows() throws -> JSONValue
}

extension Array: JSONRowsValue where Element: Table {
  static func decodeJSONRows(_ value: JSONValue) throws -> Self {
    guard case .array(let elements) = value else {
      throw QueryDecodingError(
        expectedType: "[\(Element.self)] (a JSON array of rows)", found: "JSON " + value.text)
    }
    return try elements.map { try JSONRows.decodeRow(Element.self, from: $0) }
  }

  func encodeJSONRows() throws -> JSONValue {
    .array(try map { try JSONRows.encodeRow($0) })
  }
}

/// An array of column values, which an aggregate's JSON holds as the database writes them (a
/// `Bool` as `1`, a `Date` as text): read as columns are when `Codable` can't read them.
protocol JSONColumnValues {
  static func decodeColumnValues(_ value: JSONValue) throws -> Self
}

extension Array: JSONColumnValues where Element: QueryDecodable {
  static func decodeColumnValues(_ value: JSONValue) throws -> Self {
    guard case .array(let elements) = value else {
      throw QueryDecodingError(
        expectedType: "\(Self.self) (a JSON array)", found: "JSON " + value.text)
    }
    return try elements.enumerated().map { index, element in
      var decoder = JSONRowDecoder(object: ["[\(index)]": element], names: ["[\(index)]"])
      return try Element(decoder: &decoder)
    }
  }
}

extension JSONCoding {
  /// The array of column values in JSON text, or nil when `Value` is not such an array.
  static func decodeColumnValues<Value>(_: Value.Type, from text: String) -> Value? {
    guard let values = Value.self as? any JSONColumnValues.Type,
      let json = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    else { return nil }
    return (try? values.decodeColumnValues(json)) as? Value
  }

  /// Whether `Value` is a table's rows, which are written and read as their columns.
  static func holdsRows<Value>(_: Value.Type) -> Bool {
    Value.self is any JSONRowsValue.Type || Value.self is any Table.Type
  }

  /// `value` as a JSON object (or array) of its rows' columns.
  static func encodeRows<Value>(_ value: Value) throws -> JSONValue {
    if let rows = value as? any JSONRowsValue { return try rows.encodeJSONRows() }
    guard let row = value as? any Table else {
      throw QueryBindingError("\(Value.self) is not a table's rows")
    }
    return try JSONRows.encodeRow(row)
  }

  /// The value of a JSON object (or array) of rows' columns.
  static func decodeRows<Value>(_: Value.Type, from text: String) throws -> Value {
    let json = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    let decoded: Any
    if let rows = Value.self as? any JSONRowsValue.Type {
      decoded = try rows.decodeJSONRows(json)
    } else if let table = Value.self as? any Table.Type {
      decoded = try JSONRows.decodeRow(table, from: json)
    } else {
      throw QueryDecodingError(expectedType: "\(Value.self)", found: "not a table's rows")
    }
    guard let value = decoded as? Value else {
      throw QueryDecodingError(expectedType: "\(Value.self)", found: "\(type(of: decoded))")
    }
    return value
  }
}
