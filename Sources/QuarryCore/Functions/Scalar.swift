// SQLite's core scalar functions, as typed methods on expressions.

// On `String?` expressions these return optionals: `NULL` in, `NULL` out.
extension QueryExpression where QueryValue: QueryText {
  /// `length(expression)`: the number of characters.
  @inlinable public func length() -> SQLQueryExpression<QueryValue.CountValue> {
    SQLQueryExpression("length(\(self))")
  }
  /// `lower(expression)`
  @inlinable public func lower() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("lower(\(self))")
  }
  /// `upper(expression)`
  @inlinable public func upper() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("upper(\(self))")
  }

  /// `trim(expression)`, or `trim(expression, ?)` to remove the given characters.
  @inlinable
  public func trim(_ characters: String? = nil) -> SQLQueryExpression<QueryValue> {
    guard let characters else { return SQLQueryExpression("trim(\(self))") }
    return SQLQueryExpression("trim(\(self), \(characters))")
  }

  /// `ltrim(expression)`, or `ltrim(expression, ?)`.
  @inlinable
  public func ltrim(_ characters: String? = nil) -> SQLQueryExpression<QueryValue> {
    guard let characters else { return SQLQueryExpression("ltrim(\(self))") }
    return SQLQueryExpression("ltrim(\(self), \(characters))")
  }

  /// `rtrim(expression)`, or `rtrim(expression, ?)`.
  @inlinable
  public func rtrim(_ characters: String? = nil) -> SQLQueryExpression<QueryValue> {
    guard let characters else { return SQLQueryExpression("rtrim(\(self))") }
    return SQLQueryExpression("rtrim(\(self), \(characters))")
  }

  /// `substr(expression, ?, ?)`: `length` characters from the 1-based `start`.
  @inlinable
  public func substr(_ start: Int, _ length: Int? = nil) -> SQLQueryExpression<QueryValue> {
    guard let length else { return SQLQueryExpression("substr(\(self), \(start))") }
    return SQLQueryExpression("substr(\(self), \(start), \(length))")
  }

  /// `replace(expression, ?, ?)`
  @inlinable
  public func replace(_ target: String, with replacement: String) -> SQLQueryExpression<QueryValue>
  {
    SQLQueryExpression("replace(\(self), \(target), \(replacement))")
  }

  /// `replace(expression, ?, ?)`, as SQL spells it: `$0.title.replace("a", "b")`.
  @inlinable
  public func replace(_ target: String, _ replacement: String) -> SQLQueryExpression<QueryValue> {
    replace(target, with: replacement)
  }

  /// `instr(expression, ?)`: the 1-based position of `substring`, 0 when absent.
  @inlinable
  public func instr(_ substring: String) -> SQLQueryExpression<QueryValue.CountValue> {
    SQLQueryExpression("instr(\(self), \(substring))")
  }

  /// `unicode(expression)`: the code point of the first character.
  @inlinable public func unicode() -> SQLQueryExpression<Int?> {
    SQLQueryExpression("unicode(\(self))")
  }
}

extension QueryExpression where QueryValue: QueryNumeric {
  /// `abs(expression)`
  @inlinable public func abs() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("abs(\(self))")
  }

  /// `round(expression, ?)`
  @inlinable
  public func round(_ digits: Int = 0) -> SQLQueryExpression<Double> {
    SQLQueryExpression("round(\(self), \(digits))")
  }
}

extension QueryExpression {
  /// `hex(expression)`
  @inlinable public func hex() -> SQLQueryExpression<String> { SQLQueryExpression("hex(\(self))") }
  /// `quote(expression)`: the value as an SQL literal.
  @inlinable public func quote() -> SQLQueryExpression<String> {
    SQLQueryExpression("quote(\(self))")
  }
  /// `typeof(expression)`: `'integer'`, `'real'`, `'text'`, `'blob'` or `'null'`.
  @inlinable public func typeof() -> SQLQueryExpression<String> {
    SQLQueryExpression("typeof(\(self))")
  }

  /// `nullif(expression, ?)`: `NULL` when the value equals `other`.
  @inlinable
  public func nullif(_ other: QueryValue) -> SQLQueryExpression<QueryValue?>
  where QueryValue: QueryBindable {
    SQLQueryExpression("nullif(\(self), \(other))")
  }

  /// `ifnull(expression, ?)`
  @inlinable
  public func ifnull<Wrapped: QueryBindable>(_ fallback: Wrapped) -> SQLQueryExpression<Wrapped>
  where QueryValue == Wrapped? {
    SQLQueryExpression("ifnull(\(self), \(fallback))")
  }
}

