import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("Raw SQL")
struct RawSQLTests {
  private func database() throws -> Database {
    let db = try Database()
    try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL)")
    return db
  }

  @Test func positionalAndNamedArgumentsAcrossStatements() throws {
    let db = try database()
    try db.execute(
      sql: "INSERT INTO t (name, score) VALUES (?, ?); INSERT INTO t (name, score) VALUES (?, ?)",
      arguments: ["a", 1.5, "b", nil])
    try db.execute(
      sql: "INSERT INTO t (name, score) VALUES (:name, @score); UPDATE t SET score = $score + 1",
      arguments: ["name": "c", "score": 2])
    #expect(db.changesCount == 3)
    #expect(db.lastInsertedRowID == 3)
    let rows = try db.fetchAll(sql: "SELECT name, score FROM t ORDER BY id")
    #expect(rows.map { $0["name"] } == [.text("a"), .text("b"), .text("c")])
    #expect(rows.map { $0[1] } == [.double(3), .double(3), .double(3)])  // REAL affinity
  }

  /// Found by the FuzzRawSQL fuzz target: SQL of several statements with a NUL byte after
  /// them looped forever, preparing nothing at the NUL without moving on.
  @Test func aNULByteEndsTheSQLOfSeveralStatements() throws {
    let db = try database()
    try db.execute(
      sql: "DROP TABLE IF EXISTS u;\nINSERT INTO t (name) VALUES ('a');\0SELECT  AND CAST(@a + ")
    #expect(try db.fetchAll(String.self, sql: "SELECT name FROM t").elementsEqual(["a"]))
    // As when SQLite prepares one statement: it reads no further than the NUL.
    try db.execute(sql: "INSERT INTO t (name) VALUES ('b');\0INSERT INTO t (name) VALUES ('c')")
    #expect(try db.fetchAll(String.self, sql: "SELECT name FROM t").elementsEqual(["a", "b"]))
  }

  @Test func argumentMismatchesAreErrorsWithSQL() throws {
    let db = try database()
    let tooMany = #expect(throws: DatabaseError.self) {
      try db.execute(sql: "INSERT INTO t (name) VALUES (?)", arguments: ["a", "b"])
    }
    #expect(tooMany?.message.contains("1 positional parameters but 2") == true)
    #expect(tooMany?.arguments == [.text("a"), .text("b")])
    let missing = #expect(throws: DatabaseError.self) {
      try db.execute(sql: "INSERT INTO t (name) VALUES (:name)", arguments: ["other": 1])
    }
    #expect(missing?.message.contains(":name") == true)
    #expect(missing?.sql == "INSERT INTO t (name) VALUES (:name)")
  }

  @Test func rowsByIndexAndNameAndTypedScalars() throws {
    let db = try database()
    try db.execute(sql: "INSERT INTO t (name, score) VALUES ('x', 2.5), ('y', NULL)")
    let row = try #require(try db.fetchOne(sql: "SELECT id, name AS Label, score FROM t"))
    #expect(row.columnNames == ["id", "Label", "score"])
    #expect(row[0] == .int(1))
    #expect(row["label"] == .text("x"))
    #expect(try row.decode(Double.self, named: "score") == 2.5)
    #expect(try row.decode(String.self, at: 1) == "x")
    #expect(row["missing"] == nil)
    let error = #expect(throws: QueryDecodingError.self) { try row.decode(Int.self, at: 1) }
    #expect(error?.columnName == "Label")
    #expect(try db.fetchAll(String.self, sql: "SELECT name FROM t ORDER BY id") == ["x", "y"])
    #expect(try db.fetchAll(Double?.self, sql: "SELECT score FROM t ORDER BY id") == [2.5, nil])
    #expect(
      try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t WHERE name = ?", arguments: ["y"]) == 1
    )
    #expect(try db.fetchOne(Int.self, sql: "SELECT id FROM t WHERE 0") == nil)
  }

  @Test func cursorsIterateLazilyAndNestSafely() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    for title in ["a", "b", "c"] {
      try Reminder.insert { Reminder.Draft(title: title) }.execute(db)
    }
    let cursor = try Reminder.order { $0.id }.fetchCursor(db)
    var seen: [String] = []
    while let reminder = try cursor.next() {
      // The same query while the cursor holds its statement: the cache prepares another.
      let all = try Reminder.order { $0.id }.fetchAll(db)
      #expect(all.count == 3)
      seen.append(reminder.title)
    }
    #expect(seen == ["a", "b", "c"])
    #expect(try cursor.next() == nil)

    let pairs = try Reminder.select { ($0.id, $0.title) }.fetchCursor(db).collect()
    #expect(pairs.map(\.1) == ["a", "b", "c"])
    let rows = try db.fetchCursor(sql: "SELECT title FROM reminders WHERE id > ?", arguments: [1])
    #expect(try rows.next()?["title"] == .text("b"))
    let titles = try db.fetchCursor(String.self, sql: "SELECT title FROM reminders").collect()
    #expect(titles == ["a", "b", "c"])
  }

  @Test func abandonedCursorsReleaseTheirStatement() throws {
    let db = try database()
    try db.execute(sql: "INSERT INTO t (name) VALUES ('a'), ('b')")
    do {
      let cursor = try db.fetchCursor(String.self, sql: "SELECT name FROM t")
      #expect(try cursor.next() == "a")
    }
    // The statement was reset: the table is not locked, and the SQL runs again from the start.
    try db.execute(sql: "DROP TABLE t")
    #expect(try db.tableExists("t") == false)
  }

  @Test func preparedStatementsAreReusable() throws {
    let db = try database()
    let insert = try db.makeStatement(sql: "INSERT INTO t (name, score) VALUES (:name, :score)")
    for index in 0..<5 {
      try insert.execute(arguments: ["name": "n\(index)", "score": Double(index)])
    }
    let select = try db.makeStatement(sql: "SELECT name FROM t WHERE score >= ? ORDER BY id")
    #expect(try select.fetchAll(String.self, arguments: [3]) == ["n3", "n4"])
    #expect(try select.fetchAll(arguments: [4]).map { $0[0] } == [.text("n4")])
    #expect(try select.fetchOne(String.self, arguments: [0]) == "n0")
    #expect(select.columnNames == ["name"])
    #expect(throws: DatabaseError.self) { try db.makeStatement(sql: "  -- nothing") }
  }

  @Test func aStepErrorCarriesSQLAndArguments() throws {
    let db = try database()
    try db.execute(sql: "CREATE UNIQUE INDEX t_name ON t (name)")
    try db.execute(sql: "INSERT INTO t (name) VALUES (?)", arguments: ["dup"])
    let error = #expect(throws: DatabaseError.self) {
      try db.execute(sql: "INSERT INTO t (name) VALUES (?)", arguments: ["dup"])
    }
    #expect(error?.resultCode == DatabaseError.constraint)
    #expect(error?.sql == "INSERT INTO t (name) VALUES (?)")
    #expect(error?.arguments == [.text("dup")])
    let syntax = #expect(throws: DatabaseError.self) {
      try db.fetchAll(sql: "SELEC name FROM t WHERE id = ?", arguments: [1])
    }
    #expect(syntax?.sql == "SELEC name FROM t WHERE id = ?")
    #expect(syntax?.arguments == [.int(1)])
  }
}

@Suite("Several statements in one query")
struct SeveralStatementsTests {
  @Test func executeRunsEveryStatementOfAFragment() throws {
    let db = try Database()
    let name = "x"
    try #sql(
      """
      CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
      CREATE INDEX "items_name" ON "items" ("name");
      INSERT INTO "items" ("name") VALUES (\(name));
      -- a trailing comment
      """
    ).execute(db)
    #expect(try db.fetchOne(sql: #"SELECT "name" FROM "items""#)?[0] == .text("x"))
    #expect(try db.indexes(on: "items").map(\.name) == ["items_name"])
  }

  @Test func aFetchOfSeveralStatementsIsAnError() throws {
    let db = try Database()
    #expect {
      try db.fetchAll(QueryFragment(sql: "SELECT 1; SELECT 2")) { try $0.decode(Int.self) }
    } throws: { error in
      (error as? DatabaseError)?.message == DatabaseError.severalStatements
    }
    #expect(
      try db.fetchAll(QueryFragment(sql: "SELECT 1; -- done")) { try $0.decode(Int.self) } == [1])
  }
}
