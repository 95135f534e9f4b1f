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
    assertQuery(
      User.select { $0.email }
        .where { $0.name != nil }
        .order { ($0.email.desc(), $0.name) }
        .limit(5, offset: 1), db: db
    ) {
      """
      SELECT "users"."email"
      FROM "users"
      WHERE ("users"."name" IS NOT NULL)
      ORDER BY "users"."email" DESC, "users"."name"
      LIMIT 5 OFFSET 1
      """
    } results: {
      """
      ┌────────────────────┐
      │ "eve@mac.com"      │
      ├────────────────────┤
      │ "dan@example.com"  │
      ├────────────────────┤
      │ "betty@icloud.com" │
      ├────────────────────┤
      │ "alice@mac.com"    │
      └────────────────────┘
      """
    }
  }

  @Test func selectingColumns() throws {
    let db = try usersDatabase()
    assertQuery(
      User.select { ($0.id, $0.email) }.where { $0.id == 1 }, db: db
    ) {
      """
      SELECT "users"."id", "users"."email"
      FROM "users"
      WHERE ("users"."id" = 1)
      """
    } results: {
      """
      ┌───┬─────────────────┐
      │ 1 │ "alice@mac.com" │
      └───┴─────────────────┘
      """
    }

    // The seed's `name + " is " + cast(age) + " years old!"` over optional columns: NULL in,
    // NULL out, so the row type is `String?`.
    assertQuery(
      User.select { $0.name + " is " + $0.age.cast(as: String?.self) + " years old!" }
        .order { $0.id }.limit(3), db: db
    ) {
      """
      SELECT ((("users"."name" || ' is ') || CAST("users"."age" AS TEXT)) || ' years old!')
      FROM "users"
      ORDER BY "users"."id"
      LIMIT 3
      """
    } results: {
      """
      ┌──────────────────────────┐
      │ "Alice is 30 years old!" │
      ├──────────────────────────┤
      │ "Betty is 25 years old!" │
      ├──────────────────────────┤
      │ nil                      │
      └──────────────────────────┘
      """
    }
  }

  @Test func filteringRows() throws {
    let db = try usersDatabase()
    assertQuery(
      User.where { $0.id == 1 }, db: db
    ) {
      """
      SELECT "users"."id", "users"."email", "users"."name", "users"."age", "users"."balance", "users"."verified", "users"."manager_id"
      FROM "users"
      WHERE ("users"."id" = 1)
      """
    } results: {
      """
      ┌───────────────────────────┐
      │ User(                     │
      │   id: 1,                  │
      │   email: "alice@mac.com", │
      │   name: "Alice",          │
      │   age: 30,                │
      │   balance: 12000.5,       │
      │   verified: true,         │
      │   managerID: nil          │
      │ )                         │
      └───────────────────────────┘
      """
    }

    assertQuery(
      User.where { $0.id.in([1, 2, 3, 4, 5]) }.select { $0.id }, db: db
    ) {
      """
      SELECT "users"."id"
      FROM "users"
      WHERE ("users"."id" IN (1, 2, 3, 4, 5))
      """
    } results: {
      """
      ┌───┐
      │ 1 │
      ├───┤
      │ 2 │
      ├───┤
      │ 3 │
      ├───┤
      │ 4 │
      ├───┤
      │ 5 │
      └───┘
      """
    }

    assertQuery(
      User.where { $0.email.like("%@mac.com") }.select { $0.id }, db: db
    ) {
      """
      SELECT "users"."id"
      FROM "users"
      WHERE ("users"."email" LIKE '%@mac.com')
      """
    } results: {
      """
      ┌───┐
      │ 1 │
      ├───┤
      │ 3 │
      ├───┤
      │ 5 │
      ├───┤
      │ 6 │
      └───┘
      """
    }

    // The seed writes `==` inside the SQL; SQLite's `=` is the same operator.
    assertQuery(
      User.where { $0.verified && $0.name.lower() == "alice" }.select { $0.id }, db: db
    ) {
      """
      SELECT "users"."id"
      FROM "users"
      WHERE ("users"."verified" AND (lower("users"."name") = 'alice'))
      """
    } results: {
      """
      ┌───┐
      │ 1 │
      └───┘
      """
    }

    assertQuery(
      User.where { $0.verified || $0.balance >= 10_000 }.select { $0.id }, db: db
    ) {
      """
      SELECT "users"."id"
      FROM "users"
      WHERE ("users"."verified" OR ("users"."balance" >= 10000.0))
      """
    } results: {
      """
      ┌───┐
      │ 1 │
      ├───┤
      │ 3 │
      ├───┤
      │ 4 │
      ├───┤
      │ 6 │
      └───┘
      """
    }
  }

  @Test func sortingRows() throws {
    let db = try usersDatabase()
    assertQuery(
      User.select { $0.id }.order { ($0.email, $0.name) }, db: db
    ) {
      """
      SELECT "users"."id"
      FROM "users"
      ORDER BY "users"."email", "users"."name"
      """
    } results: {
      """
      ┌───┐
      │ 1 │
      ├───┤
      │ 2 │
      ├───┤
      │ 3 │
      ├───┤
      │ 4 │
      ├───┤
      │ 5 │
      ├───┤
      │ 6 │
      └───┘
      """
    }
    assertQuery(
      User.select { $0.id }.order { ($0.email.desc(), $0.name.asc()) }, db: db
    ) {
      """
      SELECT "users"."id"
      FROM "users"
      ORDER BY "users"."email" DESC, "users"."name" ASC
      """
    } results: {
      """
      ┌───┐
      │ 6 │
      ├───┤
      │ 5 │
      ├───┤
      │ 4 │
      ├───┤
      │ 3 │
      ├───┤
      │ 2 │
      ├───┤
      │ 1 │
      └───┘
      """
    }
  }

  @Test func limitingAndPaging() throws {
    let db = try usersDatabase()
    assertQuery(
      User.limit(5), db: db
    ) {
      """
      SELECT "users"."id", "users"."email", "users"."name", "users"."age", "users"."balance", "users"."verified", "users"."manager_id"
      FROM "users"
      LIMIT 5
      """
    } results: {
      """
      ┌──────────────────────────────┐
      │ User(                        │
      │   id: 1,                     │
      │   email: "alice@mac.com",    │
      │   name: "Alice",             │
      │   age: 30,                   │
      │   balance: 12000.5,          │
      │   verified: true,            │
      │   managerID: nil             │
      │ )                            │
      ├──────────────────────────────┤
      │ User(                        │
      │   id: 2,                     │
      │   email: "betty@icloud.com", │
      │   name: "Betty",             │
      │   age: 25,                   │
      │   balance: 500.0,            │
      │   verified: false,           │
      │   managerID: 1               │
      │ )                            │
      ├──────────────────────────────┤
      │ User(                        │
      │   id: 3,                     │
      │   email: "cathy@mac.com",    │
      │   name: nil,                 │
      │   age: nil,                  │
      │   balance: 10000.0,          │
      │   verified: false,           │
      │   managerID: 1               │
      │ )                            │
      ├──────────────────────────────┤
      │ User(                        │
      │   id: 4,                     │
      │   email: "dan@example.com",  │
      │   name: "Dan",               │
      │   age: 41,                   │
      │   balance: -20.0,            │
      │   verified: true,            │
      │   managerID: 2               │
      │ )                            │
      ├──────────────────────────────┤
      │ User(                        │
      │   id: 5,                     │
      │   email: "eve@mac.com",      │
      │   name: "Eve",               │
      │   age: 35,                   │
      │   balance: 0.0,              │
      │   verified: false,           │
      │   managerID: nil             │
      │ )                            │
      └──────────────────────────────┘
      """
    }
    assertQuery(
      User.limit(5, offset: 5), db: db
    ) {
      """
      SELECT "users"."id", "users"."email", "users"."name", "users"."age", "users"."balance", "users"."verified", "users"."manager_id"
      FROM "users"
      LIMIT 5 OFFSET 5
      """
    } results: {
      """
      ┌─────────────────────────┐
      │ User(                   │
      │   id: 6,                │
      │   email: "zed@mac.com", │
      │   name: "Zed",          │
      │   age: 22,              │
      │   balance: 100.0,       │
      │   verified: true,       │
      │   managerID: 5          │
      │ )                       │
      └─────────────────────────┘
      """
    }
  }

  @Test func buildingComplexQueriesOverBooks() throws {
    // SQLite.swift: users.select(email).filter(name != nil).order(email.desc, name).limit(5, offset: 1)
    let db = try shelvesAndBooks()
    assertQuery(
      Book.select { $0.title }.where { $0.rating != nil }.order { ($0.title.desc(), $0.id) }
        .limit(5, offset: 1), db: db
    ) {
      """
      SELECT "books"."title"
      FROM "books"
      WHERE ("books"."rating" IS NOT NULL)
      ORDER BY "books"."title" DESC, "books"."id"
      LIMIT 5 OFFSET 1
      """
    } results: {
      """
      ┌──────────┐
      │ "Dune"   │
      ├──────────┤
      │ "Cosmos" │
      └──────────┘
      """
    }
  }
}
