import Foundation
import QuarrySQLText

// PostgreSQL's spelling of every dialect form: what SQLite spells its own way (SQL type names,
// parameters PostgreSQL cannot type by itself, JSON, date-time functions, `json_each`), and
// refusals, naming the alternative, of what PostgreSQL does not have.

enum PostgresForms {
  /// Appends PostgreSQL's spelling of `form`.
  static func render(_ form: DialectForm, into renderer: inout SQLRenderer) {
    switch form {
    case .isOperator(let negated):
      renderer.append(sql: negated ? "IS DISTINCT FROM" : "IS NOT DISTINCT FROM")
    case .caseInsensitiveLike: renderer.append(sql: "ILIKE")
    case .boolean(let value): renderer.append(sql: value ? "TRUE" : "FALSE")
    case .noLimit: renderer.append(sql: "ALL")
    // PostgreSQL 15 wants every subquery in FROM named.
    case .derivedTableName: renderer.append(sql: #" AS "arm""#)
    case .function(let name): renderer.append(sql: functionName(name))
    case .typeName(let type): renderer.append(sql: typeName(type) ?? "numeric")
    case .typed(let value, let type):
      renderer.append("CAST(\(value) AS \(raw: typeName(type) ?? "text"))")
    case .integerArgument(let value):
      // Quarry binds integers as `bigint`, which PostgreSQL does not narrow by itself.
      renderer.append("CAST(\(value) AS integer)")
    case .integerResult(let value): renderer.append("CAST(\(value) AS bigint)")
    case .round(let value, let digits):
      // PostgreSQL rounds to a number of digits only `numeric` values.
      renderer.append(
        "CAST(round(CAST(\(value) AS numeric), \(form: .integerArgument(digits))) AS double precision)"
      )
    case .unhex(let value): renderer.append("decode(\(value), 'hex')")
    case .plannerHint(_, let value, _): renderer.append("(\(value))")
    case .characters(let codePoints):
      // PostgreSQL's chr takes one code point: chr(72) || chr(105).
      guard !codePoints.isEmpty else { return renderer.append(sql: "''") }
      var fragment = QueryFragment(sql: "(")
      for (index, codePoint) in codePoints.enumerated() {
        fragment.append(sql: index == 0 ? "chr(" : " || chr(")
        fragment.append(form: .integerArgument(codePoint))
        fragment.append(sql: ")")
      }
      fragment.append(sql: ")")
      renderer.append(fragment)
    case .zeroBytes(let count):
      renderer.append("decode(repeat('00', \(form: .integerArgument(count))), 'hex')")
    case .collate(let value, let collation):
      switch collation {
      case "BINARY": renderer.append("(\(value) COLLATE \"C\")")
      case "NOCASE", "RTRIM":
        renderer.refuse(
          "The \(collation) collation",
          instead: "compare lower(…) values, use ilike(_:), or a nondeterministic ICU collation")
      default: renderer.append("(\(value) COLLATE \(raw: collation))")
      }
    case .hexBytes(let value): renderer.append("encode(\(value), 'hex')")
    case .utcTimestamp(let value):
      // Read as UTC whatever the session's time zone.
      renderer.append("(CAST(\(value) AS timestamp) AT TIME ZONE 'UTC')")
    case .sqliteOnly(_, let feature, let alternative):
      renderer.refuse(feature, instead: alternative)
    case .aggregate(let aggregate): render(aggregate, into: &renderer)
    case .whenEmptyOpen: renderer.append(sql: "coalesce(")
    case .whenEmptyClose(let value): renderer.append(sql: ", \(value))")
    case .jsonValue(let json, let path): renderer.append(jsonPath(json, path))
    case .jsonArrayLength(let json, let path):
      // PostgreSQL's `jsonb_array_length` refuses other values, where SQLite gives 0.
      let value: QueryFragment = path.map { jsonPath(json, $0) } ?? "CAST(\(json) AS jsonb)"
      renderer.append(
        """
        CASE WHEN jsonb_typeof(\(value)) IS NULL THEN NULL \
        WHEN jsonb_typeof(\(value)) = 'array' THEN CAST(jsonb_array_length(\(value)) AS bigint) \
        ELSE 0 END
        """)
    case .jsonExtract(let json, let path, let type, _):
      let text: QueryFragment = "(\(jsonPath(json, path)) #>> '{}')"
      if let name = typeName(type), name != "text" {
        renderer.append("CAST(\(text) AS \(raw: name))")
      } else {
        renderer.append(text)
      }
    case .jsonbExtract(let json, let path): renderer.append(jsonPath(json, path))
    case .dateTime(let call): renderer.append(PostgresTime.call(call))
    case .jsonEach(let source):
      if source.isJoined { renderer.append(sql: "LATERAL ") }
      renderer.append(PostgresJSONEach.subquery(source))
      renderer.append(" AS \(quote: source.alias)")
      if source.isJoined { renderer.append(sql: " ON TRUE") }
    case .inlined(let inlined): renderer.appendInlined(inlined)
    case .upsertSelect(let select):
      // PostgreSQL parses an upsert after any select.
      renderer.append(select)
    case .missingKey:
      // Identity and serial keys take DEFAULT, not NULL.
      renderer.append(sql: "DEFAULT")
    case .conflictResolution(let resolution):
      renderer.refuse(
        "INSERT OR \(resolution)", instead: "use onConflictDoNothing() or onConflictDoUpdate(…)")
      renderer.append(sql: " ")
    // (PostgreSQL's JSON is `jsonb` already: the binary forms are the same.)
    case .jsonMutation(let mutation, let json, let path, let value, _):
      PostgresJSONMutation.render(mutation, json, path: path, value: value, into: &renderer)
    }
  }

  static func render(_ aggregate: AggregateForm, into renderer: inout SQLRenderer) {
    switch aggregate {
    case .groupConcat(let value, let separator, let distinct):
      // PostgreSQL's form takes text and always a separator.
      renderer.append(
        "string_agg(\(raw: distinct ? "DISTINCT " : "")CAST(\(value) AS text), \(separator)")
    case .total(let value, let distinct):
      // PostgreSQL's `sum` of integers is `numeric`, and `NULL` for no rows.
      renderer.append("sum(\(raw: distinct ? "DISTINCT " : "")CAST(\(value) AS double precision)")
    case .jsonGroupArray(let value, let isJSON, let distinct, _):
      let distinct = distinct ? "DISTINCT " : ""
      renderer.append(
        isJSON
          ? "jsonb_agg(\(raw: distinct)CAST(\(value) AS jsonb)"
          : "jsonb_agg(\(raw: distinct)\(value)")
    case .jsonGroupObject(let key, let value):
      renderer.append("jsonb_object_agg(\(key), \(value)")
    }
  }

  static func functionName(_ name: FunctionName) -> String {
    switch name {
    case .instr: return "strpos"
    case .unicode: return "ascii"
    case .ifnull: return "coalesce"
    case .trimCharacters: return "btrim"
    case .jsonArray: return "jsonb_build_array"
    case .jsonObject, .jsonbObject: return "jsonb_build_object"
    case .greatest: return "greatest"
    case .least: return "least"
    }
  }

  /// PostgreSQL's name for an SQL type, or nil for a type it has no one name for.
  static func typeName(_ type: SQLType?) -> String? {
    switch type {
    case .text: return "text"
    case .boolean: return "boolean"
    case .real: return "double precision"
    case .blob: return "bytea"
    case .timestamp: return "timestamptz"
    case .uuid: return "uuid"
    case .integer: return "bigint"
    case nil: return nil
    }
  }

  /// `jsonb_path_query_first(CAST(json AS jsonb), CAST(? AS jsonpath))`: the JSON value at an
  /// SQLite path (`$.a[0]`, which is also a JSON path), as `jsonb`.
  static func jsonPath(_ json: QueryFragment, _ path: String) -> QueryFragment {
    "jsonb_path_query_first(CAST(\(json) AS jsonb), CAST(\(path) AS jsonpath))"
  }
}
