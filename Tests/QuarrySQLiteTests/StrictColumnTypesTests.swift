import Foundation
import Quarry
import QuarrySQLite
import Testing

/// Where the database guarantees a column's type (a STRICT table's `NOT NULL` column, read
/// directly), decoding reads it without a check per row; anywhere else a wrong type or a `NULL`
/// is still a clear error.
@Suite("STRICT column types")
struct StrictColumnTypesTests {
  static let strictTable = """
    CREATE TABLE "strictItems" (
      "id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "price" REAL NOT NULL, "note" TEXT,
      "isActive" INTEGER NOT NULL, "data" BLOB NOT NULL
    ) STRICT
    """

  private func database() throws -> Database {
    let db = try Database()
    try db.execute(sql: Self.strictTable)
    try db.execute(
      sql: """
        INSERT INTO "strictItems" VALUES (1, 'one', 1.5, NULL, 1, x'01'), (2, 'two', 2, 'n', 0, x'')
        """)
    return db
  }

  private let items = [
    StrictItem(id: 1, name: "one", price: 1.5, note: nil, isActive: true, data: [1]),
    StrictItem(id: 2, name: "two", price: 2, note: "n", isActive: false, data: []),
  ]

  @Test func aStrictTablesNotNullColumnsAreKnown() throws {
    let db = try database()
    #expect(try StrictItem.order { $0.id }.fetchAll(db) == items)
    #expect(try StrictItem.find(2).fetchOne(db) == items[1])
    let select = StrictItem.order { $0.id }.query.sql
    let statement = try #require(db.statements.statement(sql: select))
    // INTEGER PRIMARY KEY, TEXT, REAL, nullable TEXT (checked), INTEGER, BLOB.
    #expect(statement.knownColumnTypesLearned == [1, 3, 2, 0, 1, 4])
    #expect(try StrictItem.where { $0.note == nil }.fetchAll(db) == [items[0]])
  }

  @Test func aNonStrictTableIsCheckedOnEveryRow() throws {
    let db = try Database()
    try db.execute(sql: Self.strictTable.replacingOccurrences(of: ") STRICT", with: ")"))
    try db.execute(sql: #"INSERT INTO "strictItems" VALUES (1, 'one', 1.5, NULL, 'yes', x'')"#)
    let error = #expect(throws: QueryDecodingError.self) { try StrictItem.all.fetchAll(db) }
    #expect(error?.description.hasPrefix(#"column 4 ("isActive"): expected Bool"#) == true)
    let statement = try #require(db.statements.statement(sql: StrictItem.all.query.sql))
    #expect(statement.knownColumnTypesLearned == [0, 0, 0, 0, 0, 0])
  }

  @Test func joinsAndExpressionsAreChecked() throws {
    let db = try database()
    // A left join can bring NULL into a NOT NULL column: not trusted, so `nil` decodes.
    try db.execute(
      sql: """
        CREATE TABLE "strictTags" (
          "id" INTEGER PRIMARY KEY, "itemID" INTEGER NOT NULL, "label" TEXT NOT NULL
        ) STRICT;
        INSERT INTO "strictTags" VALUES (1, 2, 'sale');
        """)
    let rows = try StrictItem.leftJoin(StrictTag.all) { $0.id == $1.itemID }
      .order { item, _ in item.id }.select { ($0.id, $1.label) }.fetchAll(db)
    #expect(rows.map(\.0) == [1, 2])
    #expect(rows.map(\.1) == [nil, "sale"])
    let pairs = try StrictItem.leftJoin(StrictTag.all) { $0.id == $1.itemID }
      .order { item, _ in item.id }.fetchAll(db)
    #expect(pairs.map(\.1) == [nil, StrictTag(id: 1, itemID: 2, label: "sale")])
    // The same through a view named like a table: its columns come from another table.
    try db.execute(
      sql: """
        CREATE VIEW "strictItemNames" AS
        SELECT "a"."id" AS "id", "b"."name" AS "name"
        FROM "strictItems" AS "a" LEFT JOIN "strictItems" AS "b" ON "b"."id" = "a"."id" + 1
        """)
    let error = #expect(throws: QueryDecodingError.self) {
      try StrictItemName.order { $0.id }.fetchAll(db)
    }
    #expect(
      error?.description.hasPrefix(#"column 1 ("name"): expected String, found NULL"#) == true)
  }

  @Test func aSchemaChangeIsNoticedByACachedStatement() throws {
    let db = try database()
    let query = StrictItem.order { $0.id }
    #expect(try query.fetchAll(db) == items)
    // Rebuilt without STRICT, with a value of the wrong type: the cached statement is
    // re-prepared by SQLite, and its column types learned again.
    try db.execute(
      sql: """
        DROP TABLE "strictItems";
        \(Self.strictTable.replacingOccurrences(of: ") STRICT", with: ")"));
        INSERT INTO "strictItems" VALUES (1, 'one', 1.5, NULL, 'yes', x'');
        """)
    let error = #expect(throws: QueryDecodingError.self) { try query.fetchAll(db) }
    #expect(error?.description.hasPrefix(#"column 4 ("isActive"): expected Bool"#) == true)
  }

  @Test func aCursorDecodesAStrictTable() throws {
    // A cursor checks every column, STRICT or not.
    let db = try database()
    let cursor = try StrictItem.order { $0.id }.fetchCursor(db)
    var fetched: [StrictItem] = []
    while let item = try cursor.next() { fetched.append(item) }
    #expect(fetched == items)
  }
}
