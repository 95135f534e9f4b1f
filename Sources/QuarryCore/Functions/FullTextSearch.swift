// FTS5 full-text search: a `@Table` type over an FTS5 virtual table can be matched, ranked,
// highlighted and snipped.
//
//   CREATE VIRTUAL TABLE "reminderTexts" USING fts5("title", "notes")

extension Table {
  /// Rows matching a full-text query in any column: `"reminderTexts" MATCH ?`.
  ///
  /// ```swift
  /// ReminderText.where { _ in ReminderText.match("milk") }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminderTexts"."title"
  /// FROM "reminderTexts"
  /// WHERE ("reminderTexts" MATCH 'milk')
  /// ```
  public static func match(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(
      operand: .fullTextSearch("(\(raw: schema.quotedUnqualifiedName) MATCH \(pattern))"))
  }

  /// The BM25 relevance of the current row: smaller is more relevant, so order ascending.
  ///
  /// ```swift
  /// ReminderText.where { _ in ReminderText.match("milk") }.order { _ in ReminderText.bm25(10, 1) }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminderTexts"."title"
  /// FROM "reminderTexts"
  /// WHERE ("reminderTexts" MATCH 'milk')
  /// ORDER BY bm25("reminderTexts", 10.0, 1.0)
  /// ```
  public static func bm25(_ weights: Double...) -> SQLQueryExpression<Double> {
    var fragment: QueryFragment = "bm25(\(raw: schema.quotedUnqualifiedName)"
    for weight in weights { fragment.append(", \(weight)") }
    fragment.append(sql: ")")
    return SQLQueryExpression(operand: fragment)
  }

  /// The FTS5 `rank` column: the relevance FTS5 orders by (BM25 unless configured).
  ///
  /// ```swift
  /// ReminderText.where { _ in ReminderText.match("milk") }.order { _ in ReminderText.rank }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminderTexts"."title"
  /// FROM "reminderTexts"
  /// WHERE ("reminderTexts" MATCH 'milk')
  /// ORDER BY "reminderTexts"."rank"
  /// ```
  public static var rank: SQLQueryExpression<Double> {
    SQLQueryExpression(operand: "\(raw: schema.quotedName).\"rank\"")
  }

  /// A column's text with every match wrapped: `highlight("reminderTexts", 0, '<b>', '</b>')`.
  ///
  /// ```swift
  /// ReminderText.where { _ in ReminderText.match("milk") }.select { _ in ReminderText.highlight(\.notes, open: "<b>", close: "</b>") }
  /// ```
  /// ```sql
  /// SELECT highlight("reminderTexts", 1, '<b>', '</b>')
  /// FROM "reminderTexts"
  /// WHERE ("reminderTexts" MATCH 'milk')
  /// ```
  public static func highlight<Value>(
    _ column: KeyPath<TableColumns, TableColumn<Self, Value>>, open: String, close: String
  ) -> SQLQueryExpression<String> {
    SQLQueryExpression(
      operand:
        "highlight(\(raw: schema.quotedUnqualifiedName), \(columnIndex(column)), \(open), \(close))"
    )
  }

  /// A short excerpt around the matches of a column:
  /// `snippet("reminderTexts", 1, '[', ']', '…', 8)`.
  ///
  /// ```swift
  /// ReminderText.where { _ in ReminderText.match("milk") }.select { _ in ReminderText.snippet(\.notes, open: "[", close: "]", tokens: 4) }
  /// ```
  /// ```sql
  /// SELECT snippet("reminderTexts", 1, '[', ']', '…', 4)
  /// FROM "reminderTexts"
  /// WHERE ("reminderTexts" MATCH 'milk')
  /// ```
  public static func snippet<Value>(
    _ column: KeyPath<TableColumns, TableColumn<Self, Value>>, open: String, close: String,
    ellipsis: String = "…", tokens: Int = 10
  ) -> SQLQueryExpression<String> {
    SQLQueryExpression(
      operand:
        """
        snippet(\(raw: schema.quotedUnqualifiedName), \(columnIndex(column)), \(open), \(close), \
        \(ellipsis), \(tokens))
        """)
  }

  private static func columnIndex<Value>(
    _ column: KeyPath<TableColumns, TableColumn<Self, Value>>
  ) -> Int {
    // FTS5 numbers its own columns; a `rowid` property is not one of them.
    let name = columns[keyPath: column].name
    return schema.columns.filter { $0.name != "rowid" }.firstIndex { $0.name == name } ?? 0
  }
}
