import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// SQLite.swift's examples of "Building Complex Queries" through "Sorting Rows" and "Limiting and
// Paging Results" (seed 000), over `User`, and the first of them again over `Book`.

@Suite("Query language: selected columns, filters, sorting and paging")
struct FilterSortPageTests {
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
    #expect(
      emails.elementsEqual(["eve@mac.com", "dan@example.com", "betty@icloud.com", "alice@mac.com"]))
  }

  @Test func selectingColumns() throws {
    let db = try usersDatabase()
    let rows = try assertQuery(
      User.select { ($0.id, $0.email) }.where { $0.id == 1 }, db: db,
      sql: #"SELECT "users"."id", "users"."email" FROM "users" WHERE ("users"."id" = 1)"#)
    #expect(rows.map(\.0).elementsEqual([1]))
    #expect(rows.map(\.1).elementsEqual(["alice@mac.com"]))

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
    #expect(sentences.elementsEqual(["Alice is 30 years old!", "Betty is 25 years old!", nil]))
  }

  @Test func filteringRows() throws {
    let db = try usersDatabase()
    let one = try assertQuery(
      User.where { $0.id == 1 }, db: db,
      sql: "SELECT \(userColumns) FROM \"users\" WHERE (\"users\".\"id\" = 1)")
    #expect(one.map(\.email).elementsEqual(["alice@mac.com"]))

    let some = try assertQuery(
      User.where { $0.id.in([1, 2, 3, 4, 5]) }.select { $0.id }, db: db,
      sql: #"SELECT "users"."id" FROM "users" WHERE ("users"."id" IN (1, 2, 3, 4, 5))"#)
    #expect(some.elementsEqual([1, 2, 3, 4, 5]))

    let mac = try assertQuery(
      User.where { $0.email.like("%@mac.com") }.select { $0.id }, db: db,
      sql: #"SELECT "users"."id" FROM "users" WHERE ("users"."email" LIKE '%@mac.com')"#)
    #expect(mac.elementsEqual([1, 3, 5, 6]))

    // The seed writes `==` inside the SQL; SQLite's `=` is the same operator.
    let alice = try assertQuery(
      User.where { $0.verified && $0.name.lower() == "alice" }.select { $0.id }, db: db,
      sql: """
        SELECT "users"."id" FROM "users"
        WHERE ("users"."verified" AND (lower("users"."name") = 'alice'))
        """)
    #expect(alice.elementsEqual([1]))

    let rich = try assertQuery(
      User.where { $0.verified || $0.balance >= 10_000 }.select { $0.id }, db: db,
      sql: """
        SELECT "users"."id" FROM "users"
        WHERE ("users"."verified" OR ("users"."balance" >= 10000.0))
        """)
    #expect(rich.elementsEqual([1, 3, 4, 6]))
  }

  @Test func sortingRows() throws {
    let db = try usersDatabase()
    let byEmail = try assertQuery(
      User.select { $0.id }.order { ($0.email, $0.name) }, db: db,
      sql: #"SELECT "users"."id" FROM "users" ORDER BY "users"."email", "users"."name""#)
    #expect(byEmail.elementsEqual([1, 2, 3, 4, 5, 6]))
    let descending = try assertQuery(
      User.select { $0.id }.order { ($0.email.desc(), $0.name.asc()) }, db: db,
      sql: #"SELECT "users"."id" FROM "users" ORDER BY "users"."email" DESC, "users"."name" ASC"#)
    #expect(descending.elementsEqual([6, 5, 4, 3, 2, 1]))
  }

  @Test func limitingAndPaging() throws {
    let db = try usersDatabase()
    let first = try assertQuery(
      User.limit(5), db: db, sql: "SELECT \(userColumns) FROM \"users\" LIMIT 5")
    #expect(first.map(\.id).elementsEqual([1, 2, 3, 4, 5]))
    let second = try assertQuery(
      User.limit(5, offset: 5), db: db,
      sql: "SELECT \(userColumns) FROM \"users\" LIMIT 5 OFFSET 5")
    #expect(second.map(\.id).elementsEqual([6]))
  }

  @Test func buildingComplexQueriesOverBooks() throws {
    // SQLite.swift: users.select(email).filter(name != nil).order(email.desc, name).limit(5, offset: 1)
    let db = try shelvesAndBooks()
    let rows = try assertQuery(
      Book.select { $0.title }.where { $0.rating != nil }.order { ($0.title.desc(), $0.id) }
        .limit(5, offset: 1),
      db: db,
      sql: """
        SELECT "books"."title" FROM "books" WHERE ("books"."rating" IS NOT NULL)
        ORDER BY "books"."title" DESC, "books"."id" LIMIT 5 OFFSET 1
        """)
    #expect(rows.elementsEqual(["Dune", "Cosmos"]))
  }
}
