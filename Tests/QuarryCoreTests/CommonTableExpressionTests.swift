import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Common table expressions")
struct CommonTableExpressionTests {
  @Test func recursiveCounting() throws {
    let db = try Database()
    let query = Count.with(
      recursive: true,
      as: #sql("SELECT 1", as: Int.self).unionAll(Count.where { $0.n < 5 }.select { $0.n + 1 })
    ) {
      Count.select { $0.n }
    }
    let numbers = try assertQuery(
      query, db: db,
      sql: """
        WITH RECURSIVE "counts" ("n") AS (
          SELECT 1
          UNION ALL
          SELECT ("counts"."n" + 1) FROM "counts" WHERE ("counts"."n" < 5)
        )
        SELECT "counts"."n" FROM "counts"
        """)
    #expect(numbers.elementsEqual([1, 2, 3, 4, 5]))
  }

  @Test func tableExpressionsInJoins() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "is_done" INTEGER NOT NULL,
          "rank" INTEGER, "price" REAL NOT NULL, "tag" TEXT);
        INSERT INTO "items" ("name", "is_done", "price") VALUES ('a', 0, 1), ('b', 0, 10), ('c', 1, 20);
        """)
    let query = BigItem.with(as: Item.where { $0.price > 5 }.select { ($0.id, $0.name) }) {
      Item.join(BigItem.all) { $0.id == $1.id }.select { ($0.name, $1.name) }
    }
    let rows = try query.fetchAll(db)
    #expect(rows.map(\.0).elementsEqual(["b", "c"]))
    let chained = BigItem.with(as: Item.where { $0.price > 5 }.select { ($0.id, $0.name) }) {
      Count.select { $0.n }
    }.with(Count.self, as: BigItem.select { $0.id.count() })
    #expect(try chained.fetchAll(db).elementsEqual([2]))
  }
}
