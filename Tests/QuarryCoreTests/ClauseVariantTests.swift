import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// The other ways a clause can be written (as structured-queries writes them), beside Quarry's own.
@Suite("Clause variants: key paths, whole-row RETURNING, LIMIT then OFFSET, joins after ORDER BY")
struct ClauseVariantTests {
  @Test func keyPathsForColumns() throws {
    let db = try itemsDatabase()
    let titles = try assertQuery(
      Item.where(\.isDone).order(by: \.name).select(\.name),
      db: db,
      sql: """
        SELECT "items"."name" FROM "items" WHERE "items"."is_done" ORDER BY "items"."name"
        """)
    #expect(titles.elementsEqual(["bread", "dates"]))
    let grouped = try assertQuery(
      Item.group(by: \.isDone).select { ($0.isDone, $0.id.count()) },
      db: db,
      sql: """
        SELECT "items"."is_done", count("items"."id") FROM "items" GROUP BY "items"."is_done"
        """)
    #expect(grouped.count == 2)
  }

  @Test func returningWholeRows() throws {
    let db = try itemsDatabase()
    let deleted = try assertQuery(
      Item.where { $0.id == 4 }.delete().returning(\.self),
      db: db,
      sql: """
        DELETE FROM "items" WHERE ("items"."id" = 4)
        RETURNING "items"."id", "items"."name", "items"."is_done", "items"."rank",
          "items"."price", "items"."tag"
        """)
    #expect(deleted.map(\.name).elementsEqual(["dates"]))
  }

