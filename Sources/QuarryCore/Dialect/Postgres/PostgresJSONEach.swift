/// SQLite's `json_each` in PostgreSQL: a subquery with the same eight columns over
/// `jsonb_array_elements` (a `[Value]` column) or `jsonb_each` (a `[String: Value]` column).
enum PostgresJSONEach {
  /// `(SELECT … AS "key", … AS "value", … FROM jsonb_array_elements(CAST(json AS jsonb)) …)`.
  static func subquery(_ source: JSONEachTable) -> QueryFragment {
    let isArray = source.isArray
    let json = source.json
    let element = #""element"."value""#
    let text = "(\(element) #>> '{}')"
    let typed: String
    if let name = PostgresForms.typeName(source.valueType), name != "text" {
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
