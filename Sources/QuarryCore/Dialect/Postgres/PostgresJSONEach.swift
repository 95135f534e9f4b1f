/// SQLite's `json_each` in PostgreSQL: a subquery with the same eight columns over
/// `jsonb_array_elements` (a `[Value]` column) or `jsonb_each` (a `[String: Value]` column).
enum PostgresJSONEach {
  /// `(SELECT … AS "key", … AS "value", … FROM jsonb_array_elements(CAST(json AS jsonb)) …)`;
  /// with a path, over `jsonb_path_query_first(…)`, the value the path finds.
  static func subquery(_ source: JSONEachTable) -> QueryFragment {
    let isArray = source.isArray
    let element = #""element"."value""#
    let text = "(\(element) #>> '{}')"
    let typed: String
    if let name = PostgresForms.typeName(source.valueType), name != "text" {
      typed = "CAST(\(text) AS \(name))"
    } else {
      typed = text
    }
    let keyColumn = isArray ? #"("element"."ordinality" - 1)"# : #""element"."key""#
    var fragment = QueryFragment(
      sql: """
        (SELECT \(keyColumn) AS "key", \(typed) AS "value", \
        CASE jsonb_typeof(\(element)) WHEN 'string' THEN 'text' WHEN 'boolean' THEN \(text) \
        WHEN 'number' THEN CASE WHEN \(text) ~ '^-?[0-9]+$' THEN 'integer' ELSE 'real' END \
        ELSE jsonb_typeof(\(element)) END AS "type", \
        CASE WHEN jsonb_typeof(\(element)) IN ('array', 'object') THEN NULL ELSE \(typed) END \
        AS "atom", "element"."ordinality" AS "id", CAST(NULL AS bigint) AS "parent"
        """)
    fragment.append(sql: ", ")
    let member = isArray ? " || '[' || \(keyColumn) || ']')" : " || '.' || \(keyColumn))"
    if let path = source.path {
      // The container is the path given, bound as text: `$.tags[0]`, path `$.tags`.
      fragment.append("(CAST(\(path) AS text)\(raw: member) AS \"fullkey\", CAST(\(path) AS text)")
    } else {
      let fullKey = isArray ? "('$[' || \(keyColumn) || ']')" : "('$.' || \(keyColumn))"
      fragment.append(sql: fullKey + #" AS "fullkey", '$'"#)
    }
    fragment.append(sql: #" AS "path" FROM "#)
    fragment.append(sql: isArray ? "jsonb_array_elements(" : "jsonb_each(")
    if let path = source.path {
      fragment.append(PostgresForms.jsonPath(source.json, path))
    } else {
      fragment.append("CAST(\(source.json) AS jsonb)")
    }
    fragment.append(
      sql: isArray
        ? #") WITH ORDINALITY AS "element"("value", "ordinality"))"#
        : #") WITH ORDINALITY AS "element"("key", "value", "ordinality"))"#)
    return fragment
  }
}
