import CustomDump
import InlineSnapshotTesting
import IssueReporting
import QuarryCore
import QuarrySQLText
import QuarrySQLite

/// Checks a statement's SQL and its result rows against snapshots recorded in the test's source.
///
/// The first trailing closure holds the SQL, with bound values inlined and one clause a line;
/// `results` holds the rows the statement returns on `db`, drawn as a table whose cells are the
/// decoded values as `customDump` prints them. Leave a closure out, or run the tests with
/// `SNAPSHOT_TESTING_RECORD=all`, and the test writes what it saw into its own source file (the
/// test then fails once, so a recording is never mistaken for a pass). A mismatch fails with a
/// line-by-line diff.
///
/// ```swift
/// assertQuery(Reminder.where { !$0.isCompleted }.select(\.title), db: db) {
///   """
///   SELECT "reminders"."title"
///   FROM "reminders"
///   WHERE (NOT "reminders"."isCompleted")
///   """
/// } results: {
///   """
///   ┌─────────────┐
///   │ "Groceries" │
///   └─────────────┘
///   """
/// }
/// ```
///
/// A statement that fails to run is reported as a test issue, with the database's message.
public func assertQuery<S: Statement, each Value: QueryDecodable>(
  _ statement: S,
  db: Database,
  sql: (() -> String)? = nil,
  results: (() -> String)? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  function: StaticString = #function,
  line: UInt = #line,
  column: UInt = #column
) where S.QueryValue == (repeat each Value) {
  assertInlineSnapshot(
    of: formattedSQL(statement.query.debugDescription),
    as: .lines,
    message: "The statement's SQL differs from its snapshot.",
    syntaxDescriptor: InlineSnapshotSyntaxDescriptor(
      trailingClosureLabel: "sql", trailingClosureOffset: 0),
    matches: sql,
    fileID: fileID, file: filePath, function: function, line: line, column: column)

  let rows: [(repeat each Value)]
  do {
    rows = try statement.fetchAll(db)
  } catch {
    reportIssue(
      "The statement failed to run: \(error)",
      fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  let table = resultTable(rows.map { row in cells(of: repeat each row) })
  assertInlineSnapshot(
    of: table,
    as: .lines,
    message: "The statement's rows differ from their snapshot.",
    syntaxDescriptor: InlineSnapshotSyntaxDescriptor(
      trailingClosureLabel: "results", trailingClosureOffset: 1),
    matches: results,
    fileID: fileID, file: filePath, function: function, line: line, column: column)
}

/// One row's values, each as `customDump` prints it.
private func cells<each Value>(of value: repeat each Value) -> [String] {
  var result: [String] = []
  repeat result.append(String(customDumping: each value))
  return result
}

/// Rows drawn as a box table; a multi-line value spans several lines of its row. No rows
/// draw as `(no rows)`.
package func resultTable(_ rows: [[String]]) -> String {
  guard let columnCount = rows.first?.count, columnCount > 0 else { return "(no rows)" }
  let split = rows.map { row in
    row.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
  }
  var widths = Array(repeating: 0, count: columnCount)
  for row in split {
    for (index, lines) in row.enumerated() {
      widths[index] = max(widths[index], lines.map(\.count).max() ?? 0)
    }
  }
  func rule(_ left: String, _ middle: String, _ right: String) -> String {
    left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
  }
  var lines = [rule("┌", "┬", "┐")]
  for (rowIndex, row) in split.enumerated() {
    if rowIndex > 0 { lines.append(rule("├", "┼", "┤")) }
    let height = row.map(\.count).max() ?? 1
    for lineIndex in 0..<height {
      let parts = row.enumerated().map { column, cellLines in
        let text = lineIndex < cellLines.count ? String(cellLines[lineIndex]) : ""
        return text + String(repeating: " ", count: widths[column] - text.count)
      }
      lines.append("│ " + parts.joined(separator: " │ ") + " │")
    }
  }
  lines.append(rule("└", "┴", "┘"))
  return lines.joined(separator: "\n")
}

/// SQL laid out one clause a line: a line break goes before each clause keyword outside
/// parentheses (`FROM`, `JOIN`, `WHERE`, `ORDER BY`, …). String literals, quoted identifiers and
/// subqueries are left as they are.
package func formattedSQL(_ sql: String) -> String {
  let clauseKeywords: Set<Substring> = [
    "SELECT", "FROM", "JOIN", "LEFT", "RIGHT", "INNER", "CROSS", "FULL", "WHERE", "GROUP",
    "HAVING", "WINDOW", "ORDER", "LIMIT", "UNION", "INTERSECT", "EXCEPT", "VALUES", "SET",
    "RETURNING",
  ]
  let joinPrefixes: Set<Substring> = [
    "LEFT", "RIGHT", "INNER", "CROSS", "FULL", "OUTER", "NATURAL",
  ]
  var result = ""
  var depth = 0
  var previousWord: Substring = ""
  var scanner = SQLScanner(sql)
  while let token = scanner.next() {
    switch token.kind {
    case .openParenthesis: depth += 1
    case .closeParenthesis: depth -= 1
    default: break
    }
    guard token.kind == .text, depth == 0 else {
      result += token.text
      continue
    }
    var index = token.text.startIndex
    while index < token.text.endIndex {
      let character = token.text[index]
      guard character.isLetter else {
        result.append(character)
        index = token.text.index(after: index)
        continue
      }
      let end =
        token.text[index...].firstIndex { !($0.isLetter || $0 == "_") } ?? token.text.endIndex
      let word = token.text[index..<end]
      let breaks =
        clauseKeywords.contains(word) && !result.isEmpty
        && !(word == "JOIN" && joinPrefixes.contains(previousWord))
        && !(word == "SELECT" && previousWord == "ALL")
      if breaks {
        while result.last?.isWhitespace == true { result.removeLast() }
        result += "\n"
      }
      result += word
      previousWord = word
      index = end
    }
  }
  return result
}
