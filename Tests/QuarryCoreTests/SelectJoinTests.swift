import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Query language: selects, joins, subqueries")
struct SelectJoinTests {
  @Test func distinctGroupAndHaving() throws {
    let db = try shelvesAndBooks()
    #expect(
      try assertQuery(
        Book.distinct().select { $0.shelfID }.order { $0.shelfID }, db: db,
        sql: #"SELECT DISTINCT "books"."shelfID" FROM "books" ORDER BY "books"."shelfID""#)
        == [nil, 1, 2])
    let groups = try assertQuery(
      Book.group { $0.shelfID }.having { $0.id.count() > 1 }.select {
        ($0.shelfID, $0.pages.sum())
      },
      db: db,
      sql: """
        SELECT "books"."shelfID", sum("books"."pages") FROM "books"
        GROUP BY "books"."shelfID" HAVING (count("books"."id") > 1)
        """)
    #expect(groups.count == 1)
    #expect(groups[0].0 == 1)
    #expect(groups[0].1 == 732)
  }

  @Test func innerJoin() throws {
    let db = try shelvesAndBooks()
    let rows = try assertQuery(
      Book.join(Shelf.all) { $0.shelfID == $1.id }
        .where { $0.pages > 100 && $1.name != "Empty" }
        .order { book, _ in book.title }
        .select { ($0.title, $1.name) },
      db: db,
      sql: """
        SELECT "books"."title", "shelves"."name"
        FROM "books"
        JOIN "shelves" ON ("books"."shelfID" = "shelves"."id")
        WHERE (("books"."pages" > 100) AND ("shelves"."name" <> 'Empty'))
        ORDER BY "books"."title"
        """)
    #expect(rows.map(\.0).elementsEqual(["Cosmos", "Dune", "Emma"]))
    #expect(rows.map(\.1).elementsEqual(["Science", "Fiction", "Fiction"]))

    let pairs: [(Book, Shelf)] = try Book.join(Shelf.where { $0.id == 2 }) { $0.shelfID == $1.id }
      .fetchAll(db)
    #expect(pairs.map(\.0.title).elementsEqual(["Cosmos"]))
    #expect(pairs.map(\.1).elementsEqual([Shelf(id: 2, name: "Science")]))
  }

  @Test func leftJoinDecodesOptionalRows() throws {
    let db = try shelvesAndBooks()
    let rows: [(Shelf, Book?)] = try assertQuery(
      Shelf.leftJoin(Book.all) { $0.id == $1.shelfID }.order { ($0.id, $1.id) },
      db: db,
      sql: """
        SELECT "shelves"."id", "shelves"."name", "books"."id", "books"."title", "books"."shelfID",
          "books"."pages", "books"."rating", "books"."flags", "books"."published", "books"."info"
        FROM "shelves"
        LEFT JOIN "books" ON ("shelves"."id" = "books"."shelfID")
        ORDER BY "shelves"."id", "books"."id"
        """)
    #expect(rows.map(\.0.name).elementsEqual(["Fiction", "Fiction", "Science", "Empty"]))
    let bookTitles: [String?] = rows.map { $0.1?.title }
    #expect(bookTitles.elementsEqual(["Dune", "Emma", "Cosmos", nil]))

    // The right table's columns are optional in closures and in results.
    let titles: [(String, String?)] = try Shelf.leftJoin(Book.all) { $0.id == $1.shelfID }
      .where { $1.title == nil }
      .select { ($0.name, $1.title) }
      .fetchAll(db)
    #expect(titles.map(\.0).elementsEqual(["Empty"]))
    #expect(titles.map(\.1).elementsEqual([nil]))

    // A filter on the joined table goes into the join condition, so unmatched rows stay.
    let longBooks = try assertQuery(
      Shelf.leftJoin(Book.where { $0.pages > 350 }) { $0.id == $1.shelfID }
        .select { ($0.name, $1.title) }.order { ($0.id, $1.id) },
      db: db,
      sql: """
        SELECT "shelves"."name", "books"."title" FROM "shelves"
        LEFT JOIN "books" ON (("shelves"."id" = "books"."shelfID") AND ("books"."pages" > 350))
        ORDER BY "shelves"."id", "books"."id"
        """)
    #expect(longBooks.map(\.0).elementsEqual(["Fiction", "Science", "Empty"]))
    #expect(longBooks.map(\.1).elementsEqual(["Dune", "Cosmos", nil]))
  }

