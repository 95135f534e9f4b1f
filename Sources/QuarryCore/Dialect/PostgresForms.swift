import Foundation
import QuarrySQLText

// The PostgreSQL forms of what SQLite spells its own way: SQL type names, parameters PostgreSQL
// cannot type by itself, date-time functions and `json_each`. Each is used only while
// PostgreSQL's dialect is current.

/// PostgreSQL's name for the SQL type of a Swift type (`text`, `bigint`, `timestamptz`, …), or
/// `nil` for a type it has no one name for.
@usableFromInline
func postgresTypeName(_ type: Any.Type) -> String? {
  switch type {
  case is String.Type, is String?.Type, is Substring.Type, is URL.Type, is URL?.Type: return "text"
  case is Bool.Type, is Bool?.Type: return "boolean"
  case is Double.Type, is Double?.Type, is Float.Type, is Float?.Type: return "double precision"
  case is [UInt8].Type, is [UInt8]?.Type, is Data.Type, is Data?.Type: return "bytea"
  case is Date.Type, is Date?.Type: return "timestamptz"
  case is UUID.Type, is UUID?.Type: return "uuid"
  case is Int.Type, is Int?.Type, is Int64.Type, is Int64?.Type, is Int32.Type, is Int32?.Type,
    is Int16.Type, is Int16?.Type, is Int8.Type, is Int8?.Type, is UInt8.Type, is UInt8?.Type,
    is UInt16.Type, is UInt16?.Type, is UInt32.Type, is UInt32?.Type:
    return "bigint"
  default: return nil
  }
}

/// An `Int` argument of a function whose parameter is a 32-bit `integer` in PostgreSQL
/// (`substr`, `round`, `ntile`, `lag`…): Quarry binds integers as `bigint`, which PostgreSQL
/// does not narrow by itself, so the PostgreSQL form casts it: `CAST($1 AS integer)`.
public struct IntegerArgument: QueryExpression, Sendable {
  /// An `Int`.
  public typealias QueryValue = Int

  /// The value.
  public let value: Int

  /// An argument of `value`.
  @inlinable
  public init(_ value: Int) { self.value = value }

  /// Appends `?`, or `CAST(? AS integer)` when PostgreSQL's dialect is current.
  public func write(to fragment: inout QueryFragment) {
    if SQLDialect.isPostgres {
      fragment.append(sql: "CAST(")
      fragment.append(binding: .int(Int64(value)))
      fragment.append(sql: " AS integer)")
    } else {
      fragment.append(binding: .int(Int64(value)))
    }
  }
}

extension QueryFragment {
  /// Appends `argument`; a lone parameter PostgreSQL could not type by itself (text or `NULL`,
  /// which Quarry sends untyped so that the server reads them as the column they meet) gets a
  /// cast from its Swift type when PostgreSQL's dialect is current: `CAST($1 AS text)`.
  package mutating func appendTypedArgument(_ argument: any QueryAssignable) {
    guard SQLDialect.isPostgres else {
      argument.write(to: &self)
      return
    }
    var rendered = QueryFragment()
    argument.write(to: &rendered)
    if rendered.text == [UInt8(ascii: "?")], let binding = rendered.values.first {
      let typeName: String?
      switch binding {
      case .text, .null: typeName = Self.postgresTypeName(of: argument) ?? "text"
      default: typeName = nil
      }
      if let typeName {
        append(sql: "CAST(")
        append(rendered)
        append(sql: " AS \(typeName))")
        return
      }
    }
    append(rendered)
  }

  private static func postgresTypeName<Argument: QueryAssignable>(of argument: Argument) -> String?
  {
    QuarryCore.postgresTypeName(Argument.QueryValue.self)
  }

  /// `name(a, b, …)`, each argument typed as ``appendTypedArgument(_:)`` types it.
  package static func typedFunctionCall(_ name: String, _ arguments: [any QueryAssignable])
    -> QueryFragment
  {
    var fragment = QueryFragment(sql: name + "(")
    for (index, argument) in arguments.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      fragment.appendTypedArgument(argument)
    }
    fragment.append(sql: ")")
    return fragment
  }
}

