import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Query language: functions")
struct FunctionTests {
  @Test func coreScalarFunctions() throws {
    let db = try library()
    // Bound to a `let` first, `where` before `select`: the costliest shape for the type checker.
    let query = Book.where { $0.id == 1 }.select {
      (
        $0.title.length(), $0.title.lower(), $0.title.upper(), $0.title.substr(2, 2),
        $0.title.replace("u", with: "oo"), $0.title.instr("n"), $0.rating.round(), $0.title.hex(),
        $0.title.quote(), $0.rating.typeof(), $0.pages.nullif(412), $0.info.ifnull("none")
      )
    }
    let row = try #require(try query.fetchOne(db))
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
    #expect(grouped?.0.queryOutput == [1, 2])
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
    #expect(rows.map(\.1).elementsEqual([1, 2, 1, 1, 2]))
    #expect(rows.map(\.2).elementsEqual([4, 3, 2, 1, 5]))
    #expect(rows.map(\.3).elementsEqual([nil, 412, 320, 396, 12]))
    #expect(rows.map(\.4).elementsEqual([412, 732, 716, 408, 112]))
  }

  // SQLite.swift's "Aggregation" and "Core SQLite Functions", over `User` (seed 000).
  @Test func aggregation() throws {
    let db = try usersDatabase()
    let count = try assertQuery(User.count(), db: db, sql: #"SELECT count(*) FROM "users""#)
    #expect(count.elementsEqual([6]))
    let named = try assertQuery(
      User.where { $0.name != nil }.count(), db: db,
      sql: #"SELECT count(*) FROM "users" WHERE ("users"."name" IS NOT NULL)"#)
    #expect(named.elementsEqual([5]))
    let names = try assertQuery(
      User.select { $0.name.count() }, db: db, sql: #"SELECT count("users"."name") FROM "users""#)
    #expect(names.elementsEqual([5]))
    let maximum = try assertQuery(
      User.select { $0.id.max() }, db: db, sql: #"SELECT max("users"."id") FROM "users""#)
    #expect(maximum.elementsEqual([6]))
    let minimum = try assertQuery(
      User.select { $0.id.min() }, db: db, sql: #"SELECT min("users"."id") FROM "users""#)
    #expect(minimum.elementsEqual([1]))
    let average = try assertQuery(
      User.select { $0.balance.avg() }, db: db, sql: #"SELECT avg("users"."balance") FROM "users""#)
    let expectedAverage = 22580.5 / 6
    #expect(average.elementsEqual([expectedAverage]))
    let sum = try assertQuery(
      User.select { $0.balance.sum() }, db: db, sql: #"SELECT sum("users"."balance") FROM "users""#)
    #expect(sum.elementsEqual([22580.5]))
    let total = try assertQuery(
      User.where { $0.id > 100 }.select { $0.balance.total() }, db: db,
      sql: #"SELECT total("users"."balance") FROM "users" WHERE ("users"."id" > 100)"#)
    #expect(total.elementsEqual([0]))
    let distinct = try assertQuery(
      User.select { $0.verified.count(distinct: true) }, db: db,
      sql: #"SELECT count(DISTINCT "users"."verified") FROM "users""#)
    #expect(distinct.elementsEqual([2]))
  }

  @Test func coreAndAggregateFunctions() throws {
    let db = try usersDatabase()
    // The seed's `name ?? email` renders `ifnull`; Quarry renders `coalesce`, which is the same
    // for two arguments.
    let names = try assertQuery(
      User.select { $0.name ?? $0.email }.where { $0.id.in([2, 3]) }, db: db,
      sql: """
        SELECT coalesce("users"."name", "users"."email") FROM "users"
        WHERE ("users"."id" IN (2, 3))
        """)
    #expect(names.elementsEqual(["Betty", "cathy@mac.com"]))
    // The rest of the core and aggregate functions: see `FunctionTests` (every one with its SQL
    // and a live row).
    let summary = try #require(
      try User.select {
        ($0.email.length().max(), $0.name.groupConcat(", "), $0.age.avg(), $0.balance.total())
      }.where { $0.verified }.fetchOne(db))
    #expect(summary.0 == 15)
    #expect(summary.1 == "Alice, Dan, Zed")
    #expect(summary.2 == 31)
    #expect(summary.3 == 12080.5)
  }
}
