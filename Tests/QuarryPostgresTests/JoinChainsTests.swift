import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// Joins to an alias after a filter, after a join of two tables and from a filtered alias, and
// a third table after an outer join, built once, at the top level.
let filteredToAlias = Reminder.where { $0.id > 1 }
  .leftJoin(Reminder.aliased("next")) { $0.id + 1 == $1.id }
  .order { reminder, _ in reminder.id }.select { reminder, next in (reminder.id, next.id) }
let joinedThenAlias = Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
  .leftJoin(Reminder.aliased("next")) { reminder, _, next in reminder.id + 1 == next.id }
  .order { reminder, _, _ in reminder.id }
  .select { reminder, list, next in (reminder.id, list.id, next.id) }
let filteredAliasFullJoin = Reminder.aliased("r").where { $0.id < 4 }
  .fullJoin(RemindersList.where { $0.id == 1 }) { $0.remindersListID == $1.id }
  .select { reminder, list in (reminder.id, list.id) }
let listsRemindersAndNext = RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
  .leftJoin(Reminder.aliased("next")) { _, reminder, next in reminder.id + 1 == next.id }
  .select { list, reminder, next in (list.id, reminder.id, next.id) }
let listsWithTheLastTwo = RemindersList.leftJoin(Reminder.order { $0.id.desc() }.limit(2)) {
  $0.id == $1.remindersListID
}
.select { list, reminder in (list.id, reminder.id) }
let orderedCrossAlias = Reminder.order { $0.id }.crossJoin(RemindersList.aliased("l"))
  .where { _, list in list.id == 1 }.select { reminder, list in (reminder.id, list.id) }

@Suite("Joins from any select to any joined table", .enabled(if: PostgresTestServer.isEnabled))
struct JoinChainsTests {
  /// Each renders the same join on both databases, with its own placeholders, and gives the
  /// same rows on both.
  @Test func giveTheSameRowsOnBoth() async throws {
    #expect(
      joinedThenAlias.sql(for: .postgres) == """
        SELECT "reminders"."id", "remindersLists"."id", "next"."id"
        FROM "reminders"
        JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
        LEFT JOIN "reminders" AS "next" ON (("reminders"."id" + $1) = "next"."id")
        ORDER BY "reminders"."id"
        """)
    #expect(
      filteredAliasFullJoin.sql(for: .postgres) == """
        SELECT "r"."id", "remindersLists"."id"
        FROM "reminders" AS "r"
        FULL JOIN "remindersLists" ON (("r"."remindersListID" = "remindersLists"."id") \
        AND ("remindersLists"."id" = $1))
        WHERE ("r"."id" < $2)
        """)
    let sqlite = try SampleData.sqlite()
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      func rows<each Value: QueryDecodable>(
        _ statement: some Statement<(repeat each Value)>
      ) async throws -> (sqlite: [String], postgres: [String]) {
        let onSQLite = try statement.fetchAll(sqlite).map { String(describing: $0) }
        let onPostgres = try await postgres.read { db in
          try await statement.fetchAll(db).map { String(describing: $0) }
        }
        return (onSQLite, onPostgres)
      }
      let filtered = try await rows(filteredToAlias)
      #expect(filtered.sqlite.count == 5)
      #expect(filtered.sqlite.last == "(6, nil)")
      let joined = try await rows(joinedThenAlias)
      #expect(joined.sqlite.count == 6)
      let full = try await rows(filteredAliasFullJoin)
      let crossed = try await rows(orderedCrossAlias)
      #expect(crossed.sqlite.count == 6)
      // Six reminders, the next one of each where there is one, and the list without any.
      let chained = try await rows(listsRemindersAndNext)
      #expect(chained.sqlite.count == 7)
      #expect(chained.sqlite.contains("(3, nil, nil)"))
      // The last two reminders (5 and 6, both on list 2), as a subquery; lists 1 and 3 alone.
      let lastTwo = try await rows(listsWithTheLastTwo)
      #expect(
        lastTwo.sqlite.sorted() == ["(1, nil)", "(2, Optional(5))", "(2, Optional(6))", "(3, nil)"])
      for (onSQLite, onPostgres) in [filtered, joined, full, crossed, chained, lastTwo] {
        #expect(!onSQLite.isEmpty)
        // (Sorted: the databases order NULLs at opposite ends.)
        #expect(onSQLite.sorted() == onPostgres.sorted())
      }
    }
  }
}
