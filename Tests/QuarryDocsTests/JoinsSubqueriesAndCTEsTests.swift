import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Table struct Urgent {
  let id: Int
  let title: String
}

@Suite("Article: Joins, subqueries and CTEs")
struct JoinsSubqueriesAndCTEsTests {
  @Test func joins() throws {
    let queue = try sampleQueue()
    let withLists = Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
      .where { reminder, _ in !reminder.isCompleted }
      .select { ($0.title, $1.title) }
    let sizes = RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
      .group { list, _ in list.id }
      .select { ($0.title, $1.id.count()) }
    assertSQL(
      withLists,
      """
      SELECT "reminders"."title", "remindersLists"."title" FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      WHERE (NOT "reminders"."is_completed")
      """)
    assertSQL(
      sizes,
      """
      SELECT "remindersLists"."title", count("reminders"."id") FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      GROUP BY "remindersLists"."id"
      """)
    let pairs: [(String, String)] = try queue.read { db in try withLists.fetchAll(db) }
    #expect(pairs.map(\.1) == ["Home", "Work", "Work"])
    let counted: [(String, Int)] = try queue.read { db in try sizes.fetchAll(db) }
    #expect(counted.map(\.1) == [2, 2])
  }

  @Test func subqueriesCTEsAndUnions() throws {
    let queue = try sampleQueue()
    let workIDs = RemindersList.where { $0.title == "Work" }.select { $0.id }
    let atWork = Reminder.where { $0.remindersListID.in(workIDs) }.select { $0.title }
    let high = Reminder.where { $0.priority == .high }.select { ($0.id, $0.title) }
    let urgent = Urgent.with(as: high) {
      Urgent.select { $0.title }
    }
    let mixed = Reminder.where { $0.priority == .high }.select { $0.title }
      .union(RemindersList.select { $0.title })
    assertSQL(
      atWork,
      """
      SELECT "reminders"."title" FROM "reminders"
      WHERE ("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists"
        WHERE ("remindersLists"."title" = 'Work')))
      """)
    assertSQL(
      urgent,
      """
      WITH "urgents" ("id", "title") AS (
        SELECT "reminders"."id", "reminders"."title" FROM "reminders"
        WHERE ("reminders"."priority" = 3)
      )
      SELECT "urgents"."title" FROM "urgents"
      """)
    let (titles, urgentTitles, allTitles) = try queue.read { db in
      (try atWork.fetchAll(db), try urgent.fetchAll(db), try mixed.fetchAll(db))
    }
    #expect(titles == ["Report", "Call Ada"])
    #expect(urgentTitles == ["Groceries"])
    #expect(Set(allTitles) == ["Groceries", "Home", "Work"])
  }
}
