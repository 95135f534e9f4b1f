import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Selects: clause order, added columns, limits, values, none")
struct SelectShapeTests {
  @Test func joinsAfterWhereAndOrder() throws {
    let db = try library()
    let filtered = Book.where { $0.pages > 300 }.order { $0.title }.limit(2)
    let query = filtered.join(Shelf.all) { $0.shelfID == $1.id }.select { ($0.title, $1.name) }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "books"."title", "shelves"."name"
        FROM "books" JOIN "shelves" ON ("books"."shelfID" = "shelves"."id")
        WHERE ("books"."pages" > 300)
        ORDER BY "books"."title" LIMIT 2
        """)
    #expect(rows.map(\.0).elementsEqual(["Cosmos", "Dune"]))
    let withWhere = Book.where { $0.id == 2 }.leftJoin(Shelf.where { $0.id > 1 }) {
      $0.shelfID == $1.id
    }
    let leftRows = try assertQuery(
      withWhere.where { _, shelf in shelf.id == nil }.select { book, _ in book.title },
      db: db,
      sql: """
        SELECT "books"."title"
        FROM "books" LEFT JOIN "shelves"
          ON (("books"."shelfID" = "shelves"."id") AND ("shelves"."id" > 1))
        WHERE ("books"."id" = 2) AND ("shelves"."id" IS NULL)
        """)
    #expect(leftRows.elementsEqual(["Emma"]))
  }

  @Test func distinctJoins() throws {
    let db = try library()
    let query = Shelf.join(Book.all) { $0.id == $1.shelfID }.select { shelf, _ in shelf.name }
      .distinct().order { shelf, _ in shelf.name }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT DISTINCT "shelves"."name"
        FROM "shelves" JOIN "books" ON ("shelves"."id" = "books"."shelfID")
        ORDER BY "shelves"."name"
        """)
    #expect(rows.elementsEqual(["Fiction", "Science"]))
  }

  @Test func selectAfterSelectAddsColumns() throws {
    let db = try library()
    let query = Book.where { $0.id == 1 }.select { $0.id }.select { ($0.title, $0.pages) }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "books"."id", "books"."title", "books"."pages" FROM "books"
        WHERE ("books"."id" = 1)
        """)
    #expect(rows.count == 1)
    #expect(rows[0].0 == 1)
    #expect(rows[0].1 == "Dune")
    #expect(rows[0].2 == 412)
    // On whole rows, the first select chooses the columns.
    let chosen = try assertQuery(
      Book.order { $0.id }.select { $0.title }.limit(1),
      db: db,
      sql: #"SELECT "books"."title" FROM "books" ORDER BY "books"."id" LIMIT 1"#)
    #expect(chosen.elementsEqual(["Dune"]))
  }

  @Test func limitsAndOffsets() throws {
    let db = try library()
    let ordered = Book.order { $0.id }.select { $0.id }
    let paged = try assertQuery(
      ordered.limit(2).offset(1), db: db,
      sql: #"SELECT "books"."id" FROM "books" ORDER BY "books"."id" LIMIT 2 OFFSET 1"#)
    #expect(paged.elementsEqual([2, 3]))
    let skipped = try assertQuery(
      ordered.offset(3), db: db,
      sql: #"SELECT "books"."id" FROM "books" ORDER BY "books"."id" LIMIT -1 OFFSET 3"#)
    #expect(skipped.elementsEqual([4, 5]))
    // A nil leaves the clause as it was, as in StructuredQueries.
    let kept = try assertQuery(
      ordered.limit(2, offset: 1).limit(nil).offset(nil), db: db,
      sql: #"SELECT "books"."id" FROM "books" ORDER BY "books"."id" LIMIT 2 OFFSET 1"#)
    #expect(kept.elementsEqual([2, 3]))
    let unlimited = try assertQuery(
      ordered.limit(nil), db: db, sql: #"SELECT "books"."id" FROM "books" ORDER BY "books"."id""#)
    #expect(unlimited.count == 5)
    let computed = ordered.limit { _ in Book.where { $0.shelfID == 1 }.count() }
      .offset { _ in #sql("1", as: Int.self) }
    let computedRows = try assertQuery(
      computed, db: db,
      sql: """
        SELECT "books"."id" FROM "books" ORDER BY "books"."id"
        LIMIT (SELECT count(*) FROM "books" WHERE ("books"."shelfID" = 1)) OFFSET 1
        """)
    #expect(computedRows.elementsEqual([2, 3]))
    let fromTable = try assertQuery(
      Book.offset(4).select { $0.id }, db: db,
      sql: #"SELECT "books"."id" FROM "books" LIMIT -1 OFFSET 4"#)
    #expect(fromTable.count == 1)
  }

  @Test func valuesWithoutATable() throws {
    let db = try library()
    let row = try assertQuery(Values(1, "a", true), db: db, sql: "SELECT 1, 'a', 1")
    #expect(row.count == 1)
    #expect(row[0].0 == 1)
    #expect(row[0].1 == "a")
    #expect(row[0].2)
    let counted = try assertQuery(
      Values(Book.count(), Shelf.count()), db: db,
      sql: """
        SELECT (SELECT count(*) FROM "books"), (SELECT count(*) FROM "shelves")
        """)
    #expect(counted.count == 1)
    #expect(counted[0].0 == 5)
    #expect(counted[0].1 == 3)
  }

  @Test func noneFindsChangesAndDeletesNothing() throws {
    let db = try library()
    let nothing = try assertQuery(
      Book.none.where { $0.id == 1 }.select { $0.title }, db: db,
      sql: #"SELECT "books"."title" FROM "books" WHERE 0 AND ("books"."id" = 1)"#)
    #expect(nothing.isEmpty)
    let update = Book.none.update { $0.title = "x" }
    assertSQL(update, #"UPDATE "books" SET "title" = 'x' WHERE 0"#)
    try update.execute(db)
    let delete = Book.none.delete()
    assertSQL(delete, #"DELETE FROM "books" WHERE 0"#)
    try delete.execute(db)
    #expect(try Book.where { $0.title == "x" }.count().fetchOne(db) == 0)
    #expect(try Book.count().fetchOne(db) == 5)
    let union = Book.where { $0.id == 1 }.select { $0.title }
      .union(Book.none.select { $0.title })
    #expect(try union.fetchAll(db).elementsEqual(["Dune"]))
    let stats = ShelfStat.with(
      as: Book.none.group { $0.shelfID }.select { ($0.shelfID, $0.id.count(), $0.pages) }
    ) {
      ShelfStat.all
    }
    #expect(try stats.fetchAll(db).isEmpty)
  }

  /// A join of `none` keeps no row, whichever side keeps unmatched rows (as in
  /// StructuredQueries): its filter goes to `WHERE`, not to the join's condition.
  @Test func aJoinOfNoneKeepsNoRow() throws {
    let db = try library()
    let left = try assertQuery(
      Shelf.leftJoin(Book.none) { $0.id == $1.shelfID }.select { ($0.name, $1.title) }, db: db,
      sql: """
        SELECT "shelves"."name", "books"."title" FROM "shelves"
        LEFT JOIN "books" ON ("shelves"."id" = "books"."shelfID") WHERE 0
        """)
    #expect(left.isEmpty)
    let inner = try assertQuery(
      Shelf.all.join(Book.none.where { $0.pages > 1 }) { $0.id == $1.shelfID }
        .select { ($0.name, $1.title) },
      db: db,
      sql: """
        SELECT "shelves"."name", "books"."title" FROM "shelves"
        JOIN "books" ON ("shelves"."id" = "books"."shelfID") WHERE 0 AND ("books"."pages" > 1)
        """)
    #expect(inner.isEmpty)
    let aliased = Shelf.aliased("s").join(Book.none) { $0.id == $1.shelfID }.select { $1.title }
    #expect(try aliased.fetchAll(db).isEmpty)
    // A filtered table that is not `none` still filters in the join's condition.
    let someBooks = Shelf.leftJoin(Book.where { $0.pages > 100_000 }) { $0.id == $1.shelfID }
      .select { ($0.name, $1.title) }
    #expect(try someBooks.fetchAll(db).count == 3)
  }

  @Test func aTablesColumnsInterpolatedInSQL() throws {
    let db = try library()
    let query = #sql(
      "SELECT \(Shelf.columns) FROM \(Shelf.self) WHERE \(Shelf.columns.id) = 2",
      as: Shelf.self)
    assertSQL(
      query, #"SELECT "shelves"."id", "shelves"."name" FROM "shelves" WHERE "shelves"."id" = 2"#)
    #expect(try query.fetchAll(db).elementsEqual([Shelf(id: 2, name: "Science")]))
  }
}

@Suite("Select.map")
struct SelectMapTests {
  @Test func mapReceivesTheSelectedColumnsOneByOne() throws {
    let db = try itemsDatabase()
    let query = Item.where { $0.id < 3 }.select(\.id).select(\.name).map { id, name in
      let shouted = name.upper()
      let next = id + 1
      return (shouted, next)
    }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT upper("items"."name"), ("items"."id" + 1) FROM "items" WHERE ("items"."id" < 3)
        """)
    #expect(rows.map(\.0).elementsEqual(["APPLE", "BREAD"]))
    #expect(rows.map(\.1).elementsEqual([2, 3]))
  }

  @Test func aWholeTableAndABoundValueKeepTheirColumnsAndBindings() throws {
    let db = try itemsDatabase()
    let query = Item.where { $0.id == 3 }.select { ("a, b", $0, $0.price) }.map {
      label, item, price in
      (item, price, label)
    }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "items"."id", "items"."name", "items"."is_done", "items"."rank", "items"."price",
          "items"."tag", "items"."price", 'a, b'
        FROM "items" WHERE ("items"."id" = 3)
        """)
    #expect(rows.count == 1)
    #expect(rows[0].0.name == "cheese")
    #expect(rows[0].1 == 7.25)
    #expect(rows[0].2 == "a, b")
  }
}
