// SQLite's core scalar functions, as typed methods on expressions.

// On `String?` expressions these return optionals: `NULL` in, `NULL` out.
extension QueryExpression where QueryValue: QueryText {
  /// `length(expression)`: the number of characters.
  ///
  /// `$0.title.length()` renders `length("reminders"."title")`.
  public func length() -> SQLQueryExpression<QueryValue.CountValue> {
    SQLQueryExpression(operand: "length(\(self))")
  }
  /// `lower(expression)`
  ///
  /// `$0.title.lower()` renders `lower("reminders"."title")`.
  public func lower() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: "lower(\(self))")
  }
  /// `upper(expression)`
  ///
  /// `$0.title.upper()` renders `upper("reminders"."title")`.
  public func upper() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: "upper(\(self))")
  }

  /// `trim(expression)`, or `trim(expression, ?)` to remove the given characters.
  ///
  /// `$0.title.trim()` renders `trim("reminders"."title")`.
  public func trim(_ characters: String? = nil) -> SQLQueryExpression<QueryValue> {
    guard let characters else { return SQLQueryExpression(operand: "trim(\(self))") }
    return SQLQueryExpression(
      operand: "\(form: .function(.trimCharacters))(\(self), \(characters))")
  }

  /// `ltrim(expression)`, or `ltrim(expression, ?)`.
  ///
  /// `$0.title.ltrim(" -")` renders `ltrim("reminders"."title", ' -')`.
  public func ltrim(_ characters: String? = nil) -> SQLQueryExpression<QueryValue> {
    guard let characters else { return SQLQueryExpression(operand: "ltrim(\(self))") }
    return SQLQueryExpression(operand: "ltrim(\(self), \(characters))")
  }

  /// `rtrim(expression)`, or `rtrim(expression, ?)`.
  ///
  /// `$0.title.rtrim(".")` renders `rtrim("reminders"."title", '.')`.
  public func rtrim(_ characters: String? = nil) -> SQLQueryExpression<QueryValue> {
    guard let characters else { return SQLQueryExpression(operand: "rtrim(\(self))") }
    return SQLQueryExpression(operand: "rtrim(\(self), \(characters))")
  }

  /// `substr(expression, ?, ?)`: `length` characters from the 1-based `start`.
  ///
  /// `$0.title.substr(1, 3)` renders `substr("reminders"."title", 1, 3)`.
  public func substr(_ start: Int, _ length: Int? = nil) -> SQLQueryExpression<QueryValue> {
    let start = IntegerArgument(start)
    guard let length else { return SQLQueryExpression(operand: "substr(\(self), \(start))") }
    return SQLQueryExpression(operand: "substr(\(self), \(start), \(IntegerArgument(length)))")
  }

  /// `replace(expression, ?, ?)`
  ///
  /// `$0.title.replace("Call", with: "Phone")` renders `replace("reminders"."title", 'Call', 'Phone')`.
  public func replace(_ target: String, with replacement: String) -> SQLQueryExpression<QueryValue>
  {
    SQLQueryExpression(operand: "replace(\(self), \(target), \(replacement))")
  }

  /// `replace(expression, ?, ?)`, as SQL spells it: `$0.title.replace("a", "b")`.
  ///
  /// `$0.title.replace("Call", "Phone")` renders `replace("reminders"."title", 'Call', 'Phone')`.
  public func replace(_ target: String, _ replacement: String) -> SQLQueryExpression<QueryValue> {
    replace(target, with: replacement)
  }

  /// `instr(expression, ?)`: the 1-based position of `substring`, 0 when absent.
  ///
  /// `$0.title.instr("a")` renders `instr("reminders"."title", 'a')`.
  public func instr(_ substring: String) -> SQLQueryExpression<QueryValue.CountValue> {
    SQLQueryExpression(operand: "\(form: .function(.instr))(\(self), \(substring))")
  }

  /// `unicode(expression)`: the code point of the first character.
  ///
  /// `$0.title.unicode()` renders `unicode("reminders"."title")`.
  public func unicode() -> SQLQueryExpression<Int?> {
    SQLQueryExpression(operand: "\(form: .function(.unicode))(\(self))")
  }
}

extension QueryExpression where QueryValue: QueryNumeric {
  /// `abs(expression)`
  ///
  /// `$0.id.abs()` renders `abs("reminders"."id")`.
  public func abs() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: "abs(\(self))")
  }

  /// `round(expression, ?)`
  ///
  /// `$0.id.round(2)` renders `round("reminders"."id", 2)`.
  public func round(_ digits: Int = 0) -> SQLQueryExpression<Double> {
    SQLQueryExpression(operand: .form(.round(queryFragment, digits: digits)))
  }
}