/// SQL functions that are not methods of one expression.
public enum SQLFunctions {
  /// `random()`: a random 64-bit integer.
  public static func random() -> SQLQueryExpression<Int> { SQLQueryExpression("random()") }

  /// `char(?, ?, …)`: a string from code points.
  public static func char(_ codePoints: Int...) -> SQLQueryExpression<String> {
    SQLQueryExpression(.functionCall("char", codePoints))
  }

  /// `printf(?, …)`: a formatted string (`format` in SQLite 3.38 and later).
  public static func printf(_ format: String, _ arguments: any QueryExpression...)
    -> SQLQueryExpression<String>
  {
    SQLQueryExpression(.functionCall("printf", [format] + arguments.map { $0 }))
  }

  /// `coalesce(a, b, …)`: the first non-`NULL` argument.
  public static func coalesce<Value>(
    _ first: some QueryExpression<Value?>, _ rest: any QueryExpression...
  ) -> SQLQueryExpression<Value?> {
    SQLQueryExpression(.functionCall("coalesce", [first] + rest.map { $0 }))
  }

  /// Scalar `max(a, b, …)`: the largest argument.
  public static func max<Value>(
    _ first: some QueryExpression<Value>, _ rest: any QueryExpression<Value>...
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression(.functionCall("max", [first] + rest.map { $0 }))
  }

  /// Scalar `min(a, b, …)`: the smallest argument.
  public static func min<Value>(
    _ first: some QueryExpression<Value>, _ rest: any QueryExpression<Value>...
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression(.functionCall("min", [first] + rest.map { $0 }))
  }
}

extension QueryFragment {
  /// `name(a, b, …)`: a call of an SQL function, each argument rendered (values bound).
  static func functionCall(_ name: String, _ arguments: [any QueryAssignable]) -> QueryFragment {
    var fragment = QueryFragment(sql: name + "(")
    for (index, argument) in arguments.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      argument.write(to: &fragment)
    }
    fragment.append(sql: ")")
    return fragment
  }
}

// MARK: More core functions

extension QueryExpression where QueryValue: QueryText {
  /// `length(expression)`: the number of characters, as Swift spells it (`$0.title.count`).
  @inlinable public var count: SQLQueryExpression<QueryValue.CountValue> { length() }

  /// `octet_length(expression)`: the number of bytes of its UTF-8 (SQLite 3.43 and later).
  @inlinable public func octetLength() -> SQLQueryExpression<QueryValue.CountValue> {
    SQLQueryExpression("octet_length(\(self))")
  }

  /// `unhex(expression)`: the bytes that hexadecimal text spells, `NULL` if it isn't
  /// hexadecimal (SQLite 3.41 and later).
  @inlinable public func unhex() -> SQLQueryExpression<[UInt8]?> {
    SQLQueryExpression("unhex(\(self))")
  }
}

extension QueryExpression where QueryValue: QueryNumeric {
  /// `sign(expression)`: -1, 0 or 1 (`NULL` for `NULL`, so optional for an optional).
  @inlinable public func sign() -> SQLQueryExpression<Int> { SQLQueryExpression("sign(\(self))") }
}

extension QueryExpression where QueryValue: QueryNumeric & QueryOptional {
  /// `sign(expression)` of an optional: `NULL` for `NULL`.
  @inlinable public func sign() -> SQLQueryExpression<Int?> {
    SQLQueryExpression("sign(\(self))")
  }
}

extension QueryExpression {
  /// `likely(expression)`: the value, hinting to the planner that it is usually true.
  @inlinable public func likely() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("likely(\(self))")
  }

  /// `unlikely(expression)`: the value, hinting to the planner that it is usually false.
  @inlinable public func unlikely() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("unlikely(\(self))")
  }

  /// `likelihood(expression, ?)`: the value, hinting how often it is true (0.0 to 1.0).
  @inlinable public func likelihood(_ probability: Double) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("likelihood(\(self), \(raw: String(probability)))")
  }
}

extension SQLFunctions {
  /// `randomblob(?)`: `count` random bytes.
  public static func randomblob(_ count: Int) -> SQLQueryExpression<[UInt8]> {
    SQLQueryExpression("randomblob(\(count))")
  }

  /// `zeroblob(?)`: `count` zero bytes.
  public static func zeroblob(_ count: Int) -> SQLQueryExpression<[UInt8]> {
    SQLQueryExpression("zeroblob(\(count))")
  }
}
