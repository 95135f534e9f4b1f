import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Table struct Urgent {
  let id: Int
  let title: String
}

@Table
struct Step: Codable, Equatable {
  let id: Int
  var reminderID: Int
  var title = ""
}

@Selection
struct ReminderWithSteps {
  let title: String
  @Column(as: [Step].JSONRepresentation.self)
  let steps: [Step]
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

  @Test func rowsWithTheirChildren() throws {
    let queue = try sampleQueue()
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE "steps" (
            "id" INTEGER PRIMARY KEY, "reminderID" INTEGER NOT NULL, "title" TEXT NOT NULL
          ) STRICT;
          INSERT INTO "steps" VALUES (1, 1, 'Milk'), (2, 3, 'Outline'), (3, 1, 'Eggs');
          """)
    }
    let withSteps = Reminder.group { $0.id }
      .leftJoin(Step.all) { $0.id == $1.reminderID }
      .select { ReminderWithSteps.Columns(title: $0.title, steps: $1.jsonGroupArray()) }
    assertSQL(
      withSteps,
      """
      SELECT "reminders"."title" AS "title", json_group_array(json_object('id', "steps"."id",
      'reminderID', "steps"."reminderID", 'title', "steps"."title"))
      FILTER (WHERE ("steps"."id" IS NOT NULL)) AS "steps"
      FROM "reminders"
      LEFT JOIN "steps" ON ("reminders"."id" = "steps"."reminderID")
      GROUP BY "reminders"."id"
      """)
    let rows = try queue.read { db in try withSteps.fetchAll(db) }
    #expect(rows.map(\.title) == ["Groceries", "Haircut", "Report", "Call Ada"])
    #expect(
      rows.map { $0.steps.map(\.title).sorted() } == [["Eggs", "Milk"], [], ["Outline"], []])
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