extension QueryExpression {
  /// `hex(expression)`
  ///
  /// `$0.title.hex()` renders `hex("reminders"."title")`.
  public func hex() -> SQLQueryExpression<String> {
    SQLQueryExpression(
      operand:
        .sqliteOnly(
          "hex(\(self))", "hex()", instead: "use #sql(\"upper(encode(…, 'hex'))\") on bytea"))
  }
  /// `quote(expression)`: the value as an SQL literal.
  ///
  /// `$0.title.quote()` renders `quote("reminders"."title")`.
  public func quote() -> SQLQueryExpression<String> {
    SQLQueryExpression(
      operand:
        .sqliteOnly(
          "quote(\(self))", "quote()", instead: "use #sql(\"quote_nullable(…)\"), or bind the value"
        ))
  }
  /// `typeof(expression)`: `'integer'`, `'real'`, `'text'`, `'blob'` or `'null'`.
  ///
  /// `$0.priority.typeof()` renders `typeof("reminders"."priority")`.
  public func typeof() -> SQLQueryExpression<String> {
    SQLQueryExpression(
      operand:
        .sqliteOnly(
          "typeof(\(self))", "typeof()",
          instead: "PostgreSQL's columns have one type; use #sql(\"pg_typeof(…)\")"))
  }

  /// `nullif(expression, ?)`: `NULL` when the value equals `other`.
  ///
  /// `$0.priority.nullif(0)` renders `nullif("reminders"."priority", 0)`.
  public func nullif(_ other: QueryValue) -> SQLQueryExpression<QueryValue?>
  where QueryValue: QueryBindable {
    SQLQueryExpression(operand: "nullif(\(self), \(other))")
  }

  /// `ifnull(expression, ?)`
  ///
  /// `$0.priority.ifnull(0)` renders `ifnull("reminders"."priority", 0)`.
  public func ifnull<Wrapped: QueryBindable>(_ fallback: Wrapped) -> SQLQueryExpression<Wrapped>
  where QueryValue == Wrapped? {
    SQLQueryExpression(operand: "\(form: .function(.ifnull))(\(self), \(fallback))")
  }
}

/// SQL functions that are not methods of one expression.
public enum SQLFunctions {
  /// `random()`: a random 64-bit integer.
  ///
  /// `SQLFunctions.random()` renders `random()`.
  public static func random() -> SQLQueryExpression<Int> {
    SQLQueryExpression(
      operand:
        .sqliteOnly(
          "random()", "random() as a 64-bit integer",
          instead:
            "PostgreSQL's random() is a double from 0 to 1: use #sql(\"random()\", as: Double.self)"
        ))
  }

  /// `char(?, ?, …)`: a string from code points.
  ///
  /// `SQLFunctions.char(72, 105)` renders `char(72, 105)`.
  public static func char(_ codePoints: Int...) -> SQLQueryExpression<String> {
    SQLQueryExpression(operand: .form(.characters(codePoints)))
  }

  /// `printf(?, …)`: a formatted string (`format` in SQLite 3.38 and later).
  ///
  /// `SQLFunctions.printf("%s (%d)", $0.title, $0.id)` renders `printf('%s (%d)', "reminders"."title", "reminders"."id")`.
  public static func printf(_ format: String, _ arguments: any QueryExpression...)
    -> SQLQueryExpression<String>
  {
    SQLQueryExpression(
      operand:
        .sqliteOnly(
          .functionCall("printf", [format] + arguments.map { $0 }), "printf()",
          instead: "PostgreSQL's format() takes other specifiers: use #sql(\"format(…)\")"))
  }

  /// `coalesce(a, b, …)`: the first non-`NULL` argument.
  ///
  /// `SQLFunctions.coalesce($0.priority, $0.id)` renders `coalesce("reminders"."priority", "reminders"."id")`.
  public static func coalesce<Value>(
    _ first: some QueryExpression<Value?>, _ rest: any QueryExpression...
  ) -> SQLQueryExpression<Value?> {
    SQLQueryExpression(operand: .typedFunctionCall(sql: "coalesce", [first] + rest.map { $0 }))
  }

  /// Scalar `max(a, b, …)`: the largest argument.
  ///
  /// `SQLFunctions.max($0.id, $0.remindersListID)` renders `max("reminders"."id", "reminders"."remindersListID")`.
  public static func max<Value>(
    _ first: some QueryExpression<Value>, _ rest: any QueryExpression<Value>...
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression(
      operand:
        .scalarExtreme(.greatest, Value.self, [first] + rest.map { $0 }))
  }

  /// Scalar `min(a, b, …)`: the smallest argument.
  ///
  /// `SQLFunctions.min($0.id, $0.remindersListID)` renders `min("reminders"."id", "reminders"."remindersListID")`.
  public static func min<Value>(
    _ first: some QueryExpression<Value>, _ rest: any QueryExpression<Value>...
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression(
      operand:
        .scalarExtreme(.least, Value.self, [first] + rest.map { $0 }))
  }
}

