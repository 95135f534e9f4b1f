// `json_each` of one JSON value as a select of its own: `$0.tags.jsonEach()`. In a closure of
// the outer query it reads the outer row's JSON, so `exists()`, `count()` and
// `select { $0.value }` of it are correlated subqueries.

extension QueryExpression where QueryValue: JSONEachSource {
  /// `SELECT … FROM json_each(json)`: the elements of this JSON array (or members of this JSON
  /// object), as a select to filter, count or test for rows; `NULL` has none.
  ///
  /// ```swift
  /// Reminder.where { $0.tags.jsonEach().where { $0.value == "work" }.exists() }
  /// Reminder.select { ($0.title, $0.tags.jsonEach().count()) }
  /// ```
  ///
  /// ```swift
  /// TaggedReminder.where { $0.tags.jsonEach().where { $0.value == "work" }.exists() }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "taggedReminders"."title"
  /// FROM "taggedReminders"
  /// WHERE (EXISTS (SELECT "json_each"."key", "json_each"."value", "json_each"."type",
  ///   "json_each"."atom", "json_each"."id", "json_each"."parent", "json_each"."fullkey",
  ///   "json_each"."path"
  ///   FROM json_each("taggedReminders"."tags")
  ///   WHERE ("json_each"."value" = 'work')))
  /// ```
  public func jsonEach() -> JoinSelect<
    JSONEachRow<QueryValue>, JSONEachRowColumns<QueryValue>
  > {
    JSONEach.elements(
      of: queryFragment, path: nil, key: JSONEachKey<QueryValue>.self,
      value: JSONEachValue<QueryValue>.self)
  }
}

extension QueryExpression {
  /// `SELECT … FROM json_each(json, ?)`: the elements of the JSON array (or members of the JSON
  /// object) at `path` (`'$.tags'`) in this JSON, typed as the Swift collection `type`; none
  /// where the path finds nothing.
  ///
  /// ```swift
  /// TaggedReminder.select { ($0.title, $0.details.jsonEach("$.tags", as: [String].self).count()) }
  /// ```
  /// ```sql
  /// SELECT "taggedReminders"."title", (SELECT count(*)
  ///   FROM json_each("taggedReminders"."details", '$.tags'))
  /// FROM "taggedReminders"
  /// ```
  public func jsonEach<Collection: JSONEachCollection>(
    _ path: String, as type: Collection.Type
  ) -> JoinSelect<
    JSONEach<Collection.JSONEachKey, Collection.JSONEachValue>,
    JSONEachColumns<Collection.JSONEachKey, Collection.JSONEachValue>
  > {
    JSONEach.elements(
      of: queryFragment, path: path, key: Collection.JSONEachKey.self,
      value: Collection.JSONEachValue.self)
  }
}

extension JSONEach {
  /// `SELECT <every column> FROM json_each(json[, path])`.
  static func elements(
    of json: QueryFragment, path: String?, key: Key.Type, value: Value.Type, binary: Bool = false
  ) -> JoinSelect<Self, JSONEachColumns<Key, Value>> {
    let columns = JSONEachColumns<Key, Value>(alias: "json_each")
    var source = QueryFragment(sql: "\nFROM ")
    source.append(
      form: .jsonEach(
        JSONEachTable(
          json: json, isArray: SQLType(Key.self) == .integer, valueType: SQLType(Value.self),
          alias: "json_each", isJoined: false, path: path, binary: binary)))
    return JoinSelect(
      columns: columns, selection: QueryFragment(sql: columns.selectionSQL), source: source,
      predicates: QueryFragment())
  }
}

extension JoinSelect {
  /// Counts the rows: `SELECT count(*) FROM … WHERE …`; inside another query's closure, the
  /// correlated `(SELECT count(*) …)`.
  ///
  /// ```swift
  /// TaggedReminder.select { ($0.title, $0.tags.jsonEach().count()) }
  /// ```
  /// ```sql
  /// SELECT "taggedReminders"."title", (SELECT count(*)
  ///   FROM json_each("taggedReminders"."tags"))
  /// FROM "taggedReminders"
  /// ```
  public consuming func count() -> JoinSelect<Int, Columns> {
    var count = JoinSelect<Int, Columns>(
      columns: columns, selection: "count(*)", source: source, predicates: predicates)
    count.clauses = clauses
    // Ordering orders nothing here (and PostgreSQL refuses it beside an aggregate).
    count.clauses.removeOrdering()
    count.isDistinct = isDistinct
    return count
  }
}

