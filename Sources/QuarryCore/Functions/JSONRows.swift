import QuarrySQLText

// Whole rows as JSON: a table's row as a JSON object of its columns (`jsonObject()`), and a
// group's rows as a JSON array of them (`jsonGroupArray()`), so a list comes with its
// reminders in one statement. Rows decode through the table's own decoder (see
// `JSONRowDecoder`), so every column reads back as it does from a result row.

extension TableDefinition {
  /// What qualifies the columns, quoted: the table's name, or its alias.
  var rowQualifier: String { columnQualifier.quotedName ?? QueryValue.schema.quotedName }
}

extension TableDefinition where QueryValue: Codable {
  /// `json_object('id', "reminders"."id", …)`: the row as a JSON object of its columns, which
  /// decodes as the table's type (`@Column(as: Reminder.JSONRepresentation.self)`). A blob
  /// column is written as hexadecimal text.
  ///
  /// `RemindersList.select { $0.jsonObject() }` renders `SELECT json_object('id', "remindersLists"."id", 'title', "remindersLists"."title") FROM "remindersLists"`;
  /// under an alias, `RemindersList.aliased("l").columns.jsonObject()` renders
  /// `json_object('id', "l"."id", 'title', "l"."title")`.
  public func jsonObject() -> SQLQueryExpression<JSONRepresentation<QueryValue>> {
    SQLQueryExpression(
      operand: JSONRows.object(QueryValue.self, qualifier: rowQualifier))
  }

  /// `json_group_array(json_object(…))`: the group's rows as a JSON array, which decodes as
  /// an array of the table's type (`@Column(as: [Reminder].JSONRepresentation.self)`).
  /// `order` sorts the array (SQLite 3.44 or later), `filter` keeps only the rows it matches.
  ///
  /// `RemindersList.select { $0.jsonGroupArray() }` renders `SELECT json_group_array(json_object('id', "remindersLists"."id", 'title', "remindersLists"."title")) FROM "remindersLists"`;
  /// under an alias, `RemindersList.aliased("l").columns.jsonGroupArray()` renders
  /// `json_group_array(json_object('id', "l"."id", 'title', "l"."title"))`.
  public func jsonGroupArray(
    distinct: Bool = false, order: (any QueryExpression)? = nil,
    filter: (any QueryExpression<Bool>)? = nil
  ) -> AggregateFunction<JSONRepresentation<[QueryValue]>> {
    JSONRows.groupArray(
      JSONRows.object(QueryValue.self, qualifier: rowQualifier),
      distinct: distinct, order: order, filter: filter?.queryFragment)
  }
}

extension NullableColumns where Base: Codable {
  /// The row of an outer join as a JSON object, or `NULL` where the join found none.
  ///
  /// ```swift
  /// Reminder.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.jsonObject()) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", CASE WHEN ("remindersLists"."id" IS NOT NULL) THEN json_object('id', "remindersLists"."id", 'title', "remindersLists"."title") END
  /// FROM "reminders"
  /// LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ```
  public func jsonObject() -> SQLQueryExpression<JSONRepresentation<Base>?> {
    SQLQueryExpression(operand: object(binary: false))
  }

  func object(binary: Bool) -> QueryFragment {
    var fragment = QueryFragment(sql: "CASE WHEN ")
    fragment.append(JSONRows.presence(Base.self, qualifier: qualifier))
    fragment.append(sql: " THEN ")
    fragment.append(JSONRows.object(Base.self, qualifier: qualifier, binary: binary))
    fragment.append(sql: " END")
    return fragment
  }

  /// The group's rows of an outer join as a JSON array, leaving out where the join found none
  /// (an empty array for a list without reminders).
  ///
  /// ```swift
  /// Reminder.group { $0.remindersListID }.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.remindersListID, $1.jsonGroupArray()) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."remindersListID", json_group_array(json_object('id', "remindersLists"."id", 'title', "remindersLists"."title")) FILTER (WHERE ("remindersLists"."id" IS NOT NULL))
  /// FROM "reminders"
  /// LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// GROUP BY "reminders"."remindersListID"
  /// ```
  public func jsonGroupArray(
    distinct: Bool = false, order: (any QueryExpression)? = nil,
    filter: (any QueryExpression<Bool>)? = nil
  ) -> AggregateFunction<JSONRepresentation<[Base]>> {
    groupArray(distinct: distinct, order: order, filter: filter, binary: false)
  }

  func groupArray<Value>(
    distinct: Bool, order: (any QueryExpression)?, filter: (any QueryExpression<Bool>)?,
    binary: Bool
  ) -> AggregateFunction<Value> {
    var condition = JSONRows.presence(Base.self, qualifier: qualifier)
    if let filter {
      condition = "(\(condition) AND \(filter))"
    }
    return JSONRows.groupArray(
      JSONRows.object(Base.self, qualifier: qualifier, binary: binary),
      distinct: distinct, order: order, filter: condition, binary: binary)
  }

  var qualifier: String { columns.rowQualifier }
}

/// Writes rows as JSON objects.
enum JSONRows {
  /// `json_object('name', qualifier."name", …)` over the table's columns.
  static func object<Row: Table>(_: Row.Type, qualifier: String, binary: Bool = false)
    -> QueryFragment
  {
    var fragment = QueryFragment.form(.function(binary ? .jsonbObject : .jsonObject))
    fragment.append(sql: "(")
    for (index, column) in Row.schema.columns.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      fragment.append(sql: QueryBinding.text(column.name).sqlLiteral + ", ")
      let reference = QueryFragment(sql: qualifier + "." + quoteIdentifier(column.name))
      // JSON has no bytes: a blob is written as hexadecimal text, which the decoder reads.
      if column.type == .blob {
        fragment.append(form: .hexBytes(reference))
      } else {
        fragment.append(reference)
      }
    }
    fragment.append(sql: ")")
    return fragment
  }

  /// Whether an outer join found the row: its primary key is not `NULL` (without a key, one of
  /// its columns is not).
  static func presence<Row: Table>(_: Row.Type, qualifier: String) -> QueryFragment {
    let columns = Row.schema.columns
    let keys = columns.filter(\.isPrimaryKey)
    let tested = keys.isEmpty ? columns : keys
    var fragment = QueryFragment(sql: "(")
    for (index, column) in tested.enumerated() {
      if index > 0 { fragment.append(sql: keys.isEmpty ? " OR " : " AND ") }
      fragment.append(sql: qualifier + "." + quoteIdentifier(column.name) + " IS NOT NULL")
    }
    fragment.append(sql: ")")
    return fragment
  }

  /// `json_group_array(value)` (`jsonb_group_array` when `binary`; of `json(value)` when
  /// `isJSON`), with its `DISTINCT`, `ORDER BY` and `FILTER`: of rows and of scalars alike.
  static func groupArray<Value>(
    _ value: QueryFragment, distinct: Bool, order: (any QueryExpression)?,
    filter: QueryFragment?, binary: Bool = false, isJSON: Bool = false
  ) -> AggregateFunction<Value> {
    var aggregate = AggregateFunction<Value>(
      .jsonGroupArray(value, isJSON: isJSON, distinct: distinct, binary: binary),
      whenEmpty: "'[]'")
    if let order { aggregate = aggregate.order(by: order) }
    if let filter { aggregate.filter = filter }
    return aggregate
  }
}
