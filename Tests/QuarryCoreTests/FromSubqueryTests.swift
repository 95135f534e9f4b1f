import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// Books and pages per shelf.
private let perShelf = Book.group { $0.shelfID }
  .select { ($0.shelfID, $0.id.count(), $0.pages.sum() ?? 0) }

private let perShelfSQL = """
  SELECT "books"."shelfID", count("books"."id"), coalesce(sum("books"."pages"), 0)
  FROM "books"
  GROUP BY "books"."shelfID"
  """

@Suite("Subqueries in FROM")
struct FromSubqueryTests {
  @Test func selectFromAGroupedSubquery() throws {
    let db = try shelvesAndBooks()
    let stats = try assertQuery(
      ShelfStat.from(perShelf).order { $0.shelfID },
      db: db,
      sql: """
        SELECT "shelfStats"."shelfID", "shelfStats"."books", "shelfStats"."pages"
        FROM (
          WITH "shelfStats" ("shelfID", "books", "pages") AS (
            \(perShelfSQL)
          )
          SELECT * FROM "shelfStats"
        ) AS "shelfStats"
        ORDER BY "shelfStats"."shelfID"
        """)
    let expected: [ShelfStat] = [
      ShelfStat(shelfID: nil, books: 1, pages: 12),
      ShelfStat(shelfID: 1, books: 2, pages: 732),
      ShelfStat(shelfID: 2, books: 1, pages: 396),
    ]
    #expect(stats == expected)
  }

  @Test func filterAggregateAndLimitOverTheSubquery() throws {
    let db = try shelvesAndBooks()
    let busy = try assertQuery(
      ShelfStat.from(perShelf).where { $0.books > 1 || $0.pages > 390 }
        .select { ($0.shelfID, $0.pages / $0.books) }
        .order { $0.pages.desc() }
        .limit(5),
      db: db,
      sql: """
        SELECT "shelfStats"."shelfID", ("shelfStats"."pages" / "shelfStats"."books")
        FROM (
          WITH "shelfStats" ("shelfID", "books", "pages") AS (
            \(perShelfSQL)
          )
          SELECT * FROM "shelfStats"
        ) AS "shelfStats"
        WHERE (("shelfStats"."books" > 1) OR ("shelfStats"."pages" > 390))
        ORDER BY "shelfStats"."pages" DESC
        LIMIT 5
        """)
    #expect(busy.map(\.0).elementsEqual([1, 2]))
    #expect(busy.map(\.1).elementsEqual([366, 396]))
    // An aggregate of aggregates: the average number of books per shelf.
    let average = try assertQuery(
      ShelfStat.from(perShelf).select { $0.books.avg() },
      db: db,
      sql: """
        SELECT avg("shelfStats"."books")
        FROM (
          WITH "shelfStats" ("shelfID", "books", "pages") AS (
            \(perShelfSQL)
          )
          SELECT * FROM "shelfStats"
        ) AS "shelfStats"
        """)
    let booksPerShelf: Double = 4 / 3
    #expect(average.elementsEqual([booksPerShelf]))
  }

  @Test func compoundAndHandWrittenSubqueries() throws {
    let db = try shelvesAndBooks()
    let compound = Book.where { $0.pages > 400 }.select { ($0.shelfID, $0.id, $0.pages) }
      .unionAll(Book.where { $0.pages < 100 }.select { ($0.shelfID, $0.id, $0.pages) })
    let rows = try assertQuery(
      ShelfStat.from(compound).select { $0.pages.sum() },
      db: db,
      sql: """
        SELECT sum("shelfStats"."pages")
        FROM (
          WITH "shelfStats" ("shelfID", "books", "pages") AS (
            SELECT "books"."shelfID", "books"."id", "books"."pages" FROM "books"
            WHERE ("books"."pages" > 400)
            UNION ALL
            SELECT "books"."shelfID", "books"."id", "books"."pages" FROM "books"
            WHERE ("books"."pages" < 100)
          )
          SELECT * FROM "shelfStats"
        ) AS "shelfStats"
        """)
    #expect(rows.elementsEqual([424]))
    let constant = try assertQuery(
      ShelfStat.from(#sql("SELECT 7, 1, 100", as: (Int, Int, Int).self)),
      db: db,
      sql: """
        SELECT "shelfStats"."shelfID", "shelfStats"."books", "shelfStats"."pages"
        FROM (
          WITH "shelfStats" ("shelfID", "books", "pages") AS (
            SELECT 7, 1, 100
          )
          SELECT * FROM "shelfStats"
        ) AS "shelfStats"
        """)
    #expect(constant.elementsEqual([ShelfStat(shelfID: 7, books: 1, pages: 100)]))
  }

  @Test func aSubqueryWithTooFewColumnsFailsClearly() throws {
    let db = try shelvesAndBooks()
    let query = ShelfStat.from(Book.select { ($0.shelfID, $0.id) })
    assertSQL(
      query,
      """
      SELECT "shelfStats"."shelfID", "shelfStats"."books", "shelfStats"."pages"
      FROM (
        WITH "shelfStats" ("shelfID", "books", "pages") AS (
          SELECT "books"."shelfID", "books"."id" FROM "books"
        )
        SELECT * FROM "shelfStats"
      ) AS "shelfStats"
      """)
    let error = #expect(throws: DatabaseError.self) { try query.fetchAll(db) }
    #expect(error?.message == "table shelfStats has 2 values for 3 columns")
  }
}
