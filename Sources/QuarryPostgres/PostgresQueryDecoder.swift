import Foundation
import NIOCore
import PostgresNIO
import QuarryCore

/// Reads the cells of a PostgreSQL result row in order, for `QueryDecodable` types.
///
/// Cells arrive in PostgreSQL's binary format. Integers of every width decode as integers;
/// `boolean` as `Bool`; `real`/`double precision`/`numeric` as `Double`; text types, and the
/// types Quarry stores as text on SQLite (`timestamptz` and `date` as ISO-8601, `uuid`,
/// `json`/`jsonb`, `numeric`) as `String`, so `Date`, `UUID` and JSON representations decode from
/// PostgreSQL's own types; `bytea` as bytes. Anything else is a `QueryDecodingError` naming
/// the column, the Swift type and what the cell held.
struct PostgresQueryDecoder: QueryDecoder {
  let row: PostgresRow
  var index: PostgresRow.Index
  let sql: String

  init(row: PostgresRow, sql: String) {
    self.row = row
    self.index = row.startIndex
    self.sql = sql
  }

  /// The next cell, consumed.
  mutating func next(_ expectedType: String) throws -> PostgresCell {
    guard index < row.endIndex else {
      throw QueryDecodingError(
        column: row.count, expectedType: expectedType,
        found: "no such column: the row has \(row.count)", sql: sql)
    }
    let cell = row[index]
    index = row.index(after: index)
    return cell
  }

  mutating func decodeNil() throws -> Bool {
    guard index < row.endIndex else { return false }
    if row[index].bytes == nil {
      index = row.index(after: index)
      return true
    }
    return false
  }

