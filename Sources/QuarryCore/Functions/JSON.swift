// JSON functions (SQLite's JSON1, built in since 3.38). On PostgreSQL they render as the
// `jsonb` functions that do the same: `jsonb_path_query_first` for paths, `jsonb_build_array`,
// `jsonb_build_object`, `jsonb_agg` and `jsonb_object_agg` (an empty group gives `[]` or `{}`,
// as in SQLite). PostgreSQL prints JSON with a space after `,` and `:`.

extension QueryExpression {
  /// `expression -> ?`: the JSON value at `path` (`'$.a'`, `'$[0]'`), as JSON text.
  ///
  /// `SQLFunctions.jsonArray($0.id, $0.title).jsonValue(at: "$[1]")` renders `(json_array("reminders"."id", "reminders"."title") -> '$[1]')`.
  public func jsonValue(at path: String) -> SQLQueryExpression<String?> {
    SQLQueryExpression(operand: .form(.jsonValue(queryFragment, path: path)))
  }

  /// `expression ->> ?`: the SQL value at `path`, typed as you expect it.
  ///
  /// `SQLFunctions.jsonArray($0.id, $0.title).jsonExtract("$[1]", as: String.self)` renders `(json_array("reminders"."id", "reminders"."title") ->> '$[1]')`.
  public func jsonExtract<Value>(_ path: String, as type: Value.Type = Value.self)
    -> SQLQueryExpression<Value?>
  {
    SQLQueryExpression(
      operand:
        .form(.jsonExtract(queryFragment, path: path, SQLType(Value.self), .arrow)))
  }

  /// `json_array_length(expression)`: the number of elements of a JSON array (0 for another
  /// JSON value).
  ///
  /// `SQLFunctions.jsonArray($0.id, $0.title).jsonArrayLength()` renders `json_array_length(json_array("reminders"."id", "reminders"."title"))`.
  public func jsonArrayLength() -> SQLQueryExpression<Int> {
    SQLQueryExpression(operand: .form(.jsonArrayLength(queryFragment, path: nil)))
  }

  /// `json_array_length(expression, ?)`: the number of elements of the JSON array at `path`
  /// (`'$.ids'`); nil where the path finds nothing.
  ///
  /// `SQLFunctions.jsonObject(["ids": SQLFunctions.jsonArray($0.id)]).jsonArrayLength(at: "$.ids")` renders `json_array_length(json_object('ids', json_array("reminders"."id")), '$.ids')`.
  public func jsonArrayLength(at path: String) -> SQLQueryExpression<Int?> {
    SQLQueryExpression(operand: .form(.jsonArrayLength(queryFragment, path: path)))
  }

}

extension QueryExpression where QueryValue: Codable {
  /// `json_group_array(expression)`: the group's values as a JSON array, which decodes as an
  /// array of them, each as its column does (a `Bool` from `1`, a `Date` from its text).
  /// `distinct` leaves out repeated values, `order` sorts the array (SQLite 3.44 or later),
  /// `filter` keeps only the rows it matches.
  ///
  /// `$0.title.jsonGroupArray()` renders `json_group_array("reminders"."title")`.
  ///
  /// `$0.title.jsonGroupArray(distinct: true, filter: $0.isCompleted)` renders `json_group_array(DISTINCT "reminders"."title") FILTER (WHERE "reminders"."isCompleted")`.
  public func jsonGroupArray(
    distinct: Bool = false, order: (any QueryExpression)? = nil,
    filter: (any QueryExpression<Bool>)? = nil
  ) -> AggregateFunction<JSONRepresentation<[QueryValue]>> {
    JSONRows.groupArray(
      queryFragment, distinct: distinct, order: order, filter: filter?.queryFragment)
  }
}

extension QueryExpression where QueryValue: JSONStoredValue {
  /// `json_group_array(json(expression))`: the group's values of a column stored as JSON
  /// (`@Column(as: [String].JSONRepresentation.self)`) as a JSON array of them, read as JSON so
  /// that the array holds their arrays and objects, not strings of their text; it decodes as an
  /// array of the stored values. `distinct`, `order` and `filter` work as for other values.
  ///
  /// `TaggedReminder.select { $0.tags.jsonGroupArray() }` renders `SELECT json_group_array(json("taggedReminders"."tags")) FROM "taggedReminders"`.
  public func jsonGroupArray(
    distinct: Bool = false, order: (any QueryExpression)? = nil,
    filter: (any QueryExpression<Bool>)? = nil
  ) -> AggregateFunction<JSONRepresentation<[QueryValue.StoredValue]>> {
    JSONRows.groupArray(
      queryFragment, distinct: distinct, order: order, filter: filter?.queryFragment,
      isJSON: true)
  }
}

// JSON mutation of a column stored as JSON: each returns the JSON changed, of the column's own
// type, so that an update assigns it to the column it read:
// `$0.tags = $0.tags.jsonAppend("errands")`. Of a column stored as JSONB, they return JSONB
// (`jsonb_set`, …), so the column keeps its format.
extension QueryAssignable where QueryValue: StoredAsJSON {
  /// `json_set(json, ?, value)`: the JSON with `value` at `path`, replacing what is there or
  /// creating it; `[#]` at the end of the path appends to the array.
  ///
  /// `TaggedReminder.select { $0.tags.jsonSet("$[0]", to: "home") }` renders `SELECT json_set("taggedReminders"."tags", '$[0]', 'home') FROM "taggedReminders"`.
  public func jsonSet<Value: QueryAssignable>(_ path: String, to value: Value)
    -> SQLQueryExpression<QueryValue>
  {
    jsonMutation(.set, path, value)
  }

