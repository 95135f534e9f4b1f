import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("?? between two optional expressions is coalesce, never Swift's ??")
struct CoalesceTests {
  @Test func twoOptionalsInALetOfAClosure() throws {
    let db = try library()
    // With no type to steer it, Swift's own `??` would apply here (a wrapped column is a
    // non-optional value) and render only the left column.
    let query = Book.where { $0.id == 2 }.select { book in
      let either = book.info ?? book.rating.cast(as: String?.self)
      return either
    }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT coalesce("books"."info", CAST("books"."rating" AS TEXT))
        FROM "books" WHERE ("books"."id" = 2)
        """)
    #expect(rows.elementsEqual([nil]))
  }

  @Test func aChainEndingInAValue() throws {
    let db = try library()
    let query = Book.order { $0.id }.select {
      $0.info ?? $0.rating.cast(as: String?.self) ?? "none"
    }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT coalesce("books"."info", coalesce(CAST("books"."rating" AS TEXT), 'none'))
        FROM "books" ORDER BY "books"."id"
        """)
    #expect(rows.count == 5)
    #expect(rows[1] == "none")
    #expect(rows[3] == "2.0")
  }
}