// MARK: Date and time

/// SQLite's date-time functions (`date`, `time`, `datetime`, `julianday`, `unixepoch`,
/// `strftime`) in PostgreSQL: the time read as a `timestamptz`, taken in UTC (as SQLite's
/// functions are), its modifiers turned into `date_trunc` and `interval` arithmetic, and the
/// result formatted with `to_char`. What has no faithful form is refused.
enum PostgresTime {
  /// The PostgreSQL form of `function(time, modifiers…)`, with `format` for `strftime`.
  static func call<Time: QueryExpression>(
    _ function: String, _ time: Time, _ modifiers: [String], format: String? = nil
  ) -> QueryFragment {
    var modifiers = modifiers[...]
    var timestamp = QueryFragment()
    let timeType = postgresTypeName(Time.QueryValue.self)
    if timeType == "bigint" || timeType == "double precision" {
      // SQLite reads a number as a Julian day, or as seconds since 1970 with 'unixepoch'.
      if modifiers.first?.lowercased() == "unixepoch" {
        modifiers.removeFirst()
        timestamp.append("to_timestamp(\(time))")
      } else {
        timestamp.append("to_timestamp((\(time) - 2440587.5) * 86400)")
      }
    } else {
      timestamp.append("CAST(\(time) AS timestamptz)")
    }
    timestamp = "(\(timestamp) AT TIME ZONE 'UTC')"
    for modifier in modifiers {
      switch Modifier(modifier) {
      case .startOf(let unit): timestamp = "date_trunc('\(raw: unit)', \(timestamp))"
      case .shift(let interval): timestamp = "(\(timestamp) + interval '\(raw: interval)')"
      case .unsupported(let reason): return .unsupported(reason.0, instead: reason.1)
      }
    }
    switch function {
    case "date": return "to_char(\(timestamp), 'YYYY-MM-DD')"
    case "time": return "to_char(\(timestamp), 'HH24:MI:SS')"
    case "datetime": return "to_char(\(timestamp), 'YYYY-MM-DD HH24:MI:SS')"
    case "julianday":
      return "CAST(extract(epoch FROM \(timestamp)) / 86400 + 2440587.5 AS double precision)"
    case "unixepoch": return "CAST(floor(extract(epoch FROM \(timestamp))) AS bigint)"
    default:
      switch toCharPattern(format ?? "") {
      case .success(let pattern): return "to_char(\(timestamp), \(pattern))"
      case .failure(let unsupported):
        return .unsupported(
          "strftime's \(unsupported.specifier)",
          instead: "PostgreSQL's to_char has no form of it; use #sql(\"to_char(…)\") or extract(…)"
        )
      }
    }
  }

  /// A modifier of SQLite's date-time functions, as PostgreSQL can apply it.
  enum Modifier {
    case startOf(String)
    case shift(String)
    case unsupported((String, String))

    init(_ text: String) {
      let words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
      if words.count == 3, words[0] == "start", words[1] == "of",
        ["day", "month", "year"].contains(words[2])
      {
        self = .startOf(String(words[2]))
        return
      }
      if words.count == 2, let amount = Double(words[0]), amount.isFinite {
        var unit = words[1]
        if unit.hasSuffix("s") { unit.removeLast() }
        if ["day", "hour", "minute", "second"].contains(unit) {
          // The amount was read as a number: written back, it is a safe literal.
          let sign = words[0].hasPrefix("-") ? "-" : "+"
          self = .shift("\(sign)\(words[0].trimmingCharacters(in: ["+", "-"])) \(unit)")
          return
        }
        if ["month", "year"].contains(unit) {
          self = .unsupported(
            (
              "The date modifier '\(text)'",
              "SQLite carries an overflowing day into the next month where PostgreSQL keeps the "
                + "month's last day; write the interval arithmetic you mean with #sql"
            ))
          return
        }
      }
      self = .unsupported(
        (
          "The date modifier '\(text)'",
          "PostgreSQL's forms take 'start of day|month|year' and '±N days|hours|minutes|seconds'; "
            + "write others with #sql (times here are UTC: use AT TIME ZONE for local time)"
        ))
    }
  }

