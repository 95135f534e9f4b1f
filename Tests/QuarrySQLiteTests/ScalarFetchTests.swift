import Quarry
import QuarrySQLite
import Testing

@Suite("Scalar fetchOne")
struct ScalarFetchTests {
  private func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);
        INSERT INTO notes (id, body) VALUES (1, 'milk'), (2, NULL);
        """)
    return db
  }

  @Test func noRowAndNullAreBothNil() throws {
    let db = try database()
    let sql = "SELECT body FROM notes WHERE id = ?"
    #expect(try db.fetchOne(String.self, sql: sql, arguments: [1]) == "milk")
    #expect(try db.fetchOne(String.self, sql: sql, arguments: [2]) == nil)  // NULL
    #expect(try db.fetchOne(String.self, sql: sql, arguments: [3]) == nil)  // no row
    #expect(try db.fetchOne(Int.self, sql: "SELECT max(id) FROM notes WHERE id > 5") == nil)
  }

  @Test func anOptionalTypeTellsNullFromNoRow() throws {
    let db = try database()
    let sql = "SELECT body FROM notes WHERE id = ?"
    let null = try db.fetchOne(String?.self, sql: sql, arguments: [2])
    #expect(null == .some(nil))
    let noRow = try db.fetchOne(String?.self, sql: sql, arguments: [3])
    #expect(noRow == .none)
    #expect(try db.fetchOne(String?.self, sql: sql, arguments: [1]) == .some("milk"))
  }

  @Test func aWrongTypeIsStillAnError() throws {
    let db = try database()
    let error = #expect(throws: QueryDecodingError.self) {
      try db.fetchOne(Int.self, sql: "SELECT body FROM notes WHERE id = 1")
    }
    #expect(error?.found == "TEXT 'milk'")
  }

  @Test func aTableIsNotAScalar() throws {
    // A table whose first column is NULL is a decoding error, not a missing row.
    let db = try Database()
    let error = #expect(throws: QueryDecodingError.self) {
      try db.fetchOne(Reminder.self, sql: "SELECT NULL, 'a', 0, NULL")
    }
    #expect(error?.found == "NULL")
    #expect(error?.column == 0)
  }

  @Test func aPreparedStatementReturnsNilForNullAndNoRow() throws {
    let db = try database()
    let statement = try db.makeStatement(sql: "SELECT body FROM notes WHERE id = ?")
    #expect(try statement.fetchOne(String.self, arguments: [1]) == "milk")
    #expect(try statement.fetchOne(String.self, arguments: [2]) == nil)
    #expect(try statement.fetchOne(String.self, arguments: [3]) == nil)
    // The statement is free to run again after each.
    #expect(try statement.fetchAll(String?.self, arguments: [2]) == [nil])
  }

  @Test func decodingANonOptionalSaysItFoundNull() throws {
    let db = try database()
    let row = try #require(try db.fetchOne(sql: "SELECT id, body FROM notes WHERE id = 2"))
    let error = #expect(throws: QueryDecodingError.self) { try row.decode(String.self, at: 1) }
    #expect(error?.found == "NULL")
    #expect(
      error?.description.hasPrefix(#"column 1 ("body"): expected String, found NULL"#) == true)
    #expect(try row.decode(String?.self, at: 1) == nil)
    #expect(try db.fetchOne(sql: "SELECT id, body FROM notes WHERE id = 3") == nil)
  }
}
