import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// Seed 000 (the SQLite.swift documentation), one typed Quarry equivalent per example of its
// sections "Building Complex Queries" through "Aggregation", "Other Operators", "Core SQLite
// Functions" and "Aggregate SQLite Functions". The seed selects `*` and leaves columns
// unqualified; Quarry lists and qualifies every column, so the SQL here differs in that way only
// (noted where it differs otherwise).

@Suite("Seed 000: SQLite.swift's query examples, typed")
struct SQLiteSwiftSeedTests {
  @Test func buildingComplexQueries() throws {
    let db = try usersDatabase()
    let emails = try assertQuery(
      User.select { $0.email }
        .where { $0.name != nil }
        .order { ($0.email.desc(), $0.name) }
        .limit(5, offset: 1),
      db: db,
      sql: """
        SELECT "users"."email" FROM "users"
        WHERE ("users"."name" IS NOT NULL)
        ORDER BY "users"."email" DESC, "users"."name"
        LIMIT 5 OFFSET 1
        """)
    #expect(emails == ["eve@mac.com", "dan@example.com", "betty@icloud.com", "alice@mac.com"])
  }

  @Test func selectingColumns() throws {
    let db = try usersDatabase()
    let rows = try assertQuery(
      User.select { ($0.id, $0.email) }.where { $0.id == 1 }, db: db,
      sql: #"SELECT "users"."id", "users"."email" FROM "users" WHERE ("users"."id" = 1)"#)
    #expect(rows.map(\.0) == [1])
    #expect(rows.map(\.1) == ["alice@mac.com"])

    // The seed's `name + " is " + cast(age) + " years old!"` over optional columns: NULL in,
    // NULL out, so the row type is `String?`.
    let sentences = try assertQuery(
      User.select { $0.name + " is " + $0.age.cast(as: String?.self) + " years old!" }
        .order { $0.id }.limit(3),
      db: db,
      sql: """
        SELECT ((("users"."name" || ' is ') || CAST("users"."age" AS TEXT)) || ' years old!')
        FROM "users" ORDER BY "users"."id" LIMIT 3
        """)
    #expect(sentences == ["Alice is 30 years old!", "Betty is 25 years old!", nil])
  }

  @Test func joiningNamespacingAndAliasing() throws {
    let db = try usersDatabase()
    let joined = try assertQuery(
      User.join(Post.all) { $1.userID == $0.id }.order { _, post in post.id },
      db: db,
      sql: """
        SELECT \(userColumns), "posts"."id", "posts"."user_id", "posts"."title"
        FROM "users" JOIN "posts" ON ("posts"."user_id" = "users"."id")
        ORDER BY "posts"."id"
        """)
    #expect(joined.map { $0.0.name } == ["Alice", "Alice", "Dan"])
    #expect(joined.map(\.1.title) == ["Hello", "Again", "Dan here"])

    // Columns are always namespaced, so `id` is never ambiguous.
    let ids = try assertQuery(
      User.join(Post.all) { $1.userID == $0.id }.select { ($0.id, $1.id) }
        .order { _, post in post.id },
      db: db,
      sql: """
        SELECT "users"."id", "posts"."id"
        FROM "users" JOIN "posts" ON ("posts"."user_id" = "users"."id")
        ORDER BY "posts"."id"
        """)
    #expect(ids.map(\.0) == [1, 1, 4])
    #expect(ids.map(\.1) == [1, 2, 3])

    // `users.select(users[*])`: every column of the table, namespaced.
    assertSQL(User.all, "SELECT \(userColumns) FROM \"users\"")

    // The seed renders the aliased table as `("users") AS "managers"`; SQLite writes it
    // without the parentheses.
    let managers = try assertQuery(
      User.join(User.aliased("managers")) { $1.id == $0.managerID }
        .select { ($0.name, $1.name) }.order { user, _ in user.id },
      db: db,
      sql: """
        SELECT "users"."name", "managers"."name"
        FROM "users" JOIN "users" AS "managers" ON ("managers"."id" = "users"."manager_id")
        ORDER BY "users"."id"
        """)
    #expect(managers.map(\.0) == ["Betty", nil, "Dan", "Zed"])
    #expect(managers.map(\.1) == ["Alice", "Alice", "Betty", "Eve"])
  }

  @Test func filteringRows() throws {
    let db = try usersDatabase()
    let one = try assertQuery(
      User.where { $0.id == 1 }, db: db,
      sql: "SELECT \(userColumns) FROM \"users\" WHERE (\"users\".\"id\" = 1)")
    #expect(one.map(\.email) == ["alice@mac.com"])

    let some = try assertQuery(
      User.where { $0.id.in([1, 2, 3, 4, 5]) }.select { $0.id }, db: db,
      sql: #"SELECT "users"."id" FROM "users" WHERE ("users"."id" IN (1, 2, 3, 4, 5))"#)
    #expect(some == [1, 2, 3, 4, 5])

    let mac = try assertQuery(
      User.where { $0.email.like("%@mac.com") }.select { $0.id }, db: db,
      sql: #"SELECT "users"."id" FROM "users" WHERE ("users"."email" LIKE '%@mac.com')"#)
    #expect(mac == [1, 3, 5, 6])

    // The seed writes `==` inside the SQL; SQLite's `=` is the same operator.
    let alice = try assertQuery(
      User.where { $0.verified && $0.name.lower() == "alice" }.select { $0.id }, db: db,
      sql: """
        SELECT "users"."id" FROM "users"
        WHERE ("users"."verified" AND (lower("users"."name") = 'alice'))
        """)
    #expect(alice == [1])

    let rich = try assertQuery(
      User.where { $0.verified || $0.balance >= 10_000 }.select { $0.id }, db: db,
      sql: """
        SELECT "users"."id" FROM "users"
        WHERE ("users"."verified" OR ("users"."balance" >= 10000.0))
        """)
    #expect(rich == [1, 3, 4, 6])
  }

  @Test func filterOperatorsAndFunctions() throws {
    let db = try usersDatabase()
    func ids(_ query: Where<User>, _ predicate: String) throws -> [Int] {
      try assertQuery(
        query.select { $0.id }, db: db,
        sql: "SELECT \"users\".\"id\" FROM \"users\" WHERE \(predicate)")
    }
    #expect(try ids(User.where { $0.name == nil }, #"("users"."name" IS NULL)"#) == [3])
    #expect(try ids(User.where { $0.age != 30 }, #"("users"."age" <> 30)"#) == [2, 4, 5, 6])
    #expect(
      try ids(User.where { $0.managerID != nil }, #"("users"."manager_id" IS NOT NULL)"#) == [
        2, 3, 4, 6,
      ])
    #expect(try ids(User.where { $0.age > 30 }, #"("users"."age" > 30)"#) == [4, 5])
    #expect(try ids(User.where { $0.age >= 30 }, #"("users"."age" >= 30)"#) == [1, 4, 5])
    #expect(try ids(User.where { $0.age < 25 }, #"("users"."age" < 25)"#) == [6])
    #expect(try ids(User.where { $0.age <= 25 }, #"("users"."age" <= 25)"#) == [2, 6])
    #expect(
      try ids(User.where { 25...30 ~= $0.age }, #"("users"."age" BETWEEN 25 AND 30)"#) == [1, 2])
    #expect(try ids(User.where { !$0.verified }, #"(NOT "users"."verified")"#) == [2, 3, 5])
    #expect(
      try ids(User.where { $0.email.glob("*@mac.com") }, #"("users"."email" GLOB '*@mac.com')"#)
        == [1, 3, 5, 6])
  }

  @Test func sortingRows() throws {
    let db = try usersDatabase()
    let byEmail = try assertQuery(
      User.select { $0.id }.order { ($0.email, $0.name) }, db: db,
      sql: #"SELECT "users"."id" FROM "users" ORDER BY "users"."email", "users"."name""#)
    #expect(byEmail == [1, 2, 3, 4, 5, 6])
    let descending = try assertQuery(
      User.select { $0.id }.order { ($0.email.desc(), $0.name.asc()) }, db: db,
      sql: #"SELECT "users"."id" FROM "users" ORDER BY "users"."email" DESC, "users"."name" ASC"#)
    #expect(descending == [6, 5, 4, 3, 2, 1])
  }

  @Test func limitingAndPaging() throws {
    let db = try usersDatabase()
    let first = try assertQuery(
      User.limit(5), db: db, sql: "SELECT \(userColumns) FROM \"users\" LIMIT 5")
    #expect(first.map(\.id) == [1, 2, 3, 4, 5])
    let second = try assertQuery(
      User.limit(5, offset: 5), db: db,
      sql: "SELECT \(userColumns) FROM \"users\" LIMIT 5 OFFSET 5")
    #expect(second.map(\.id) == [6])
  }

  @Test func aggregation() throws {
    let db = try usersDatabase()
    let count = try assertQuery(User.count(), db: db, sql: #"SELECT count(*) FROM "users""#)
    #expect(count == [6])
    let named = try assertQuery(
      User.where { $0.name != nil }.count(), db: db,
      sql: #"SELECT count(*) FROM "users" WHERE ("users"."name" IS NOT NULL)"#)
    #expect(named == [5])
    let names = try assertQuery(
      User.select { $0.name.count() }, db: db, sql: #"SELECT count("users"."name") FROM "users""#)
    #expect(names == [5])
    let maximum = try assertQuery(
      User.select { $0.id.max() }, db: db, sql: #"SELECT max("users"."id") FROM "users""#)
    #expect(maximum == [6])
    let minimum = try assertQuery(
      User.select { $0.id.min() }, db: db, sql: #"SELECT min("users"."id") FROM "users""#)
    #expect(minimum == [1])
    let average = try assertQuery(
      User.select { $0.balance.avg() }, db: db, sql: #"SELECT avg("users"."balance") FROM "users""#)
    let expectedAverage = 22580.5 / 6
    #expect(average == [expectedAverage])
    let sum = try assertQuery(
      User.select { $0.balance.sum() }, db: db, sql: #"SELECT sum("users"."balance") FROM "users""#)
    #expect(sum == [22580.5])
    let total = try assertQuery(
      User.where { $0.id > 100 }.select { $0.balance.total() }, db: db,
      sql: #"SELECT total("users"."balance") FROM "users" WHERE ("users"."id" > 100)"#)
    #expect(total == [0])
    let distinct = try assertQuery(
      User.select { $0.verified.count(distinct: true) }, db: db,
      sql: #"SELECT count(DISTINCT "users"."verified") FROM "users""#)
    #expect(distinct == [2])
  }

  @Test func otherOperators() throws {
    let db = try usersDatabase()
    let dan = User.where { $0.id == 4 }
    let arithmeticQuery = dan.select {
      ($0.balance + 1, $0.balance - 1, $0.balance * 2, $0.balance / 8)
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
    let bits = try #require(
      try assertQuery(
        dan.select { ($0.id & 6, $0.id | 1, $0.email + "!") }, db: db,
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
    #expect(names == ["Betty", "cathy@mac.com"])
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
