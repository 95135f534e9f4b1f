import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// Statements that once rendered SQL SQLite rejects: each is checked as rendered and run.
@Suite("Statements the API accepts render SQL SQLite runs")
struct ValidSQLTests {
  @Test func aWholeTableSelectedAloneOrBesideColumns() throws {
    let db = try library()
    let books = try assertQuery(
      Book.where { $0.id == 2 }.select { $0 },
      db: db,
      sql: """
        SELECT "books"."id", "books"."title", "books"."shelfID", "books"."pages", "books"."rating",
          "books"."flags", "books"."published", "books"."info"
        FROM "books" WHERE ("books"."id" = 2)
        """)
    #expect(books.map(\.title).elementsEqual(["Emma"]))
    let pairs = try assertQuery(
      Shelf.where { $0.id == 1 }.select { ($0.name, $0, $0.id) },
      db: db,
      sql: """
        SELECT "shelves"."name", "shelves"."id", "shelves"."name", "shelves"."id"
        FROM "shelves" WHERE ("shelves"."id" = 1)
        """)
    #expect(pairs.count == 1)
    #expect(pairs[0].0 == "Fiction")
    #expect(pairs[0].1 == Shelf(id: 1, name: "Fiction"))
    #expect(pairs[0].2 == 1)
  }

