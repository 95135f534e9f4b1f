import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// `find` after a filter or a select and of a subquery's keys; `map` and `flatMap` of an
/// optional expression.
@Suite("find of keys and subqueries; map and flatMap of optionals")
struct FindAndOptionalMapTests {
  @Test func findOfASubquery() throws {
    let db = try library()
    let longBooks = Book.where { $0.pages > 300 }.select { $0.id }
    let titles = try assertQuery(
      Book.find(longBooks).order { $0.id }.select { $0.id }, db: db,
      sql: """
        SELECT "books"."id"
        FROM "books"
        WHERE ("books"."id" IN (SELECT "books"."id"
        FROM "books"
        WHERE ("books"."pages" > 300)))
        ORDER BY "books"."id"
        """)
    let expected = try Book.where { $0.pages > 300 }.order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(!expected.isEmpty)
    #expect(titles == expected)
  }

  @Test func findAfterAFilterOrASelect() throws {
    let db = try library()
    let rated = try assertQuery(
      Book.where { $0.rating != nil }.find(3).select { $0.id }, db: db,
      sql: """
        SELECT "books"."id"
        FROM "books"
        WHERE ("books"."rating" IS NOT NULL) AND ("books"."id" = 3)
        """)
    #expect(rated == [3])
    let unrated = try Book.where { $0.rating != nil }.find(2).select { $0.id }.fetchAll(db)
    #expect(unrated.isEmpty)
    let some = try assertQuery(
      Book.select { $0.id }.find([1, 4, 9]).order { $0.id }, db: db,
      sql: """
        SELECT "books"."id"
        FROM "books"
        WHERE ("books"."id" IN (1, 4, 9))
        ORDER BY "books"."id"
        """)
    #expect(some == [1, 4])
    let one = try assertQuery(
      Book.select { $0.id }.find(2), db: db,
      sql: """
        SELECT "books"."id"
        FROM "books"
        WHERE ("books"."id" = 2)
        """)
    #expect(one == [2])
    let fromSubquery = try Book.select { $0.id }
      .find(Book.where { $0.id > 3 }.select { $0.id }).order { $0.id }.fetchAll(db)
    #expect(fromSubquery == [4, 5])
    let filteredFromSubquery = try Book.where { $0.id != 4 }
      .find(Book.where { $0.id > 3 }.select { $0.id }).select { $0.id }.fetchAll(db)
    #expect(filteredFromSubquery == [5])
  }

  /// `map` is `NULL` where the value is, the transform elsewhere; `flatMap` is the transform.
  @Test func mapAndFlatMapOfAnOptional() throws {
    let db = try library()
    let doubled = try assertQuery(
      Book.order { $0.id }.select { ($0.id, $0.rating.map { $0 * 2 }) }, db: db,
      sql: """
        SELECT "books"."id", CASE WHEN "books"."rating" IS NULL THEN NULL ELSE ("books"."rating" * 2.0) END
        FROM "books"
        ORDER BY "books"."id"
        """)
    let ratings: [Double?] = try Book.order { $0.id }.select { $0.rating }.fetchAll(db)
    let doubledRatings: [Double?] = doubled.map(\.1)
    #expect(doubledRatings == [9, nil, 9.6, 4, 6])
    #expect(ratings == [4.5, nil, 4.8, 2, 3])
    let highlyRated = try assertQuery(
      Book.where { $0.rating.map { $0 >= 4 } ?? false }.order { $0.id }.select { $0.id }, db: db,
      sql: """
        SELECT "books"."id"
        FROM "books"
        WHERE coalesce(CASE WHEN "books"."rating" IS NULL THEN NULL ELSE ("books"."rating" >= 4.0) END, 0)
        ORDER BY "books"."id"
        """)
    #expect(highlyRated == [1, 3])
    let best = try assertQuery(
      Book.select { $0.rating.flatMap { $0.max() } }, db: db,
      sql: """
        SELECT max("books"."rating")
        FROM "books"
        """)
    #expect(best == [4.8])
  }
}
