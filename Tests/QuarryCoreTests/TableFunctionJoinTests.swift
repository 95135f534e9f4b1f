import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// SQLite's `pragma_table_info`: a table's columns.
@Table("pragma_table_info")
private struct ColumnOfTable: Equatable {
  var cid: Int
  var name: String
  var type: String
  var notnull: Bool
  @Column("dflt_value") var defaultValue: String?
  var pk: Int
}

/// SQLite's `pragma_foreign_key_list`: a table's foreign keys.
@Table("pragma_foreign_key_list")
private struct ForeignKeyOfTable: Equatable {
  let id: Int
  var seq: Int
  var table: String
  var from: String
  var to: String?
  @Column("on_update") var onUpdate: String
  @Column("on_delete") var onDelete: String
  var match: String
}

@Suite("Joins of table-valued functions")
struct TableFunctionJoinTests {
  /// structured-queries' join of `pragma_foreign_key_list` and `pragma_table_info`.
  @Test func aCallJoinedToAnotherCall() throws {
    let db = try shelvesAndBooks()
    let keys = ForeignKeyOfTable.call("books").join(ColumnOfTable.call("books")) {
      $0.from == $1.name
    }
    .select { ($0.table, $0.from, $1.type, $1.cid) }
    let rows = try assertQuery(
      keys, db: db,
      sql: """
        SELECT "pragma_foreign_key_list"."table", "pragma_foreign_key_list"."from",
          "pragma_table_info"."type", "pragma_table_info"."cid"
        FROM "pragma_foreign_key_list"('books')
        JOIN "pragma_table_info"('books')
        ON ("pragma_foreign_key_list"."from" = "pragma_table_info"."name")
        """)
    #expect(rows.count == 1)
    #expect(rows.first?.0 == "shelves" && rows.first?.1 == "shelfID")
    #expect(rows.first?.2 == "INTEGER" && rows.first?.3 == 2)
    // Whole rows of both.
    let pairs = try ForeignKeyOfTable.call("books").join(ColumnOfTable.call("books")) {
      $0.from == $1.name
    }.fetchAll(db)
    #expect(pairs.map(\.1.name) == ["shelfID"])
    #expect(pairs.map(\.0.onDelete) == ["NO ACTION"])
  }

  @Test func aTableJoinedToACall() throws {
    let db = try shelvesAndBooks()
    // Each shelf beside the column of `books` at the shelf's id, the key left out.
    let query = Shelf.join(ColumnOfTable.call("books").where { $0.pk == 0 }) {
      $0.id == $1.cid
    }
    .order { shelf, _ in shelf.id }
    .select { ($0.name, $1.name) }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT "shelves"."name", "pragma_table_info"."name" FROM "shelves"
        JOIN "pragma_table_info"('books')
        ON (("shelves"."id" = "pragma_table_info"."cid") AND ("pragma_table_info"."pk" = 0))
        ORDER BY "shelves"."id"
        """)
    #expect(rows.map(\.0) == ["Fiction", "Science", "Empty"])
    #expect(rows.map(\.1) == ["title", "shelfID", "pages"])

    // After the table's own filter and clauses.
    let filtered = Shelf.where { $0.id > 1 }.order { $0.id.desc() }
      .join(ColumnOfTable.call("books")) { $0.id == $1.cid }
      .select { ($0.id, $1.name) }
    let filteredRows = try assertQuery(
      filtered, db: db,
      sql: """
        SELECT "shelves"."id", "pragma_table_info"."name" FROM "shelves"
        JOIN "pragma_table_info"('books') ON ("shelves"."id" = "pragma_table_info"."cid")
        WHERE ("shelves"."id" > 1) ORDER BY "shelves"."id" DESC
        """)
    #expect(filteredRows.map(\.0) == [3, 2])
    #expect(filteredRows.map(\.1) == ["pages", "shelfID"])
  }

  /// A call with an order and a limit is joined as a subquery, so both still apply.
  @Test func aCallWithClausesIsJoinedAsASubquery() throws {
    let db = try shelvesAndBooks()
    let lastTwo = ColumnOfTable.call("books").order { $0.cid.desc() }.limit(2)
    let query = Shelf.join(lastTwo) { _, column in column.pk == 0 }
      .order { shelf, column in (shelf.id, column.cid) }
      .select { ($0.id, $1.name) }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT "shelves"."id", "pragma_table_info"."name" FROM "shelves"
        JOIN (SELECT "pragma_table_info"."cid", "pragma_table_info"."name",
          "pragma_table_info"."type", "pragma_table_info"."notnull",
          "pragma_table_info"."dflt_value", "pragma_table_info"."pk"
          FROM "pragma_table_info"('books') ORDER BY "pragma_table_info"."cid" DESC LIMIT 2)
          AS "pragma_table_info" ON ("pragma_table_info"."pk" = 0)
        ORDER BY "shelves"."id", "pragma_table_info"."cid"
        """)
    #expect(rows.count == 6)
    #expect(Set(rows.map(\.1)) == ["published", "info"])
  }
}