  @Test func limitThenOffsetAndNullOrdering() throws {
    let db = try itemsDatabase()
    let page = try assertQuery(
      Item.order { $0.rank.asc(nulls: .last) }.limit(2).offset(1).select(\.name),
      db: db,
      sql: """
        SELECT "items"."name" FROM "items" ORDER BY "items"."rank" ASC NULLS LAST
        LIMIT 2 OFFSET 1
        """)
    #expect(page.elementsEqual(["apple", "cheese"]))
    let first = try assertQuery(
      Item.order { $0.rank.desc(nulls: .first) }.limit(1).select(\.name),
      db: db,
      sql: #"SELECT "items"."name" FROM "items" ORDER BY "items"."rank" DESC NULLS FIRST LIMIT 1"#)
    #expect(first.elementsEqual(["dates"]))
  }

  @Test func replaceWithoutALabel() throws {
    let db = try itemsDatabase()
    let rows = try assertQuery(
      Item.where { $0.id == 1 }.select { $0.name.replace("pp", "PP") },
      db: db,
      sql: #"SELECT replace("items"."name", 'pp', 'PP') FROM "items" WHERE ("items"."id" = 1)"#)
    #expect(rows.elementsEqual(["aPPle"]))
  }

  @Test func joinsChainedAfterOrder() throws {
    let db = try library()
    let query = Book.order { $0.id }.join(Shelf.all) { $0.shelfID == $1.id }
      .select { ($0.title, $1.name) }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "books"."title", "shelves"."name"
        FROM "books" JOIN "shelves" ON ("books"."shelfID" = "shelves"."id")
        ORDER BY "books"."id"
        """)
    #expect(rows.map(\.0).elementsEqual(["Dune", "Emma", "Cosmos", "50% Off"]))
  }

  /// Clauses added out of SQL order, each with a bound value: an ORDER BY term, then GROUP BY
  /// and HAVING, then another ORDER BY term. Each renders in its place with its values, and
  /// the first ORDER BY term stays first.
  @Test func clausesAddedOutOfOrder() throws {
    let db = try itemsDatabase()
    let ordered = Item.order { $0.id.count() > 2 }.group { $0.price > 2.5 }
    let query = ordered.having { $0.id.count() > 0 }.order { $0.id.max().desc() }.limit(3)
      .select { ($0.id.count(), $0.id.max()) }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT count("items"."id"), max("items"."id") FROM "items"
        GROUP BY ("items"."price" > 2.5)
        HAVING (count("items"."id") > 0)
        ORDER BY (count("items"."id") > 2), max("items"."id") DESC
        LIMIT 3
        """)
    #expect(rows.map(\.0) == [1, 3])
    #expect(rows.map(\.1) == [1, 4])
  }

  /// A select's clauses are part of its value: a copy given another group, `HAVING`, order,
  /// limit or offset leaves the select it came from as it was (the order and limit are kept in
  /// the value, the group, `HAVING` and offset in a box that copies share until one changes).
  @Test func copiesOfASelectChangeApart() throws {
    let db = try itemsDatabase()
    let base = Item.group { $0.isDone }.having { $0.id.count() > 0 }
      .select { ($0.isDone, $0.id.count()) }
    let first = base.order { $0.isDone }.limit(1)
    let second = first.offset(1)
    let byRank = base.group { $0.rank }
    let none = base.having { $0.id.count() > 2 }
    // Every copy is made before any is checked: each check shows the others left it alone.
    let grouped = """
      SELECT "items"."is_done", count("items"."id") FROM "items" GROUP BY "items"."is_done"
      """
    let rows: [(Bool, Int)] = try assertQuery(
      base, db: db, sql: grouped + #" HAVING (count("items"."id") > 0)"#)
    #expect(Set(rows.map { "\($0.0) \($0.1)" }) == ["false 2", "true 2"])
    let firstRows: [(Bool, Int)] = try assertQuery(
      first, db: db,
      sql: grouped + #" HAVING (count("items"."id") > 0) ORDER BY "items"."is_done" LIMIT 1"#)
    #expect(firstRows.map { "\($0.0) \($0.1)" } == ["false 2"])
    let secondRows: [(Bool, Int)] = try assertQuery(
      second, db: db,
      sql: grouped
        + #" HAVING (count("items"."id") > 0) ORDER BY "items"."is_done" LIMIT 1 OFFSET 1"#)
    #expect(secondRows.map { "\($0.0) \($0.1)" } == ["true 2"])
    let rankRows: [(Bool, Int)] = try assertQuery(
      byRank, db: db,
      sql: grouped + #", "items"."rank" HAVING (count("items"."id") > 0)"#)
    #expect(rankRows.count == 4)
    let noRows: [(Bool, Int)] = try assertQuery(
      none, db: db,
      sql: grouped + #" HAVING (count("items"."id") > 0) AND (count("items"."id") > 2)"#)
    #expect(noRows.isEmpty)
  }

  /// An order by one column of the table is kept as the column's name, with its direction.
  /// A second term, a column under an alias or a direction with `NULLS` renders as text. A
  /// copy given a second term leaves the select it came from with the one column.
  @Test func anOrderByOneColumnAndWhatFollowsIt() throws {
    let db = try itemsDatabase()
    let byName = Item.order { $0.name.desc() }.select(\.name)
    let thenByID = byName.order { $0.id }
    let ascending = Item.where { $0.id < 4 }.order { $0.name.asc() }.limit(2).select(\.name)
    let unstated = Item.order(by: \.rank).select(\.name)
    let aliased = Item.aliased("i").all.order { $0.name.desc() }.select { $0.name }
    let nullsLast = Item.order { $0.rank.desc(nulls: .last) }.select(\.name)
    let names = try assertQuery(
      byName, db: db,
      sql: #"SELECT "items"."name" FROM "items" ORDER BY "items"."name" DESC"#)
    #expect(names == ["dates", "cheese", "bread", "apple"])
    let thenByIDNames = try assertQuery(
      thenByID, db: db,
      sql: #"SELECT "items"."name" FROM "items" ORDER BY "items"."name" DESC, "items"."id""#)
    #expect(thenByIDNames == names)
    let ascendingNames = try assertQuery(
      ascending, db: db,
      sql: """
        SELECT "items"."name" FROM "items" WHERE ("items"."id" < 4) ORDER BY "items"."name" ASC \
        LIMIT 2
        """)
    #expect(ascendingNames == ["apple", "bread"])
    let unstatedNames = try assertQuery(
      unstated, db: db, sql: #"SELECT "items"."name" FROM "items" ORDER BY "items"."rank""#)
    #expect(unstatedNames == ["dates", "bread", "apple", "cheese"])
    let aliasedNames = try assertQuery(
      aliased, db: db,
      sql: #"SELECT "i"."name" FROM "items" AS "i" ORDER BY "i"."name" DESC"#)
    #expect(aliasedNames == names)
    let nullsLastNames = try assertQuery(
      nullsLast, db: db,
      sql: #"SELECT "items"."name" FROM "items" ORDER BY "items"."rank" DESC NULLS LAST"#)
    #expect(nullsLastNames == ["cheese", "apple", "bread", "dates"])
  }

  @Test func anOrderingTermOfAnExpressionKeepsItsDirection() throws {
    let db = try itemsDatabase()
    let descending = Item.columns.name.length().desc()
    let ascending = Item.columns.id.asc()
    #expect(descending.direction == "DESC")
    #expect(ascending.direction == "ASC")
    let query = Item.order { _ in descending }.order { _ in ascending }.select(\.name)
    let names = try assertQuery(
      query, db: db,
      sql: """
        SELECT "items"."name" FROM "items" ORDER BY length("items"."name") DESC, \
        "items"."id" ASC
        """)
    #expect(names == ["cheese", "apple", "bread", "dates"])
  }
}

@Suite("CASE with a base")
struct CaseBaseTests {
  @Test func caseComparesItsBaseWithEachValue() throws {
    let db = try itemsDatabase()
    let query = Item.order { $0.id }.select { item in
      Case(item.rank).when(1, then: "first").when(2, then: "second").else("other")
    }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT (CASE "items"."rank" WHEN 1 THEN 'first' WHEN 2 THEN 'second' ELSE 'other' END)
        FROM "items" ORDER BY "items"."id"
        """)
    #expect(rows.elementsEqual(["second", "first", "other", "other"]))
  }
}

/// SQLite's `pragma_table_info`, a table-valued function.
@Table("pragma_table_info")
private struct ColumnInfo: Equatable {
  var cid: Int
  var name: String
  var type: String
  var notnull: Bool
  @Column("dflt_value")
  var defaultValue: String?
  var pk: Int
}

/// A table of nothing but its key.
@Table("keyOnly")
private struct KeyOnly: Equatable {
  let id: Int
}

@Suite("Table-valued functions, and an upsert with nothing to update")
struct TableFunctionTests {
  @Test func pragmaTableInfo() throws {
    let db = try library()
    let query = ColumnInfo.call(Book.tableName).where { $0.notnull }.order { $0.cid }
      .select { $0.name }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "pragma_table_info"."name" FROM "pragma_table_info"('books')
        WHERE "pragma_table_info"."notnull" ORDER BY "pragma_table_info"."cid"
        """)
    #expect(rows.elementsEqual(["title", "pages", "flags", "published"]))
    let key = try ColumnInfo.call("shelves").where { $0.pk > 0 }.fetchAll(db)
    #expect(
      key.elementsEqual([ColumnInfo(cid: 0, name: "id", type: "INTEGER", notnull: false, pk: 1)]))
  }

  @Test func upsertOfAKeyOnlyTableKeepsTheRow() throws {
    let db = try Database()
    try db.execute(sql: #"CREATE TABLE "keyOnly" ("id" INTEGER PRIMARY KEY)"#)
    let upsert = KeyOnly.upsert { KeyOnly.Draft(id: 1) }
    assertSQL(
      upsert, #"INSERT INTO "keyOnly" ("id") VALUES (1) ON CONFLICT ("id") DO NOTHING"#)
    try upsert.execute(db)
    try upsert.execute(db)
    #expect(try KeyOnly.count().fetchOne(db) == 1)
  }
}
