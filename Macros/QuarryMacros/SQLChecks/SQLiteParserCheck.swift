import CSQLite

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Checks SQL with SQLite's own parser, at compile time, against an empty database that lives in
/// memory for one check: no file and no network is ever touched.
///
/// Statements are prepared, never run, except schema statements (`CREATE`, `DROP`, `ALTER`),
/// which run on the scratch database so that later statements of the same text see their
/// tables. Errors that only say the schema isn't there (no such table, column, function…) are
/// not problems: the real database has the schema, the scratch one doesn't.
///
/// Text that isn't a whole statement, such as the `\($0.title) LIKE 'A%'` of a `where` closure,
/// is a fragment. A fragment is a problem only when no context accepts it: an expression
/// (`SELECT …`), a `FROM` clause, the clauses after `FROM` (`WHERE`, `ORDER BY`, `LIMIT`, joins),
/// ordering terms, the body of an `INSERT`, `UPDATE` or `DELETE`. Only syntax errors count in
/// those contexts, because the context itself is made up. (Column definitions are not tried: a
/// column's type may be any run of words, so that context would accept almost anything.)
///
/// `#sql` asks it about a literal through ``diagnostic(for:)``, after ``SQLTokenCheck``.
package enum SQLiteParserCheck {
  /// A mistake SQLite found.
  package struct Problem: Equatable, Sendable {
    /// SQLite's message: `near "FROMM": syntax error`.
    package var message: String
    /// Where the mistake is, as a UTF-8 offset into the checked text.
    package var offset: Int

    package init(message: String, offset: Int) {
      self.message = message
      self.offset = offset
    }
  }

  /// Checks `sql` as statements, then as a fragment; returns the problem to report, if any.
  ///
  /// Text is tried as a fragment only when SQLite's parser rejects one of its first two tokens.
  /// Then text that starts with a statement keyword (`SELECT`, `CREATE`, …) reports the
  /// statement's error, and other text the error of the fragment context that read furthest.
  package static func check(_ sql: String) -> Problem? {
    let bytes = Array(sql.utf8.prefix { $0 != 0 })  // SQLite stops reading at a NUL
    guard let statementProblem = checkStatements(bytes) else { return nil }
    // A statement that parsed, or failed past its second token, was a statement: its error
    // stands. (At the second, `replace(…)` may be the function rather than the statement.)
    guard isSyntaxError(statementProblem.message),
      statementProblem.offset <= secondTokenOffset(bytes)
    else { return statementProblem }
    guard let fragmentProblem = checkFragment(bytes) else { return nil }
    return startsWithStatementKeyword(bytes) ? statementProblem : fragmentProblem
  }

  /// Checks `sql` as one or more statements, in order.
  package static func checkStatements(_ sql: String) -> Problem? {
    checkStatements(Array(sql.utf8.prefix { $0 != 0 }))
  }

  /// Checks `sql` as a fragment: nil when some context parses it.
  package static func checkFragment(_ sql: String) -> Problem? {
    checkFragment(Array(sql.utf8.prefix { $0 != 0 }))
  }

  // MARK: Statements

  private static func checkStatements(_ bytes: [UInt8]) -> Problem? {
    guard let database = ScratchDatabase() else { return nil }
    for range in statementRanges(bytes) {
      let chunk = Array(bytes[range])
      switch database.prepare(chunk) {
      case .empty:
        continue
      case .failure(let message, let offset):
        guard !isSchemaError(message) else { continue }
        return Problem(
          message: message,
          offset: range.lowerBound + (offset ?? fallbackOffset(chunk, message: message)))
      case .success(let statement):
        defer { sqlite3_finalize(statement) }
        guard isSchemaStatement(chunk), !isVirtualTable(chunk) else { continue }
        if let message = database.run(statement), !isSchemaError(message) {
          return Problem(message: message, offset: range.lowerBound + firstSignificant(chunk))
        }
      }
    }
    return nil
  }

  /// Splits text into statements where SQLite would: at a `;` that completes a statement
  /// (`sqlite3_complete` knows that a `;` inside a trigger body, a literal or a comment doesn't).
  static func statementRanges(_ bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: ";") {
      var candidate = bytes[start...index].map { CChar(bitPattern: $0) }
      candidate.append(0)
      if sqlite3_complete(candidate) != 0 {
        ranges.append(start..<(index + 1))
        start = index + 1
      }
    }
    if start < bytes.count { ranges.append(start..<bytes.count) }
    return ranges
  }

  /// Where to point when SQLite gives no offset: the end of incomplete input, otherwise the
  /// start of the statement.
  private static func fallbackOffset(_ chunk: [UInt8], message: String) -> Int {
    if message == "incomplete input" {
      return max((chunk.lastIndex { !isSpace($0) } ?? 0), 0)
    }
    return firstSignificant(chunk)
  }

  private static func firstSignificant(_ chunk: [UInt8]) -> Int {
    chunk.firstIndex { !isSpace($0) } ?? 0
  }

  // MARK: Fragments

  /// The made-up contexts a fragment is tried in: the text before and after it.
  static let fragmentContexts: [(prefix: String, suffix: String)] = [
    ("SELECT ", ""),
    ("SELECT * ", ""),
    ("SELECT * FROM \"_\" ", ""),
    ("SELECT * FROM \"_\" JOIN \"_\" ", ""),
    ("SELECT * FROM \"_\" ORDER BY ", ""),
    ("INSERT INTO \"_\" ", ""),
    ("UPDATE \"_\" ", ""),
    ("DELETE FROM \"_\" ", ""),
  ]

  private static func checkFragment(_ bytes: [UInt8]) -> Problem? {
    guard let database = ScratchDatabase() else { return nil }
    var furthest: Problem?
    for context in fragmentContexts {
      let prefix = Array(context.prefix.utf8)
      let text = prefix + bytes + Array(context.suffix.utf8)
      switch database.prepare(text) {
      case .empty:
        return nil
      case .success(let statement):
        sqlite3_finalize(statement)
        return nil
      case .failure(let message, let offset):
        guard isSyntaxError(message) else { return nil }
        let position = offset ?? fallbackOffset(text, message: message)
        let problem = Problem(
          message: message, offset: min(max(position - prefix.count, 0), max(bytes.count - 1, 0)))
        if furthest == nil || problem.offset > furthest!.offset { furthest = problem }
      }
    }
    return furthest
  }

  // MARK: Classifying

  /// Whether an error only means the scratch database lacks something the real one has.
  static func isSchemaError(_ message: String) -> Bool {
    let prefixes = [
      "no such table", "no such column", "no such function", "no such collation sequence",
      "no such module", "no such index", "no such view", "no such trigger", "no such savepoint",
      "unknown database", "not authorized", "interrupted", "vtable constructor failed",
    ]
    return prefixes.contains { message.hasPrefix($0) }
  }

  /// Whether an error comes from the parser rather than from what the statement means.
  static func isSyntaxError(_ message: String) -> Bool {
    message.hasSuffix("syntax error") || message == "incomplete input"
      || message.hasPrefix("unrecognized token") || message == "parser stack overflow"
  }

  /// Whether a statement changes the schema, and so runs on the scratch database.
  private static func isSchemaStatement(_ chunk: [UInt8]) -> Bool {
    ["CREATE", "DROP", "ALTER"].contains(firstWord(chunk))
  }

  /// Whether a statement creates a virtual table, whose module may do anything: it is only
  /// prepared.
  private static func isVirtualTable(_ chunk: [UInt8]) -> Bool {
    let words = String(decoding: chunk.prefix(64), as: UTF8.self).uppercased()
      .split(whereSeparator: \.isWhitespace)
    return words.count > 1 && words[1] == "VIRTUAL"
  }

  private static func startsWithStatementKeyword(_ bytes: [UInt8]) -> Bool {
    let keywords: Set = [
      "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH", "VALUES", "CREATE", "DROP",
      "ALTER", "PRAGMA", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "VACUUM",
      "ANALYZE", "ATTACH", "DETACH", "REINDEX", "EXPLAIN",
    ]
    return keywords.contains(firstWord(bytes))
  }

  /// The first word of SQL text, uppercased, after whitespace and comments.
  static func firstWord(_ bytes: [UInt8]) -> String {
    firstWordRange(bytes).reduce(into: "") {
      $0.append(Character(Unicode.Scalar(bytes[$1] & ~0x20)))
    }
  }

  /// Where the token after the first word starts.
  private static func secondTokenOffset(_ bytes: [UInt8]) -> Int {
    var index = firstWordRange(bytes).upperBound
    while index < bytes.count, isSpace(bytes[index]) { index += 1 }
    return index
  }

  private static func firstWordRange(_ bytes: [UInt8]) -> Range<Int> {
    var index = 0
    while index < bytes.count {
      if isSpace(bytes[index]) {
        index += 1
      } else if bytes[index...].starts(with: Array("--".utf8)) {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
      } else if bytes[index...].starts(with: Array("/*".utf8)) {
        index += 2
        while index < bytes.count, !bytes[index...].starts(with: Array("*/".utf8)) { index += 1 }
        index += 2
      } else {
        break
      }
    }
    index = min(index, bytes.count)  // past an unterminated block comment
    let start = index
    while index < bytes.count, isLetter(bytes[index]) { index += 1 }
    return start..<index
  }
}

