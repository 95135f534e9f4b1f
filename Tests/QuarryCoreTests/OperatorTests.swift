import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Query language: operators")
struct OperatorTests {
  /// Regression: views and triggers have their values written in as literals, and `-` before
  /// a negative value wrote `(--5)`, which SQLite reads as a comment to the end of the line.
  @Test func negatingANegativeValueStaysAnOperatorWrittenIn() throws {
    let db = try library()
    let negated = (-BoundValue(-5)).queryFragment.inlined
    #expect(negated.sql == "(- -5)")
    #expect(try db.fetchOne(Int.self, sql: "SELECT \(negated.sql)") == 5)
    let difference: QueryFragment = "SELECT 1-\(-2.5)"
    #expect(try db.fetchOne(Double.self, sql: difference.inlined.sql) == 3.5)
    let view = Book.where { $0.id == 1 }.select { _ in -BoundValue(-5) }.query.inlined
    #expect(try db.fetchOne(Int.self, sql: view.sql + "\n") == 5)
  }

  /// StructuredQueries' method spellings render their operator's SQL and keep the same rows.
  @Test func comparisonsSpelledAsMethods() throws {
    let db = try library()
    let rows = try assertQuery(
      Book.where { $0.pages.gte(300) && $0.pages.lt(500) && $0.id.neq(3) && $0.id.notIn([4]) }
        .where { $0.rating.neq(nil) && $0.shelfID.eq($0.shelfID) }
        .order { $0.id }.select { $0.id },
      db: db,
      sql: """
        SELECT "books"."id" FROM "books"
        WHERE (((("books"."pages" >= 300) AND ("books"."pages" < 500)) AND ("books"."id" <> 3))
          AND ("books"."id" NOT IN (4))) AND (("books"."rating" IS NOT NULL) AND ("books"."shelfID" = "books"."shelfID"))
        ORDER BY "books"."id"
        """)
    let expected = try Book.where {
      $0.pages >= 300 && $0.pages < 500 && $0.id != 3 && !$0.id.in([4])
    }
    .where { $0.rating != nil && $0.shelfID == $0.shelfID }
    .order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(rows == expected)
    #expect(!rows.isEmpty)
    let outside = try Book.where { $0.id.notIn(Book.where { $0.pages.gt(400) }.select { $0.id }) }
      .select { $0.id.count() }.fetchOne(db)
    #expect(outside == (try Book.where { $0.pages <= 400 }.count().fetchOne(db)))
  }

