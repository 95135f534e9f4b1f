import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// Selects of a table's rows whose clauses are an order by one of its columns and a limit: they
// render their text in one copy (the table's select, the filter, the clauses), and bind the
// values after it. Built once, at the top level, as apps hold them.
let openAfterOne = Reminder.where { !$0.isCompleted }.where { $0.id > 1 }
  .where { $0.title != "Doctor" }.order { $0.id.desc() }.limit(2)
let firstThree = Reminder.order { $0.id.asc() }.limit(3)
let fifthOnly = Reminder.where { $0.id == 5 }.limit(1)
let withoutPriority = Reminder.where { $0.priority == nil }.order { $0.id }
let secondPage = Reminder.where { $0.id > 1 }.order { $0.id }.limit(2, offset: 1)
let newestOpenAtHome = OpenReminder.where { $0.remindersListID == 1 }.limit(1)

/// The SQL, the placeholders and the rows of a select of whole rows, on both databases.
@Suite("A table's select", .enabled(if: PostgresTestServer.isEnabled))
struct TableSelectRenderTests {
  /// Checks `statement`'s SQL for SQLite (PostgreSQL's is the same with `$1`, `$2`, … for the
  /// `?`s) and that both databases return the rows of `ids`.
  func check<Row: Table & QueryDecodable & Sendable>(
    _ statement: some Statement<Row>, id: KeyPath<Row, Int>, sql: String, ids: [Int],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    #expect(statement.query.sql == sql, sourceLocation: sourceLocation)
    var numbered = ""
    var number = 0
    for character in sql {
      if character == "?" {
        number += 1
        numbered += "$\(number)"
      } else {
        numbered.append(character)
      }
    }
    #expect(statement.sql(for: .postgres) == numbered, sourceLocation: sourceLocation)
    #expect(statement.query.bindings.count == number, sourceLocation: sourceLocation)
    let sqlite = try statement.fetchAll(SampleData.sqlite()).map { $0[keyPath: id] }
    #expect(sqlite == ids, sourceLocation: sourceLocation)
    let postgres = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.read { db in try await statement.fetchAll(db) }
    }
    #expect(postgres.map { $0[keyPath: id] } == ids, sourceLocation: sourceLocation)
  }

  static let columns = """
    SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", \
    "reminders"."priority", "reminders"."remindersListID", "reminders"."notes"
    FROM "reminders"
    """

  @Test func filterOrderAndLimit() async throws {
    try await check(
      openAfterOne, id: \.id,
      sql: Self.columns + """

        WHERE (NOT "reminders"."isCompleted") AND ("reminders"."id" > ?) \
        AND ("reminders"."title" <> ?)
        ORDER BY "reminders"."id" DESC
        LIMIT ?
        """,
      ids: [6, 4])
  }

  @Test func orderAndLimitWithoutFilter() async throws {
    try await check(
      firstThree, id: \.id,
      sql: Self.columns + """

        ORDER BY "reminders"."id" ASC
        LIMIT ?
        """,
      ids: [1, 2, 3])
  }

  @Test func filterAndLimit() async throws {
    try await check(
      fifthOnly, id: \.id,
      sql: Self.columns + """

        WHERE ("reminders"."id" = ?)
        LIMIT ?
        """,
      ids: [5])
  }

  @Test func filterAndOrderWithoutValues() async throws {
    try await check(
      withoutPriority, id: \.id,
      sql: Self.columns + """

        WHERE ("reminders"."priority" IS NULL)
        ORDER BY "reminders"."id"
        """,
      ids: [2, 6])
  }

  /// An offset is not one of those clauses: the select renders clause by clause.
  @Test func limitWithOffset() async throws {
    try await check(
      secondPage, id: \.id,
      sql: Self.columns + """

        WHERE ("reminders"."id" > ?)
        ORDER BY "reminders"."id"
        LIMIT ? OFFSET ?
        """,
      ids: [3, 4])
  }

  /// A type's default scope goes first: its filter, then the statement's; its order.
  @Test func defaultScopeAndLimit() async throws {
    try await check(
      newestOpenAtHome, id: \.id,
      sql: Self.columns + """

        WHERE (NOT "reminders"."isCompleted") AND ("reminders"."remindersListID" = ?)
        ORDER BY "reminders"."id" DESC
        LIMIT ?
        """,
      ids: [3])
  }
}
