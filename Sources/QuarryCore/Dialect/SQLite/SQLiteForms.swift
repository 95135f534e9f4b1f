// SQLite's spelling of every dialect form. It is written into a fragment's text when the form
// is appended, so a statement run on SQLite is its text as it is: SQLite's driver renders
// nothing.

@usableFromInline
enum SQLiteForms {
  /// Appends SQLite's spelling of `form`.
  @usableFromInline
  static func write(_ form: DialectForm, to fragment: inout QueryFragment) {
    switch form {
    case .isOperator(let negated): fragment.append(sql: negated ? "IS NOT" : "IS")
    case .caseInsensitiveLike: fragment.append(sql: "LIKE")
    case .boolean(let value): fragment.append(sql: value ? "1" : "0")
    case .noLimit: fragment.append(sql: "-1")
    case .derivedTableName: break
    case .function(let name): fragment.append(sql: functionName(name))
    case .typeName(let type): fragment.append(sql: typeName(type))
    case .typed(let value, _): fragment.append(value)
    case .integerArgument(let value): fragment.append(binding: .int(Int64(value)))
    case .integerResult(let value): fragment.append(value)
    case .round(let value, let digits):
      fragment.append("round(\(value), \(digits))")
    case .unhex(let value): fragment.append("unhex(\(value))")
    case .plannerHint(let name, let value, let extra):
      fragment.append("\(raw: name)(\(value)\(extra))")
    case .characters(let codePoints):
      fragment.append(.functionCall("char", codePoints.map { $0 }))
    case .zeroBytes(let count): fragment.append("zeroblob(\(count))")
    case .collate(let value, let collation): fragment.append("(\(value) COLLATE \(raw: collation))")
    case .utcTimestamp(let value): fragment.append(value)
    case .hexBytes(let value):
      // (`hex(NULL)` is empty text, which would read as no bytes.)
      fragment.append("CASE WHEN \(value) IS NULL THEN NULL ELSE hex(\(value)) END")
    case .sqliteOnly(let sqlite, _, _): fragment.append(sqlite)
    case .aggregate(let aggregate): write(aggregate, to: &fragment)
    case .whenEmptyOpen, .whenEmptyClose: break
    case .jsonValue(let json, let path): fragment.append("(\(json) -> \(path))")
    case .jsonArrayLength(let json, nil): fragment.append("json_array_length(\(json))")
    case .jsonArrayLength(let json, let path?):
      fragment.append("json_array_length(\(json), \(path))")
    case .jsonExtract(let json, let path, _, .arrow): fragment.append("(\(json) ->> \(path))")
    case .jsonExtract(let json, let path, _, .function):
      fragment.append("json_extract(\(json), \(path))")
    case .jsonExtract(let json, let path, _, .binaryFunction):
      fragment.append("jsonb_extract(\(json), \(path))")
    case .jsonbExtract(let json, let path): fragment.append("jsonb_extract(\(json), \(path))")
    case .dateTime(let call):
      var arguments: [any QueryAssignable] = []
      if let format = call.format { arguments.append(format) }
      arguments.append(SQLQueryExpression<Void>(operand: call.time))
      arguments.append(contentsOf: call.modifiers)
      fragment.append(.functionCall(call.function, arguments))
    case .jsonEach(let source):
      let name = source.binary ? "jsonb_each(" : "json_each("
      if let path = source.path {
        fragment.append("\(raw: name)\(source.json), \(path))")
      } else {
        fragment.append("\(raw: name)\(source.json))")
      }
      if source.isJoined, source.alias != "json_each" {
        fragment.append(" AS \(quote: source.alias)")
      }
    case .inlined(let inlined):
      // (A value that could not be encoded stays a binding: running the statement fails.)
      var renderer = SQLRenderer(dialect: .sqlite, placeholders: .question)
      renderer.appendInlined(inlined)
      fragment.append(renderer.fragment)
    case .upsertSelect(let select):
      // SQLite needs a WHERE just before an upsert clause to parse a select's end, which
      // can't follow the select's own ORDER BY or LIMIT: the select is read as a subquery.
      fragment.append("SELECT * FROM (\(select))\nWHERE 1")
    case .missingKey:
      // SQLite assigns a rowid key for NULL.
      fragment.append(binding: .null)
    case .conflictResolution(let resolution): fragment.append(sql: "OR \(resolution) ")
    case .jsonMutation(let mutation, let json, let path, let value, let binary):
      let name =
        switch mutation {
        case .set: "set"
        case .insert: "insert"
        case .replace: "replace"
        case .remove: "remove"
        }
      fragment.append("\(raw: binary ? "jsonb_" : "json_")\(raw: name)(\(json), \(path)")
      if let value {
        fragment.append(value.isJSON ? ", json(\(value.value))" : ", \(value.value)")
      }
      fragment.append(sql: ")")
    }
  }

  static func write(_ aggregate: AggregateForm, to fragment: inout QueryFragment) {
    switch aggregate {
    case .groupConcat(let value, _, distinct: true):
      // SQLite allows DISTINCT only with the default separator.
      fragment.append("group_concat(DISTINCT \(value)")
    case .groupConcat(let value, let separator, distinct: false):
      fragment.append("group_concat(\(value), \(separator)")
    case .total(let value, let distinct):
      fragment.append("total(\(raw: distinct ? "DISTINCT " : "")\(value)")
    case .jsonGroupArray(let value, let isJSON, let distinct, let binary):
      let name = binary ? "jsonb_group_array(" : "json_group_array("
      let distinct = distinct ? "DISTINCT " : ""
      fragment.append(
        isJSON
          ? "\(raw: name)\(raw: distinct)json(\(value))"
          : "\(raw: name)\(raw: distinct)\(value)")
    case .jsonGroupObject(let key, let value):
      fragment.append("json_group_object(\(key), \(value)")
    }
  }

  static func functionName(_ name: FunctionName) -> String {
    switch name {
    case .instr: return "instr"
    case .unicode: return "unicode"
    case .ifnull: return "ifnull"
    case .trimCharacters: return "trim"
    case .jsonArray: return "json_array"
    case .jsonObject: return "json_object"
    case .jsonbObject: return "jsonb_object"
    case .greatest: return "max"
    case .least: return "min"
    }
  }

  /// SQLite's name of a type in a `CAST`: its type affinity.
  static func typeName(_ type: SQLType?) -> String {
    switch type {
    case .real: return "REAL"
    case .text: return "TEXT"
    case .blob: return "BLOB"
    case .integer, .boolean: return "INTEGER"
    case .timestamp, .uuid, nil: return "NUMERIC"
    }
  }
}
