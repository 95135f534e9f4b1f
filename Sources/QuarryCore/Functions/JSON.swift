// JSON functions (SQLite's JSON1, built in since 3.38). On PostgreSQL they render as the
// `jsonb` functions that do the same: `jsonb_path_query_first` for paths, `jsonb_build_array`,
// `jsonb_build_object`, `jsonb_agg` and `jsonb_object_agg` (an empty group gives `[]` or `{}`,
// as in SQLite). PostgreSQL prints JSON with a space after `,` and `:`.

extension QueryExpression {
  /// `expression -> ?`: the JSON value at `path` (`'$.a'`, `'$[0]'`), as JSON text.
  ///
  /// `SQLFunctions.jsonArray($0.id, $0.title).jsonValue(at: "$[1]")` renders `(json_array("reminders"."id", "reminders"."title") -> '$[1]')`.
  @inlinable
  public func jsonValue(at path: String) -> SQLQueryExpression<String?> {
    if SQLDialect.isPostgres { return SQLQueryExpression(postgresJSONPath(self, path)) }
    return SQLQueryExpression("(\(self) -> \(path))")
  }

  /// `expression ->> ?`: the SQL value at `path`, typed as you expect it.
  ///
  /// `SQLFunctions.jsonArray($0.id, $0.title).jsonExtract("$[1]", as: String.self)` renders `(json_array("reminders"."id", "reminders"."title") ->> '$[1]')`.
  @inlinable
  public func jsonExtract<Value>(_ path: String, as type: Value.Type = Value.self)
    -> SQLQueryExpression<Value?>
  {
    if SQLDialect.isPostgres {
      return SQLQueryExpression(postgresJSONExtract(self, path, as: Value.self))
    }
    return SQLQueryExpression("(\(self) ->> \(path))")
  }

  /// `json_group_array(expression)`: the group's values as a JSON array.
  ///
  /// `$0.title.jsonGroupArray()` renders `json_group_array("reminders"."title")`.
  @inlinable
  public func jsonGroupArray() -> AggregateFunction<String> {
    if SQLDialect.isPostgres {
      return AggregateFunction("jsonb_agg", "\(self)", whenEmpty: "'[]'")
    }
    return AggregateFunction("json_group_array", "\(self)")
  }
}

extension SQLFunctions {
  /// `json_extract(json, ?)`
  ///
  /// `SQLFunctions.jsonExtract(SQLFunctions.jsonArray($0.id), "$[0]", as: Int.self)` renders `json_extract(json_array("reminders"."id"), '$[0]')`.
  public static func jsonExtract<Value>(
    _ json: some QueryExpression, _ path: String, as type: Value.Type = Value.self
  ) -> SQLQueryExpression<Value?> {
    if SQLDialect.isPostgres {
      return SQLQueryExpression(postgresJSONExtract(json, path, as: Value.self))
    }
    return SQLQueryExpression("json_extract(\(json), \(path))")
  }

  /// `json_array(a, b, …)`
  ///
  /// `SQLFunctions.jsonArray($0.id, $0.title)` renders `json_array("reminders"."id", "reminders"."title")`.
  public static func jsonArray(_ elements: any QueryExpression...) -> SQLQueryExpression<String> {
    if SQLDialect.isPostgres {
      return SQLQueryExpression(.typedFunctionCall("jsonb_build_array", elements.map { $0 }))
    }
    return SQLQueryExpression(.functionCall("json_array", elements.map { $0 }))
  }

  /// `json_object(?, a, ?, b, …)`: keys and values, in order.
  ///
  /// `SQLFunctions.jsonObject(["id": $0.id, "title": $0.title])` renders `json_object('id', "reminders"."id", 'title', "reminders"."title")`.
  public static func jsonObject(_ pairs: KeyValuePairs<String, any QueryExpression>)
    -> SQLQueryExpression<String>
  {
    let isPostgres = SQLDialect.isPostgres
    var fragment: QueryFragment = isPostgres ? "jsonb_build_object(" : "json_object("
    for (index, pair) in pairs.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      fragment.append(isPostgres ? "CAST(\(pair.key) AS text), " : "\(pair.key), ")
      fragment.appendTypedArgument(pair.value)
    }
    fragment.append(sql: ")")
    return SQLQueryExpression(fragment)
  }

  /// `json_group_object(key, value)`: the group's pairs as a JSON object.
  ///
  /// `SQLFunctions.jsonGroupObject(key: $0.title, value: $0.id)` renders `json_group_object("reminders"."title", "reminders"."id")`.
  public static func jsonGroupObject(
    key: some QueryExpression<String>, value: some QueryExpression
  ) -> AggregateFunction<String> {
    if SQLDialect.isPostgres {
      return AggregateFunction("jsonb_object_agg", "\(key), \(value)", whenEmpty: "'{}'")
    }
    return AggregateFunction("json_group_object", "\(key), \(value)")
  }
}

/// `jsonb_path_query_first(CAST(json AS jsonb), CAST(? AS jsonpath))`: the JSON value at an
/// SQLite path (`$.a[0]`, which is also a JSON path), as `jsonb`.
@usableFromInline
func postgresJSONPath(_ json: some QueryExpression, _ path: String) -> QueryFragment {
  "jsonb_path_query_first(CAST(\(json) AS jsonb), CAST(\(path) AS jsonpath))"
}

/// The value at `path` as an SQL value of `Value`'s type, as SQLite's `->>` gives it: JSON
/// text without its quotes, cast to `bigint`, `double precision` or `boolean` when `Value` is
/// a number or a Boolean.
@usableFromInline
func postgresJSONExtract<Value>(
  _ json: some QueryExpression, _ path: String, as type: Value.Type
) -> QueryFragment {
  let text: QueryFragment = "(\(postgresJSONPath(json, path)) #>> '{}')"
  guard let name = postgresTypeName(Value.self), name != "text" else { return text }
  return "CAST(\(text) AS \(raw: name))"
}
