import Foundation

/// A construct SQLite and another dialect spell differently, kept in a fragment with what each
/// dialect needs to spell it. `Dialect/SQLite` writes SQLite's spelling into the fragment's
/// text when the form is appended; another dialect's folder spells it when a statement renders
/// for that dialect (``SQLDialect/render(_:into:)``). A third dialect adds a folder that spells
/// every case.
@usableFromInline
package indirect enum DialectForm: Hashable, Sendable {
  /// `IS` (`IS NOT` when negated) between two expressions.
  case isOperator(negated: Bool)
  /// `LIKE` that ignores case (SQLite's `LIKE` does, for ASCII letters).
  case caseInsensitiveLike
  /// A Boolean constant.
  case boolean(Bool)
  /// The `LIMIT` that does not limit (before an `OFFSET`).
  case noLimit
  /// The name a subquery in `FROM` must have where the dialect requires one.
  case derivedTableName
  /// A function whose name differs.
  case function(FunctionName)
  /// A type name in `CAST(… AS type)`.
  case typeName(SQLType?)
  /// A value a dialect cannot type by itself (a lone text or `NULL` parameter), with the type
  /// it has in Swift.
  case typed(QueryFragment, SQLType?)
  /// An `Int` argument of a function whose parameter is a 32-bit integer in some dialect.
  case integerArgument(Int)
  /// An integer result some dialect gives in another type: `sign(x)`.
  case integerResult(QueryFragment)
  /// `round(x, digits)` as a `Double`.
  case round(QueryFragment, digits: Int)
  /// `unhex(x)`: the bytes of a hexadecimal text.
  case unhex(QueryFragment)
  /// A hint to SQLite's query planner (`likely(x)`, `unlikely(x)`, `likelihood(x, p)`), which
  /// other dialects read as the value.
  case plannerHint(String, QueryFragment, extra: QueryFragment)
  /// `char(a, b, …)`: the text of code points.
  case characters([Int])
  /// `zeroblob(n)`: `n` zero bytes.
  case zeroBytes(Int)
  /// `x COLLATE name`, in parentheses.
  case collate(QueryFragment, String)
  /// The bytes of a blob as hexadecimal text, how a row's blob column is written into JSON.
  case hexBytes(QueryFragment)
  /// A date-time text in UTC, without a zone (how Quarry stores a `Date`), as a time another
  /// dialect compares with its timestamps.
  case utcTimestamp(QueryFragment)
  /// What only SQLite has (`GLOB`, FTS5, `hex()`, temporary triggers, …): another dialect
  /// refuses it before anything is sent, naming what to use instead.
  case sqliteOnly(QueryFragment, feature: String, alternative: String)
  /// An aggregate call whose name or arguments differ, up to (not including) its `)`.
  case aggregate(AggregateForm)
  /// Opens a default for an aggregate that some dialect gives as `NULL` for no rows.
  case whenEmptyOpen
  /// Closes ``whenEmptyOpen`` with the default (an SQL literal).
  case whenEmptyClose(String)
  /// `json -> path`: the JSON value at an SQLite JSON path.
  case jsonValue(QueryFragment, path: String)
  /// `json_array_length(json[, path])`: the length of the array (at the path); 0 for another
  /// JSON value, `NULL` where the path finds nothing.
  case jsonArrayLength(QueryFragment, path: String?)
  /// `json ->> path` (or `json_extract(json, path)`, `jsonb_extract(json, path)`): the SQL value
  /// at a path, of a Swift type.
  case jsonExtract(QueryFragment, path: String, SQLType?, JSONExtraction)
  /// `jsonb_extract(json, path)`: the array or object at a path, as JSONB.
  case jsonbExtract(QueryFragment, path: String)
  /// One of SQLite's date-time functions.
  case dateTime(DateTimeCall)
  /// `json_each(json)` as a table: in `FROM`, or joined.
  case jsonEach(JSONEachTable)
  /// A fragment with its bound values written in as literals (views, triggers).
  case inlined(QueryFragment)
  /// The `SELECT` of an `INSERT … SELECT` that an upsert follows.
  case upsertSelect(QueryFragment)
  /// A `NULL` primary key in an inserted row: the database assigns the key.
  case missingKey
  /// `INSERT OR REPLACE` (or another conflict resolution), followed by a space.
  case conflictResolution(String)
  /// `json_set(json, path, value)` and its kin: the JSON with the value at an SQLite JSON path
  /// set, inserted, replaced or removed (`value` is nil for a removal); `jsonb_set` and its kin
  /// when `binary`, which return JSONB.
  case jsonMutation(
    JSONMutation, QueryFragment, path: String, value: JSONMutationValue?, binary: Bool)
}

