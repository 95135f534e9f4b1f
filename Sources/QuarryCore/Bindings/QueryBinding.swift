/// A value a driver binds to a statement parameter: one of SQLite's storage classes, or a
/// Boolean, which SQLite stores as the integer 1 or 0 and PostgreSQL as a `boolean`.
public enum QueryBinding: Hashable, Sendable {
  /// `NULL`
  case null
  /// A 64-bit signed integer.
  case int(Int64)
  /// A Boolean: SQLite binds the integer 1 or 0, PostgreSQL a `boolean`.
  case bool(Bool)
  /// A 64-bit floating point number.
  case double(Double)
  /// UTF-8 text.
  case text(String)
  /// Bytes.
  case blob([UInt8])
  /// JSON text that the database stores in its binary form: SQLite binds the JSONB of it (a
  /// blob), PostgreSQL binds it as `jsonb`.
  case jsonb(String)
  /// A value that could not be encoded. Executing a statement that holds it fails with
  /// the error, instead of binding a wrong value.
  case invalid(QueryBindingError)

  /// Whether the binding is `NULL`. (A pattern match: cheaper than comparing with `.null`.)
  @inlinable
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The binding written as an SQLite literal: `NULL`, `42`, `1.5`, `'it''s'`, `X'CAFE'`; a
  /// Boolean as `1` or `0`.
  public var sqlLiteral: String { sqlLiteral(for: .sqlite) }

  /// The binding written as a literal of `dialect`: a Boolean is `1` or `0` in SQLite, `TRUE`
  /// or `FALSE` in PostgreSQL, whose bytes are `'\xCAFE'`.
  public func sqlLiteral(for dialect: SQLDialect) -> String {
    switch self {
    case .null: return "NULL"
    case .int(let value): return String(value)
    case .bool(let value):
      switch dialect {
      case .sqlite: return value ? "1" : "0"
      case .postgres: return value ? "TRUE" : "FALSE"
      }
    case .double(let value):
      if value.isNaN { return "NULL" }
      if value.isInfinite { return value < 0 ? "-1e999" : "1e999" }
      return String(value)
    case .text(let value): return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
    case .blob(let bytes):
      let digits = Array("0123456789ABCDEF")
      var literal = dialect == .postgres ? "'\\x" : "X'"
      for byte in bytes {
        literal.append(digits[Int(byte >> 4)])
        literal.append(digits[Int(byte & 0xF)])
      }
      return literal + "'"
    case .jsonb(let json):
      switch dialect {
      case .sqlite:
        guard let bytes = try? JSONB.encode(json: json) else {
          return "jsonb(" + QueryBinding.text(json).sqlLiteral + ")"
        }
        return QueryBinding.blob(bytes).sqlLiteral
      case .postgres: return "CAST(" + QueryBinding.text(json).sqlLiteral + " AS jsonb)"
      }
    case .invalid(let error): return "<invalid: \(error.message)>"
    }
  }
}

/// Why a Swift value could not become a ``QueryBinding``.
public struct QueryBindingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A sentence that says which value failed and why.
  public var message: String

  /// Creates an error with a message.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}

extension String {
  fileprivate func replacingOccurrences(of target: Character, with replacement: String) -> String {
    guard contains(target) else { return self }
    var result = ""
    for character in self {
      if character == target { result.append(replacement) } else { result.append(character) }
    }
    return result
  }
}
