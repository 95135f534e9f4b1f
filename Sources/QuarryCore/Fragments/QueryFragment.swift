import QuarrySQLText

/// A piece of SQL with its bound values: the text uses `?` placeholders, and ``bindings`` holds
/// one value per placeholder, in order.
///
/// Build fragments by string interpolation. An interpolated value becomes a placeholder and a
/// binding; an interpolated table or column renders its quoted name; `\(raw:)` inserts text:
///
/// ```swift
/// let fragment: QueryFragment = "SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE \(Reminder.columns.id) = \(42)"
/// fragment.sql       // SELECT "reminders"."title" FROM "reminders" WHERE "reminders"."id" = ?
/// fragment.bindings  // [.int(42)]
/// ```
public struct QueryFragment: Hashable, Sendable {
  /// The SQL text as UTF-8, with a `?` for every bound value: what statements render into and
  /// drivers prepare. Appending bytes is much cheaper than appending to a `String`.
  public var utf8: [UInt8]
  /// The values bound to the placeholders, in order.
  public var bindings: [QueryBinding]

  /// Creates an empty fragment. (Without converting an empty string to bytes.)
  @inlinable
  public init() {
    utf8 = []
    bindings = []
  }

  /// Creates a fragment from SQL text and its bindings.
  @inlinable
  public init(sql: String = "", bindings: [QueryBinding] = []) {
    self.utf8 = Array(sql.utf8)
    self.bindings = bindings
  }

  /// Creates a fragment from UTF-8 SQL text and its bindings.
  @inlinable
  public init(utf8: [UInt8], bindings: [QueryBinding] = []) {
    self.utf8 = utf8
    self.bindings = bindings
  }

  /// The SQL text, with a `?` for every bound value.
  public var sql: String {
    get { String(decoding: utf8, as: UTF8.self) }
    set { utf8 = Array(newValue.utf8) }
  }

  /// Whether the fragment holds no SQL text and no bindings.
  @inlinable
  public var isEmpty: Bool { utf8.isEmpty && bindings.isEmpty }

  /// Makes room for `byteCount` bytes of SQL text.
  @inlinable
  public mutating func reserveCapacity(_ byteCount: Int) {
    utf8.reserveCapacity(byteCount)
  }

  /// Appends SQL text.
  @inlinable
  public mutating func append(sql text: String) {
    // Literals and native strings are contiguous UTF-8: one copy of their bytes, instead of
    // the generic, byte-by-byte append of a `String.UTF8View`.
    let appended: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      utf8.append(contentsOf: bytes)
    }
    if appended == nil { utf8.append(contentsOf: text.utf8) }
  }

  /// Appends a literal, such as a keyword: no string to inspect, only its bytes to copy.
  @inlinable
  mutating func append(literal text: StaticString) {
    text.withUTF8Buffer { utf8.append(contentsOf: $0) }
  }

  /// Appends UTF-8 SQL text.
  @inlinable
  public mutating func append(utf8 bytes: [UInt8]) {
    utf8.append(contentsOf: bytes)
  }

  /// Appends a `?` placeholder bound to `binding`.
  @inlinable
  public mutating func append(binding: QueryBinding) {
    utf8.append(UInt8(ascii: "?"))
    if bindings.capacity == 0 { bindings.reserveCapacity(4) }
    bindings.append(binding)
  }

  /// Appends another fragment's text and bindings.
  @inlinable
  public mutating func append(_ other: QueryFragment) {
    utf8.append(contentsOf: other.utf8)
    bindings.append(contentsOf: other.bindings)
  }

  /// Appends an expression's SQL.
  @inlinable
  public mutating func append(_ expression: some QueryExpression) {
    expression.write(to: &self)
  }

  /// Appends a quoted identifier: `title` is written as `"title"`.
  public mutating func append(identifier: String) {
    append(sql: quoteIdentifier(identifier))
  }

  /// Appends `elements` separated by `separator`.
  @inlinable
  public mutating func append(_ elements: [QueryFragment], separator: String) {
    for (index, element) in elements.enumerated() {
      if index > 0 { append(sql: separator) }
      append(element)
    }
  }
}

extension QueryFragment: ExpressibleByStringInterpolation {
  @inlinable
  public init(stringLiteral value: String) {
    self.init(sql: value)
  }

  @inlinable
  public init(stringInterpolation: StringInterpolation) {
    self = stringInterpolation.fragment
  }

  /// Builds a ``QueryFragment`` from a string literal with interpolations.
  public struct StringInterpolation: StringInterpolationProtocol {
    @usableFromInline var fragment: QueryFragment

    @inlinable
    public init(literalCapacity: Int, interpolationCount: Int) {
      fragment = QueryFragment()
      fragment.reserveCapacity(literalCapacity + interpolationCount * 4)
    }

    @inlinable
    public mutating func appendLiteral(_ literal: String) {
      fragment.append(sql: literal)
    }

    /// Binds a value: it renders as `?`.
    @inlinable
    public mutating func appendInterpolation(_ value: some QueryBindable) {
      fragment.append(binding: value.queryBinding)
    }

    /// Binds an optional value: `nil` renders as `?` bound to `NULL`.
    @inlinable
    public mutating func appendInterpolation<Wrapped: QueryBindable>(_ value: Wrapped?) {
      fragment.append(binding: value.queryBinding)
    }

    /// Renders an expression: a column renders its qualified quoted name, a statement its SQL.
    @inlinable
    public mutating func appendInterpolation(_ expression: some QueryExpression) {
      expression.write(to: &fragment)
    }

    /// Renders a table's quoted name.
    public mutating func appendInterpolation<T: Table>(_ table: T.Type) {
      fragment.append(sql: T.schema.quotedName)
    }

    /// Inserts SQL text as it is. Never pass user input here: it is not escaped.
    @inlinable
    public mutating func appendInterpolation(raw sql: String) {
      fragment.append(sql: sql)
    }

    /// Renders a quoted identifier: `\(quote: "my table")` becomes `"my table"`.
    public mutating func appendInterpolation(quote identifier: String) {
      fragment.append(identifier: identifier)
    }

    /// Appends a fragment's text and bindings.
    @inlinable
    public mutating func appendInterpolation(_ other: QueryFragment) {
      fragment.append(other)
    }
  }
}

extension QueryFragment {
  /// The fragment with every bound value written into the SQL as a literal, for the places
  /// SQLite accepts no parameters: view and trigger definitions.
  public var inlined: QueryFragment {
    QueryFragment(sql: debugDescription)
  }
}

extension QueryFragment: CustomDebugStringConvertible {
  /// The SQL with every bound value inlined as an SQL literal, for reading and logging.
  ///
  /// Placeholders are found the way SQLite finds them: a `?` outside string literals, quoted
  /// identifiers and comments.
  public var debugDescription: String {
    var result = ""
    var remaining = bindings.makeIterator()
    var scanner = SQLScanner(sql)
    while let token = scanner.next() {
      if case .placeholder = token.kind, let binding = remaining.next() {
        result.append(binding.sqlLiteral)
      } else {
        result.append(contentsOf: token.text)
      }
    }
    return result
  }
}