  @Test func arithmetic() throws {
    let db = try library()
    // Arithmetic in a multi-column select is the costliest shape for the type checker (about
    // 60 ms here with `where` first, several times that with `where` after `select`).
    let query = Book.where { $0.id == 1 }.select { book in
      // One term per statement: the type checker solves each alone.
      let doubled = book.pages * 2 + 1
      let remainder = book.pages % 7
      let negated = -book.pages
      let quotient = book.pages / 100
      return (doubled, remainder, negated, quotient)
    }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT (("books"."pages" * 2) + 1), ("books"."pages" % 7), (-"books"."pages"),
          ("books"."pages" / 100)
        FROM "books" WHERE ("books"."id" = 1)
        """)
    #expect(rows.count == 1)
    #expect(rows[0].0 == 825)
    #expect(rows[0].1 == 412 % 7)
    #expect(rows[0].2 == -412)
    #expect(rows[0].3 == 4)
  }

  @Test func bitwise() throws {
    let db = try library()
    // One term per statement: the type checker solves each alone.
    let query = Book.select { book in
      let and = book.flags & 4
      let or = book.flags | 16
      let left = book.flags << 1
      let right = book.flags >> 1
      let not = ~book.flags
      let xor = book.flags ^ 3
      return (and, or, left, right, not, xor)
    }
    .where { $0.id == 1 }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT ("books"."flags" & 4), ("books"."flags" | 16), ("books"."flags" << 1),
          ("books"."flags" >> 1), (~"books"."flags"),
          (~("books"."flags" & 3) & ("books"."flags" | 3))
        FROM "books" WHERE ("books"."id" = 1)
        """)
    #expect(rows[0].0 == 4)
    #expect(rows[0].1 == 21)
    #expect(rows[0].2 == 10)
    #expect(rows[0].3 == 2)
    #expect(rows[0].4 == ~5)
    #expect(rows[0].5 == 5 ^ 3)
  }

  @Test func concatenationCastAndCoalesce() throws {
    let db = try library()
    let sentence = try assertQuery(
      Book.select { $0.title + " has " + $0.pages.cast(as: String.self) + " pages" }.where {
        $0.id == 2
      },
      db: db,
      sql: """
        SELECT ((("books"."title" || ' has ') || CAST("books"."pages" AS TEXT)) || ' pages')
        FROM "books" WHERE ("books"."id" = 2)
        """)
    #expect(sentence.elementsEqual(["Emma has 320 pages"]))
    let ratings = try assertQuery(
      Book.select { $0.rating ?? 0 }.order { $0.id }, db: db,
      sql: #"SELECT coalesce("books"."rating", 0.0) FROM "books" ORDER BY "books"."id""#)
    #expect(ratings.elementsEqual([4.5, 0, 4.8, 2, 3]))
  }

  @Test func isAndIsNot() throws {
    let db = try library()
    #expect(
      try assertQuery(
        Book.where { $0.rating.is(nil) }.select { $0.id }, db: db,
        sql: #"SELECT "books"."id" FROM "books" WHERE ("books"."rating" IS NULL)"#) == [2])
    #expect(
      try assertQuery(
        Book.where { $0.shelfID.isNot(1) }.select { $0.id }, db: db,
        sql: #"SELECT "books"."id" FROM "books" WHERE ("books"."shelfID" IS NOT 1)"#) == [3, 4, 5])
  }

  @Test func rangesAndMembership() throws {
    let db = try library()
    #expect(
      try assertQuery(
        Book.where { $0.pages.between(300, and: 400) }.select { $0.id }, db: db,
        sql: #"SELECT "books"."id" FROM "books" WHERE ("books"."pages" BETWEEN 300 AND 400)"#)
        == [2, 3])
    #expect(
      try Book.where { 1...2 ~= $0.id }.select { $0.title }.fetchAll(db).elementsEqual([
        "Dune", "Emma",
      ]))
    #expect(
      try assertQuery(
        Book.where { $0.id.in([1, 3, 5]) }.select { $0.id }, db: db,
        sql: #"SELECT "books"."id" FROM "books" WHERE ("books"."id" IN (1, 3, 5))"#) == [1, 3, 5])
    #expect(try Book.where { $0.id.in([Int]()) }.fetchAll(db).isEmpty)
  }

  @Test func patterns() throws {
    let db = try library()
    #expect(try Book.where { $0.title.like("c%") }.select { $0.id }.fetchAll(db).elementsEqual([3]))
    #expect(try Book.where { $0.title.glob("C*") }.select { $0.id }.fetchAll(db).elementsEqual([3]))
    #expect(try Book.where { $0.title.glob("c*") }.select { $0.id }.fetchAll(db).isEmpty)
    assertSQL(
      Book.where { $0.title.like("50\\%%", escape: "\\") },
      #"""
      SELECT "books"."id", "books"."title", "books"."shelfID", "books"."pages", "books"."rating",
        "books"."flags", "books"."published", "books"."info"
      FROM "books" WHERE ("books"."title" LIKE '50\%%' ESCAPE '\')
      """#)
    #expect(
      try Book.where { $0.title.like("50\\%%", escape: "\\") }.select { $0.id }.fetchAll(db) == [5])
    #expect(
      try Book.where { $0.title.contains("0%") }.select { $0.id }.fetchAll(db).elementsEqual([5]))
  }

  @Test func collateCaseAndNulls() throws {
    let db = try library()
    let titles = try assertQuery(
      Book.select { $0.title }.order { $0.title.collate(.nocase).desc() }, db: db,
      sql: #"SELECT "books"."title" FROM "books" ORDER BY ("books"."title" COLLATE NOCASE) DESC"#)
    #expect(titles.elementsEqual(["Loose Notes", "Emma", "Dune", "Cosmos", "50% Off"]))
    let sizes = try assertQuery(
      Book.select {
        Case<String>().when($0.pages > 400, then: "long").when($0.pages > 100, then: "medium")
          .else("short")
      }.order { $0.id },
      db: db,
      sql: """
        SELECT (CASE WHEN ("books"."pages" > 400) THEN 'long'
          WHEN ("books"."pages" > 100) THEN 'medium' ELSE 'short' END)
        FROM "books" ORDER BY "books"."id"
        """)
    #expect(sizes.elementsEqual(["long", "medium", "medium", "short", "short"]))
    let byRating = try assertQuery(
      Book.select { $0.id }.order { $0.rating.desc().nullsFirst() }, db: db,
      sql: #"SELECT "books"."id" FROM "books" ORDER BY "books"."rating" DESC NULLS FIRST"#)
    #expect(byRating.elementsEqual([2, 3, 1, 5, 4]))
  }

  // SQLite.swift's filter operators and "Other Operators", over `User` (seed 000).
  @Test func filterOperatorsAndFunctions() throws {
    let db = try usersDatabase()
    func ids(_ query: Where<User>, _ predicate: String) throws -> [Int] {
      try assertQuery(
        query.select { $0.id }, db: db,
        sql: "SELECT \"users\".\"id\" FROM \"users\" WHERE \(predicate)")
    }
    #expect(try ids(User.where { $0.name == nil }, #"("users"."name" IS NULL)"#) == [3])
    #expect(
      try ids(User.where { $0.age != 30 }, #"("users"."age" <> 30)"#).elementsEqual([2, 4, 5, 6]))
    #expect(
      try ids(User.where { $0.managerID != nil }, #"("users"."manager_id" IS NOT NULL)"#) == [
        2, 3, 4, 6,
      ])
    #expect(try ids(User.where { $0.age > 30 }, #"("users"."age" > 30)"#).elementsEqual([4, 5]))
    #expect(
      try ids(User.where { $0.age >= 30 }, #"("users"."age" >= 30)"#).elementsEqual([1, 4, 5]))
    #expect(try ids(User.where { $0.age < 25 }, #"("users"."age" < 25)"#).elementsEqual([6]))
    #expect(try ids(User.where { $0.age <= 25 }, #"("users"."age" <= 25)"#).elementsEqual([2, 6]))
    #expect(
      try ids(User.where { 25...30 ~= $0.age }, #"("users"."age" BETWEEN 25 AND 30)"#) == [1, 2])
    #expect(
      try ids(User.where { !$0.verified }, #"(NOT "users"."verified")"#).elementsEqual([2, 3, 5]))
    #expect(
      try ids(User.where { $0.email.glob("*@mac.com") }, #"("users"."email" GLOB '*@mac.com')"#)
        == [1, 3, 5, 6])
  }

  @Test func otherOperators() throws {
    let db = try usersDatabase()
    let dan = User.where { $0.id == 4 }
    let arithmeticQuery = dan.select { user in
      let sum = user.balance + 1
      let difference = user.balance - 1
      let product = user.balance * 2
      let quotient = user.balance / 8
      return (sum, difference, product, quotient)
    }
    let arithmetic = try #require(
      try assertQuery(
        arithmeticQuery, db: db,
        sql: """
          SELECT ("users"."balance" + 1.0), ("users"."balance" - 1.0), ("users"."balance" * 2.0),
            ("users"."balance" / 8.0)
          FROM "users" WHERE ("users"."id" = 4)
          """
      ).first)
    #expect(arithmetic == (-19, -21, -40, -2.5))
    let integers = try #require(
      try assertQuery(
        dan.select { ($0.id % 3, $0.id << 2, $0.id >> 1) }, db: db,
        sql: """
          SELECT ("users"."id" % 3), ("users"."id" << 2), ("users"."id" >> 1)
          FROM "users" WHERE ("users"."id" = 4)
          """
      ).first)
    #expect(integers == (1, 16, 2))
    let bitsQuery = dan.select { user in
      let and = user.id & 6
      let or = user.id | 1
      let text = user.email + "!"
      return (and, or, text)
    }
    let bits = try #require(
      try assertQuery(
        bitsQuery, db: db,
        sql: """
          SELECT ("users"."id" & 6), ("users"."id" | 1), ("users"."email" || '!')
          FROM "users" WHERE ("users"."id" = 4)
          """
      ).first)
    #expect(bits == (4, 5, "dan@example.com!"))

    // `^` expands as the seed says: ~(lhs & rhs) & (lhs | rhs).
    let prefix = try #require(
      try assertQuery(
        User.where { $0.id == 6 }.select { ($0.id ^ 3, ~$0.id, -$0.balance) }, db: db,
        sql: """
          SELECT (~("users"."id" & 3) & ("users"."id" | 3)), (~"users"."id"), (-"users"."balance")
          FROM "users" WHERE ("users"."id" = 6)
          """
      ).first)
    #expect(prefix == (5, -7, -100))
  }
}
