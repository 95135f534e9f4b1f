// The JSONB forms of the JSON functions and `json_each` (SQLite 3.45 or later): they return JSONB, SQLite's
// binary JSON, which other JSON functions and JSONB columns take without parsing text again.
// On PostgreSQL, whose JSON is `jsonb` already, each is the same as its JSON form.

extension QueryAssignable where QueryValue: StoredAsJSON {
  /// `jsonb_set(json, ?, value)`: ``jsonSet(_:to:)`` returning JSONB.
  ///
  /// `Profile.update { $0.tags = $0.tags.jsonbSet("$[0]", to: "home") }` renders `UPDATE "profiles" SET "tags" = jsonb_set("profiles"."tags", '$[0]', 'home')`.
  public func jsonbSet<Value: QueryAssignable>(_ path: String, to value: Value)
    -> SQLQueryExpression<QueryValue>
  {
    jsonMutation(.set, path, value, binary: true)
  }

  /// `jsonb_insert(json, ?, value)`: `jsonInsert(_:_:)` returning JSONB.
  ///
  /// `Profile.select { $0.tags.jsonbInsert("$[0]", "home") }` renders `SELECT jsonb_insert("profiles"."tags", '$[0]', 'home') FROM "profiles"`.
  public func jsonbInsert<Value: QueryAssignable>(_ path: String, _ value: Value)
    -> SQLQueryExpression<QueryValue>
  {
    jsonMutation(.insert, path, value, binary: true)
  }

  /// `jsonb_replace(json, ?, value)`: ``jsonReplace(_:with:)`` returning JSONB.
  ///
  /// `Profile.select { $0.tags.jsonbReplace("$[0]", with: "home") }` renders `SELECT jsonb_replace("profiles"."tags", '$[0]', 'home') FROM "profiles"`.
  public func jsonbReplace<Value: QueryAssignable>(_ path: String, with value: Value)
    -> SQLQueryExpression<QueryValue>
  {
    jsonMutation(.replace, path, value, binary: true)
  }

  /// `jsonb_remove(json, ?)`: `jsonRemove(_:)` returning JSONB.
  ///
  /// `Profile.select { $0.tags.jsonbRemove("$[0]") }` renders `SELECT jsonb_remove("profiles"."tags", '$[0]') FROM "profiles"`.
  public func jsonbRemove(_ path: String) -> SQLQueryExpression<QueryValue> {
    jsonRemoval(path, binary: true)
  }

  /// `jsonb_insert(json, '$[#]', value)`: ``jsonAppend(_:)`` returning JSONB.
  ///
  /// `Profile.select { $0.tags.jsonbAppend("home") }` renders `SELECT jsonb_insert("profiles"."tags", '$[#]', 'home') FROM "profiles"`.
  public func jsonbAppend<Value: QueryAssignable>(_ value: Value) -> SQLQueryExpression<QueryValue>
  {
    jsonMutation(.insert, "$[#]", value, binary: true)
  }
}

extension QueryExpression {
  /// `jsonb_extract(json, ?)`: the array or object at `path`, as JSONB, which decodes as
  /// `Value`. (A scalar there comes back as an SQL value: read it with
  /// ``jsonExtract(_:as:)``.)
  ///
  /// `Profile.select { $0.tags.jsonbExtract("$.aliases", as: [String].self) }` renders `SELECT jsonb_extract("profiles"."tags", '$.aliases') FROM "profiles"`.
  public func jsonbExtract<Value: Codable>(_ path: String, as type: Value.Type = Value.self)
    -> SQLQueryExpression<JSONBRepresentation<Value>?>
  {
    SQLQueryExpression(operand: .form(.jsonbExtract(queryFragment, path: path)))
  }
}

extension QueryExpression where QueryValue: JSONEachSource {
  /// `SELECT … FROM jsonb_each(json)`: ``jsonEach()``, whose arrays and objects are JSONB.
  ///
  /// `Profile.select { $0.tags.jsonbEach().count() }` renders `SELECT (SELECT count(*) FROM jsonb_each("profiles"."tags")) FROM "profiles"`.
  public func jsonbEach() -> JoinSelect<
    JSONEachRow<QueryValue>, JSONEachRowColumns<QueryValue>
  > {
    JSONEach.elements(
      of: queryFragment, path: nil, key: JSONEachKey<QueryValue>.self,
      value: JSONEachValue<QueryValue>.self, binary: true)
  }
}