extension SelectStatement {
  /// `EXISTS (SELECT …)`: whether the select has a row, as a predicate for another query.
  ///
  /// ```swift
  /// TaggedReminder.where { !$0.tags.jsonEach().where { $0.value == "home" }.exists() }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "taggedReminders"."title"
  /// FROM "taggedReminders"
  /// WHERE (NOT (EXISTS (SELECT "json_each"."key", "json_each"."value", "json_each"."type",
  ///   "json_each"."atom", "json_each"."id", "json_each"."parent", "json_each"."fullkey",
  ///   "json_each"."path"
  ///   FROM json_each("taggedReminders"."tags")
  ///   WHERE ("json_each"."value" = 'home'))))
  /// ```
  public func exists() -> SQLQueryExpression<Bool> {
    QuarryCore.exists(self)
  }
}

extension JoinSelect {
  /// Joins `json_each` of a second JSON value of the first table (or the same one again)
  /// under another name: each row once per pair of elements.
  ///
  /// ```swift
  /// TaggedReminder.join(jsonEach: { $0.tags }, as: "first")
  ///   .join(jsonEach: { $0.tags }, as: "second")
  ///   .where { $1.key < $2.key }
  ///   .select { ($0.title, $1.value, $2.value) }  // each pair of tags once
  /// ```
  ///
  /// ```swift
  /// TaggedReminder.join(jsonEach: { $0.tags }, as: "first").join(jsonEach: { $0.tags }, as: "second").where { $1.key < $2.key }.select { ($1.value, $2.value) }
  /// ```
  /// ```sql
  /// SELECT "first"."value", "second"."value"
  /// FROM "taggedReminders"
  /// JOIN json_each("taggedReminders"."tags") AS "first"
  /// JOIN json_each("taggedReminders"."tags") AS "second"
  /// WHERE ("first"."key" < "second"."key")
  /// ```
  public consuming func join<A: Table, Key, Value, Source: QueryExpression>(
    jsonEach json: (A.TableColumns) -> Source, as alias: String
  ) -> JoinSelect<
    (A, JSONEach<Key, Value>, JSONEachRow<Source.QueryValue>),
    (A.TableColumns, JSONEachColumns<Key, Value>, JSONEachRowColumns<Source.QueryValue>)
  >
  where
    QueryValue == (A, JSONEach<Key, Value>),
    Columns == (A.TableColumns, JSONEachColumns<Key, Value>),
    Source.QueryValue: JSONEachSource
  {
    let each = JoinedJSONEachRow<Source.QueryValue>(json(columns.0), alias: alias)
    let joinedColumns = (columns.0, columns.1, each.columns)
    return joining(.inner, each, joinedColumns, on: BoundValue<Bool>?.none)
  }
}

extension TableAlias {
  /// `FROM "table" AS "alias" JOIN json_each(json)`: ``Table/join(jsonEach:as:)`` of a table
  /// under another name, its JSON read through the alias.
  ///
  /// ```swift
  /// TaggedReminder.aliased("r").join(jsonEach: { $0.tags }).where { $1.value == "work" }.select { ($0.title, $1.key) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "json_each"."key"
  /// FROM "taggedReminders" AS "r"
  /// JOIN json_each("r"."tags")
  /// WHERE ("json_each"."value" = 'work')
  /// ```
  public func join<Source: QueryExpression>(
    jsonEach json: (Base.TableColumns) -> Source, as alias: String = "json_each"
  ) -> JoinSelect<
    (Base, JSONEachRow<Source.QueryValue>),
    (Base.TableColumns, JSONEachRowColumns<Source.QueryValue>)
  > where Source.QueryValue: JSONEachSource {
    let each = JoinedJSONEachRow<Source.QueryValue>(json(columns), alias: alias)
    return all.joining(.inner, each, (columns, each.columns), on: BoundValue<Bool>?.none)
  }
}