  @Test func bothTablesOfAJoin() throws {
    let db = try library()
    let joined = Book.join(Shelf.all) { $0.shelfID == $1.id }
    let query = joined.select { ($0, $1) }.where { book, _ in book.id == 3 }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "books"."id", "books"."title", "books"."shelfID", "books"."pages", "books"."rating",
          "books"."flags", "books"."published", "books"."info", "shelves"."id", "shelves"."name"
        FROM "books" JOIN "shelves" ON ("books"."shelfID" = "shelves"."id")
        WHERE ("books"."id" = 3)
        """)
    #expect(rows.count == 1)
    #expect(rows[0].0.title == "Cosmos")
    #expect(rows[0].1 == Shelf(id: 2, name: "Science"))
  }

  @Test func theOuterSideOfALeftJoinSelectedWholeIsOptional() throws {
    let db = try library()
    let joined = Shelf.leftJoin(Book.all) { $0.id == $1.shelfID }
    let query = joined.select { ($1, $0.name) }.where { shelf, _ in shelf.id == 3 }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "books"."id", "books"."title", "books"."shelfID", "books"."pages", "books"."rating",
          "books"."flags", "books"."published", "books"."info", "shelves"."name"
        FROM "shelves" LEFT JOIN "books" ON ("shelves"."id" = "books"."shelfID")
        WHERE ("shelves"."id" = 3)
        """)
    #expect(rows.count == 1)
    #expect(rows[0].0 == nil)
    #expect(rows[0].1 == "Empty")
  }

  @Test func anAliasedTableSelectedWhole() throws {
    let db = try usersDatabase()
    let query = User.join(User.aliased("managers")) { $0.managerID == $1.id }
      .select { ($0.name, $1) }
    let rows = try query.fetchAll(db)
    assertSQL(
      query,
      """
      SELECT "users"."name", "managers"."id", "managers"."email", "managers"."name",
        "managers"."age", "managers"."balance", "managers"."verified", "managers"."manager_id"
      FROM "users" JOIN "users" AS "managers" ON ("users"."manager_id" = "managers"."id")
      """)
    #expect(!rows.isEmpty)
    for row in rows { #expect(row.1.id != 0) }
  }

  @Test func literalsInATupleSelect() throws {
    let db = try library()
    let rows = try assertQuery(
      Book.where { $0.id == 1 }.select { ("book", $0.title, 7) },
      db: db,
      sql: #"SELECT 'book', "books"."title", 7 FROM "books" WHERE ("books"."id" = 1)"#)
    #expect(rows.count == 1)
    #expect(rows[0].0 == "book")
    #expect(rows[0].1 == "Dune")
    #expect(rows[0].2 == 7)
  }

  @Test func literalsInUnionArmsAndCommonTables() throws {
    let db = try library()
    let books = Book.where { $0.id < 3 }.select { ("book", $0.title) }
    let shelves = Shelf.where { $0.id == 3 }.select { ("shelf", $0.name) }
    let rows = try assertQuery(
      books.unionAll(shelves),
      db: db,
      sql: """
        SELECT 'book', "books"."title" FROM "books" WHERE ("books"."id" < 3)
        UNION ALL
        SELECT 'shelf', "shelves"."name" FROM "shelves" WHERE ("shelves"."id" = 3)
        """)
    #expect(rows.map(\.0).elementsEqual(["book", "book", "shelf"]))
    #expect(rows.map(\.1).elementsEqual(["Dune", "Emma", "Empty"]))
    let stats = ShelfStat.with(
      as: Book.group { $0.shelfID }.select { ($0.shelfID, $0.id.count(), 0) }
    ) {
      ShelfStat.where { $0.pages == 0 }
    }
    let statRows = try assertQuery(
      stats,
      db: db,
      sql: """
        WITH "shelfStats" ("shelfID", "books", "pages") AS (
          SELECT "books"."shelfID", count("books"."id"), 0 FROM "books" GROUP BY "books"."shelfID"
        )
        SELECT "shelfStats"."shelfID", "shelfStats"."books", "shelfStats"."pages"
        FROM "shelfStats" WHERE ("shelfStats"."pages" = 0)
        """)
    #expect(statRows.count == 3)
  }

  @Test func orderedAndLimitedUnionArms() throws {
    let db = try library()
    let longest = Book.order { $0.pages.desc() }.limit(1).select { $0.title }
    let shortest = Book.order { $0.pages }.limit(1).select { $0.title }
    let rows = try assertQuery(
      longest.union(shortest),
      db: db,
      sql: """
        SELECT * FROM (SELECT "books"."title" FROM "books" ORDER BY "books"."pages" DESC LIMIT 1)
        UNION
        SELECT * FROM (SELECT "books"."title" FROM "books" ORDER BY "books"."pages" LIMIT 1)
        """)
    #expect(Set(rows) == ["Dune", "Loose Notes"])
  }

  @Test func insertSelectWithOrderLimitAndAnUpsert() throws {
    let db = try library()
    let insert = Shelf.insert {
      ($0.id, $0.name)
    } select: {
      Book.order { $0.pages.desc() }.limit(2).select { ($0.id, $0.title) }
    }
    .onConflict {
      $0.id
    } doUpdate: {
      $0.name = $1.name
    }
    assertSQL(
      insert,
      """
      INSERT INTO "shelves" ("id", "name")
      SELECT * FROM (
        SELECT "books"."id", "books"."title" FROM "books" ORDER BY "books"."pages" DESC LIMIT 2
      )
      WHERE 1
      ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
      """)
    try insert.execute(db)
    // Books 1 (412 pages) and 3 (396) become shelves 1 (renamed) and 3 (renamed).
    let names = try Shelf.order { $0.id }.select { $0.name }.fetchAll(db)
    #expect(names.elementsEqual(["Dune", "Science", "Cosmos"]))
  }

  @Test func aSubqueryUsedAsAnExpressionIsParenthesized() throws {
    let db = try library()
    let mostPages = Book.where { $0.shelfID == 9 }.select { $0.pages.max() }
    let rows = try assertQuery(
      Shelf.where { $0.id == 1 }.select { ($0.name, mostPages ?? 0) },
      db: db,
      sql: """
        SELECT "shelves"."name",
          coalesce((SELECT max("books"."pages") FROM "books" WHERE ("books"."shelfID" = 9)), 0)
        FROM "shelves" WHERE ("shelves"."id" = 1)
        """)
    #expect(rows.count == 1)
    #expect(rows[0].1 == 0)
    let counted = try assertQuery(
      Shelf.order { $0.id }.select { shelf in
        Book.where { $0.pages > 300 }.count()
      },
      db: db,
      sql: """
        SELECT (SELECT count(*) FROM "books" WHERE ("books"."pages" > 300))
        FROM "shelves" ORDER BY "shelves"."id"
        """)
    #expect(counted.elementsEqual([3, 3, 3]))
  }
}