  /// `json_insert(json, ?, value)`: the JSON with `value` at `path` only where nothing is
  /// there yet; `[#]` at the end of the path appends to the array.
  ///
  /// `TaggedReminder.select { $0.tags.jsonInsert("$[0]", "home") }` renders `SELECT json_insert("taggedReminders"."tags", '$[0]', 'home') FROM "taggedReminders"`.
  public func jsonInsert<Value: QueryAssignable>(_ path: String, _ value: Value)
    -> SQLQueryExpression<QueryValue>
  {
    jsonMutation(.insert, path, value)
  }

  /// `json_replace(json, ?, value)`: the JSON with `value` at `path` only where something is
  /// there already.
  ///
  /// `TaggedReminder.select { $0.tags.jsonReplace("$[0]", with: "home") }` renders `SELECT json_replace("taggedReminders"."tags", '$[0]', 'home') FROM "taggedReminders"`.
  public func jsonReplace<Value: QueryAssignable>(_ path: String, with value: Value)
    -> SQLQueryExpression<QueryValue>
  {
    jsonMutation(.replace, path, value)
  }

  /// `json_remove(json, ?)`: the JSON without the value at `path` (an array's later elements
  /// move up).
  ///
  /// `TaggedReminder.select { $0.tags.jsonRemove("$[0]") }` renders `SELECT json_remove("taggedReminders"."tags", '$[0]') FROM "taggedReminders"`.
  public func jsonRemove(_ path: String) -> SQLQueryExpression<QueryValue> {
    jsonRemoval(path, binary: QueryValue.self is any StoredAsJSONB.Type)
  }

  /// `json_insert(json, '$[#]', value)`: the JSON array with `value` appended.
  ///
  /// `TaggedReminder.select { $0.tags.jsonAppend("home") }` renders `SELECT json_insert("taggedReminders"."tags", '$[#]', 'home') FROM "taggedReminders"`.
  public func jsonAppend<Value: QueryAssignable>(_ value: Value) -> SQLQueryExpression<QueryValue> {
    jsonMutation(.insert, "$[#]", value)
  }

  func jsonMutation<Value: QueryAssignable>(
    _ mutation: JSONMutation, _ path: String, _ value: Value, binary: Bool? = nil,
    isJSON: Bool? = nil
  ) -> SQLQueryExpression<QueryValue> {
    var json = QueryFragment()
    write(to: &json)
    var written = QueryFragment()
    written.appendTypedArgument(value)
    let isJSON = isJSON ?? (Value.QueryValue.self is any StoredAsJSON.Type)
    return SQLQueryExpression(
      operand:
        .form(
          .jsonMutation(
            mutation, json, path: path, value: JSONMutationValue(written, isJSON: isJSON),
            binary: binary ?? (QueryValue.self is any StoredAsJSONB.Type))))
  }

  func jsonRemoval(_ path: String, binary: Bool) -> SQLQueryExpression<QueryValue> {
    var json = QueryFragment()
    write(to: &json)
    return SQLQueryExpression(
      operand:
        .form(.jsonMutation(.remove, json, path: path, value: nil, binary: binary)))
  }
}

extension QueryExpression where QueryValue: QueryOptional {
  /// `json_array_length(expression)` of an optional JSON value: nil where it is `NULL`.
  ///
  /// `$0.priority.jsonArrayLength()` renders `json_array_length("reminders"."priority")`.
  public func jsonArrayLength() -> SQLQueryExpression<Int?> {
    SQLQueryExpression(operand: .form(.jsonArrayLength(queryFragment, path: nil)))
  }
}

extension SQLFunctions {
  /// `json_extract(json, ?)`
  ///
  /// `SQLFunctions.jsonExtract(SQLFunctions.jsonArray($0.id), "$[0]", as: Int.self)` renders `json_extract(json_array("reminders"."id"), '$[0]')`.
  public static func jsonExtract<Value>(
    _ json: some QueryExpression, _ path: String, as type: Value.Type = Value.self
  ) -> SQLQueryExpression<Value?> {
    SQLQueryExpression(
      operand:
        .form(.jsonExtract(json.queryFragment, path: path, SQLType(Value.self), .function)))
  }

  /// `json_array(a, b, …)`
  ///
  /// `SQLFunctions.jsonArray($0.id, $0.title)` renders `json_array("reminders"."id", "reminders"."title")`.
  public static func jsonArray(_ elements: any QueryExpression...) -> SQLQueryExpression<String> {
    SQLQueryExpression(operand: .typedFunctionCall(.jsonArray, elements.map { $0 }))
  }

  /// `json_object(?, a, ?, b, …)`: keys and values, in order.
  ///
  /// `SQLFunctions.jsonObject(["id": $0.id, "title": $0.title])` renders `json_object('id', "reminders"."id", 'title', "reminders"."title")`.
  public static func jsonObject(_ pairs: KeyValuePairs<String, any QueryExpression>)
    -> SQLQueryExpression<String>
  {
    var fragment = QueryFragment.form(.function(.jsonObject))
    fragment.append(sql: "(")
    for (index, pair) in pairs.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      fragment.appendTypedArgument(pair.key)
      fragment.append(sql: ", ")
      fragment.appendTypedArgument(pair.value)
    }
    fragment.append(sql: ")")
    return SQLQueryExpression(operand: fragment)
  }

  /// `json_group_object(key, value)`: the group's pairs as a JSON object.
  ///
  /// `SQLFunctions.jsonGroupObject(key: $0.title, value: $0.id)` renders `json_group_object("reminders"."title", "reminders"."id")`.
  public static func jsonGroupObject(
    key: some QueryExpression<String>, value: some QueryExpression
  ) -> AggregateFunction<String> {
    AggregateFunction(
      .jsonGroupObject(key.queryFragment, value.queryFragment), whenEmpty: "'{}'")
  }
}
