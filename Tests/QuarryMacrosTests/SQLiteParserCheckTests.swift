import Testing

@testable import QuarryMacros

/// The SQLite check called directly: what it accepts, what it reports, and that random or cut
/// SQL never crashes or hangs it.
@Suite(.timeLimit(.minutes(1)))
struct SQLiteParserCheckTests {
  @Test func reportsSyntaxErrorsWithOffsets() {
    #expect(
      SQLiteParserCheck.check("SELECT * FORM t")
        == .init(message: #"near "FORM": syntax error"#, offset: 9))
    #expect(SQLiteParserCheck.check("SELECT 1; SELECT 2 2")?.offset == 19)
    #expect(SQLiteParserCheck.check("SELECT * FROM t WHERE")?.message == "incomplete input")
  }

  @Test func ignoresMissingSchema() {
    #expect(
      SQLiteParserCheck.check("SELECT nope(x) COLLATE nocase2 FROM missing JOIN other") == nil)
    #expect(SQLiteParserCheck.check("INSERT INTO missing (a) VALUES (?)") == nil)
    #expect(SQLiteParserCheck.check("CREATE INDEX i ON missing(a); DROP VIEW gone") == nil)
  }

  @Test func runsSchemaStatementsInOrder() {
    #expect(
      SQLiteParserCheck.check("CREATE TABLE t (a); CREATE INDEX i ON t(a); SELECT a FROM t") == nil)
    #expect(
      SQLiteParserCheck.check("CREATE TABLE t (a); CREATE TABLE t (b)")
        == .init(message: "table t already exists", offset: 33))
  }

  @Test func neverRunsData() {
    // Only prepared: a recursive query that never ends returns at once.
    let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c"
    #expect(SQLiteParserCheck.check(endless) == nil)
    // A schema statement runs, but is stopped long before it could hang the compiler.
    #expect(SQLiteParserCheck.check("CREATE TABLE t AS " + endless) == nil)
  }

  @Test func checksFragmentsInContext() {
    #expect(SQLiteParserCheck.check(#""t"."title" LIKE 'A%'"#) == nil)
    #expect(SQLiteParserCheck.check("ORDER BY a DESC, b") == nil)
    #expect(SQLiteParserCheck.check("a DESC, b ASC NULLS LAST") == nil)
    #expect(SQLiteParserCheck.check("JOIN b ON a.id = b.id WHERE b.x LIMIT 3") == nil)
    #expect(
      SQLiteParserCheck.check("ON CONFLICT DO NOTHING")?.message.hasSuffix("syntax error") == true)
    #expect(SQLiteParserCheck.check("a = = 1")?.offset == 4)
  }

  @Test func splitsStatementsLikeSQLite() {
    let sql = "SELECT ';'; CREATE TRIGGER x AFTER INSERT ON t BEGIN SELECT 1; END; SELECT 2"
    let ranges = SQLiteParserCheck.statementRanges(Array(sql.utf8))
    #expect(ranges.count == 3)
    #expect(ranges.map(\.lowerBound) == [0, 11, 67])
  }

  @Test func cutStatementsNeverCrash() {
    let statements = [
      #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL) STRICT;"#,
      #"SELECT "a", count(*) FROM "t" WHERE "b" IN (?, ?) GROUP BY 1 ORDER BY 2 DESC LIMIT 3"#,
      #"CREATE TRIGGER "x" AFTER INSERT ON "t" BEGIN UPDATE "t" SET "a" = 1; END"#,
      #"INSERT INTO "t" VALUES (?, 'it''s') ON CONFLICT DO UPDATE SET "a" = excluded."a""#,
      "/* comment */ SELECT [a], `b`, x'00ff' -- trailing",
    ]
    for statement in statements {
      #expect(SQLiteParserCheck.check(statement) == nil, "\(statement)")
      let bytes = Array(statement.utf8)
      for end in 0..<bytes.count {
        let cut = String(decoding: bytes[..<end], as: UTF8.self)
        expectOffsetInside(SQLiteParserCheck.check(cut), cut)
      }
    }
  }

  @Test func randomTokensNeverCrash() {
    let vocabulary = [
      "SELECT", "FROM", "WHERE", "CREATE", "TABLE", "INDEX", "TRIGGER", "BEGIN", "END", "AS",
      "WITH", "RECURSIVE", "UNION", "ALL", "INSERT", "INTO", "VALUES", "DROP", "ALTER", "(",
      ")", ",", ";", "*", "=", "?", "'x'", "'", "\"t\"", "\"", "[a]", "`b`", "1", "-- c\n",
      "/*", "*/", "a", "b", "t", "NULL", "NOT", "PRIMARY", "KEY", "INTEGER", "TEXT", "STRICT",
      "CASE", "WHEN", "THEN", "ELSE", "é", "\u{0}", "\n", "x'0", "$x", ":y", "@z", "#",
    ]
    var random = SplitMix64(seed: 0x5eed)
    for _ in 0..<3000 {
      let count = Int(random.next() % 24)
      let sql = (0..<count).map { _ in vocabulary[Int(random.next() % UInt64(vocabulary.count))] }
        .joined(separator: random.next() % 4 == 0 ? "" : " ")
      expectOffsetInside(SQLiteParserCheck.check(sql), sql)
    }
  }

  @Test func randomBytesNeverCrash() {
    var random = SplitMix64(seed: 42)
    for _ in 0..<2000 {
      let count = Int(random.next() % 64)
      let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next() % 128) }
      let sql = String(decoding: bytes, as: UTF8.self)
      expectOffsetInside(SQLiteParserCheck.check(sql), sql)
    }
  }

  @Test func deepNestingNeverCrashes() {
    let depth = 5000
    let sql =
      "SELECT " + String(repeating: "(", count: depth) + "1"
      + String(repeating: ")", count: depth)
    #expect(SQLiteParserCheck.check(sql) != nil)
  }

  private func expectOffsetInside(
    _ problem: SQLiteParserCheck.Problem?, _ sql: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let problem else { return }
    let length = sql.utf8.prefix { $0 != 0 }.count
    #expect(
      problem.offset >= 0 && problem.offset <= max(length - 1, 0), "\(sql.debugDescription)",
      sourceLocation: sourceLocation)
    #expect(!problem.message.isEmpty, sourceLocation: sourceLocation)
  }
}