extension QueryExpression {
  /// `SELECT … FROM jsonb_each(json, ?)`: ``jsonEach(_:as:)``, whose arrays and objects are
  /// JSONB.
  ///
  /// `TaggedReminder.select { $0.details.jsonbEach("$.tags", as: [String].self).count() }` renders `SELECT (SELECT count(*) FROM jsonb_each("taggedReminders"."details", '$.tags')) FROM "taggedReminders"`.
  public func jsonbEach<Collection: JSONEachCollection>(
    _ path: String, as type: Collection.Type
  ) -> JoinSelect<
    JSONEach<Collection.JSONEachKey, Collection.JSONEachValue>,
    JSONEachColumns<Collection.JSONEachKey, Collection.JSONEachValue>
  > {
    JSONEach.elements(
      of: queryFragment, path: path, key: Collection.JSONEachKey.self,
      value: Collection.JSONEachValue.self, binary: true)
  }
}

extension QueryExpression where QueryValue: Codable {
  /// `jsonb_group_array(expression)`: the group's values as a JSONB array, which decodes as an
  /// array of them. `distinct`, `order` and `filter` work as in `jsonGroupArray()`.
  ///
  /// `$0.title.jsonbGroupArray()` renders `jsonb_group_array("reminders"."title")`.
  public func jsonbGroupArray(
    distinct: Bool = false, order: (any QueryExpression)? = nil,
    filter: (any QueryExpression<Bool>)? = nil
  ) -> AggregateFunction<JSONBRepresentation<[QueryValue]>> {
    JSONRows.groupArray(
      queryFragment, distinct: distinct, order: order, filter: filter?.queryFragment,
      binary: true)
  }
}

extension TableDefinition where QueryValue: Codable {
  /// `jsonb_object('id', "reminders"."id", …)`: ``jsonObject()`` as JSONB.
  ///
  /// `RemindersList.select { $0.jsonbObject() }` renders `SELECT jsonb_object('id', "remindersLists"."id", 'title', "remindersLists"."title") FROM "remindersLists"`.
  public func jsonbObject() -> SQLQueryExpression<JSONBRepresentation<QueryValue>> {
    SQLQueryExpression(
      operand:
        JSONRows.object(QueryValue.self, qualifier: rowQualifier, binary: true))
  }

  /// `jsonb_group_array(jsonb_object(…))`: `jsonGroupArray(distinct:order:filter:)` as
  /// JSONB.
  ///
  /// `RemindersList.select { $0.jsonbGroupArray() }` renders `SELECT jsonb_group_array(jsonb_object('id', "remindersLists"."id", 'title', "remindersLists"."title")) FROM "remindersLists"`.
  public func jsonbGroupArray(
    distinct: Bool = false, order: (any QueryExpression)? = nil,
    filter: (any QueryExpression<Bool>)? = nil
  ) -> AggregateFunction<JSONBRepresentation<[QueryValue]>> {
    JSONRows.groupArray(
      JSONRows.object(QueryValue.self, qualifier: rowQualifier, binary: true),
      distinct: distinct, order: order, filter: filter?.queryFragment, binary: true)
  }
}

extension NullableColumns where Base: Codable {
  /// The row of an outer join as a JSONB object, or `NULL` where the join found none: see
  /// ``jsonObject()``.
  ///
  /// `Reminder.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { $1.jsonbObject() }` renders `SELECT CASE WHEN ("remindersLists"."id" IS NOT NULL) THEN jsonb_object('id', "remindersLists"."id", 'title', "remindersLists"."title") END FROM "reminders" LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")`.
  public func jsonbObject() -> SQLQueryExpression<JSONBRepresentation<Base>?> {
    SQLQueryExpression(operand: object(binary: true))
  }

  /// The group's rows of an outer join as a JSONB array, leaving out where the join found
  /// none: see ``jsonGroupArray(distinct:order:filter:)``.
  ///
  /// `Reminder.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { $1.jsonbGroupArray() }` renders `SELECT jsonb_group_array(jsonb_object('id', "remindersLists"."id", 'title', "remindersLists"."title")) FILTER (WHERE ("remindersLists"."id" IS NOT NULL)) FROM "reminders" LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")`.
  public func jsonbGroupArray(
    distinct: Bool = false, order: (any QueryExpression)? = nil,
    filter: (any QueryExpression<Bool>)? = nil
  ) -> AggregateFunction<JSONBRepresentation<[Base]>> {
    groupArray(distinct: distinct, order: order, filter: filter, binary: true)
  }
}