private func isSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
}

private func isLetter(_ byte: UInt8) -> Bool {
  byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
}

/// An empty, private, in-memory SQLite database for one check.
private final class ScratchDatabase {
  enum Preparation {
    case success(OpaquePointer)
    /// The text held no statement (only whitespace or comments).
    case empty
    /// SQLite's message, and the offset it gave, if any.
    case failure(String, Int?)
  }

  let handle: OpaquePointer

  init?() {
    var connection: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY
    guard sqlite3_open_v2(":memory:", &connection, flags, nil) == SQLITE_OK, let connection
    else {
      sqlite3_close_v2(connection)
      return nil
    }
    handle = connection
    // Sorts and temporary tables stay in memory: the plugin must not write files.
    sqlite3_exec(connection, "PRAGMA temp_store = MEMORY", nil, nil, nil)
    // A `PRAGMA` can act while it is prepared (some read the file system): refuse them all.
    sqlite3_set_authorizer(
      connection, { _, action, _, _, _, _ in action == SQLITE_PRAGMA ? SQLITE_DENY : SQLITE_OK },
      nil)
    // Schema statements run, and `CREATE TABLE … AS SELECT` could loop forever: stop any
    // statement after about a million virtual machine instructions.
    sqlite3_progress_handler(connection, 1_000_000, { _ in 1 }, nil)
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  func prepare(_ bytes: [UInt8]) -> Preparation {
    var statement: OpaquePointer?
    let code = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        sqlite3_prepare_v2(handle, $0.baseAddress, Int32($0.count), &statement, nil)
      }
    }
    guard code == SQLITE_OK else {
      sqlite3_finalize(statement)
      let offset = errorOffset(handle)
      return .failure(message, offset.flatMap { $0 >= 0 ? Int($0) : nil })
    }
    guard let statement else { return .empty }
    return .success(statement)
  }

  /// Runs a statement to its end; returns SQLite's message when it fails.
  func run(_ statement: OpaquePointer) -> String? {
    var step = sqlite3_step(statement)
    while step == SQLITE_ROW { step = sqlite3_step(statement) }
    return step == SQLITE_DONE ? nil : message
  }

  private var message: String {
    sqlite3_errmsg(handle).map { String(cString: $0) } ?? "unknown error"
  }
}

/// `sqlite3_error_offset`, looked up when the plugin runs: it appeared in SQLite 3.38, and
/// linking to it directly would stop the plugin from loading with an older system SQLite.
private func errorOffset(_ connection: OpaquePointer) -> Int32? {
  errorOffsetFunction.function.map { $0(connection) }
}

private struct ErrorOffsetFunction: @unchecked Sendable {
  typealias Function = @convention(c) (OpaquePointer?) -> Int32
  let function: Function?

  init() {
    #if canImport(Darwin)
      let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "sqlite3_error_offset")
    #elseif canImport(Glibc) || canImport(Musl)
      let symbol = dlsym(dlopen(nil, RTLD_NOW), "sqlite3_error_offset")
    #else
      let symbol: UnsafeMutableRawPointer? = nil
    #endif
    function = symbol.map { unsafeBitCast($0, to: Function.self) }
  }
}

private let errorOffsetFunction = ErrorOffsetFunction()
