// libFuzzer target: the SQL scanner and SQLite's parser check behind `#sql`.
//
// Input: the first byte picks raw bytes or a token sequence (each later byte a piece of SQL).
// Checked: the scanner ends, its tokens tile the text exactly, parameters are what SQLite
// calls parameters; the parser check ends and reports a problem inside the text.
import CFuzzDriver
import FuzzSupport
import QuarrySQLText

/// Pieces of SQL the token mode strings together.
let pieces: [String] = [
  "SELECT ", "FROM ", "WHERE ", "t", "x", " ", "\n", "(", ")", ",", ";", "'", "''", "\"", "`", "[",
  "]", "--", "/*", "*/", "?", "?1", "?999", ":a", "@b", "$c", "$a::b", "$x(y)", "1", "1.5e3",
  "X'AB'", "x'", "CREATE TABLE t (a)", "INSERT INTO t VALUES (1)", "DROP TABLE t", "*", "=", "||",
  "->", "->>", "é", "😀", "\0", "\\", "CASE WHEN 1 THEN 2 END", "WITH c AS (SELECT 1) ",
  "ORDER BY 1", "LIMIT ?", "JOIN ", "ON ", "VALUES", "NULL", "#", "?-", ":", "@", "$",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let sql: String
  if input.byte() & 1 == 0 {
    sql = String(decoding: input.rest(), as: UTF8.self)
  } else {
    var text = ""
    while !input.isAtEnd { text += pieces[input.choice(pieces.count)] }
    sql = text
  }
  checkScanner(sql)
  checkParser(sql)
  return 0
}

func checkScanner(_ sql: String) {
  let bytes = Array(sql.utf8)
  var scanner = SQLScanner(sql)
  var offset = 0
  var tokens = 0
  while let token = scanner.next() {
    tokens += 1
    if tokens > bytes.count { fuzzFailure("more tokens than bytes in \(bytes)") }
    if token.offset != offset { fuzzFailure("token at \(token.offset), expected \(offset)") }
    let length = token.text.utf8.count
    if length == 0 { fuzzFailure("empty token at \(offset) in \(bytes)") }
    if Array(token.text.utf8) != Array(bytes[offset..<min(bytes.count, offset + length)]) {
      fuzzFailure("token text differs from the source at \(offset)")
    }
    if token.kind == .placeholder, !isParameter(token.text) {
      fuzzFailure("placeholder \(Array(token.text.utf8)) is not a parameter")
    }
    offset += length
  }
  if offset != bytes.count { fuzzFailure("tokens end at \(offset) of \(bytes.count)") }
}

/// Whether `text` has the shape of an SQLite parameter. (Its first byte: its first character
/// can be `@` with a combining mark.)
func isParameter(_ text: Substring) -> Bool {
  guard let first = text.utf8.first else { return false }
  return [UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$")]
    .contains(first)
}

func checkParser(_ sql: String) {
  // The check stops at a NUL, as SQLite does.
  let checked = Array(sql.utf8.prefix { $0 != 0 })
  if let problem = SQLiteParserCheck.check(sql) {
    if problem.offset < 0 || problem.offset > checked.count {
      fuzzFailure("problem at \(problem.offset) outside \(checked.count) bytes: \(problem)")
    }
    if problem.message.isEmpty { fuzzFailure("a problem without a message") }
  }
}

/// The program's entry: SwiftPM links `main` to it; it hands over to libFuzzer's driver.
@_cdecl("FuzzSQLText_main")
public func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, fuzz)
}
