import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("Introspection")
struct IntrospectionTests {
  private func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE lists (id INTEGER PRIMARY KEY, title TEXT NOT NULL DEFAULT '');
        CREATE TABLE items (
          id INTEGER PRIMARY KEY,
          listID INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
          name TEXT UNIQUE,
          rank REAL DEFAULT 0
        );
        CREATE INDEX items_list ON items (listID, rank);
        """)
    return db
  }

  @Test func tablesAndColumns() throws {
    let db = try database()
    #expect(try db.tableNames() == ["items", "lists"])
    #expect(try db.tableExists("ITEMS"))
    #expect(try !db.tableExists("nope"))
    let columns = try db.columns(in: "items")
    #expect(columns.map(\.name) == ["id", "listID", "name", "rank"])
    #expect(columns.map(\.type) == ["INTEGER", "INTEGER", "TEXT", "REAL"])
    #expect(columns.map(\.isNotNull) == [false, true, false, false])
    #expect(columns.map(\.defaultValueSQL) == [nil, nil, nil, "0"])
    #expect(columns.map(\.primaryKeyIndex) == [1, 0, 0, 0])
    #expect(try db.primaryKey(of: "lists") == ["id"])
    #expect(try db.columns(in: "lists").last?.defaultValueSQL == "''")
    #expect(throws: DatabaseError.self) { try db.columns(in: "nope") }
    #expect(columns.map(\.isNullable) == [false, false, true, true])
    #expect(columns.allSatisfy { $0.generated == nil && !$0.isHidden })
  }

  @Test func generatedAndHiddenColumns() throws {
    let db = try database()
    try db.execute(
      sql: """
        CREATE TABLE totals (
          price INTEGER NOT NULL,
          doubled INT GENERATED ALWAYS AS (price * 2) STORED,
          halved AS (price / 2)
        );
        CREATE VIRTUAL TABLE notes USING fts5(body);
        """)
    let totals = try db.columns(in: "totals")
    #expect(totals.map(\.name) == ["price", "doubled", "halved"])
    #expect(totals.map(\.type) == ["INTEGER", "INT", ""])
    #expect(totals.map(\.generated) == [nil, .stored, .virtual])
    #expect(totals.map(\.isGeneratedOrHidden) == [false, true, true])
    #expect(totals.map(\.affinity) == [.integer, .integer, .blob])
    let notes = try db.columns(in: "notes")
    #expect(notes.map(\.name) == ["body", "notes", "rank"])
    #expect(notes.map(\.isHidden) == [false, true, true])
  }

  @Test func indexesAndForeignKeys() throws {
    let db = try database()
    let indexes = try db.indexes(on: "items")
    #expect(indexes.map(\.name) == ["items_list", "sqlite_autoindex_items_1"])
    #expect(indexes[0].columns == ["listID", "rank"])
    #expect(indexes[0].isUnique == false)
    #expect(indexes[1].columns == ["name"])
    #expect(indexes[1].isUnique && indexes[1].origin == "u")
    let keys = try db.foreignKeys(on: "items")
    #expect(keys.count == 1)
    #expect(keys[0].destinationTable == "lists")
    #expect(keys[0].mapping.map(\.origin) == ["listID"])
    #expect(keys[0].mapping.map(\.destination) == ["id"])
    #expect(keys[0].onDelete == "CASCADE")
  }

  @Test func userVersionAndBackup() throws {
    let db = try database()
    #expect(try db.userVersion() == 0)
    try db.setUserVersion(42)
    #expect(try db.userVersion() == 42)
    try db.execute(sql: "INSERT INTO lists (title) VALUES ('copied')")
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let copy = try Database(path: file.path)
    try db.backup(to: copy)
    #expect(try copy.userVersion() == 42)
    #expect(try copy.fetchAll(String.self, sql: "SELECT title FROM lists") == ["copied"])
  }
}
