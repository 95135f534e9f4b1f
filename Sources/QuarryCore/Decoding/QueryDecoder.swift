/// Reads the columns of one result row, in order, from left to right.
///
/// A driver implements this protocol over its native row; ``QueryDecodable`` types call it.
/// Each `decode` call consumes one column, and throws a ``QueryDecodingError`` when the column
/// does not hold the requested type (a `NULL` into a non-optional, `TEXT` into `Int`, …).
public protocol QueryDecoder {
  /// If the next column is `NULL`, consumes it and returns `true`; otherwise consumes nothing.
  mutating func decodeNil() throws -> Bool
  /// If the next `count` columns are all `NULL`, consumes them and returns `true`; otherwise
  /// consumes nothing. (An outer join's missing row.)
  mutating func decodeNil(columns count: Int) throws -> Bool
  /// Decodes an `INTEGER` column.
  mutating func decode(_ type: Int64.Type) throws -> Int64
  /// Decodes an `INTEGER` column into the platform integer.
  mutating func decode(_ type: Int.Type) throws -> Int
  /// Decodes a `REAL` (or `INTEGER`) column.
  mutating func decode(_ type: Double.Type) throws -> Double
  /// Decodes a `TEXT` column.
  mutating func decode(_ type: String.Type) throws -> String
  /// Decodes a `BLOB` column.
  mutating func decode(_ type: [UInt8].Type) throws -> [UInt8]
  /// Decodes an `INTEGER` column holding 0 or 1 (any non-zero integer is `true`).
  mutating func decode(_ type: Bool.Type) throws -> Bool
  /// Decodes a column holding JSON, as JSON text: text, or JSON in the database's binary form
  /// (SQLite's JSONB). By default, the column's text.
  mutating func decodeJSON() throws -> String
}

extension QueryDecoder {
  /// JSON is text.
  public mutating func decodeJSON() throws -> String {
    try decode(String.self)
  }

  /// A decoder that cannot look ahead fails to decode an optional table.
  public mutating func decodeNil(columns count: Int) throws -> Bool {
    throw QueryDecodingError(
      expectedType: "\(count) columns or NULLs", found: "a decoder that cannot look ahead")
  }

  /// Decodes a value of any decodable type from the next column(s).
  @inlinable
  public mutating func decode<Value: QueryDecodable>(_ type: Value.Type) throws -> Value {
    try Value(decoder: &self)
  }
}

/// A type that can build itself from the columns of a result row, read in order.
///
/// `@Table` types get a conformance from the macro; bindable values (`Int`, `String`, `Date`,
/// raw-representable enums, …) read one column.
public protocol QueryDecodable {
  /// Reads the value from `decoder`, consuming as many columns as the type has.
  init(decoder: inout some QueryDecoder) throws

  /// How many columns the type reads: 1 for a value, a table's column count for a table.
  static var queryColumnCount: Int { get }
}

extension QueryDecodable {
  /// One column.
  @inlinable
  public static var queryColumnCount: Int { 1 }
}

extension Table {
  /// Every column of the table.
  @inlinable
  public static var queryColumnCount: Int { schema.columns.count }
}

/// A row column could not be decoded into the requested Swift type.
///
/// The message names the column (when the driver knows it), the Swift type that was expected,
/// and what the database held:
/// `column 2 ("is_completed"): expected Bool, found TEXT 'yes'`.
public struct QueryDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The zero-based index of the column in the row, when known.
  public var column: Int?
  /// The column's name in the result set, when known.
  public var columnName: String?
  /// The Swift type that was requested.
  public var expectedType: String
  /// What the database held, or why the value was rejected.
  public var found: String
  /// The statement whose row was being decoded, when known.
  public var sql: String?

  /// Creates an error for the current column; drivers fill in the column when they throw it.
  public init(
    column: Int? = nil, columnName: String? = nil, expectedType: String, found: String,
    sql: String? = nil
  ) {
    self.column = column
    self.columnName = columnName
    self.expectedType = expectedType
    self.found = found
    self.sql = sql
  }

  public var description: String {
    var place = "column"
    if let column { place += " \(column)" }
    if let columnName { place += " (\"\(columnName)\")" }
    var text = "\(place): expected \(expectedType), found \(found)"
    if let sql { text += "\n  in: \(sql)" }
    if found == "NULL" {
      text += """

          hint: the column holds NULL but the property is not optional: declare it \
        `\(expectedType)?`, or make the column NOT NULL (with a DEFAULT) in a migration
        """
    } else if !found.hasPrefix("no such column") {
      text += """

          hint: the property's Swift type does not match what the column stores: change the \
        property's type (`quarry generate` prints the types a database's columns need), or \
        convert the column's values in a migration
        """
    }
    return text
  }
}
