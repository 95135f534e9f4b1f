// The JSONB forms of the JSON functions at a key path (see `JSONPath`), SQLite 3.45 or later:
// an array or object they read, and the JSON they change, come back as JSONB, which a JSONB
// column stores as it is. On PostgreSQL, whose JSON is `jsonb` already, each is its JSON form.

extension QueryExpression where QueryValue: JSONStoredValue {
  /// `jsonb_extract(json, '$."name"')`: ``jsonExtract(_:)`` whose array or object comes back as
  /// JSONB (a scalar is the same SQL value); it decodes as the type the path ends at.
  ///
  /// `Profile.select { $0.author.jsonbExtract(\.name) }` renders `SELECT jsonb_extract("profiles"."author", '$."name"') FROM "profiles"`.
  ///
  /// `Profile.select { $0.author.jsonbExtract(\.links[0]) }` renders `SELECT jsonb_extract(("profiles"."author" ->> '$."links"'), '$[0]') FROM "profiles"`.
  public func jsonbExtract<Member>(_ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>)
    -> SQLQueryExpression<Member?>
  {
    SQLQueryExpression(
      operand:
        JSONPath.of(path).extract(from: queryFragment, as: SQLType(Member.self), binary: true))
  }

  /// `SELECT … FROM jsonb_each(json ->> path)`: ``jsonEach(_:)``, whose arrays and objects are
  /// JSONB.
  ///
  /// `Profile.select { $0.author.jsonbEach(\.aliases).count() }` renders `SELECT (SELECT count(*) FROM jsonb_each(("profiles"."author" ->> '$."aliases"'))) FROM "profiles"`.
  public func jsonbEach<Member: JSONEachSource>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>
  ) -> JoinSelect<JSONEachRow<Member>, JSONEachRowColumns<Member>> {
    JSONEach.elements(
      of: JSONPath.of(path).extract(from: queryFragment, as: SQLType(Member.self)), path: nil,
      key: JSONEachKey<Member>.self, value: JSONEachValue<Member>.self, binary: true)
  }
}

// The mutations at a key path returning JSONB, of the column's own type, so that an update
// assigns them to the column they read: `$0.author = $0.author.jsonbSet(\.name, "Blob")`.
// (The JSON mutations of a JSONB column return JSONB already: these say so, and return it for
// a column of JSON text too.)
extension QueryAssignable where QueryValue: JSONStoredValue {
  /// `jsonb_set(json, path, value)`: ``jsonSet(_:_:)`` returning JSONB.
  ///
  /// `Profile.update { $0.author = $0.author.jsonbSet(\.name, "Blob") }` renders `UPDATE "profiles" SET "author" = jsonb_set("profiles"."author", '$."name"', 'Blob')`.
  public func jsonbSet<Member, Value: QueryAssignable>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>, _ value: Value
  ) -> SQLQueryExpression<QueryValue> where Value.QueryValue == Member {
    jsonMutation(.set, JSONPath.of(path), value, binary: true)
  }

  /// `jsonb_insert(json, path, value)`: `jsonInsert(_:_:)` returning JSONB (at a key path).
  ///
  /// `Profile.update { $0.author = $0.author.jsonbInsert(\.nickname, "Bee") }` renders `UPDATE "profiles" SET "author" = jsonb_insert("profiles"."author", '$."nickname"', 'Bee')`.
  public func jsonbInsert<Member, Value: QueryAssignable>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member?>>, _ value: Value
  ) -> SQLQueryExpression<QueryValue> where Value.QueryValue == Member {
    jsonMutation(.insert, JSONPath.of(path), value, binary: true)
  }

  /// `jsonb_replace(json, path, value)`: ``jsonReplace(_:_:)`` returning JSONB.
  ///
  /// `Profile.update { $0.author = $0.author.jsonbReplace(\.name, "Blob") }` renders `UPDATE "profiles" SET "author" = jsonb_replace("profiles"."author", '$."name"', 'Blob')`.
  public func jsonbReplace<Member, Value: QueryAssignable>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>, _ value: Value
  ) -> SQLQueryExpression<QueryValue> where Value.QueryValue == Member {
    jsonMutation(.replace, JSONPath.of(path), value, binary: true)
  }

  /// `jsonb_remove(json, path)`: `jsonRemove(_:)` returning JSONB (at a key path).
  ///
  /// `Profile.update { $0.author = $0.author.jsonbRemove(\.nickname) }` renders `UPDATE "profiles" SET "author" = jsonb_remove("profiles"."author", '$."nickname"')`.
  public func jsonbRemove<Member>(_ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>)
    -> SQLQueryExpression<QueryValue>
  {
    jsonRemoval(JSONPath.of(path), binary: true)
  }

  /// `jsonb_insert(json, path[#], value)`: ``jsonAppend(_:_:)`` returning JSONB.
  ///
  /// `TaggedReminder.update { $0.details = $0.details.jsonbAppend(\.["tags"], "bread") }` renders `UPDATE "taggedReminders" SET "details" = jsonb_insert("taggedReminders"."details", '$."tags"[#]', 'bread')`.
  public func jsonbAppend<Element, Value: QueryAssignable>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<JSONRepresentation<[Element]>>>, _ value: Value
  ) -> SQLQueryExpression<QueryValue> where Value.QueryValue == Element {
    jsonAppending(JSONPath.of(path), value, binary: true)
  }
}