extension QueryFragment {
  /// Scalar `max`/`min`: PostgreSQL's `greatest`/`least`, which skip `NULL` where SQLite's
  /// return `NULL`, so they stand in only for non-optional values.
  static func scalarExtreme<Value>(
    _ function: FunctionName, _ value: Value.Type, _ arguments: [any QueryAssignable]
  ) -> QueryFragment {
    let call = typedFunctionCall(function, arguments)
    guard Value.self is any QueryOptional.Type else { return call }
    let name = function == .greatest ? "max" : "min"
    let postgres = function == .greatest ? "greatest" : "least"
    return .sqliteOnly(
      call, "Scalar \(name)() of optional values",
      instead: "PostgreSQL's \(postgres)() skips NULL where SQLite's \(name)() returns it; "
        + "compare with coalesce(…) or #sql(\"\(postgres)(…)\")")
  }
}

// MARK: More core functions

extension QueryExpression where QueryValue: QueryText {
  /// `length(expression)`: the number of characters, as Swift spells it (`$0.title.count`).
  ///
  /// `$0.title.count` renders `length("reminders"."title")`.
  public var count: SQLQueryExpression<QueryValue.CountValue> { length() }

  /// `octet_length(expression)`: the number of bytes of its UTF-8 (SQLite 3.43 and later).
  ///
  /// `$0.title.octetLength()` renders `octet_length("reminders"."title")`.
  public func octetLength() -> SQLQueryExpression<QueryValue.CountValue> {
    SQLQueryExpression(operand: "octet_length(\(self))")
  }

  /// `unhex(expression)`: the bytes that hexadecimal text spells, `NULL` if it isn't
  /// hexadecimal (SQLite 3.41 and later).
  ///
  /// `$0.title.hex().unhex()` renders `unhex(hex("reminders"."title"))`.
  public func unhex() -> SQLQueryExpression<[UInt8]?> {
    SQLQueryExpression(operand: .form(.unhex(queryFragment)))
  }
}

extension QueryExpression where QueryValue: QueryNumeric {
  /// `sign(expression)`: -1, 0 or 1 (`NULL` for `NULL`, so optional for an optional).
  ///
  /// `$0.id.sign()` renders `sign("reminders"."id")`.
  public func sign() -> SQLQueryExpression<Int> {
    SQLQueryExpression(operand: .sign(of: self))
  }
}

extension QueryExpression where QueryValue: QueryNumeric & QueryOptional {
  /// `sign(expression)` of an optional: `NULL` for `NULL`.
  ///
  /// `$0.priority.sign()` renders `sign("reminders"."priority")`.
  public func sign() -> SQLQueryExpression<Int?> {
    SQLQueryExpression(operand: .sign(of: self))
  }
}

extension QueryFragment {
  /// `sign(x)`; PostgreSQL's is `numeric` or `double precision`, cast back to an integer.
  @usableFromInline
  static func sign(of value: some QueryExpression) -> QueryFragment {
    .form(.integerResult("sign(\(value))"))
  }

  /// A planner hint (`likely(x)`): PostgreSQL has none, so there it is the value itself.
  @usableFromInline
  static func plannerHint(_ name: String, _ value: some QueryExpression, _ extra: String = "")
    -> QueryFragment
  {
    .form(.plannerHint(name, value.queryFragment, extra: QueryFragment(sql: extra)))
  }
}

extension QueryExpression {
  /// `likely(expression)`: the value, hinting to the planner that it is usually true.
  ///
  /// `$0.isCompleted.likely()` renders `likely("reminders"."isCompleted")`.
  public func likely() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: .plannerHint("likely", self))
  }

  /// `unlikely(expression)`: the value, hinting to the planner that it is usually false.
  ///
  /// `$0.isCompleted.unlikely()` renders `unlikely("reminders"."isCompleted")`.
  public func unlikely() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: .plannerHint("unlikely", self))
  }

  /// `likelihood(expression, ?)`: the value, hinting how often it is true (0.0 to 1.0).
  ///
  /// `$0.isCompleted.likelihood(0.25)` renders `likelihood("reminders"."isCompleted", 0.25)`.
  public func likelihood(_ probability: Double) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: .plannerHint("likelihood", self, ", " + String(probability)))
  }
}

extension SQLFunctions {
  /// `randomblob(?)`: `count` random bytes.
  ///
  /// `SQLFunctions.randomblob(4)` renders `randomblob(4)`.
  public static func randomblob(_ count: Int) -> SQLQueryExpression<[UInt8]> {
    SQLQueryExpression(
      operand:
        .sqliteOnly(
          "randomblob(\(count))", "randomblob()",
          instead: "use pgcrypto's gen_random_bytes(…) with #sql, or bind random bytes"))
  }

  /// `zeroblob(?)`: `count` zero bytes.
  ///
  /// `SQLFunctions.zeroblob(4)` renders `zeroblob(4)`.
  public static func zeroblob(_ count: Int) -> SQLQueryExpression<[UInt8]> {
    SQLQueryExpression(operand: .form(.zeroBytes(count)))
  }
}

extension QueryFragment {
  /// `name(a, b, …)`: a call of an SQL function, each argument rendered (values bound).
  @usableFromInline
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
