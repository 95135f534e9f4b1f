import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// Employees and their managers, three deep.
private func staff() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "employees" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "managerID" INTEGER);
      INSERT INTO "employees" VALUES (1, 'Ada', NULL), (2, 'Bob', 1), (3, 'Cy', 2);
      """)
  return db
}

/// A Fibonacci pair: a row value a recursive common table expression carries forward.
@Table("fibonacci")
private struct Fibonacci: Equatable {
  var step: Int
  var current: Int
  var next: Int
}

/// A one-column table a common table expression feeds writes from.
@Table("chosenIDs")
private struct ChosenID: Equatable {
  var id: Int
}

@Suite("Aliases on the FROM side, and common table expressions of every shape")
struct AliasAndCTETests {
  @Test func anAliasedTableAlone() throws {
    let db = try staff()
    let e = Employee.aliased("e")
    let rows = try assertQuery(
      e.where { $0.managerID != nil }.order { $0.name.desc() },
      db: db,
      sql: """
        SELECT "e"."id", "e"."name", "e"."managerID" FROM "employees" AS "e"
        WHERE ("e"."managerID" IS NOT NULL) ORDER BY "e"."name" DESC
        """)
    #expect(rows.map(\.name).elementsEqual(["Cy", "Bob"]))
    let found = try assertQuery(
      e.find(2).select { $0.name },
      db: db,
      sql: #"SELECT "e"."name" FROM "employees" AS "e" WHERE ("e"."id" = 2)"#)
    #expect(found.elementsEqual(["Bob"]))
  }

  @Test func bothSidesOfASelfJoinAliased() throws {
    let db = try staff()
    let staff = Employee.aliased("staff")
    let bosses = Employee.aliased("bosses")
    let pairs = staff.join(bosses) { $0.managerID == $1.id }
    let rows = try assertQuery(
      pairs.select { ($0.name, $1.name) }.order { employee, _ in employee.id },
      db: db,
      sql: """
        SELECT "staff"."name", "bosses"."name"
        FROM "employees" AS "staff" JOIN "employees" AS "bosses"
          ON ("staff"."managerID" = "bosses"."id")
        ORDER BY "staff"."id"
        """)
    #expect(rows.map(\.0).elementsEqual(["Bob", "Cy"]))
    #expect(rows.map(\.1).elementsEqual(["Ada", "Bob"]))
    let everyone = staff.leftJoin(bosses) { $0.managerID == $1.id }
      .order { employee, _ in employee.id }
    let all = try everyone.fetchAll(db)
    #expect(all.map(\.0.name).elementsEqual(["Ada", "Bob", "Cy"]))
    let bossNames: [String?] = all.map { $0.1?.name }
    #expect(bossNames.elementsEqual([nil, "Ada", "Bob"]))
  }

  /// An alias gets every join kind, with another alias or with a table (SQLite 3.39 and later
  /// for right and full joins).
  @Test func everyJoinKindFromAnAlias() throws {
    let db = try staff()
    let staff = Employee.aliased("staff")
    let bosses = Employee.aliased("bosses")
    // Right: every boss, with the staff they manage or nil.
    let right = try assertQuery(
      staff.rightJoin(bosses) { $0.managerID == $1.id }.select { ($1.name, $0.name) }
        .order { _, boss in boss.id },
      db: db,
      sql: """
        SELECT "bosses"."name", "staff"."name"
        FROM "employees" AS "staff" RIGHT JOIN "employees" AS "bosses"
          ON ("staff"."managerID" = "bosses"."id")
        ORDER BY "bosses"."id"
        """)
    #expect(right.map(\.0) == ["Ada", "Bob", "Cy"])
    #expect(right.map(\.1) == ["Bob", "Cy", nil])
    let full = try staff.fullJoin(bosses) { $0.managerID == $1.id }.fetchAll(db)
    #expect(full.count == 4)
    let unmanaging: [String?] = full.filter { $0.0 == nil }.map { $0.1?.name }
    let unmanaged: [String?] = full.filter { $0.1 == nil }.map { $0.0?.name }
    #expect(unmanaging == ["Cy"])
    #expect(unmanaged == ["Ada"])
    let pairs = try assertQuery(
      staff.crossJoin(bosses).select { ($0.id, $1.id) },
      db: db,
      sql: """
        SELECT "staff"."id", "bosses"."id"
        FROM "employees" AS "staff" CROSS JOIN "employees" AS "bosses"
        """)
    #expect(pairs.count == 9)
    // With a table: its filter stays in the join's condition; across, in `WHERE`.
    let managed = Employee.where { $0.managerID != nil }
    let left = try staff.leftJoin(managed) { $0.id == $1.managerID }
      .select { ($0.name, $1.name) }.order { boss, _ in boss.id }.fetchAll(db)
    #expect(left.map(\.1) == ["Bob", "Cy", nil])
    let rightOfTable = try staff.rightJoin(managed) { $0.id == $1.managerID }
      .select { ($0.name, $1.name) }.order { _, employee in employee.id }.fetchAll(db)
    // The right side keeps every row: its filter, in the condition, only decides the matches
    // (Ada, who has no manager, matches no one).
    #expect(rightOfTable.map(\.0) == [nil, "Ada", "Bob"])
    let fullOfTable = try staff.fullJoin(managed) { $0.id == $1.managerID }.fetchAll(db)
    #expect(fullOfTable.count == 4)
    let managingNoOne: [String?] = fullOfTable.filter { $0.1 == nil }.map { $0.0?.name }
    #expect(managingNoOne == ["Cy"])
    let across = try assertQuery(
      staff.crossJoin(managed).select { ($0.name, $1.name) }.order { a, b in (a.id, b.id) },
      db: db,
      sql: """
        SELECT "staff"."name", "employees"."name"
        FROM "employees" AS "staff" CROSS JOIN "employees"
        WHERE ("employees"."managerID" IS NOT NULL)
        ORDER BY "staff"."id", "employees"."id"
        """)
    #expect(across.count == 6)
  }

  /// A table gets every join kind with an alias too.
  @Test func everyJoinKindFromATableToAnAlias() throws {
    let db = try staff()
    let bosses = Employee.aliased("bosses")
    // Right: every boss, with the employees they manage or nil.
    let right = try assertQuery(
      Employee.rightJoin(bosses) { $0.managerID == $1.id }.select { ($1.name, $0.name) }
        .order { _, boss in boss.id },
      db: db,
      sql: """
        SELECT "bosses"."name", "employees"."name"
        FROM "employees" RIGHT JOIN "employees" AS "bosses"
          ON ("employees"."managerID" = "bosses"."id")
        ORDER BY "bosses"."id"
        """)
    #expect(right.map(\.0) == ["Ada", "Bob", "Cy"])
    #expect(right.map(\.1) == ["Bob", "Cy", nil])
    let full = try Employee.fullJoin(bosses) { $0.managerID == $1.id }.fetchAll(db)
    #expect(full.count == 4)
    let unmanaging: [String?] = full.filter { $0.0 == nil }.map { $0.1?.name }
    let unmanaged: [String?] = full.filter { $0.1 == nil }.map { $0.0?.name }
    #expect(unmanaging == ["Cy"])
    #expect(unmanaged == ["Ada"])
    let pairs = try assertQuery(
      Employee.crossJoin(bosses).select { ($0.id, $1.id) }.where { $0.id < $1.id },
      db: db,
      sql: """
        SELECT "employees"."id", "bosses"."id"
        FROM "employees" CROSS JOIN "employees" AS "bosses"
        WHERE ("employees"."id" < "bosses"."id")
        """)
    #expect(pairs.count == 3)
  }

  /// An alias joins after a filter, after a join of two tables, and from a filtered alias: one
  /// join builder whatever comes before it.
  @Test func joinsToAnAliasFromAFilterAJoinAndAnAlias() throws {
    let db = try staff()
    let bosses = Employee.aliased("bosses")
    let filtered = try assertQuery(
      Employee.where { $0.id > 1 }.leftJoin(bosses) { $0.managerID == $1.id }
        .select { ($0.name, $1.name) }.order { employee, _ in employee.id },
      db: db,
      sql: """
        SELECT "employees"."name", "bosses"."name"
        FROM "employees" LEFT JOIN "employees" AS "bosses"
          ON ("employees"."managerID" = "bosses"."id")
        WHERE ("employees"."id" > 1) ORDER BY "employees"."id"
        """)
    #expect(filtered.map(\.0) == ["Bob", "Cy"])
    #expect(filtered.map(\.1) == ["Ada", "Bob"])
    // Each employee, their manager, and their manager's manager where there is one.
    let chain = try assertQuery(
      Employee.join(bosses) { $0.managerID == $1.id }
        .leftJoin(Employee.aliased("top")) { _, boss, top in boss.managerID == top.id }
        .select { ($0.name, $1.name, $2.name) }.order { employee, _, _ in employee.id },
      db: db,
      sql: """
        SELECT "employees"."name", "bosses"."name", "top"."name"
        FROM "employees" JOIN "employees" AS "bosses" ON ("employees"."managerID" = "bosses"."id")
        LEFT JOIN "employees" AS "top" ON ("bosses"."managerID" = "top"."id")
        ORDER BY "employees"."id"
        """)
    #expect(chain.map(\.0) == ["Bob", "Cy"])
    #expect(chain.map(\.2) == [nil, "Ada"])
    // From a filtered alias, to a table filtered in its join condition.
    let fromAlias = try assertQuery(
      Employee.aliased("e").where { $0.id > 1 }
        .rightJoin(Employee.where { $0.managerID == nil }) { $0.managerID == $1.id }
        .select { ($0.name, $1.name) },
      db: db,
      sql: """
        SELECT "e"."name", "employees"."name"
        FROM "employees" AS "e" RIGHT JOIN "employees"
          ON (("e"."managerID" = "employees"."id") AND ("employees"."managerID" IS NULL))
        WHERE ("e"."id" > 1)
        """)
    #expect(fromAlias.map(\.0) == ["Bob"])
    #expect(fromAlias.map(\.1) == ["Ada"])
    let crossed = try assertQuery(
      Employee.where { $0.id == 3 }.crossJoin(bosses).select { ($0.name, $1.id) }
        .order { _, boss in boss.id },
      db: db,
      sql: """
        SELECT "employees"."name", "bosses"."id"
        FROM "employees" CROSS JOIN "employees" AS "bosses"
        WHERE ("employees"."id" = 3) ORDER BY "bosses"."id"
        """)
    #expect(crossed.map(\.1) == [1, 2, 3])
  }

  @Test func commonTableFromASelectionTypedSelect() throws {
    let db = try library()
    // `ShelfStat` names the table; the select names its columns with `@Selection`-style
    // tuple terms, in order.
    let stats = ShelfStat.with(
      as: Book.group { $0.shelfID }.select { ($0.shelfID, $0.id.count(), $0.pages.sum() ?? 0) }
    ) {
      ShelfStat.where { $0.books > 1 }.order { $0.pages.desc() }
    }
    let rows = try assertQuery(
      stats,
      db: db,
      sql: """
        WITH "shelfStats" ("shelfID", "books", "pages") AS (
          SELECT "books"."shelfID", count("books"."id"), coalesce(sum("books"."pages"), 0)
          FROM "books" GROUP BY "books"."shelfID"
        )
        SELECT "shelfStats"."shelfID", "shelfStats"."books", "shelfStats"."pages"
        FROM "shelfStats" WHERE ("shelfStats"."books" > 1) ORDER BY "shelfStats"."pages" DESC
        """)
    #expect(rows.map(\.shelfID).elementsEqual([1, 2]))
    #expect(rows.map(\.pages).elementsEqual([732, 496]))
  }

  @Test func aRecursiveCommonTableOverRowValues() throws {
    let db = try Database()
    let seed = Values(1, 0, 1)
    let step = Fibonacci.where { $0.step < 10 }.select { row in
      let next = row.step + 1
      let sum = row.current + row.next
      return (next, row.next, sum)
    }
    let query = Fibonacci.with(recursive: true, as: seed.unionAll(step)) {
      Fibonacci.order { $0.step.desc() }.limit(1).select { $0.current }
    }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        WITH RECURSIVE "fibonacci" ("step", "current", "next") AS (
          SELECT 1, 0, 1
          UNION ALL
          SELECT ("fibonacci"."step" + 1), "fibonacci"."next",
            ("fibonacci"."current" + "fibonacci"."next")
          FROM "fibonacci" WHERE ("fibonacci"."step" < 10)
        )
        SELECT "fibonacci"."current" FROM "fibonacci" ORDER BY "fibonacci"."step" DESC LIMIT 1
        """)
    #expect(rows.elementsEqual([34]))
  }

  @Test func commonTablesFeedingWrites() throws {
    let db = try library()
    let long = Book.where { $0.pages > 350 }.select { $0.id }
    let update = ChosenID.with(as: long) {
      Book.where { $0.id.in(ChosenID.select { $0.id }) }.update { $0.flags = 99 }
    }
    assertSQL(
      update,
      """
      WITH "chosenIDs" ("id") AS (
        SELECT "books"."id" FROM "books" WHERE ("books"."pages" > 350)
      )
      UPDATE "books" SET "flags" = 99
      WHERE ("books"."id" IN (SELECT "chosenIDs"."id" FROM "chosenIDs"))
      """)
    try update.execute(db)
    let flagged = try Book.where { $0.flags == 99 }.order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(flagged.elementsEqual([1, 3]))
    let insert = ChosenID.with(as: long) {
      Shelf.insert {
        ($0.id, $0.name)
      } select: {
        ChosenID.select { ($0.id + 10, "from a CTE") }
      }
    }
    try insert.execute(db)
    let added = try Shelf.where { $0.id > 10 }.order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(added.elementsEqual([11, 13]))
    let delete = ChosenID.with(as: long) {
      Book.where { $0.id.in(ChosenID.select { $0.id }) }.delete()
    }
    try delete.execute(db)
    #expect(try Book.count().fetchOne(db) == 3)
  }

  @Test func twoCommonTablesCountedTogether() throws {
    let db = try library()
    let query = ChosenID.with(as: Book.where { $0.pages > 350 }.select { $0.id }) {
      Values(ChosenID.count(), Shelf.count())
    }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        WITH "chosenIDs" ("id") AS (
          SELECT "books"."id" FROM "books" WHERE ("books"."pages" > 350)
        )
        SELECT (SELECT count(*) FROM "chosenIDs"), (SELECT count(*) FROM "shelves")
        """)
    #expect(rows.count == 1)
    #expect(rows[0].0 == 2)
    #expect(rows[0].1 == 3)
  }
}

@Suite("Updates and deletes of an aliased table")
struct AliasedWriteTests {
  @Test func anUpdateWhoseSubqueryReadsTheSameTable() throws {
    let db = try library()
    let outer = Book.aliased("outer")
    // Each book's flags become the number of books on its shelf: the subquery's "books" and
    // the updated row's "outer" are told apart.
    let update = outer.update { $0.flags = 0 }.where { $0.shelfID != nil }
    try update.execute(db)
    let counted = outer.update {
      $0.title += "!"
    }
    .where { book in
      let sameShelf = Book.where { $0.shelfID == book.shelfID }.count()
      return sameShelf.subquery() > 1
    }
    assertSQL(
      counted,
      """
      UPDATE "books" AS "outer" SET "title" = ("outer"."title" || '!')
      WHERE ((SELECT count(*) FROM "books" WHERE ("books"."shelfID" = "outer"."shelfID")) > 1)
      """)
    try counted.execute(db)
    let titles = try Book.order { $0.id }.select(\.title).fetchAll(db)
    #expect(titles.elementsEqual(["Dune!", "Emma!", "Cosmos!", "Loose Notes", "50% Off!"]))
  }

  @Test func aDeleteWithReturning() throws {
    let db = try library()
    let delete = Book.aliased("b").delete().where { $0.pages < 50 }.returning { ($0.id, $0.title) }
    let rows = try assertQuery(
      delete,
      db: db,
      sql: """
        DELETE FROM "books" AS "b" WHERE ("b"."pages" < 50)
        RETURNING "books"."id", "books"."title"
        """)
    #expect(rows.count == 1)
    #expect(rows[0].1 == "Loose Notes")
    #expect(try Book.count().fetchOne(db) == 4)
    let nothing = Book.aliased("b").update { _ in }
    #expect(nothing.query.sql.isEmpty)
    try nothing.execute(db)
  }
}
