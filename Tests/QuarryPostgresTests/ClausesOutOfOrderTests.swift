import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

/// Clauses added out of SQL order, each with a bound value (GROUP BY's with a dialect form),
/// built once, at the top level.
let clausesOutOfOrder = Reminder.order { $0.id.count() < 3 }.group { $0.title.ilike("%r%") }
  .having { $0.id.count() > 0 }.order { $0.id.max().desc() }.limit(3)
  .select { ($0.id.count(), $0.id.max()) }

@Suite("Clauses added out of order", .enabled(if: PostgresTestServer.isEnabled))
struct ClausesOutOfOrderTests {
  /// They render in SQL order, each with its values (GROUP BY's ILIKE in each dialect's form),
  /// the first ORDER BY term first, and give the same rows on both databases.
  @Test func renderInSQLOrderOnBoth() async throws {
    #expect(
      clausesOutOfOrder.sql(for: .postgres) == """
        SELECT count("reminders"."id"), max("reminders"."id")
        FROM "reminders"
        GROUP BY ("reminders"."title" ILIKE $1)
        HAVING (count("reminders"."id") > $2)
        ORDER BY (count("reminders"."id") < $3), max("reminders"."id") DESC
        LIMIT $4
        """)
    #expect(
      clausesOutOfOrder.query.inlinedSQL(for: .sqlite) == """
        SELECT count("reminders"."id"), max("reminders"."id")
        FROM "reminders"
        GROUP BY ("reminders"."title" LIKE '%r%')
        HAVING (count("reminders"."id") > 0)
        ORDER BY (count("reminders"."id") < 3), max("reminders"."id") DESC
        LIMIT 3
        """)
    #expect(
      clausesOutOfOrder.query.inlinedSQL(for: .postgres) == """
        SELECT count("reminders"."id"), max("reminders"."id")
        FROM "reminders"
        GROUP BY ("reminders"."title" ILIKE '%r%')
        HAVING (count("reminders"."id") > 0)
        ORDER BY (count("reminders"."id") < 3), max("reminders"."id") DESC
        LIMIT 3
        """)
    let sqlite = try clausesOutOfOrder.fetchAll(SampleData.sqlite()).map { "\($0)" }
    #expect(sqlite == ["(4, Optional(4))", "(2, Optional(6))"])
    let rows = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.read { db in
        try await clausesOutOfOrder.fetchAll(db).map { "\($0)" }
      }
    }
    #expect(rows == sqlite)
  }
}