  @Test func rightFullAndCrossJoins() throws {
    let db = try shelvesAndBooks()
    let right: [(Shelf?, Book)] = try Shelf.rightJoin(Book.all) { $0.id == $1.shelfID }
      .order { $1.id }.fetchAll(db)
    let rightNames: [String?] = right.map { $0.0?.name }
    #expect(rightNames.elementsEqual(["Fiction", "Fiction", "Science", nil]))
    let full: [(String?, String?)] = try assertQuery(
      Shelf.fullJoin(Book.all) { $0.id == $1.shelfID }.select { ($0.name, $1.title) }
        .order { ($0.id, $1.id) },
      db: db,
      sql: """
        SELECT "shelves"."name", "books"."title" FROM "shelves"
        FULL JOIN "books" ON ("shelves"."id" = "books"."shelfID")
        ORDER BY "shelves"."id", "books"."id"
        """)
    #expect(full.count == 5)
    #expect(full.contains { $0.0 == nil && $0.1 == "Loose Notes" })
    #expect(full.contains { $0.0 == "Empty" && $0.1 == nil })
    // A closure that uses only `$0` receives both tables as one tuple: name the parameters.
    let cross = try Shelf.crossJoin(Book.all).select { _, book in book.id.count() }.fetchOne(db)
    #expect(cross == 12)
  }

  @Test func joinedAggregates() throws {
    let db = try shelvesAndBooks()
    assertQuery(
      Shelf.leftJoin(Book.all) { $0.id == $1.shelfID }
        .group { shelf, _ in shelf.id }
        .select { ($0.name, $1.id.count()) }
        .order { shelf, _ in shelf.id }, db: db
    ) {
      """
      SELECT "shelves"."name", count("books"."id")
      FROM "shelves"
      LEFT JOIN "books" ON ("shelves"."id" = "books"."shelfID")
      GROUP BY "shelves"."id"
      ORDER BY "shelves"."id"
      """
    } results: {
      """
      ┌───────────┬───┐
      │ "Fiction" │ 2 │
      ├───────────┼───┤
      │ "Science" │ 1 │
      ├───────────┼───┤
      │ "Empty"   │ 0 │
      └───────────┴───┘
      """
    }
  }

  @Test func subqueries() throws {
    let db = try shelvesAndBooks()
    let scienceBooks = try assertQuery(
      Book.where { $0.shelfID.in(Shelf.where { $0.name == "Science" }.select { $0.id }) }
        .select { $0.title },
      db: db,
      sql: """
        SELECT "books"."title" FROM "books"
        WHERE ("books"."shelfID" IN (SELECT "shelves"."id" FROM "shelves"
          WHERE ("shelves"."name" = 'Science')))
        """)
    #expect(scienceBooks.elementsEqual(["Cosmos"]))
    let nonEmpty = try assertQuery(
      Shelf.where { _ in exists(Book.where { $0.pages > 400 }) }.select { $0.name }.order { $0.id },
      db: db,
      sql: """
        SELECT "shelves"."name" FROM "shelves"
        WHERE (EXISTS (SELECT "books"."id", "books"."title", "books"."shelfID", "books"."pages",
          "books"."rating", "books"."flags", "books"."published", "books"."info" FROM "books"
          WHERE ("books"."pages" > 400)))
        ORDER BY "shelves"."id"
        """)
    #expect(nonEmpty.elementsEqual(["Fiction", "Science", "Empty"]))
    let longest = try Book.select { ($0.title, Book.select { $0.pages.max() }.subquery()) }
      .where { $0.id == 1 }.fetchOne(db)
    #expect(longest?.0 == "Dune")
    #expect(longest?.1 == 412)
  }

  @Test func compoundSelects() throws {
    let db = try shelvesAndBooks()
    let short = Book.where { $0.pages < 350 }.select { $0.title }
    let fiction = Book.where { $0.shelfID == 1 }.select { $0.title }
    let union = try assertQuery(
      short.union(fiction), db: db,
      sql: """
        SELECT "books"."title" FROM "books" WHERE ("books"."pages" < 350)
        UNION
        SELECT "books"."title" FROM "books" WHERE ("books"."shelfID" = 1)
        """)
    #expect(Set(union) == ["Emma", "Loose Notes", "Dune"])
    #expect(try short.unionAll(fiction).fetchAll(db).count == 4)
    #expect(try short.intersect(fiction).fetchAll(db).elementsEqual(["Emma"]))
    #expect(try short.except(fiction).fetchAll(db).elementsEqual(["Loose Notes"]))
  }

  // SQLite.swift's "Joining Other Tables", over `User` and `Post` (seed 000).
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
    #expect(joined.map { $0.0.name }.elementsEqual(["Alice", "Alice", "Dan"]))
    #expect(joined.map(\.1.title).elementsEqual(["Hello", "Again", "Dan here"]))

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
    #expect(ids.map(\.0).elementsEqual([1, 1, 4]))
    #expect(ids.map(\.1).elementsEqual([1, 2, 3]))

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
    #expect(managers.map(\.0).elementsEqual(["Betty", nil, "Dan", "Zed"]))
    #expect(managers.map(\.1).elementsEqual(["Alice", "Alice", "Betty", "Eve"]))
  }
}