  struct UnsupportedSpecifier: Error { let specifier: String }

  /// The `to_char` pattern of a `strftime` format: `%Y-%m-%d` → `"YYYY"-"MM"-"DD"` with
  /// literal text quoted, or the first specifier `to_char` has no form of.
  static func toCharPattern(_ format: String) -> Result<String, UnsupportedSpecifier> {
    var pattern = ""
    var literal = ""
    func flushLiteral() {
      guard !literal.isEmpty else { return }
      pattern +=
        "\""
        + literal.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "\"", with: "\\\"") + "\""
      literal = ""
    }
    var characters = format.makeIterator()
    while let character = characters.next() {
      guard character == "%" else {
        literal.append(character)
        continue
      }
      guard let specifier = characters.next() else {
        literal.append("%")
        break
      }
      let field: String
      switch specifier {
      case "Y": field = "YYYY"
      case "m": field = "MM"
      case "d": field = "DD"
      case "H": field = "HH24"
      case "M": field = "MI"
      case "S": field = "SS"
      case "f": field = "SS.MS"
      case "j": field = "DDD"
      case "%":
        literal.append("%")
        continue
      default: return .failure(UnsupportedSpecifier(specifier: "%\(specifier)"))
      }
      flushLiteral()
      pattern += field
    }
    flushLiteral()
    return .success(pattern)
  }
}

// MARK: json_each

/// SQLite's `json_each` in PostgreSQL: a subquery with the same eight columns over
/// `jsonb_array_elements` (a `[Value]` column) or `jsonb_each` (a `[String: Value]` column).
enum PostgresJSONEach {
  /// `(SELECT … AS "key", … AS "value", … FROM jsonb_array_elements(CAST(json AS jsonb)) …)`.
  static func subquery<Key, Value>(
    over json: QueryFragment, key: Key.Type, value: Value.Type
  ) -> QueryFragment {
    let isArray = postgresTypeName(Key.self) == "bigint"
    let element = #""element"."value""#
    let text = "(\(element) #>> '{}')"
    let typed: String
    if let name = postgresTypeName(Value.self), name != "text" {
      typed = "CAST(\(text) AS \(name))"
    } else {
      typed = text
    }
    let keyColumn = isArray ? #"("element"."ordinality" - 1)"# : #""element"."key""#
    let fullKey =
      isArray ? "('$[' || \(keyColumn) || ']')" : "('$.' || \(keyColumn))"
    var fragment = QueryFragment(
      sql: """
        (SELECT \(keyColumn) AS "key", \(typed) AS "value", \
        CASE jsonb_typeof(\(element)) WHEN 'string' THEN 'text' WHEN 'boolean' THEN \(text) \
        WHEN 'number' THEN CASE WHEN \(text) ~ '^-?[0-9]+$' THEN 'integer' ELSE 'real' END \
        ELSE jsonb_typeof(\(element)) END AS "type", \
        CASE WHEN jsonb_typeof(\(element)) IN ('array', 'object') THEN NULL ELSE \(typed) END \
        AS "atom", "element"."ordinality" AS "id", CAST(NULL AS bigint) AS "parent", \
        \(fullKey) AS "fullkey", '$' AS "path" FROM \
        \(isArray ? "jsonb_array_elements" : "jsonb_each")(CAST(
        """)
    fragment.append(json)
    fragment.append(
      sql: isArray
        ? #" AS jsonb)) WITH ORDINALITY AS "element"("value", "ordinality"))"#
        : #" AS jsonb)) WITH ORDINALITY AS "element"("key", "value", "ordinality"))"#)
    return fragment
  }
}
