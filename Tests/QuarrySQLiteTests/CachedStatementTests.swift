import Quarry
import QuarrySQLite
import Testing

@Suite("cachedStatement(sql:)")
struct CachedStatementTests {
  private func database() throws -> Database {
    let db = try Database()
    try db.execute(sql: "CREATE TABLE cachedItems (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    return db
  }

  @Test func theSameSQLGivesTheSameStatement() throws {
    let db = try database()
    let sql = "INSERT INTO cachedItems (name) VALUES (?)"
    let first = try db.cachedStatement(sql: sql)
    let count = db.statements.count
    let second = try db.cachedStatement(sql: sql)
    #expect(first === second)
    #expect(db.statements.count == count)
    #expect(db.statements.statement(sql: sql) === first)
    // `execute(sql:)` of the same text runs the same statement: nothing more is prepared.
    try db.execute(sql: sql, arguments: ["direct"])
    #expect(try db.cachedStatement(sql: sql) === first)
    #expect(db.statements.count == count)
    // Not so `makeStatement(sql:)`, which compiles a statement of its own each time.
    #expect(try db.makeStatement(sql: sql) !== first)
  }

  @Test func itRunsAgainAndAgainWithNewArguments() throws {
    let db = try database()
    let insert = try db.cachedStatement(sql: "INSERT INTO cachedItems (name) VALUES (?)")
    for name in ["a", "b", "c"] { try insert.execute(arguments: [name]) }
    let select = try db.cachedStatement(sql: "SELECT name FROM cachedItems WHERE id >= :min")
    #expect(try select.fetchAll(String.self, arguments: ["min": 2]) == ["b", "c"])
    #expect(try String.fetchAll(select, arguments: ["min": 3]) == ["c"])
    #expect(try String.fetchOne(select, arguments: ["min": 1]) == "a")
    #expect(try Row.fetchOne(select, arguments: ["min": 2])?["name"] == .text("b"))
    #expect(try Row.fetchAll(select, arguments: ["min": 1]).count == 3)
    let cursor = try String.fetchCursor(select, arguments: ["min": 1])
    #expect(try cursor.collect() == ["a", "b", "c"])
    #expect(try select.fetchOne(arguments: ["min": 9]) == nil)
  }

  @Test func aStatementACursorIsSteppingIsNotHandedOutTwice() throws {
    let db = try database()
    try db.execute(sql: "INSERT INTO cachedItems (name) VALUES ('a'), ('b')")
    let sql = "SELECT name FROM cachedItems ORDER BY id"
    let statement = try db.cachedStatement(sql: sql)
    let cursor = try statement.fetchCursor(String.self)
    #expect(try cursor.next() == "a")
    let meanwhile = try db.cachedStatement(sql: sql)
    #expect(meanwhile !== statement)
    #expect(try meanwhile.fetchAll(String.self) == ["a", "b"])
    #expect(try cursor.next() == "b")
    #expect(try cursor.next() == nil)
    #expect(try db.cachedStatement(sql: sql) === statement)
  }

  @Test func itNeedsExactlyOneStatement() throws {
    let db = try database()
    let several = #expect(throws: DatabaseError.self) {
      try db.cachedStatement(sql: "SELECT 1; SELECT 2")
    }
    #expect(several?.message == DatabaseError.severalStatements)
    let none = #expect(throws: DatabaseError.self) { try db.cachedStatement(sql: " -- nothing") }
    #expect(none?.message == "the SQL holds no statement")
    let wrong = #expect(throws: DatabaseError.self) {
      try db.cachedStatement(sql: "SELECT * FROM nowhere")
    }
    #expect(wrong?.message.contains("no such table: nowhere") == true)
  }
}
