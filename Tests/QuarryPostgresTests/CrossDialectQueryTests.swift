import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

/// The same statements on SQLite and on PostgreSQL: each dialect's SQL checked, and the same
/// rows expected from both, so that the two backends cannot drift apart.
@Suite("One suite, two databases", .enabled(if: PostgresTestServer.isEnabled))
struct CrossDialectQueryTests {
  /// Renders `build()` in both dialects, checks each SQL (`postgres` is nil where it is the same
  /// as SQLite's), runs it on both databases and compares the rows.
  func check<each Value: QueryDecodable>(
    _ build: @Sendable () -> some Statement<(repeat each Value)>,
    sqlite: String, postgres: String? = nil, ordered: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(build().query.sql == sqlite, sourceLocation: sourceLocation)
    let postgresSQL = build().query.rendered(for: .postgres).sql
    #expect(postgresSQL == (postgres ?? sqlite), sourceLocation: sourceLocation)
    let sqliteRows = try build().fetchAll(SampleData.sqlite()).map { String(describing: $0) }
    let postgresRows = try await PostgresTestServer.withDatabase { pg in
      try await SampleData.load(into: pg)
      return try await pg.read { db in
        try await build().fetchAll(db).map { String(describing: $0) }
      }
    }
    #expect(
      !sqliteRows.isEmpty || postgresSQL.contains("FALSE"), sourceLocation: sourceLocation)
    if ordered {
      #expect(sqliteRows == postgresRows, sourceLocation: sourceLocation)
    } else {
      // Without an ORDER BY, each database returns the rows in an order of its own.
      #expect(sqliteRows.sorted() == postgresRows.sorted(), sourceLocation: sourceLocation)
    }
  }

  @Test func filterOrderLimit() async throws {
    try await check(
      { Reminder.where { !$0.isCompleted && $0.priority != nil }.order { $0.title }.limit(2) },
      sqlite: """
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", \
        "reminders"."priority", "reminders"."remindersListID", "reminders"."notes"
        FROM "reminders"
        WHERE ((NOT "reminders"."isCompleted") AND ("reminders"."priority" IS NOT NULL))
        ORDER BY "reminders"."title"
        LIMIT ?
        """)
  }

  @Test func booleanComparisonAndOffsetWithoutLimit() async throws {
    try await check(
      { Reminder.select { $0.title }.where { $0.isCompleted == false }.order { $0.id }.offset(2) },
      sqlite: """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE ("reminders"."isCompleted" = ?)
        ORDER BY "reminders"."id"
        LIMIT -1 OFFSET ?
        """,
      postgres: """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE ("reminders"."isCompleted" = ?)
        ORDER BY "reminders"."id"
        LIMIT ALL OFFSET ?
        """)
  }

  @Test func isBetweenExpressions() async throws {
    try await check(
      {
        Reminder.select { $0.id }
          .where {
            $0.priority.is(
              #sql("CASE WHEN \($0.remindersListID) = 1 THEN 2 END", as: Int?.self))
          }
          .order { $0.id }
      },
      sqlite: """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE ("reminders"."priority" IS (CASE WHEN "reminders"."remindersListID" = 1 THEN 2 END))
        ORDER BY "reminders"."id"
        """,
      postgres: """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE ("reminders"."priority" IS NOT DISTINCT FROM (CASE WHEN "reminders"."remindersListID" = 1 THEN 2 END))
        ORDER BY "reminders"."id"
        """)
  }

  @Test func isNotWithValueAndNil() async throws {
    try await check(
      {
        Reminder.select { $0.id }.where { $0.priority.isNot(3) && $0.notes.is(nil) }
          .order { $0.id }
      },
      sqlite: """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE (("reminders"."priority" IS NOT ?) AND ("reminders"."notes" IS NULL))
        ORDER BY "reminders"."id"
        """,
      postgres: """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE (("reminders"."priority" IS DISTINCT FROM ?) AND ("reminders"."notes" IS NULL))
        ORDER BY "reminders"."id"
        """)
  }

  @Test func joinGroupAggregate() async throws {
    try await check(
      {
        RemindersList.join(Reminder.all) { $0.id == $1.remindersListID }
          .group { l, _ in l.id }
          .order { l, _ in l.id }
          .select { l, r in (l.title, r.id.count(), r.priority.max()) }
      },
      sqlite: """
        SELECT "remindersLists"."title", count("reminders"."id"), max("reminders"."priority")
        FROM "remindersLists"
        JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
        GROUP BY "remindersLists"."id"
        ORDER BY "remindersLists"."id"
        """)
  }

  @Test func groupConcat() async throws {
    try await check(
      {
        Reminder.group { $0.remindersListID }.order { $0.remindersListID }
          .select { ($0.remindersListID, $0.id.groupConcat(";")) }
      },
      sqlite: """
        SELECT "reminders"."remindersListID", group_concat("reminders"."id", ?)
        FROM "reminders"
        GROUP BY "reminders"."remindersListID"
        ORDER BY "reminders"."remindersListID"
        """,
      postgres: """
        SELECT "reminders"."remindersListID", string_agg(CAST("reminders"."id" AS text), ?)
        FROM "reminders"
        GROUP BY "reminders"."remindersListID"
        ORDER BY "reminders"."remindersListID"
        """)
  }

  @Test func leftJoinWithOptionalTable() async throws {
    try await check(
      {
        RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
          .order { l, r in (l.id, r.id) }
          .select { l, r in (l.title, r.title) }
      },
      sqlite: """
        SELECT "remindersLists"."title", "reminders"."title"
        FROM "remindersLists"
        LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
        ORDER BY "remindersLists"."id", "reminders"."id"
        """)
  }

  @Test func subqueryAndInAndLike() async throws {
    try await check(
      {
        Reminder.select { $0.title }
          .where {
            $0.remindersListID.in(RemindersList.select { $0.id }.where { $0.title.like("H%") })
              || $0.title.like("%PR")
          }
          .order { $0.title.desc() }
      },
      sqlite: """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE (("reminders"."remindersListID" IN (SELECT "remindersLists"."id"
        FROM "remindersLists"
        WHERE ("remindersLists"."title" LIKE ?))) OR ("reminders"."title" LIKE ?))
        ORDER BY "reminders"."title" DESC
        """)
  }

  @Test func coalesceAndArithmetic() async throws {
    try await check(
      { Reminder.order { $0.id }.select { ($0.id, ($0.priority ?? 0) * 10, $0.notes ?? "-") } },
      sqlite: """
        SELECT "reminders"."id", (coalesce("reminders"."priority", ?) * ?), \
        coalesce("reminders"."notes", ?)
        FROM "reminders"
        ORDER BY "reminders"."id"
        """)
  }

  @Test func noneRendersFalse() async throws {
    try await check(
      { Reminder.none.select { $0.id } },
      sqlite: """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE 0
        """,
      postgres: """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE FALSE
        """)
  }

  @Test func unionWithOrderedArm() async throws {
    try await check(
      {
        Reminder.select { $0.title }.where { $0.isCompleted }
          .union(RemindersList.select { $0.title }.order { $0.title }.limit(1))
      },
      sqlite: """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE "reminders"."isCompleted"
        UNION
        SELECT * FROM (SELECT "remindersLists"."title"
        FROM "remindersLists"
        ORDER BY "remindersLists"."title"
        LIMIT ?)
        """,
      postgres: """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE "reminders"."isCompleted"
        UNION
        SELECT * FROM (SELECT "remindersLists"."title"
        FROM "remindersLists"
        ORDER BY "remindersLists"."title"
        LIMIT ?) AS "arm"
        """, ordered: false)
  }

  @Test func findByPrimaryKey() async throws {
    try await check(
      { Reminder.find(4) },
      sqlite: """
        SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", \
        "reminders"."priority", "reminders"."remindersListID", "reminders"."notes"
        FROM "reminders"
        WHERE ("reminders"."id" = ?)
        """)
  }

  @Test func countAndCaseInsensitiveLike() async throws {
    try await check(
      { Reminder.where { $0.title.ilike("A%") }.select { $0.id } },
      sqlite: """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE ("reminders"."title" LIKE ?)
        """,
      postgres: """
        SELECT "reminders"."id"
        FROM "reminders"
        WHERE ("reminders"."title" ILIKE ?)
        """)
  }
}