/// Shelves, two books (Dune on shelf 1, Cosmos on shelf 2) and loans: `rows` inserts the
/// shelves and the loans.
private func shelvesBooksAndLoans(_ rows: String) throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "shelves" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
      CREATE TABLE "books" (
        "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "shelfID" INTEGER,
        "pages" INTEGER NOT NULL, "rating" REAL, "flags" INTEGER NOT NULL,
        "published" TEXT NOT NULL, "info" TEXT
      );
      CREATE TABLE "loans" (
        "id" INTEGER PRIMARY KEY, "bookID" INTEGER NOT NULL, "shelfID" INTEGER NOT NULL,
        "borrower" TEXT NOT NULL
      );
      INSERT INTO "books" VALUES (1, 'Dune', 1, 412, NULL, 0, '', NULL),
        (2, 'Cosmos', 2, 396, NULL, 0, '', NULL);
      """ + "\n" + rows)
  return db
}

@Suite("Query language: three-table joins")
struct ThreeTableJoinTests {
  @Test func joinThreeTablesWithEqualityAndAnd() throws {
    let db = try shelvesBooksAndLoans(
      """
      INSERT INTO "shelves" VALUES (1, 'Fiction'), (2, 'Science');
      INSERT INTO "loans" VALUES (1, 1, 1, 'ada'), (2, 2, 1, 'bob'), (3, 2, 2, 'cy');
      """)
    let query = Book.join(Shelf.all) { $0.shelfID == $1.id }
      .join(Loan.all) { $0.id == $2.bookID && $1.id == $2.shelfID }
      .select { ($0.title, $1.name, $2.borrower) }
      .order { _, _, loan in loan.id }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT "books"."title", "shelves"."name", "loans"."borrower" FROM "books"
        JOIN "shelves" ON ("books"."shelfID" = "shelves"."id")
        JOIN "loans" ON (("books"."id" = "loans"."bookID") AND ("shelves"."id" = "loans"."shelfID"))
        ORDER BY "loans"."id"
        """)
    #expect(rows.map(\.2).elementsEqual(["ada", "cy"]))
    #expect(rows.map(\.0).elementsEqual(["Dune", "Cosmos"]))

    let withLoans: [(Book, Shelf, Loan?)] = try Book.join(Shelf.all) { $0.shelfID == $1.id }
      .leftJoin(Loan.where { $0.borrower != "cy" }) { $0.id == $2.bookID && $1.id == $2.shelfID }
      .fetchAll(db)
    #expect(withLoans.count == 2)
  }

  /// A select with an order and a limit joins as a subquery named like its table.
  @Test func aSelectWithALimitJoinsAsASubquery() throws {
    let db = try shelvesAndBooks()
    let longest = Book.order { $0.pages.desc() }.limit(2)
    let rows = try assertQuery(
      Shelf.leftJoin(longest) { $0.id == $1.shelfID }.select { ($0.name, $1.title) }
        .order { shelf, _ in shelf.id },
      db: db,
      sql: """
        SELECT "shelves"."name", "books"."title" FROM "shelves"
        LEFT JOIN (SELECT "books"."id", "books"."title", "books"."shelfID", "books"."pages", \
        "books"."rating", "books"."flags", "books"."published", "books"."info"
        FROM "books" ORDER BY "books"."pages" DESC LIMIT 2) AS "books"
          ON ("shelves"."id" = "books"."shelfID")
        ORDER BY "shelves"."id"
        """)
    #expect(rows.map(\.0) == ["Fiction", "Science", "Empty"])
    #expect(rows.map(\.1) == ["Dune", "Cosmos", nil])
  }

  /// A third table joins after an outer join of two: the optional side stays optional.
  @Test func aThirdTableAfterAnOuterJoin() throws {
    let db = try shelvesBooksAndLoans(
      """
      INSERT INTO "shelves" VALUES (1, 'Fiction'), (2, 'Science'), (3, 'Empty');
      INSERT INTO "loans" VALUES (1, 1, 1, 'ada'), (2, 2, 1, 'bob'), (3, 9, 2, 'cy');
      """)
    let shelvesWithBooks = Shelf.leftJoin(Book.all) { $0.id == $1.shelfID }
    let rows = try assertQuery(
      shelvesWithBooks.leftJoin(Loan.all) { _, book, loan in book.id == loan.bookID }
        .select { ($0.name, $1.title, $2.borrower) }.order { shelf, _, loan in (shelf.id, loan.id)
        },
      db: db,
      sql: """
        SELECT "shelves"."name", "books"."title", "loans"."borrower" FROM "shelves"
        LEFT JOIN "books" ON ("shelves"."id" = "books"."shelfID")
        LEFT JOIN "loans" ON ("books"."id" = "loans"."bookID")
        ORDER BY "shelves"."id", "loans"."id"
        """)
    #expect(rows.map(\.0) == ["Fiction", "Science", "Empty"])
    #expect(rows.map(\.1) == ["Dune", "Cosmos", nil])
    #expect(rows.map(\.2) == ["ada", "bob", nil])
    // Whole rows: the outer sides decode as nil where nothing matched.
    let whole: [(Shelf, Book?, Loan?)] =
      try shelvesWithBooks
      .leftJoin(Loan.all) { _, book, loan in book.id == loan.bookID }.fetchAll(db)
    #expect(whole.map { $0.2?.borrower } == ["ada", "bob", nil])
    // A right join after a left one: every loan, its book and shelf where there are ones.
    let loans: [(Shelf?, Book?, Loan)] =
      try shelvesWithBooks
      .rightJoin(Loan.all) { _, book, loan in book.id == loan.bookID }.fetchAll(db)
    let borrowers: [String] = loans.map { $0.2.borrower }
    let withoutBook: [String] = loans.filter { $0.1 == nil }.map { $0.2.borrower }
    #expect(borrowers.sorted() == ["ada", "bob", "cy"])
    #expect(withoutBook == ["cy"])
    // A full join after a right one: every shelf and every loan.
    let all: [(String?, String?)] = try Book.rightJoin(Shelf.all) { $0.shelfID == $1.id }
      .fullJoin(Loan.all) { book, _, loan in book.id == loan.bookID }
      .select { ($1.name, $2.borrower) }.fetchAll(db)
    let unshelved: [String?] = all.filter { $0.0 == nil }.map { $0.1 }
    #expect(all.count == 4)
    #expect(unshelved == ["cy"])
  }
}

