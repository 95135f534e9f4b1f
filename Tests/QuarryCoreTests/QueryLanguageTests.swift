import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Query language: operators")
struct OperatorTests {
  @Test func arithmetic() throws {
    let db = try library()
    // Arithmetic in a multi-column select is the costliest shape for the type checker (about
    // 60 ms here with `where` first, several times that with `where` after `select`).
    let query = Book.where { $0.id == 1 }
      .select { ($0.pages * 2 + 1, $0.pages % 7, -$0.pages, $0.pages / 100) }
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
    let rows = try assertQuery(
      Book.select {
        ($0.flags & 4, $0.flags | 16, $0.flags << 1, $0.flags >> 1, ~$0.flags, $0.flags ^ 3)
      }
      .where { $0.id == 1 },
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
    #expect(sentence == ["Emma has 320 pages"])
    let ratings = try assertQuery(
      Book.select { $0.rating ?? 0 }.order { $0.id }, db: db,
      sql: #"SELECT coalesce("books"."rating", 0.0) FROM "books" ORDER BY "books"."id""#)
    #expect(ratings == [4.5, 0, 4.8, 2, 3])
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
    #expect(try Book.where { 1...2 ~= $0.id }.select { $0.title }.fetchAll(db) == ["Dune", "Emma"])
    #expect(
      try assertQuery(
        Book.where { $0.id.in([1, 3, 5]) }.select { $0.id }, db: db,
        sql: #"SELECT "books"."id" FROM "books" WHERE ("books"."id" IN (1, 3, 5))"#) == [1, 3, 5])
    #expect(try Book.where { $0.id.in([Int]()) }.fetchAll(db).isEmpty)
  }

  @Test func patterns() throws {
    let db = try library()
    #expect(try Book.where { $0.title.like("c%") }.select { $0.id }.fetchAll(db) == [3])
    #expect(try Book.where { $0.title.glob("C*") }.select { $0.id }.fetchAll(db) == [3])
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
    #expect(try Book.where { $0.title.contains("0%") }.select { $0.id }.fetchAll(db) == [5])
  }

  @Test func collateCaseAndNulls() throws {
    let db = try library()
    let titles = try assertQuery(
      Book.select { $0.title }.order { $0.title.collate(.nocase).desc() }, db: db,
      sql: #"SELECT "books"."title" FROM "books" ORDER BY ("books"."title" COLLATE NOCASE) DESC"#)
    #expect(titles == ["Loose Notes", "Emma", "Dune", "Cosmos", "50% Off"])
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
    #expect(sizes == ["long", "medium", "medium", "short", "short"])
    let byRating = try assertQuery(
      Book.select { $0.id }.order { $0.rating.desc().nullsFirst() }, db: db,
      sql: #"SELECT "books"."id" FROM "books" ORDER BY "books"."rating" DESC NULLS FIRST"#)
    #expect(byRating == [2, 3, 1, 5, 4])
  }
}

@Suite("Query language: functions")
struct FunctionTests {
  @Test func coreScalarFunctions() throws {
    let db = try library()
    let row = try #require(
      try Book.select {
        (
          $0.title.length(), $0.title.lower(), $0.title.upper(), $0.title.substr(2, 2),
          $0.title.replace("u", with: "oo"), $0.title.instr("n"), $0.rating.round(), $0.title.hex(),
          $0.title.quote(), $0.rating.typeof(), $0.pages.nullif(412), $0.info.ifnull("none")
        )
      }.where { $0.id == 1 }.fetchOne(db))
    #expect(row.0 == 4)
    #expect(row.1 == "dune")
    #expect(row.2 == "DUNE")
    #expect(row.3 == "un")
    #expect(row.4 == "Doone")
    #expect(row.5 == 3)
    #expect(row.6 == 5)
    #expect(row.7 == "44756E65")
    #expect(row.8 == "'Dune'")
    #expect(row.9 == "real")
    #expect(row.10 == nil)
    #expect(row.11.hasPrefix("{"))
    let trimmed = try #sql("SELECT 1", as: Int.self).fetchOne(db)
    #expect(trimmed == 1)
    assertSQL(
      Book.select { ($0.title.trim(), $0.title.ltrim("D"), $0.title.rtrim("e")) },
      #"SELECT trim("books"."title"), ltrim("books"."title", 'D'), rtrim("books"."title", 'e') FROM "books""#
    )
    let trims = try Book.select { ($0.title.ltrim("D"), $0.title.rtrim("e")) }.where { $0.id == 1 }
      .fetchOne(db)
    #expect(trims?.0 == "une")
    #expect(trims?.1 == "Dun")
  }

  @Test func variadicFunctions() throws {
    let db = try library()
    let row = try #require(
      try Book.select {
        (
          SQLFunctions.max($0.pages, $0.flags), SQLFunctions.min($0.pages, $0.flags),
          SQLFunctions.char(72, 105), SQLFunctions.printf("%s: %d", $0.title, $0.pages),
          SQLFunctions.coalesce($0.rating, $0.pages), $0.pages.abs()
        )
      }.where { $0.id == 2 }.fetchOne(db))
    #expect(row.0 == 320)
    #expect(row.1 == 2)
    #expect(row.2 == "Hi")
    #expect(row.3 == "Emma: 320")
    #expect(row.4 == 320)
    #expect(row.5 == 320)
    let random = try Book.select { _ in SQLFunctions.random() }.limit(1).fetchOne(db)
    #expect(random != nil)
  }

  @Test func aggregates() throws {
    let db = try library()
    let row = try #require(
      try assertQuery(
        Book.select {
          (
            SQLFunctions.count(), $0.rating.count(), $0.shelfID.count(distinct: true),
            $0.pages.sum(), $0.rating.total(), $0.pages.avg(), $0.pages.min(), $0.title.max(),
            SQLFunctions.count().filter($0.pages > 300)
          )
        },
        db: db,
        sql: """
          SELECT count(*), count("books"."rating"), count(DISTINCT "books"."shelfID"),
            sum("books"."pages"), total("books"."rating"), avg("books"."pages"),
            min("books"."pages"), max("books"."title"),
            count(*) FILTER (WHERE ("books"."pages" > 300))
          FROM "books"
          """
      ).first)
    #expect(row.0 == 5)
    #expect(row.1 == 4)
    #expect(row.2 == 2)
    #expect(row.3 == 1240)
    #expect(abs(row.4 - 14.3) < 1e-9)
    #expect(row.5 == 248)
    #expect(row.6 == 12)
    #expect(row.7 == "Loose Notes")
    #expect(row.8 == 3)
    let titles = try Book.select { $0.title.groupConcat("; ") }.where { $0.shelfID == 1 }.fetchOne(
      db)
    #expect(titles == "Dune; Emma")
    // An empty table gives NULL sums and averages, and a zero total.
    let empty = try Book.select { ($0.pages.sum(), $0.pages.avg(), $0.rating.total()) }
      .where { $0.id > 100 }.fetchOne(db)
    #expect(empty?.0 == nil)
    #expect(empty?.1 == nil)
    #expect(empty?.2 == 0)
  }

  @Test func dateAndTime() throws {
    let db = try library()
    let row = try #require(
      try Book.select {
        (
          SQLFunctions.date($0.published, "start of month", "+1 month"),
          SQLFunctions.datetime($0.published, "+36 hours"),
          SQLFunctions.time($0.published, "+90 minutes"),
          SQLFunctions.julianday($0.published), SQLFunctions.unixepoch($0.published),
          SQLFunctions.strftime("%Y", $0.published)
        )
      }.where { $0.id == 1 }.fetchOne(db))
    #expect(row.0 == "1965-09-01")
    #expect(row.1 == "1965-08-02 12:00:00")
    #expect(row.2 == "01:30:00")
    #expect(row.3 == 2_438_973.5)
    #expect(row.4 == -139_449_600)
    #expect(row.5 == "1965")
    assertSQL(
      Book.select { _ in SQLFunctions.date(SQLFunctions.now, "-1 day") },
      #"SELECT date('now', '-1 day') FROM "books""#)
  }

  @Test func json() throws {
    let db = try library()
    let row = try #require(
      try assertQuery(
        Book.select {
          (
            $0.info.jsonValue(at: "$.tags"), $0.info.jsonExtract("$.year", as: Int.self),
            SQLFunctions.jsonExtract($0.info, "$.tags[0]", as: String.self),
            SQLFunctions.jsonArray($0.id, $0.title),
            SQLFunctions.jsonObject(["id": $0.id, "title": $0.title])
          )
        }.where { $0.id == 1 },
        db: db,
        sql: """
          SELECT ("books"."info" -> '$.tags'), ("books"."info" ->> '$.year'),
            json_extract("books"."info", '$.tags[0]'), json_array("books"."id", "books"."title"),
            json_object('id', "books"."id", 'title', "books"."title")
          FROM "books" WHERE ("books"."id" = 1)
          """
      ).first)
    #expect(row.0 == #"["sf","classic"]"#)
    #expect(row.1 == 1965)
    #expect(row.2 == "sf")
    #expect(row.3 == #"[1,"Dune"]"#)
    #expect(row.4 == #"{"id":1,"title":"Dune"}"#)
    let grouped = try Book.select {
      ($0.id.jsonGroupArray(), SQLFunctions.jsonGroupObject(key: $0.title, value: $0.pages))
    }.where { $0.shelfID == 1 }.fetchOne(db)
    #expect(grouped?.0 == "[1,2]")
    #expect(grouped?.1 == #"{"Dune":412,"Emma":320}"#)
  }

  @Test func windowFunctions() throws {
    let db = try library()
    let rows = try assertQuery(
      Book.select {
        (
          $0.title,
          SQLFunctions.rowNumber().over(
            Window.partition(by: $0.shelfID).order(by: $0.pages.desc())),
          SQLFunctions.rank().over(Window.order(by: $0.flags)),
          $0.pages.lag().over(Window.order(by: $0.id)),
          $0.pages.sum().over(
            Window.order(by: $0.id).frame("ROWS BETWEEN 1 PRECEDING AND CURRENT ROW"))
        )
      }.order { $0.id },
      db: db,
      sql: """
        SELECT "books"."title",
          row_number() OVER (PARTITION BY "books"."shelfID" ORDER BY "books"."pages" DESC),
          rank() OVER (ORDER BY "books"."flags"),
          lag("books"."pages", 1) OVER (ORDER BY "books"."id"),
          sum("books"."pages") OVER (ORDER BY "books"."id" ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
        FROM "books" ORDER BY "books"."id"
        """)
    #expect(rows.map(\.1) == [1, 2, 1, 1, 2])
    #expect(rows.map(\.2) == [4, 3, 2, 1, 5])
    #expect(rows.map(\.3) == [nil, 412, 320, 396, 12])
    #expect(rows.map(\.4) == [412, 732, 716, 408, 112])
  }
}