/// How SQLite writes ``DialectForm/jsonExtract(_:path:_:_:)``: the same SQL value, by the
/// operator or by a function.
@usableFromInline
package enum JSONExtraction: Hashable, Sendable {
  /// `json ->> path`.
  case arrow
  /// `json_extract(json, path)`.
  case function
  /// `jsonb_extract(json, path)`, whose arrays and objects are JSONB (a scalar is the same
  /// SQL value).
  case binaryFunction
}

/// How ``DialectForm/jsonMutation(_:_:path:value:)`` changes a JSON value.
@usableFromInline
package enum JSONMutation: Hashable, Sendable {
  /// `json_set`: sets the value, creating it where missing.
  case set
  /// `json_insert`: sets the value only where the path finds nothing (`[#]` appends).
  case insert
  /// `json_replace`: sets the value only where the path finds one.
  case replace
  /// `json_remove`: removes the value.
  case remove
}

/// The value a JSON mutation writes: an SQL value (text becomes a JSON string), or JSON text
/// (a column stored as JSON), which is written as the JSON it holds.
@usableFromInline
package struct JSONMutationValue: Hashable, Sendable {
  @usableFromInline let value: QueryFragment
  @usableFromInline let isJSON: Bool

  package init(_ value: QueryFragment, isJSON: Bool) {
    self.value = value
    self.isJSON = isJSON
  }
}

/// A function SQLite and another dialect name differently.
@usableFromInline
package enum FunctionName: Hashable, Sendable {
  /// `instr`: the 1-based position of a substring.
  case instr
  /// `unicode`: the code point of the first character.
  case unicode
  /// `ifnull`: the first argument unless `NULL`.
  case ifnull
  /// `trim(x, characters)`: trims the given characters from both ends.
  case trimCharacters
  /// `json_array`.
  case jsonArray
  /// `json_object`.
  case jsonObject
  /// `jsonb_object`: an object as JSONB.
  case jsonbObject
  /// Scalar `max(a, b, …)`.
  case greatest
  /// Scalar `min(a, b, …)`.
  case least
}

/// An aggregate whose name or arguments differ.
@usableFromInline
package enum AggregateForm: Hashable, Sendable {
  /// `group_concat(x, separator)`.
  case groupConcat(QueryFragment, separator: QueryFragment, distinct: Bool)
  /// `total(x)`: the sum as a `Double`, `0.0` for no rows.
  case total(QueryFragment, distinct: Bool)
  /// `json_group_array(x)`; of JSON text (`isJSON`), `json_group_array(json(x))`, so the
  /// array holds the values rather than strings of their text; `DISTINCT` before the value
  /// when `distinct`; `jsonb_group_array`, which returns JSONB, when `binary`.
  case jsonGroupArray(QueryFragment, isJSON: Bool, distinct: Bool, binary: Bool)
  /// `json_group_object(key, value)`.
  case jsonGroupObject(QueryFragment, QueryFragment)
}

/// A call of one of SQLite's date-time functions (`date`, `time`, `datetime`, `julianday`,
/// `unixepoch`, `strftime`).
@usableFromInline
package struct DateTimeCall: Hashable, Sendable {
  @usableFromInline let function: String
  @usableFromInline let time: QueryFragment
  @usableFromInline let timeType: SQLType?
  @usableFromInline let modifiers: [String]
  @usableFromInline let format: String?

  package init(
    _ function: String, time: QueryFragment, timeType: SQLType?, modifiers: [String],
    format: String? = nil
  ) {
    self.function = function
    self.time = time
    self.timeType = timeType
    self.modifiers = modifiers
    self.format = format
  }
}

/// `json_each(json)` as a table source.
@usableFromInline
package struct JSONEachTable: Hashable, Sendable {
  /// The JSON array or object.
  @usableFromInline let json: QueryFragment
  /// Whether the JSON is an array (integer keys), not an object.
  @usableFromInline let isArray: Bool
  /// The SQL type of the elements' Swift type.
  @usableFromInline let valueType: SQLType?
  /// The table's name in the statement.
  @usableFromInline let alias: String
  /// Whether it follows a `JOIN` keyword (its condition is part of the source).
  @usableFromInline let isJoined: Bool
  /// The SQLite JSON path of the array or object within the JSON (`$.tags`), or nil for the
  /// JSON itself.
  @usableFromInline let path: String?
  /// Whether it is `jsonb_each`, whose arrays and objects are JSONB.
  @usableFromInline let binary: Bool

  package init(
    json: QueryFragment, isArray: Bool, valueType: SQLType?, alias: String, isJoined: Bool,
    path: String? = nil, binary: Bool = false
  ) {
    self.json = json
    self.isArray = isArray
    self.valueType = valueType
    self.alias = alias
    self.isJoined = isJoined
    self.path = path
    self.binary = binary
  }
}