/// A table whose column is named like the join protocol's member (`outerJoinColumns`) and
/// like a word a join might use (`nullable`): its columns are still a table's columns.
@Table("columnFacts")
private struct ColumnFact {
  let id: Int
  var nullable = false
  var outerJoinColumns = 0
}

@Suite("Query language: columns named like join members")
struct ColumnsNamedLikeJoinMembersTests {
  @Test func joinAndReadThem() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "columnFacts" (
          "id" INTEGER PRIMARY KEY, "nullable" INTEGER NOT NULL, "outerJoinColumns" INTEGER NOT NULL
        );
        INSERT INTO "columnFacts" VALUES (1, 1, 2), (2, 0, 3);
        """)
    let rows = try assertQuery(
      ColumnFact.leftJoin(ColumnFact.aliased("next")) { $0.id + 1 == $1.id }
        .leftJoin(ColumnFact.aliased("last")) { _, next, last in next.id + 1 == last.id }
        .where { fact, _, _ in fact.nullable }
        .select { ($0.outerJoinColumns, $1.nullable, $2.id) },
      db: db,
      sql: """
        SELECT "columnFacts"."outerJoinColumns", "next"."nullable", "last"."id"
        FROM "columnFacts"
        LEFT JOIN "columnFacts" AS "next" ON (("columnFacts"."id" + 1) = "next"."id")
        LEFT JOIN "columnFacts" AS "last" ON (("next"."id" + 1) = "last"."id")
        WHERE "columnFacts"."nullable"
        """)
    #expect(rows.count == 1)
    #expect(rows.first?.0 == 2)
    #expect(rows.first?.1 == false)
    #expect(rows.first?.2 == nil)
  }
}

@Suite("Query language: self joins")
struct SelfJoinTests {
  @Test func selfJoinWithAnAlias() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "employees" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "managerID" INTEGER);
        INSERT INTO "employees" VALUES (1, 'Ada', NULL), (2, 'Bob', 1), (3, 'Cy', 2);
        """)
    assertQuery(
      Employee.join(Employee.aliased("managers")) { $0.managerID == $1.id }
        .select { ($0.name, $1.name) }
        .order { employee, _ in employee.id }, db: db
    ) {
      """
      SELECT "employees"."name", "managers"."name"
      FROM "employees"
      JOIN "employees" AS "managers" ON ("employees"."managerID" = "managers"."id")
      ORDER BY "employees"."id"
      """
    } results: {
      """
      ┌───────┬───────┐
      │ "Bob" │ "Ada" │
      ├───────┼───────┤
      │ "Cy"  │ "Bob" │
      └───────┴───────┘
      """
    }

    let everyone: [(Employee, Employee?)] = try Employee.leftJoin(Employee.aliased("boss")) {
      $0.managerID == $1.id
    }.order { employee, _ in employee.id }.fetchAll(db)
    #expect(everyone.map(\.0.name).elementsEqual(["Ada", "Bob", "Cy"]))
    let bossNames: [String?] = everyone.map { $0.1?.name }
    #expect(bossNames.elementsEqual([nil, "Ada", "Bob"]))
  }
}