  mutating func decodeNil(columns count: Int) throws -> Bool {
    var probe = index
    for _ in 0..<count {
      guard probe < row.endIndex, row[probe].bytes == nil else { return false }
      probe = row.index(after: probe)
    }
    index = probe
    return true
  }

  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    let cell = try next("Int64")
    if let value = Self.integer(of: cell) { return value }
    switch cell.dataType {
    case .oid:
      var bytes = cell.bytes
      if let value = bytes?.readInteger(as: UInt32.self) { return Int64(value) }
    case .numeric:
      if let decimal = try? cell.decode(Decimal.self),
        let value = Int64(exactly: NSDecimalNumber(decimal: decimal).doubleValue)
      {
        return value
      }
    default:
      break
    }
    throw mismatch(cell, "Int64")
  }

  mutating func decode(_ type: Int.Type) throws -> Int {
    Int(try decode(Int64.self))
  }

  mutating func decode(_ type: Double.Type) throws -> Double {
    let cell = try next("Double")
    guard var bytes = cell.bytes else { throw mismatch(cell, "Double") }
    switch cell.dataType {
    case .float8:
      if let bits = bytes.readInteger(as: UInt64.self) { return Double(bitPattern: bits) }
    case .float4:
      if let bits = bytes.readInteger(as: UInt32.self) {
        return Double(Float(bitPattern: bits))
      }
    case .int8, .int4, .int2:
      if let value = Self.integer(of: cell) { return Double(value) }
    case .numeric:
      if let decimal = try? cell.decode(Decimal.self) {
        return NSDecimalNumber(decimal: decimal).doubleValue
      }
    default:
      break
    }
    throw mismatch(cell, "Double")
  }

  mutating func decode(_ type: String.Type) throws -> String {
    let cell = try next("String")
    guard let text = Self.text(of: cell) else { throw mismatch(cell, "String") }
    return text
  }

  mutating func decode(_ type: [UInt8].Type) throws -> [UInt8] {
    let cell = try next("[UInt8]")
    guard var bytes = cell.bytes else { throw mismatch(cell, "[UInt8]") }
    switch cell.dataType {
    case .bytea, .text, .varchar:
      return bytes.readBytes(length: bytes.readableBytes) ?? []
    default:
      throw mismatch(cell, "[UInt8]")
    }
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let cell = try next("Bool")
    guard var bytes = cell.bytes else { throw mismatch(cell, "Bool") }
    switch cell.dataType {
    case .bool:
      if let value = bytes.readInteger(as: UInt8.self) { return value != 0 }
    case .int2, .int4, .int8:
      // A column kept as an integer, as SQLite keeps Booleans: any non-zero value is true.
      return bytes.readableBytesView.contains { $0 != 0 }
    default:
      break
    }
    throw mismatch(cell, "Bool")
  }

  /// An `int2`, `int4` or `int8` cell's value; nil for other types and `NULL`.
  static func integer(of cell: PostgresCell) -> Int64? {
    guard var bytes = cell.bytes else { return nil }
    switch cell.dataType {
    case .int8: return bytes.readInteger(as: Int64.self)
    case .int4: return bytes.readInteger(as: Int32.self).map(Int64.init)
    case .int2: return bytes.readInteger(as: Int16.self).map(Int64.init)
    default: return nil
    }
  }

  /// A cell's value as text, for the types that have one Quarry reads as text.
  static func text(of cell: PostgresCell) -> String? {
    guard var bytes = cell.bytes else { return nil }
    switch cell.dataType {
    case .text, .varchar, .bpchar, .name, .json, .unknown, .xml:
      return bytes.readString(length: bytes.readableBytes)
    case .jsonb:
      // Binary jsonb is a version byte (1) and the JSON text.
      guard bytes.readInteger(as: UInt8.self) == 1 else { return nil }
      return bytes.readString(length: bytes.readableBytes)
    case .timestamptz, .timestamp:
      guard let microseconds = bytes.readInteger(as: Int64.self) else { return nil }
      return ISO8601Text.format(date(microsecondsSince2000: microseconds))
    case .date:
      guard let days = bytes.readInteger(as: Int32.self) else { return nil }
      let text = ISO8601Text.format(date(microsecondsSince2000: Int64(days) * 86_400_000_000))
      return String(text.prefix(10))
    case .uuid:
      guard let uuid = try? cell.decode(UUID.self) else { return nil }
      return uuid.uuidString.lowercased()
    case .numeric:
      guard let decimal = try? cell.decode(Decimal.self) else { return nil }
      return decimal.description
    default:
      // An enum type or a domain over text: its binary form is its text.
      if cell.format == .text || cell.dataType.rawValue >= 16_384 {
        return bytes.readString(length: bytes.readableBytes)
      }
      return nil
    }
  }

  private static func date(microsecondsSince2000 microseconds: Int64) -> Date {
    // 946,684,800 s: 2000-01-01 in Unix time.
    Date(timeIntervalSince1970: 946_684_800 + Double(microseconds) / 1_000_000)
  }

  /// The error for a cell that does not hold `expectedType`.
  func mismatch(_ cell: PostgresCell, _ expectedType: String) -> QueryDecodingError {
    QueryDecodingError(
      column: cell.columnIndex, columnName: cell.columnName, expectedType: expectedType,
      found: Self.describe(cell), sql: sql)
  }

  /// What a cell holds, as errors show it: `NULL`, `text 'yes'`, `int8 42`.
  static func describe(_ cell: PostgresCell) -> String {
    guard var bytes = cell.bytes else { return "NULL" }
    let typeName = cell.dataType.knownSQLName?.lowercased() ?? "type \(cell.dataType.rawValue)"
    switch cell.dataType {
    case .int8: return "\(typeName) \(bytes.readInteger(as: Int64.self) ?? 0)"
    case .int4: return "\(typeName) \(bytes.readInteger(as: Int32.self) ?? 0)"
    case .int2: return "\(typeName) \(bytes.readInteger(as: Int16.self) ?? 0)"
    case .bool: return "\(typeName) \(bytes.readInteger(as: UInt8.self) == 1)"
    case .float8:
      return "\(typeName) \(Double(bitPattern: bytes.readInteger(as: UInt64.self) ?? 0))"
    case .bytea: return "\(typeName) of \(bytes.readableBytes) bytes"
    default:
      if let text = text(of: cell) {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\(typeName) \(QueryBinding.text(shown).sqlLiteral)"
      }
      return typeName
    }
  }
}
