import IssueReporting
import QuarryCore
import QuarrySQLText
import QuarrySQLite

/// Checks a statement's SQL, then runs it on a live database and returns its decoded rows.
///
/// The SQL is compared with the bound values inlined (``QueryFragment/debugDescription``), so
/// `expected` reads like the SQL a person would write; whitespace differences are ignored.
///
/// ```swift
/// let rows = try assertQuery(Reminder.where { !$0.isCompleted }, db: db, sql: """
///   SELECT "reminders"."id", "reminders"."title" FROM "reminders"
///   WHERE (NOT "reminders"."isCompleted")
///   """)
/// #expect(rows.map(\.title) == ["Groceries"])
/// ```
@discardableResult
public func assertQuery<S: Statement, each Value: QueryDecodable>(
  _ statement: S,
  db: Database,
  sql expected: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) throws -> [(repeat each Value)] where S.QueryValue == (repeat each Value) {
  assertSQL(statement, expected, fileID: fileID, filePath: filePath, line: line, column: column)
  return try statement.fetchAll(db)
}

/// Checks a statement's SQL, with bound values inlined, against `expected`, whitespace aside.
public func assertSQL(
  _ statement: some QueryExpression,
  _ expected: String,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  // A statement is checked as it runs, not as the parenthesized subquery it is inside others.
  let actual = ((statement as? any Statement)?.query ?? statement.queryFragment).debugDescription
  guard normalizedSQL(actual) != normalizedSQL(expected) else { return }
  reportIssue(
    """
    SQL differs.
    Expected:
    \(expected)
    Actual:
    \(actual)
    """,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// SQL with its layout removed: runs of whitespace become one space, and spaces just inside
/// parentheses go. String literals and quoted identifiers are kept exactly.
public func normalizedSQL(_ sql: String) -> String {
  var result = ""
  var scanner = SQLScanner(sql)
  while let token = scanner.next() {
    guard token.kind == .text else {
      if token.kind == .closeParenthesis, result.last == " " { result.removeLast() }
      result += token.text
      continue
    }
    for character in token.text {
      if character.isWhitespace {
        if let last = result.last, last != " ", last != "(" { result.append(" ") }
      } else {
        result.append(character)
      }
    }
  }
  while result.last == " " { result.removeLast() }
  return result
}