/// The kind of SQL value a Swift type is stored as, which each dialect names in casts.
@usableFromInline
package enum SQLType: Hashable, Sendable {
  case text, integer, real, blob, boolean, timestamp, uuid

  /// The SQL type of a Swift type, or nil for a type with no one SQL type.
  @usableFromInline
  package init?(_ type: Any.Type) {
    switch type {
    case is String.Type, is String?.Type, is Substring.Type, is URL.Type, is URL?.Type:
      self = .text
    case is Bool.Type, is Bool?.Type: self = .boolean
    case is Double.Type, is Double?.Type, is Float.Type, is Float?.Type: self = .real
    case is [UInt8].Type, is [UInt8]?.Type, is Data.Type, is Data?.Type: self = .blob
    case is Date.Type, is Date?.Type: self = .timestamp
    case is UUID.Type, is UUID?.Type: self = .uuid
    case is Int.Type, is Int?.Type, is Int64.Type, is Int64?.Type, is Int32.Type, is Int32?.Type,
      is Int16.Type, is Int16?.Type, is Int8.Type, is Int8?.Type, is UInt8.Type, is UInt8?.Type,
      is UInt16.Type, is UInt16?.Type, is UInt32.Type, is UInt32?.Type, is UInt.Type,
      is UInt?.Type, is UInt64.Type, is UInt64?.Type:
      self = .integer
    default: return nil
    }
  }

  /// Whether the type is a number.
  package var isNumber: Bool { self == .integer || self == .real }
}

extension QueryFragment {
  /// Appends `argument`; a lone text or `NULL` parameter, which some dialects cannot type by
  /// themselves, is kept with its Swift type (``DialectForm/typed(_:_:)``).
  package mutating func appendTypedArgument<Argument: QueryAssignable>(_ argument: Argument) {
    var rendered = QueryFragment()
    argument.write(to: &rendered)
    if rendered.text.count == 1, rendered.placeholders.count == 1,
      let binding = rendered.values.first
    {
      switch binding {
      case .text, .null:
        append(form: .typed(rendered, SQLType(Argument.QueryValue.self) ?? .text))
        return
      default: break
      }
    }
    append(rendered)
  }

  /// `name(a, b, …)`, each argument typed as ``appendTypedArgument(_:)`` types it.
  package static func typedFunctionCall(
    _ name: FunctionName, _ arguments: [any QueryAssignable]
  ) -> QueryFragment {
    var call = QueryFragment.form(.function(name))
    call.appendTypedArguments(arguments)
    return call
  }

  /// `name(a, b, …)` of a function every dialect names alike, each argument typed as
  /// ``appendTypedArgument(_:)`` types it.
  package static func typedFunctionCall(sql name: String, _ arguments: [any QueryAssignable])
    -> QueryFragment
  {
    var call = QueryFragment(sql: name)
    call.appendTypedArguments(arguments)
    return call
  }

  /// `(a, b, …)`, each argument typed.
  mutating func appendTypedArguments(_ arguments: [any QueryAssignable]) {
    append(sql: "(")
    for (index, argument) in arguments.enumerated() {
      if index > 0 { append(sql: ", ") }
      appendTypedArgument(argument)
    }
    append(sql: ")")
  }
}

extension QueryFragment {
  /// SQLite's `sqlite` spelling of a feature only SQLite has: another dialect refuses it before
  /// anything is sent, naming `alternative`.
  package static func sqliteOnly(
    _ sqlite: QueryFragment, _ feature: String, instead alternative: String
  ) -> QueryFragment {
    .form(.sqliteOnly(sqlite, feature: feature, alternative: alternative))
  }

  /// FTS5's `MATCH`, which only SQLite has.
  package static func fullTextSearch(_ sqlite: QueryFragment) -> QueryFragment {
    sqliteOnly(
      sqlite, "FTS5 full-text search (MATCH)",
      instead: "use PostgreSQL's text search with #sql(\"to_tsvector(…) @@ plainto_tsquery(…)\")")
  }
}
