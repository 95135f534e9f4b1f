import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Statements render SQL and run")
struct StatementTests {
  @Test func selectAll() throws {
    let db = try itemsDatabase()
    let rows = try assertQuery(
      Item.all, db: db,
      sql: """
        SELECT "items"."id", "items"."name", "items"."is_done", "items"."rank", "items"."price",
          "items"."tag"
        FROM "items"
        """)
    #expect(rows.count == 4)
    #expect(rows[0] == Item(id: 1, name: "apple", isDone: false, rank: 2, price: 1.5, tag: "fruit"))
    #expect(rows[3] == Item(id: 4, name: "dates", isDone: true, rank: nil, price: 4, tag: nil))
  }

  @Test func severalWhereCallsAreJoinedWithAnd() throws {
    let db = try itemsDatabase()
    let rows = try assertQuery(
      Item.where { !$0.isDone }.where { $0.price > 2 }.select { $0.name }, db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE (NOT "items"."is_done") AND ("items"."price" > 2.0)
        """)
    #expect(rows.elementsEqual(["cheese"]))
  }

  @Test func logicalOperators() throws {
    let db = try itemsDatabase()
    let rows = try assertQuery(
      Item.where { ($0.isDone && $0.price >= 4) || $0.name == "apple" }.select { $0.id }, db: db,
      sql: """
        SELECT "items"."id" FROM "items"
        WHERE (("items"."is_done" AND ("items"."price" >= 4.0)) OR ("items"."name" = 'apple'))
        """)
    #expect(rows.elementsEqual([1, 4]))
  }

  @Test func comparingWithNilRendersIs() throws {
    let db = try itemsDatabase()
    let untagged = try assertQuery(
      Item.where { $0.tag == nil }.select { $0.name }, db: db,
      sql: #"SELECT "items"."name" FROM "items" WHERE ("items"."tag" IS NULL)"#)
    #expect(untagged.elementsEqual(["bread", "dates"]))
    let tagged = try assertQuery(
      Item.where { $0.tag != nil }.select { $0.name }, db: db,
      sql: #"SELECT "items"."name" FROM "items" WHERE ("items"."tag" IS NOT NULL)"#)
    #expect(tagged.elementsEqual(["apple", "cheese"]))
    let notApple = try assertQuery(
      Item.where { $0.tag != "fruit" }.select { $0.name }, db: db,
      sql: #"SELECT "items"."name" FROM "items" WHERE ("items"."tag" <> 'fruit')"#)
    #expect(notApple.elementsEqual(["cheese"]))
  }

  @Test func comparingTwoColumns() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "pairs" ("id" INTEGER PRIMARY KEY, "low" INTEGER NOT NULL, "high" INTEGER NOT NULL);
        INSERT INTO "pairs" ("low", "high") VALUES (1, 2), (5, 3), (4, 4);
        """)
    let ordered = try assertQuery(
      Pair.where { $0.low < $0.high }.select { $0.id }, db: db,
      sql: #"SELECT "pairs"."id" FROM "pairs" WHERE ("pairs"."low" < "pairs"."high")"#)
    #expect(ordered.elementsEqual([1]))
    let equal = try assertQuery(
      Pair.where { $0.low == $0.high }.select { $0.id }, db: db,
      sql: #"SELECT "pairs"."id" FROM "pairs" WHERE ("pairs"."low" = "pairs"."high")"#)
    #expect(equal.elementsEqual([3]))
  }

  @Test func orderAndLimit() throws {
    let db = try itemsDatabase()
    let rows = try assertQuery(
      Item.order { ($0.isDone, $0.price.desc()) }.limit(2, offset: 1).select {
        ($0.name, $0.price)
      },
      db: db,
      sql: """
        SELECT "items"."name", "items"."price" FROM "items"
        ORDER BY "items"."is_done", "items"."price" DESC
        LIMIT 2 OFFSET 1
        """)
    #expect(rows.map(\.0).elementsEqual(["apple", "dates"]))
    #expect(rows.map(\.1).elementsEqual([1.5, 4]))

    let first = try assertQuery(
      Item.where { $0.isDone }.order { $0.name.asc() }.limit(1), db: db,
      sql: """
        SELECT "items"."id", "items"."name", "items"."is_done", "items"."rank", "items"."price",
          "items"."tag"
        FROM "items" WHERE "items"."is_done" ORDER BY "items"."name" ASC LIMIT 1
        """)
    #expect(first.map(\.name).elementsEqual(["bread"]))
  }

  @Test func selectTupleWithOptional() throws {
    let db = try itemsDatabase()
    let rows: [(Int?, String)] = try assertQuery(
      Item.select { ($0.rank, $0.name) }.order { $0.id }, db: db,
      sql: #"SELECT "items"."rank", "items"."name" FROM "items" ORDER BY "items"."id""#)
    #expect(rows.map(\.0).elementsEqual([2, 1, 3, nil]))
    #expect(rows.map(\.1).elementsEqual(["apple", "bread", "cheese", "dates"]))
  }

  @Test func count() throws {
    let db = try itemsDatabase()
    #expect(
      try assertQuery(Item.count(), db: db, sql: #"SELECT count(*) FROM "items""#) == [4])
    #expect(
      try assertQuery(
        Item.where { $0.isDone }.count(), db: db,
        sql: #"SELECT count(*) FROM "items" WHERE "items"."is_done""#) == [2])
    #expect(try Item.where { $0.price < 5 }.fetchCount(db) == 3)
    #expect(try Item.limit(3).fetchCount(db) == 3)
  }

  @Test func fetchOne() throws {
    let db = try itemsDatabase()
    #expect(try Item.find(3).fetchOne(db)?.name == "cheese")
    #expect(try Item.find(99).fetchOne(db) == nil)
    assertSQL(
      Item.find(3).select { $0.name },
      #"SELECT "items"."name" FROM "items" WHERE ("items"."id" = 3)"#)
  }

  @Test func insertFullValuesAndDrafts() throws {
    let db = try itemsDatabase()
    let insert = Item.insert {
      Item(id: 10, name: "eggs", isDone: false, rank: nil, price: 2, tag: "dairy")
      Item(id: 11, name: "figs", isDone: true, rank: 5, price: 6, tag: nil)
    }
    assertSQL(
      insert,
      """
      INSERT INTO "items" ("id", "name", "is_done", "rank", "price", "tag")
      VALUES (10, 'eggs', 0, NULL, 2.0, 'dairy'), (11, 'figs', 1, 5, 6.0, NULL)
      """)
    try insert.execute(db)
    #expect(db.changesCount == 2)
    try Item.insert { Item.Draft(name: "grapes") }.execute(db)
    #expect(db.lastInsertedRowID == 12)
    #expect(
      try Item.find(12).fetchOne(db)
        == Item(id: 12, name: "grapes", isDone: false, rank: nil, price: 0, tag: nil))
  }

  @Test func insertBuilderControlFlow() throws {
    let db = try itemsDatabase()
    let names = ["x", "y", "z"]
    let includeExtra = true
    try Item.insert {
      for name in names { Item.Draft(name: name) }
      if includeExtra { Item.Draft(name: "extra") }
      if !includeExtra { Item.Draft(name: "left out") }
      if includeExtra { Item.Draft(name: "then") } else { Item.Draft(name: "else") }
      [Item.Draft(name: "from an array")]
    }.execute(db)
    let inserted = try Item.where { $0.id > 4 }.order { $0.id }.select { $0.name }.fetchAll(db)
    #expect(inserted.elementsEqual(["x", "y", "z", "extra", "then", "from an array"]))
    // One row, the common case, is kept without an array and bound straight into the statement.
    let one = Item.insert { Item.Draft(name: "one", price: 2.5) }
    #expect(one.isPlainOneRowInsert)
    var cleared = one
    cleared.onConflict = nil
    cleared.columnList = nil
    #expect(cleared.isPlainOneRowInsert)
    cleared.columnList = #"("name")"#
    #expect(!cleared.isPlainOneRowInsert)
    #expect(one.query.bindings.count == 6)
    try one.execute(db)
    #expect(try Item.count().fetchOne(db) == 11)
    #expect(try Item.find(11).select { $0.price }.fetchOne(db) == 2.5)
    // An insert of no rows renders nothing and does nothing.
    let empty = Item.insert { [Item.Draft]() }
    #expect(empty.query.sql.isEmpty)
    try empty.execute(db)
    #expect(try Item.count().fetchOne(db) == 11)
  }

  @Test func update() throws {
    let db = try itemsDatabase()
    let update = Item.update {
      $0.isDone = true
      $0.tag = "done"
    }.where { $0.price < 5 }.where { !$0.isDone }
    assertSQL(
      update,
      """
      UPDATE "items" SET "is_done" = 1, "tag" = 'done'
      WHERE ("items"."price" < 5.0) AND (NOT "items"."is_done")
      """)
    try update.execute(db)
    #expect(db.changesCount == 1)
    #expect(try Item.where { $0.tag == "done" }.select { $0.name }.fetchAll(db) == ["apple"])

    let rename = Item.where { $0.id == 2 }.update { $0.name = #sql("upper(\(Item.columns.name))") }
    assertSQL(
      rename,
      #"UPDATE "items" SET "name" = upper("items"."name") WHERE ("items"."id" = 2)"#)
    try rename.execute(db)
    #expect(try Item.find(2).select { $0.name }.fetchOne(db) == "BREAD")
  }

  @Test func delete() throws {
    let db = try itemsDatabase()
    let delete = Item.delete().where { $0.isDone }
    assertSQL(delete, #"DELETE FROM "items" WHERE "items"."is_done""#)
    try delete.execute(db)
    #expect(db.changesCount == 2)
    try Item.where { $0.name == "apple" }.delete().execute(db)
    #expect(try Item.select { $0.name }.fetchAll(db).elementsEqual(["cheese"]))
    assertSQL(Item.delete(), #"DELETE FROM "items""#)
    try Item.delete().execute(db)
    #expect(try Item.count().fetchOne(db) == 0)
  }

  @Test func sqlStatementsDecodeTheirRowType() throws {
    let db = try itemsDatabase()
    let minPrice = 3.0
    let query = #sql(
      """
      SELECT \(Item.columns.id), \(Item.columns.name) FROM \(Item.self)
      WHERE \(Item.columns.price) >= \(minPrice) ORDER BY \(Item.columns.id)
      """,
      as: (Int, String).self)
    #expect(
      query.query.sql == """
        SELECT "items"."id", "items"."name" FROM "items"
        WHERE "items"."price" >= ? ORDER BY "items"."id"
        """)
    #expect(query.query.bindings.elementsEqual([.double(3)]))
    let rows = try query.fetchAll(db)
    #expect(rows.map(\.1).elementsEqual(["bread", "cheese", "dates"]))

    let cheap = try Item.where { #sql("\($0.price) < 2") }.select { $0.name }.fetchAll(db)
    #expect(cheap.elementsEqual(["apple"]))
  }
}
