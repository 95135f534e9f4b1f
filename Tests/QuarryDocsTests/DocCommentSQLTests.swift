import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// The SQL that doc comments of query-building symbols say their examples render.
///
/// Each example a doc comment shows ("`swift` renders `sql`", or a Swift code block followed by
/// an SQL code block) is checked here, with the same Swift and the same SQL: the check renders
/// the Swift, compares the SQL and runs it on an in-memory database
/// (``DocCommentSchema``). `everyExampleIsChecked` fails for an example without its check.
@Suite("Doc comments show the SQL their examples render")
struct DocCommentSQLTests {
  typealias Reminder = DocCommentSchema.Reminder
  typealias RemindersList = DocCommentSchema.RemindersList
  typealias OpenReminder = DocCommentSchema.OpenReminder
  typealias ReminderText = DocCommentSchema.ReminderText
  typealias TaggedReminder = DocCommentSchema.TaggedReminder
  typealias ColumnInfo = DocCommentSchema.ColumnInfo
  typealias ForeignKey = DocCommentSchema.ForeignKey
  typealias Count = DocCommentSchema.Count
  typealias Device = DocCommentSchema.Device
  typealias Profile = DocCommentSchema.Profile
  typealias Post = DocCommentSchema.Post

  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func everyExampleIsChecked() throws {
    let examples = DocCommentExample.all(under: Self.root.appendingPathComponent("Sources"))
    #expect(examples.count >= 100)
    let source = DocCommentExample.stripped(try String(contentsOfFile: #filePath, encoding: .utf8))
    for example in examples where !example.isChecked(in: source) {
      Issue.record("An example of a doc comment has no check here: \(example)")
    }
  }

  @Test func writes() {
    check(
      Reminder.where(\.isCompleted).delete(),
      #"""
      DELETE FROM "reminders"
      WHERE "reminders"."isCompleted"
      """#)
    check(
      Reminder.where { $0.id == 1 }.delete().returning { $0.id },
      #"""
      DELETE FROM "reminders"
      WHERE ("reminders"."id" = 1)
      RETURNING "reminders"."id"
      """#)
    check(
      Reminder.update { $0.isCompleted = true },
      #"""
      UPDATE "reminders"
      SET "isCompleted" = 1
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      """#)
    check(Reminder.delete(), #"DELETE FROM "reminders""#)
    check(
      Reminder.delete().where { $0.id == 1 },
      #"""
      DELETE FROM "reminders"
      WHERE ("reminders"."id" = 1)
      """#)
    check(
      Reminder.delete(Reminder(id: 1)),
      #"""
      DELETE FROM "reminders"
      WHERE ("reminders"."id" = 1)
      """#)
    check(
      Reminder.update { $0.isCompleted = true }.where { $0.id == 1 },
      #"""
      UPDATE "reminders"
      SET "isCompleted" = 1
      WHERE ("reminders"."id" = 1)
      """#)
    check(
      Reminder.where { $0.id == 1 }.update { $0.title += "!" },
      #"""
      UPDATE "reminders"
      SET "title" = ("reminders"."title" || '!')
      WHERE ("reminders"."id" = 1)
      """#)
    check(
      Reminder.update(Reminder(id: 1, title: "Milk")),
      #"""
      UPDATE "reminders"
      SET "title" = 'Milk', "isCompleted" = 0, "priority" = NULL, "remindersListID" = 1
      WHERE ("reminders"."id" = 1)
      """#)
    check(
      Reminder.delete().returningAll(),
      #"""
      DELETE FROM "reminders"
      RETURNING "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"
      """#)
    check(
      Reminder.where { $0.id == 1 }.delete().returning { ($0.id, $0.title) },
      #"""
      DELETE FROM "reminders"
      WHERE ("reminders"."id" = 1)
      RETURNING "reminders"."id", "reminders"."title"
      """#)
    check(Reminder.insert(), #"INSERT INTO "reminders" DEFAULT VALUES"#)
    check(
      Reminder.insert {
        ($0.title, $0.priority)
      } values: {
        ("Milk", 2)
      },
      #"""
      INSERT INTO "reminders" ("title", "priority")
      VALUES ('Milk', 2)
      """#)
    check(
      Reminder.insert { Reminder.Draft(title: "Milk") },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (NULL, 'Milk', 0, NULL, 1)
      """#)
    check(
      RemindersList.insert {
        $0.title
      } select: {
        Reminder.select { $0.title }
      },
      #"""
      INSERT INTO "remindersLists" ("title")
      SELECT "reminders"."title"
      FROM "reminders"
      """#)
  }

  @Test func upserts() {
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflict {
        $0.id
      } doUpdate: {
        $0.name = $1.name
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflict {
        $0.id
      } doUpdate: {
        $0.name += "!"
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!')
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflict {
        $0.id
      } doUpdate: {
        $0.name = $1.name
      } where: {
        $0.name != ""
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name" WHERE ("tags"."name" <> '')
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoUpdate { $0.name = $1.name },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO UPDATE SET "name" = excluded."name"
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoUpdate { $0.name += "!" },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!')
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoNothing { $0.id },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO NOTHING
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoNothing(),
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO NOTHING
      """#)
    check(
      Reminder.insert { Reminder.Draft(title: "Groceries") }.onConflict {
        $0.title
      } where: {
        !$0.isCompleted
      } doUpdate: {
        $0.priority = 1
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (NULL, 'Groceries', 0, NULL, 1)
      ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO UPDATE SET "priority" = 1
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoUpdate {
        $0.name = $1.name
      } where: {
        $0.name != ""
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO UPDATE SET "name" = excluded."name" WHERE ("tags"."name" <> '')
      """#)
    check(
      Reminder.insert { Reminder.Draft(title: "Groceries") }.onConflictDoNothing {
        $0.title
      } where: {
        !$0.isCompleted
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (NULL, 'Groceries', 0, NULL, 1)
      ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO NOTHING
      """#)
    check(
      Tag.insert {
        ($0.id, $0.name)
      } values: {
        ("a", "errands")
      } onConflictDoUpdate: {
        $0.name = $1.name
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO UPDATE SET "name" = excluded."name"
      """#)
    check(
      Reminder.insert {
        Reminder.Draft(id: 1, title: "Milk")
      } onConflictDoUpdate: {
        $0.title = $1.title
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (1, 'Milk', 0, NULL, 1)
      ON CONFLICT DO UPDATE SET "title" = excluded."title"
      """#)
    check(
      Reminder.upsert { Reminder.Draft(id: 1, title: "Milk") },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (1, 'Milk', 0, NULL, 1)
      ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title", "isCompleted" = excluded."isCompleted", "priority" = excluded."priority", "remindersListID" = excluded."remindersListID"
      """#)
    check(
      Tag.insert {
        Tag(id: "a", name: "errands")
      } onConflictDoUpdate: {
        $0.name = $1.name
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO UPDATE SET "name" = excluded."name"
      """#)
    check(
      Tag.insert {
        Tag(id: "a", name: "errands")
      } onConflict: {
        $0.id
      } doUpdate: {
        $0.name = $1.name
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
      """#)
  }

  @Test func selects() {
    check(
      Reminder.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      """#)
    check(
      Reminder.unscoped.count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      """#)
    check(
      Reminder.all.count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      """#)
    check(
      Reminder.none.count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE 0
      """#)
    check(
      Reminder.where { !$0.isCompleted }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.where { $0.isCompleted }.where { $0.priority == nil }.count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE "reminders"."isCompleted" AND ("reminders"."priority" IS NULL)
      """#)
    check(
      Reminder.select { ($0.id, $0.title) },
      #"""
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      """#)
    check(
      Reminder.where { $0.isCompleted }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE "reminders"."isCompleted"
      """#)
    check(
      Reminder.where { $0.isCompleted }.select { ($0.id, $0.title) },
      #"""
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE "reminders"."isCompleted"
      """#)
    check(
      Reminder.select { $0.id }.select { $0.title },
      #"""
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      """#)
    check(
      Reminder.order { $0.title }.select { ($0.id, $0.title) },
      #"""
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      ORDER BY "reminders"."title"
      """#)
    check(
      Reminder.select { $0.title }.where { $0.priority == 3 },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE ("reminders"."priority" = 3)
      """#)
    check(
      Reminder.select { $0.priority }.distinct(),
      #"""
      SELECT DISTINCT "reminders"."priority"
      FROM "reminders"
      """#)
    check(
      Reminder.distinct().select { $0.priority },
      #"""
      SELECT DISTINCT "reminders"."priority"
      FROM "reminders"
      """#)
    check(
      Reminder.where { $0.isCompleted }.distinct().select { $0.priority },
      #"""
      SELECT DISTINCT "reminders"."priority"
      FROM "reminders"
      WHERE "reminders"."isCompleted"
      """#)
    check(
      Reminder.select { $0.title }.order { $0.title.desc() },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      ORDER BY "reminders"."title" DESC
      """#)
    check(
      Reminder.select { $0.title }.order { ($0.isCompleted, $0.title) },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      ORDER BY "reminders"."isCompleted", "reminders"."title"
      """#)
    check(
      Reminder.order { $0.title }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      ORDER BY "reminders"."title"
      """#)
    check(
      Reminder.order { ($0.priority.desc(), $0.title) }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      ORDER BY "reminders"."priority" DESC, "reminders"."title"
      """#)
    check(
      Reminder.where { !$0.isCompleted }.order { $0.title }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      ORDER BY "reminders"."title"
      """#)
    check(
      Reminder.where { !$0.isCompleted }.order { ($0.priority, $0.title) }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      ORDER BY "reminders"."priority", "reminders"."title"
      """#)
    check(
      Reminder.select { ($0.remindersListID, $0.id.count()) }.group { $0.remindersListID },
      #"""
      SELECT "reminders"."remindersListID", count("reminders"."id")
      FROM "reminders"
      GROUP BY "reminders"."remindersListID"
      """#)
    check(
      Reminder.group { $0.remindersListID }.select { ($0.remindersListID, $0.id.count()) },
      #"""
      SELECT "reminders"."remindersListID", count("reminders"."id")
      FROM "reminders"
      GROUP BY "reminders"."remindersListID"
      """#)
    check(
      Reminder.where { !$0.isCompleted }.group { $0.remindersListID }.select {
        ($0.remindersListID, $0.id.count())
      },
      #"""
      SELECT "reminders"."remindersListID", count("reminders"."id")
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      GROUP BY "reminders"."remindersListID"
      """#)
    check(
      Reminder.group { $0.remindersListID }.having { $0.id.count() > 1 }.select {
        $0.remindersListID
      },
      #"""
      SELECT "reminders"."remindersListID"
      FROM "reminders"
      GROUP BY "reminders"."remindersListID"
      HAVING (count("reminders"."id") > 1)
      """#)
    check(
      Reminder.select { $0.title }.limit(10, offset: 20),
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      LIMIT 10 OFFSET 20
      """#)
    check(
      Reminder.select { $0.title }.limit { _ in Reminder.count().subquery() },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      LIMIT (SELECT count(*)
      FROM "reminders")
      """#)
    check(
      Reminder.where { !$0.isCompleted }.having { $0.id.count() > 1 }.select { $0.id.count() },
      #"""
      SELECT count("reminders"."id")
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      HAVING (count("reminders"."id") > 1)
      """#)
    check(
      Reminder.where { $0.isCompleted }.limit { _ in #sql("1 + 1", as: Int.self) }.select { $0.id },
      #"""
      SELECT "reminders"."id"
      FROM "reminders"
      WHERE "reminders"."isCompleted"
      LIMIT 1 + 1
      """#)
    check(
      Reminder.having { $0.id.count() > 1 }.select { $0.id.count() },
      #"""
      SELECT count("reminders"."id")
      FROM "reminders"
      HAVING (count("reminders"."id") > 1)
      """#)
    check(
      Reminder.limit { _ in #sql("1 + 1", as: Int.self) }.select { $0.id },
      #"""
      SELECT "reminders"."id"
      FROM "reminders"
      LIMIT 1 + 1
      """#)
    check(
      Reminder.select { $0.title }.offset(20),
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      LIMIT -1 OFFSET 20
      """#)
    check(
      Reminder.select { $0.title }.limit(10).offset { _ in Reminder.count().subquery() },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      LIMIT 10 OFFSET (SELECT count(*)
      FROM "reminders")
      """#)
    check(
      Reminder.limit(2).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      LIMIT 2
      """#)
    check(
      Reminder.offset(2).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      LIMIT -1 OFFSET 2
      """#)
    check(
      Reminder.where { !$0.isCompleted }.limit(2).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      LIMIT 2
      """#)
    check(
      Reminder.where { !$0.isCompleted }.offset(2).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      LIMIT -1 OFFSET 2
      """#)
    check(
      Reminder.count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      """#)
    check(
      Reminder.where { $0.isCompleted }.count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE "reminders"."isCompleted"
      """#)
    check(
      Reminder.find(1).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE ("reminders"."id" = 1)
      """#)
    check(
      Reminder.find([1, 2]).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE ("reminders"."id" IN (1, 2))
      """#)
    check(
      Reminder.where { $0.isCompleted }.and(Reminder.where { $0.priority == 3 }).count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE "reminders"."isCompleted" AND ("reminders"."priority" = 3)
      """#)
    check(
      Reminder.where { $0.isCompleted }.or(Reminder.where { $0.priority == 3 }).count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE ("reminders"."isCompleted" OR ("reminders"."priority" = 3))
      """#)
    check(
      Reminder.where { $0.isCompleted }.not().count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE NOT ("reminders"."isCompleted")
      """#)
    check(
      (Reminder.where { $0.isCompleted } && Reminder.where { $0.priority == 3 }).count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE "reminders"."isCompleted" AND ("reminders"."priority" = 3)
      """#)
    check(
      (Reminder.where { $0.isCompleted } || Reminder.where { $0.priority == 3 }).count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE ("reminders"."isCompleted" OR ("reminders"."priority" = 3))
      """#)
    check(
      (!Reminder.where { $0.isCompleted }).count(),
      #"""
      SELECT count(*)
      FROM "reminders"
      WHERE NOT ("reminders"."isCompleted")
      """#)
    check(Values(1, "a"), #"SELECT 1, 'a'"#)
    check(
      Reminder.select { $0.id }.select { $0.title }.map { id, title in (title.upper(), id + 1) },
      #"""
      SELECT upper("reminders"."title"), ("reminders"."id" + 1)
      FROM "reminders"
      """#)
    check(
      Reminder.select { $0.title }.union(RemindersList.select { $0.title }),
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      UNION
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      """#)
    check(
      Reminder.select { $0.title }.unionAll(RemindersList.select { $0.title }),
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      UNION ALL
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      """#)
    check(
      Reminder.select { $0.title }.intersect(RemindersList.select { $0.title }),
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      INTERSECT
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      """#)
    check(
      Reminder.select { $0.title }.except(RemindersList.select { $0.title }),
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      EXCEPT
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      """#)
    check(
      OpenReminder.with(as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) }) {
        OpenReminder.select { $0.title }
      },
      #"""
      WITH "openReminders" ("id", "title") AS (
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      )
      SELECT "openReminders"."title"
      FROM "openReminders"
      """#)
    check(
      OpenReminder.with(as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) }) {
        OpenReminder.count()
      }.with(RemindersList.self, as: RemindersList.select { ($0.id, $0.title) }),
      #"""
      WITH "openReminders" ("id", "title") AS (
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      ),
      "remindersLists" ("id", "title") AS (
      SELECT "remindersLists"."id", "remindersLists"."title"
      FROM "remindersLists"
      )
      SELECT count(*)
      FROM "openReminders"
      """#)
  }

  @Test func joins() {
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "remindersLists"."title", "reminders"."title"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      """#)
    check(
      Reminder.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      RIGHT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.fullJoin(RemindersList.all) { $0.remindersListID == $1.id }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      FULL JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.crossJoin(RemindersList.all).select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      CROSS JOIN "remindersLists"
      """#)
    check(
      Reminder.where { !$0.isCompleted }.join(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.where { !$0.isCompleted }.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.where { !$0.isCompleted }.rightJoin(RemindersList.all) {
        $0.remindersListID == $1.id
      }.select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      RIGHT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.where { !$0.isCompleted }.fullJoin(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      FULL JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.where { !$0.isCompleted }.crossJoin(RemindersList.all).select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      CROSS JOIN "remindersLists"
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.order { $0.title }.join(RemindersList.all) { $0.remindersListID == $1.id }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      ORDER BY "reminders"."title"
      """#)
    check(
      Reminder.order { $0.title }.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select
      { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      ORDER BY "reminders"."title"
      """#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.where { $1.title == "Work" }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      WHERE ("remindersLists"."title" = 'Work')
      """#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.where { reminder, _ in
        !reminder.isCompleted
      }.select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.order { $0.title }.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      RIGHT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      ORDER BY "reminders"."title"
      """#)
    check(
      Reminder.order { $0.title }.fullJoin(RemindersList.all) { $0.remindersListID == $1.id }.select
      { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      FULL JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      ORDER BY "reminders"."title"
      """#)
    check(
      Reminder.order { $0.title }.crossJoin(RemindersList.all).select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "remindersLists"."title"
      FROM "reminders"
      CROSS JOIN "remindersLists"
      ORDER BY "reminders"."title"
      """#)
    check(
      Reminder.join(Reminder.aliased("other")) { $0.priority == $1.priority }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "reminders"."title", "other"."title"
      FROM "reminders"
      JOIN "reminders" AS "other" ON ("reminders"."priority" = "other"."priority")
      """#)
    check(
      Reminder.leftJoin(Reminder.aliased("other")) { $0.priority == $1.priority && $0.id != $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "other"."title"
      FROM "reminders"
      LEFT JOIN "reminders" AS "other" ON (("reminders"."priority" = "other"."priority") AND ("reminders"."id" <> "other"."id"))
      """#)
    check(
      Reminder.rightJoin(Reminder.aliased("other")) { $0.priority == $1.priority }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "other"."title"
      FROM "reminders"
      RIGHT JOIN "reminders" AS "other" ON ("reminders"."priority" = "other"."priority")
      """#)
    check(
      Reminder.fullJoin(Reminder.aliased("other")) { $0.priority == $1.priority }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "other"."title"
      FROM "reminders"
      FULL JOIN "reminders" AS "other" ON ("reminders"."priority" = "other"."priority")
      """#)
    check(
      Reminder.crossJoin(Reminder.aliased("other")).select { ($0.id, $1.id) },
      #"""
      SELECT "reminders"."id", "other"."id"
      FROM "reminders"
      CROSS JOIN "reminders" AS "other"
      """#)
    check(
      Reminder.aliased("r").where { $0.isCompleted }.select { $0.title },
      #"""
      SELECT "r"."title"
      FROM "reminders" AS "r"
      WHERE "r"."isCompleted"
      """#)
    check(
      Reminder.aliased("r").all.select { $0.title },
      #"""
      SELECT "r"."title"
      FROM "reminders" AS "r"
      """#)
    check(
      Reminder.aliased("r").find(1).select { $0.title },
      #"""
      SELECT "r"."title"
      FROM "reminders" AS "r"
      WHERE ("r"."id" = 1)
      """#)
    check(
      Reminder.aliased("r").join(Reminder.aliased("s")) { $0.priority == $1.priority }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "r"."title", "s"."title"
      FROM "reminders" AS "r"
      JOIN "reminders" AS "s" ON ("r"."priority" = "s"."priority")
      """#)
    check(
      Reminder.aliased("r").leftJoin(Reminder.aliased("s")) { $0.priority == $1.priority }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "r"."title", "s"."title"
      FROM "reminders" AS "r"
      LEFT JOIN "reminders" AS "s" ON ("r"."priority" = "s"."priority")
      """#)
    check(
      Reminder.aliased("r").rightJoin(Reminder.aliased("s")) { $0.priority == $1.priority }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "s"."title"
      FROM "reminders" AS "r"
      RIGHT JOIN "reminders" AS "s" ON ("r"."priority" = "s"."priority")
      """#)
    check(
      Reminder.aliased("r").fullJoin(Reminder.aliased("s")) { $0.priority == $1.priority }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "s"."title"
      FROM "reminders" AS "r"
      FULL JOIN "reminders" AS "s" ON ("r"."priority" = "s"."priority")
      """#)
    check(
      Reminder.aliased("r").crossJoin(Reminder.aliased("s")).select { ($0.id, $1.id) },
      #"""
      SELECT "r"."id", "s"."id"
      FROM "reminders" AS "r"
      CROSS JOIN "reminders" AS "s"
      """#)
    check(
      Reminder.aliased("r").leftJoin(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      LEFT JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.aliased("r").rightJoin(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      RIGHT JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.aliased("r").fullJoin(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      FULL JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.aliased("r").crossJoin(RemindersList.all).select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      CROSS JOIN "remindersLists"
      """#)
    check(
      RemindersList.join(Reminder.order { $0.id.desc() }.limit(2)) {
        $0.id == $1.remindersListID
      }.select { ($0.title, $1.title) },
      #"""
      SELECT "remindersLists"."title", "reminders"."title"
      FROM "remindersLists"
      JOIN (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"
      FROM "reminders"
      ORDER BY "reminders"."id" DESC
      LIMIT 2) AS "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      """#)
    check(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.leftJoin(Tag.all) {
        $1.title == $2.name
      }.select { ($0.title, $1.title, $2.name) },
      #"""
      SELECT "remindersLists"."title", "reminders"."title", "tags"."name"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      LEFT JOIN "tags" ON ("reminders"."title" = "tags"."name")
      """#)
    check(
      Reminder.where { !$0.isCompleted }.leftJoin(Reminder.aliased("p")) {
        $0.priority == $1.priority
      }.select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "p"."title"
      FROM "reminders"
      LEFT JOIN "reminders" AS "p" ON ("reminders"."priority" = "p"."priority")
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.aliased("r").where { !$0.isCompleted }.join(RemindersList.all) {
        $0.remindersListID == $1.id
      }.select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
      WHERE (NOT "r"."isCompleted")
      """#)
    check(
      Reminder.aliased("r").all.leftJoin(Reminder.aliased("p")) { $0.priority == $1.priority }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "p"."title"
      FROM "reminders" AS "r"
      LEFT JOIN "reminders" AS "p" ON ("r"."priority" = "p"."priority")
      """#)
    check(
      Reminder.aliased("r").all.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      RIGHT JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.aliased("r").all.fullJoin(RemindersList.all) { $0.remindersListID == $1.id }
        .select { ($0.title, $1.title) },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      FULL JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.aliased("r").all.crossJoin(RemindersList.where { $0.id == 1 }).select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      CROSS JOIN "remindersLists"
      WHERE ("remindersLists"."id" = 1)
      """#)
    check(
      Reminder.aliased("r").join(RemindersList.all) { $0.remindersListID == $1.id }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "r"."title", "remindersLists"."title"
      FROM "reminders" AS "r"
      JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.aliased("r").update { $0.title = $0.title.upper() }.where { $0.id == 1 },
      #"""
      UPDATE "reminders" AS "r"
      SET "title" = upper("r"."title")
      WHERE ("r"."id" = 1)
      """#)
    check(
      Reminder.aliased("r").delete().where { $0.isCompleted },
      #"""
      DELETE FROM "reminders" AS "r"
      WHERE "r"."isCompleted"
      """#)
  }

  @Test func comparisons() {
    check({ $0.title == "Milk" }, #"("reminders"."title" = 'Milk')"#)
    check({ $0.priority == nil }, #"("reminders"."priority" IS NULL)"#)
    check({ $0.title != "Milk" }, #"("reminders"."title" <> 'Milk')"#)
    check({ $0.priority != nil }, #"("reminders"."priority" IS NOT NULL)"#)
    check(
      { $0.priority == $0.remindersListID },
      #"""
      ("reminders"."priority" = "reminders"."remindersListID")
      """#)
    check(
      { $0.priority != $0.remindersListID },
      #"""
      ("reminders"."priority" <> "reminders"."remindersListID")
      """#)
    check({ $0.id < 3 }, #"("reminders"."id" < 3)"#)
    check({ $0.id > 3 }, #"("reminders"."id" > 3)"#)
    check({ $0.id <= 3 }, #"("reminders"."id" <= 3)"#)
    check({ $0.id >= 3 }, #"("reminders"."id" >= 3)"#)
    check({ $0.id < $0.remindersListID }, #"("reminders"."id" < "reminders"."remindersListID")"#)
    check({ $0.id > $0.remindersListID }, #"("reminders"."id" > "reminders"."remindersListID")"#)
    check({ $0.id <= $0.remindersListID }, #"("reminders"."id" <= "reminders"."remindersListID")"#)
    check({ $0.id >= $0.remindersListID }, #"("reminders"."id" >= "reminders"."remindersListID")"#)
    check(
      { $0.isCompleted && $0.priority == 3 },
      #"""
      ("reminders"."isCompleted" AND ("reminders"."priority" = 3))
      """#)
    check(
      { $0.isCompleted || $0.priority == nil },
      #"""
      ("reminders"."isCompleted" OR ("reminders"."priority" IS NULL))
      """#)
    check({ !$0.isCompleted }, #"(NOT "reminders"."isCompleted")"#)
    check({ $0.priority.is(nil) }, #"("reminders"."priority" IS NULL)"#)
    check({ $0.priority.isNot(3) }, #"("reminders"."priority" IS NOT 3)"#)
    check(
      { $0.title.is($0.title.lower()) },
      #"""
      ("reminders"."title" IS lower("reminders"."title"))
      """#)
    check(
      { $0.title.isNot($0.title.lower()) },
      #"""
      ("reminders"."title" IS NOT lower("reminders"."title"))
      """#)
    check(
      { row($0.remindersListID, $0.id) < (2, 1) },
      #"""
      (("reminders"."remindersListID", "reminders"."id") < (2, 1))
      """#)
  }

  @Test func comparisonsSpelledAsMethods() {
    check({ $0.title.eq("Milk") }, #"("reminders"."title" = 'Milk')"#)
    check(
      { $0.priority.eq($0.remindersListID) },
      #"("reminders"."priority" = "reminders"."remindersListID")"#)
    check({ $0.title.neq("Milk") }, #"("reminders"."title" <> 'Milk')"#)
    check(
      { $0.priority.neq($0.remindersListID) },
      #"("reminders"."priority" <> "reminders"."remindersListID")"#)
    check({ $0.id.lt(3) }, #"("reminders"."id" < 3)"#)
    check({ $0.id.lte(3) }, #"("reminders"."id" <= 3)"#)
    check({ $0.id.gt(3) }, #"("reminders"."id" > 3)"#)
    check({ $0.id.gte(3) }, #"("reminders"."id" >= 3)"#)
    check({ $0.id.lt($0.remindersListID) }, #"("reminders"."id" < "reminders"."remindersListID")"#)
    check(
      { $0.id.lte($0.remindersListID) }, #"("reminders"."id" <= "reminders"."remindersListID")"#)
    check({ $0.id.gt($0.remindersListID) }, #"("reminders"."id" > "reminders"."remindersListID")"#)
    check(
      { $0.id.gte($0.remindersListID) }, #"("reminders"."id" >= "reminders"."remindersListID")"#)
    check({ $0.id.notIn([1, 2, 3]) }, #"("reminders"."id" NOT IN (1, 2, 3))"#)
    check(
      { $0.remindersListID.notIn(RemindersList.select { $0.id }) },
      #"""
      ("reminders"."remindersListID" NOT IN (SELECT "remindersLists"."id"
      FROM "remindersLists"))
      """#)
  }

  @Test func membershipAndPatterns() {
    check({ $0.id.in([1, 2, 3]) }, #"("reminders"."id" IN (1, 2, 3))"#)
    check(
      { $0.remindersListID.in(RemindersList.select { $0.id }) },
      #"""
      ("reminders"."remindersListID" IN (SELECT "remindersLists"."id"
      FROM "remindersLists"))
      """#)
    check(
      { $0.priority.in(Reminder.select { $0.id }) },
      #"""
      ("reminders"."priority" IN (SELECT "reminders"."id"
      FROM "reminders"))
      """#)
    check({ [1, 2].contains($0.id) }, #"("reminders"."id" IN (1, 2))"#)
    check(
      { RemindersList.select { $0.id }.contains($0.remindersListID) },
      #"""
      ("reminders"."remindersListID" IN (SELECT "remindersLists"."id"
      FROM "remindersLists"))
      """#)
    check(
      { Reminder.select { $0.id }.contains($0.priority) },
      #"""
      ("reminders"."priority" IN (SELECT "reminders"."id"
      FROM "reminders"))
      """#)
    check({ (1...3).contains($0.id) }, #"("reminders"."id" BETWEEN 1 AND 3)"#)
    check({ (1..<3).contains($0.id) }, #"(("reminders"."id" >= 1) AND ("reminders"."id" < 3))"#)
    check({ $0.id.between(1, and: 3) }, #"("reminders"."id" BETWEEN 1 AND 3)"#)
    check({ $0.id.between(1...3) }, #"("reminders"."id" BETWEEN 1 AND 3)"#)
    check(
      { $0.id.between($0.remindersListID, and: $0.remindersListID + 10) },
      #"""
      ("reminders"."id" BETWEEN "reminders"."remindersListID" AND ("reminders"."remindersListID" + 10))
      """#)
    check({ 1...3 ~= $0.id }, #"("reminders"."id" BETWEEN 1 AND 3)"#)
    check({ 1...3 ~= $0.priority }, #"("reminders"."priority" BETWEEN 1 AND 3)"#)
    check({ $0.title.like("Call%") }, #"("reminders"."title" LIKE 'Call%')"#)
    check(
      { $0.title.like("100\\%", escape: "\\") },
      #"""
      ("reminders"."title" LIKE '100\%' ESCAPE '\')
      """#)
    check({ $0.title.glob("Call*") }, #"("reminders"."title" GLOB 'Call*')"#)
    check({ $0.title.contains("50%") }, #"("reminders"."title" LIKE '%50\%%' ESCAPE '\')"#)
    check({ $0.title.hasPrefix("Call") }, #"(instr("reminders"."title", 'Call') = 1)"#)
    check(
      { $0.title.hasSuffix("s") },
      #"""
      (substr("reminders"."title", ((length("reminders"."title") - length('s')) + 1)) = 's')
      """#)
    check({ $0.title.collate(.nocase) }, #"("reminders"."title" COLLATE NOCASE)"#)
    check({ $0.id.cast(as: String.self) }, #"CAST("reminders"."id" AS TEXT)"#)
    check({ $0.priority.cast(as: Double.self) }, #"CAST("reminders"."priority" AS REAL)"#)
    check(
      { _ in exists(Reminder.where { $0.isCompleted }.select { $0.id }) },
      #"""
      (EXISTS (SELECT "reminders"."id"
      FROM "reminders"
      WHERE "reminders"."isCompleted"))
      """#)
    check(
      { _ in Reminder.count().subquery() },
      #"""
      (SELECT count(*)
      FROM "reminders")
      """#)
    check(
      { Case<String>().when($0.priority == 3, then: "high").else("normal") },
      #"""
      (CASE WHEN ("reminders"."priority" = 3) THEN 'high' ELSE 'normal' END)
      """#)
    check(
      { Case<String>().when($0.priority == 3, then: "high").end() },
      #"""
      (CASE WHEN ("reminders"."priority" = 3) THEN 'high' END)
      """#)
    check(
      { Case<String>().when($0.isCompleted, then: "done").else($0.title) },
      #"""
      (CASE WHEN "reminders"."isCompleted" THEN 'done' ELSE "reminders"."title" END)
      """#)
    check(
      { Case<String>().when($0.isCompleted, then: $0.title.upper()).else($0.title) },
      #"""
      (CASE WHEN "reminders"."isCompleted" THEN upper("reminders"."title") ELSE "reminders"."title" END)
      """#)
    check(
      { Case($0.priority).when(1, then: "low").when(2, then: "medium").else("high") },
      #"""
      (CASE "reminders"."priority" WHEN 1 THEN 'low' WHEN 2 THEN 'medium' ELSE 'high' END)
      """#)
    check(
      { Case($0.priority).when(3, then: $0.title.upper()).else($0.title) },
      #"""
      (CASE "reminders"."priority" WHEN 3 THEN upper("reminders"."title") ELSE "reminders"."title" END)
      """#)
  }

  @Test func arithmetic() {
    check({ $0.id + $0.remindersListID }, #"("reminders"."id" + "reminders"."remindersListID")"#)
    check({ $0.id + 1 }, #"("reminders"."id" + 1)"#)
    check({ $0.id - $0.remindersListID }, #"("reminders"."id" - "reminders"."remindersListID")"#)
    check({ $0.id - 1 }, #"("reminders"."id" - 1)"#)
    check({ $0.id * $0.remindersListID }, #"("reminders"."id" * "reminders"."remindersListID")"#)
    check({ $0.id * 2 }, #"("reminders"."id" * 2)"#)
    check({ $0.id / $0.remindersListID }, #"("reminders"."id" / "reminders"."remindersListID")"#)
    check({ $0.id / 2 }, #"("reminders"."id" / 2)"#)
    check({ $0.id % $0.remindersListID }, #"("reminders"."id" % "reminders"."remindersListID")"#)
    check({ $0.id % 2 }, #"("reminders"."id" % 2)"#)
    check({ +$0.id }, #"(+"reminders"."id")"#)
    check({ -$0.id }, #"(-"reminders"."id")"#)
    check({ $0.id.negate() }, #"(-"reminders"."id")"#)
    check({ $0.id & $0.remindersListID }, #"("reminders"."id" & "reminders"."remindersListID")"#)
    check({ $0.id & 1 }, #"("reminders"."id" & 1)"#)
    check({ $0.id | $0.remindersListID }, #"("reminders"."id" | "reminders"."remindersListID")"#)
    check({ $0.id | 1 }, #"("reminders"."id" | 1)"#)
    check({ $0.id << $0.remindersListID }, #"("reminders"."id" << "reminders"."remindersListID")"#)
    check({ $0.id << 1 }, #"("reminders"."id" << 1)"#)
    check({ $0.id >> $0.remindersListID }, #"("reminders"."id" >> "reminders"."remindersListID")"#)
    check({ $0.id >> 1 }, #"("reminders"."id" >> 1)"#)
    check(
      { $0.id ^ $0.remindersListID },
      #"""
      (~("reminders"."id" & "reminders"."remindersListID") & ("reminders"."id" | "reminders"."remindersListID"))
      """#)
    check({ $0.id ^ 1 }, #"(~("reminders"."id" & 1) & ("reminders"."id" | 1))"#)
    check({ ~$0.id }, #"(~"reminders"."id")"#)
    check({ $0.title + $0.title }, #"("reminders"."title" || "reminders"."title")"#)
    check({ "#" + $0.title }, #"('#' || "reminders"."title")"#)
    check({ $0.title + "!" }, #"("reminders"."title" || '!')"#)
    check({ $0.priority ?? 0 }, #"coalesce("reminders"."priority", 0)"#)
    check({ $0.priority ?? $0.id }, #"coalesce("reminders"."priority", "reminders"."id")"#)
  }

  @Test func ordering() {
    check({ $0.title.asc() }, #""reminders"."title" ASC"#)
    check({ $0.title.desc() }, #""reminders"."title" DESC"#)
    check({ $0.priority.desc().nullsFirst() }, #""reminders"."priority" DESC NULLS FIRST"#)
    check({ $0.priority.asc().nullsLast() }, #""reminders"."priority" ASC NULLS LAST"#)
    check({ $0.priority.asc(nulls: .last) }, #""reminders"."priority" ASC NULLS LAST"#)
    check({ $0.priority.desc(nulls: .first) }, #""reminders"."priority" DESC NULLS FIRST"#)
  }

  @Test func aggregates() {
    check({ $0.id.count() }, #"count("reminders"."id")"#)
    check({ $0.priority.count(distinct: true) }, #"count(DISTINCT "reminders"."priority")"#)
    check(
      { $0.id.count(filter: $0.isCompleted) },
      #"""
      count("reminders"."id") FILTER (WHERE "reminders"."isCompleted")
      """#)
    check({ $0.priority.max() }, #"max("reminders"."priority")"#)
    check({ $0.priority.min() }, #"min("reminders"."priority")"#)
    check({ $0.priority.sum() }, #"sum("reminders"."priority")"#)
    check({ $0.priority.total() }, #"total("reminders"."priority")"#)
    check({ $0.priority.avg() }, #"avg("reminders"."priority")"#)
    check({ $0.title.groupConcat(", ") }, #"group_concat("reminders"."title", ', ')"#)
    check({ $0.title.groupConcat(distinct: true) }, #"group_concat(DISTINCT "reminders"."title")"#)
    check(
      { $0.title.groupConcat($0.title.substr(1, 1)) },
      #"""
      group_concat("reminders"."title", substr("reminders"."title", 1, 1))
      """#)
    check(
      { $0.title.groupConcat(", ").order(by: $0.title.desc()) },
      #"""
      group_concat("reminders"."title", ', ' ORDER BY "reminders"."title" DESC)
      """#, runs: false)
    check(
      { SQLFunctions.count().filter($0.isCompleted) },
      #"""
      count(*) FILTER (WHERE "reminders"."isCompleted")
      """#)
    check({ _ in SQLFunctions.count() }, #"count(*)"#)
  }

  @Test func scalarFunctions() {
    check({ $0.title.length() }, #"length("reminders"."title")"#)
    check({ $0.title.count }, #"length("reminders"."title")"#)
    check({ $0.title.lower() }, #"lower("reminders"."title")"#)
    check({ $0.title.upper() }, #"upper("reminders"."title")"#)
    check({ $0.title.trim() }, #"trim("reminders"."title")"#)
    check({ $0.title.ltrim(" -") }, #"ltrim("reminders"."title", ' -')"#)
    check({ $0.title.rtrim(".") }, #"rtrim("reminders"."title", '.')"#)
    check({ $0.title.substr(1, 3) }, #"substr("reminders"."title", 1, 3)"#)
    check(
      { $0.title.replace("Call", with: "Phone") },
      #"""
      replace("reminders"."title", 'Call', 'Phone')
      """#)
    check({ $0.title.replace("Call", "Phone") }, #"replace("reminders"."title", 'Call', 'Phone')"#)
    check({ $0.title.instr("a") }, #"instr("reminders"."title", 'a')"#)
    check({ $0.title.unicode() }, #"unicode("reminders"."title")"#)
    check({ $0.title.octetLength() }, #"octet_length("reminders"."title")"#, runs: false)
    check({ $0.title.hex().unhex() }, #"unhex(hex("reminders"."title"))"#, runs: false)
    check({ $0.id.abs() }, #"abs("reminders"."id")"#)
    check({ $0.id.round(2) }, #"round("reminders"."id", 2)"#)
    check({ $0.id.sign() }, #"sign("reminders"."id")"#)
    check({ $0.priority.sign() }, #"sign("reminders"."priority")"#)
    check({ $0.title.hex() }, #"hex("reminders"."title")"#)
    check({ $0.title.quote() }, #"quote("reminders"."title")"#)
    check({ $0.priority.typeof() }, #"typeof("reminders"."priority")"#)
    check({ $0.priority.nullif(0) }, #"nullif("reminders"."priority", 0)"#)
    check({ $0.priority.ifnull(0) }, #"ifnull("reminders"."priority", 0)"#)
    check({ $0.isCompleted.likely() }, #"likely("reminders"."isCompleted")"#)
    check({ $0.isCompleted.unlikely() }, #"unlikely("reminders"."isCompleted")"#)
    check({ $0.isCompleted.likelihood(0.25) }, #"likelihood("reminders"."isCompleted", 0.25)"#)
    check({ _ in SQLFunctions.random() }, #"random()"#)
    check({ _ in SQLFunctions.char(72, 105) }, #"char(72, 105)"#)
    check(
      { SQLFunctions.printf("%s (%d)", $0.title, $0.id) },
      #"""
      printf('%s (%d)', "reminders"."title", "reminders"."id")
      """#)
    check(
      { SQLFunctions.coalesce($0.priority, $0.id) },
      #"""
      coalesce("reminders"."priority", "reminders"."id")
      """#)
    check(
      { SQLFunctions.max($0.id, $0.remindersListID) },
      #"""
      max("reminders"."id", "reminders"."remindersListID")
      """#)
    check(
      { SQLFunctions.min($0.id, $0.remindersListID) },
      #"""
      min("reminders"."id", "reminders"."remindersListID")
      """#)
    check({ _ in SQLFunctions.randomblob(4) }, #"randomblob(4)"#)
    check({ _ in SQLFunctions.zeroblob(4) }, #"zeroblob(4)"#)
  }

  @Test func dateAndTime() {
    check({ _ in SQLFunctions.date(SQLFunctions.now, "+1 day") }, #"date('now', '+1 day')"#)
    check({ _ in SQLFunctions.time(SQLFunctions.now) }, #"time('now')"#)
    check(
      { _ in SQLFunctions.datetime(SQLFunctions.now, "start of day") },
      #"""
      datetime('now', 'start of day')
      """#)
    check({ _ in SQLFunctions.julianday(SQLFunctions.now) }, #"julianday('now')"#)
    check({ _ in SQLFunctions.unixepoch(SQLFunctions.now) }, #"unixepoch('now')"#)
    check({ _ in SQLFunctions.strftime("%Y", SQLFunctions.now) }, #"strftime('%Y', 'now')"#)
  }

  @Test func json() {
    check(
      { SQLFunctions.jsonArray($0.id, $0.title) },
      #"""
      json_array("reminders"."id", "reminders"."title")
      """#)
    check(
      { SQLFunctions.jsonObject(["id": $0.id, "title": $0.title]) },
      #"""
      json_object('id', "reminders"."id", 'title', "reminders"."title")
      """#)
    check(
      { SQLFunctions.jsonArray($0.id, $0.title).jsonValue(at: "$[1]") },
      #"""
      (json_array("reminders"."id", "reminders"."title") -> '$[1]')
      """#)
    check(
      { SQLFunctions.jsonArray($0.id, $0.title).jsonExtract("$[1]", as: String.self) },
      #"""
      (json_array("reminders"."id", "reminders"."title") ->> '$[1]')
      """#)
    check(
      { SQLFunctions.jsonExtract(SQLFunctions.jsonArray($0.id), "$[0]", as: Int.self) },
      #"""
      json_extract(json_array("reminders"."id"), '$[0]')
      """#)
    check({ $0.title.jsonGroupArray() }, #"json_group_array("reminders"."title")"#)
    check(
      Event.select { $0.startsAt(.startOfMonth.days(1)) },
      #"""
      SELECT strftime('%Y-%m-%d %H:%M:%f', "events"."startsAt", 'start of month', '1 days') FROM "events"
      """#)
    check(
      Event.select { $0.startsAt.strftime("%Y-%m") },
      #"SELECT strftime('%Y-%m', "events"."startsAt") FROM "events""#)
    check(
      Event.where { $0.startsAt.year == 2026 }.select { $0.id },
      #"""
      SELECT "events"."id" FROM "events" WHERE (CAST(strftime('%Y', "events"."startsAt") AS INTEGER) = 2026)
      """#)
    check(
      Event.where { $0.startsAt < ModifiedDate<Date>.now }.select { $0.id },
      #"""
      SELECT "events"."id" FROM "events" WHERE ("events"."startsAt" < strftime('%Y-%m-%d %H:%M:%f', 'now'))
      """#)
    check(
      { $0.priority.map { $0 * 2 } },
      #"""
      CASE WHEN "reminders"."priority" IS NULL THEN NULL ELSE ("reminders"."priority" * 2) END
      """#)
    check({ $0.priority.flatMap { $0.max() } }, #"max("reminders"."priority")"#)
    check(
      Reminder.find(Reminder.where { $0.priority == 3 }.select { $0.id }).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE ("reminders"."id" IN (SELECT "reminders"."id"
      FROM "reminders"
      WHERE ("reminders"."priority" = 3)))
      """#)
    check(
      Reminder.where { $0.priority == 3 }.find(1).select { $0.title },
      #"""
      SELECT "reminders"."title" FROM "reminders"
      WHERE ("reminders"."priority" = 3) AND ("reminders"."id" = 1)
      """#)
    check(
      Reminder.where { $0.priority == 3 }.find([1, 2]).select { $0.title },
      #"""
      SELECT "reminders"."title" FROM "reminders"
      WHERE ("reminders"."priority" = 3) AND ("reminders"."id" IN (1, 2))
      """#)
    check(
      Reminder.where { $0.priority == 3 }.find(RemindersList.select { $0.id }).select { $0.title },
      #"""
      SELECT "reminders"."title" FROM "reminders"
      WHERE ("reminders"."priority" = 3) AND ("reminders"."id" IN (SELECT "remindersLists"."id" FROM "remindersLists"))
      """#)
    check(
      Reminder.select { $0.title }.find(2),
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 2)"#)
    check(
      Reminder.select { $0.title }.find([1, 3]),
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (1, 3))"#)
    check(
      Reminder.select { $0.title }.find(Reminder.where(\.isCompleted).select { $0.id }),
      #"""
      SELECT "reminders"."title" FROM "reminders"
      WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."isCompleted"))
      """#)
    check(
      { $0.title.jsonGroupArray(distinct: true, filter: $0.isCompleted) },
      #"""
      json_group_array(DISTINCT "reminders"."title") FILTER (WHERE "reminders"."isCompleted")
      """#)
    check(
      RemindersList.select { $0.jsonObject() },
      #"""
      SELECT json_object('id', "remindersLists"."id", 'title', "remindersLists"."title")
      FROM "remindersLists"
      """#)
    check(
      RemindersList.select { $0.jsonGroupArray() },
      #"""
      SELECT json_group_array(json_object('id', "remindersLists"."id", 'title', "remindersLists"."title"))
      FROM "remindersLists"
      """#)
    check(
      { _ in RemindersList.aliased("l").columns.jsonObject() },
      #"json_object('id', "l"."id", 'title', "l"."title")"#, runs: false)
    check(
      { _ in RemindersList.aliased("l").columns.jsonGroupArray() },
      #"json_group_array(json_object('id', "l"."id", 'title', "l"."title"))"#, runs: false)
    check(
      Reminder.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select {
        ($0.title, $1.jsonObject())
      },
      #"""
      SELECT "reminders"."title", CASE WHEN ("remindersLists"."id" IS NOT NULL) THEN json_object('id', "remindersLists"."id", 'title', "remindersLists"."title") END
      FROM "reminders"
      LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.group { $0.remindersListID }.leftJoin(RemindersList.all) {
        $0.remindersListID == $1.id
      }.select { ($0.remindersListID, $1.jsonGroupArray()) },
      #"""
      SELECT "reminders"."remindersListID", json_group_array(json_object('id', "remindersLists"."id", 'title', "remindersLists"."title")) FILTER (WHERE ("remindersLists"."id" IS NOT NULL))
      FROM "reminders"
      LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      GROUP BY "reminders"."remindersListID"
      """#)
    check(
      { SQLFunctions.jsonArray($0.id, $0.title).jsonArrayLength() },
      #"json_array_length(json_array("reminders"."id", "reminders"."title"))"#)
    check(
      {
        SQLFunctions.jsonObject(["ids": SQLFunctions.jsonArray($0.id)]).jsonArrayLength(at: "$.ids")
      },
      #"json_array_length(json_object('ids', json_array("reminders"."id")), '$.ids')"#)
    check({ $0.priority.jsonArrayLength() }, #"json_array_length("reminders"."priority")"#)
    check(
      { SQLFunctions.jsonGroupObject(key: $0.title, value: $0.id) },
      #"""
      json_group_object("reminders"."title", "reminders"."id")
      """#)
  }

  @Test func windows() {
    check(
      { SQLFunctions.rowNumber().over(Window.order(by: $0.title)) },
      #"""
      row_number() OVER (ORDER BY "reminders"."title")
      """#)
    check(
      { SQLFunctions.rank().over(Window.partition(by: $0.remindersListID).order(by: $0.priority)) },
      #"""
      rank() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."priority")
      """#)
    check(
      { SQLFunctions.denseRank().over(Window.order(by: $0.priority.desc())) },
      #"""
      dense_rank() OVER (ORDER BY "reminders"."priority" DESC)
      """#)
    check(
      { SQLFunctions.ntile(2).over(Window.order(by: $0.id)) },
      #"""
      ntile(2) OVER (ORDER BY "reminders"."id")
      """#)
    check(
      { $0.title.lag().over(Window.order(by: $0.id)) },
      #"""
      lag("reminders"."title", 1) OVER (ORDER BY "reminders"."id")
      """#)
    check(
      { $0.title.lead(2).over(Window.order(by: $0.id)) },
      #"""
      lead("reminders"."title", 2) OVER (ORDER BY "reminders"."id")
      """#)
    check(
      { $0.title.firstValue().over(Window.partition(by: $0.remindersListID)) },
      #"""
      first_value("reminders"."title") OVER (PARTITION BY "reminders"."remindersListID")
      """#)
    check({ $0.title.lastValue().over() }, #"last_value("reminders"."title") OVER ()"#)
    check(
      {
        $0.id.sum().over(Window.order(by: $0.id).frame("ROWS BETWEEN 1 PRECEDING AND CURRENT ROW"))
      },
      #"""
      sum("reminders"."id") OVER (ORDER BY "reminders"."id" ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
      """#)
  }

  @Test func fullTextSearch() {
    check(
      ReminderText.where { _ in ReminderText.match("milk") }.select { $0.title },
      #"""
      SELECT "reminderTexts"."title"
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'milk')
      """#)
    check(
      ReminderText.where { $0.notes.match("milk") }.select { $0.title },
      #"""
      SELECT "reminderTexts"."title"
      FROM "reminderTexts"
      WHERE ("reminderTexts"."notes" MATCH 'milk')
      """#)
    check(
      ReminderText.where { _ in ReminderText.match("milk") }.order { _ in ReminderText.bm25(10, 1) }
        .select { $0.title },
      #"""
      SELECT "reminderTexts"."title"
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'milk')
      ORDER BY bm25("reminderTexts", 10.0, 1.0)
      """#)
    check(
      ReminderText.where { _ in ReminderText.match("milk") }.order { _ in ReminderText.rank }.select
      { $0.title },
      #"""
      SELECT "reminderTexts"."title"
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'milk')
      ORDER BY "reminderTexts"."rank"
      """#)
    check(
      ReminderText.where { _ in ReminderText.match("milk") }.select { _ in
        ReminderText.highlight(\.notes, open: "<b>", close: "</b>")
      },
      #"""
      SELECT highlight("reminderTexts", 1, '<b>', '</b>')
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'milk')
      """#)
    check(
      ReminderText.where { _ in ReminderText.match("milk") }.select { _ in
        ReminderText.snippet(\.notes, open: "[", close: "]", tokens: 4)
      },
      #"""
      SELECT snippet("reminderTexts", 1, '[', ']', '…', 4)
      FROM "reminderTexts"
      WHERE ("reminderTexts" MATCH 'milk')
      """#)
  }

  @Test func moreStatements() {
    check(
      Reminder.insert { Reminder.Draft(title: "Groceries") }.onConflict {
        $0.title
      } where: {
        !$0.isCompleted
      } doUpdate: {
        $0.priority = $1.priority
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (NULL, 'Groceries', 0, NULL, 1)
      ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO UPDATE SET "priority" = excluded."priority"
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflict {
        $0.id
      } doUpdate: {
        $0.name += "!"
      } where: {
        $0.name != ""
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!') WHERE ("tags"."name" <> '')
      """#)
    check(
      Reminder.insert { Reminder.Draft(title: "Groceries") }.onConflict {
        $0.title
      } where: {
        !$0.isCompleted
      } doUpdate: {
        $0.priority = $1.priority
      } where: {
        $0.priority == nil
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (NULL, 'Groceries', 0, NULL, 1)
      ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO UPDATE SET "priority" = excluded."priority" WHERE ("reminders"."priority" IS NULL)
      """#)
    check(
      Reminder.insert { Reminder.Draft(title: "Groceries") }.onConflict {
        $0.title
      } where: {
        !$0.isCompleted
      } doUpdate: {
        $0.priority = 1
      } where: {
        $0.priority == nil
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (NULL, 'Groceries', 0, NULL, 1)
      ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO UPDATE SET "priority" = 1 WHERE ("reminders"."priority" IS NULL)
      """#)
    check(
      Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoUpdate {
        $0.name += "!"
      } where: {
        $0.name != ""
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!') WHERE ("tags"."name" <> '')
      """#)
    check(
      Tag.insert {
        Tag(id: "a", name: "errands")
      } onConflictDoUpdate: {
        $0.name += "!"
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!')
      """#)
    check(
      Reminder.insert {
        Reminder.Draft(id: 1, title: "Milk")
      } onConflictDoUpdate: {
        $0.title += "!"
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (1, 'Milk', 0, NULL, 1)
      ON CONFLICT DO UPDATE SET "title" = ("reminders"."title" || '!')
      """#)
    check(
      Tag.insert {
        Tag(id: "a", name: "errands")
      } onConflict: {
        $0.id
      } doUpdate: {
        $0.name += "!"
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!')
      """#)
    check(
      Reminder.insert {
        Reminder.Draft(id: 1, title: "Milk")
      } onConflict: {
        $0.id
      } doUpdate: {
        $0.title += "!"
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (1, 'Milk', 0, NULL, 1)
      ON CONFLICT ("id") DO UPDATE SET "title" = ("reminders"."title" || '!')
      """#)
    check(
      Reminder.insert {
        Reminder.Draft(id: 1, title: "Milk")
      } onConflict: {
        $0.id
      } doUpdate: {
        $0.title = $1.title
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (1, 'Milk', 0, NULL, 1)
      ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title"
      """#)
    check(
      Tag.insert {
        ($0.id, $0.name)
      } values: {
        ("a", "errands")
      } onConflictDoUpdate: {
        $0.name += "!"
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!')
      """#)
    check(
      Tag.insert {
        ($0.id, $0.name)
      } values: {
        ("a", "errands")
      } onConflict: {
        $0.id
      } doUpdate: {
        $0.name += "!"
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!')
      """#)
    check(
      Tag.insert {
        ($0.id, $0.name)
      } values: {
        ("a", "errands")
      } onConflict: {
        $0.id
      } doUpdate: {
        $0.name = $1.name
      },
      #"""
      INSERT INTO "tags" ("id", "name")
      VALUES ('a', 'errands')
      ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
      """#)
    check(
      Reminder.update { $0.priority += 1 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" + 1)
      """#)
    check(
      Reminder.update { $0.remindersListID += Reminder.count().subquery() },
      #"""
      UPDATE "reminders"
      SET "remindersListID" = ("reminders"."remindersListID" + (SELECT count(*)
      FROM "reminders"))
      """#)
    check(
      Reminder.update { $0.title += "!" },
      #"""
      UPDATE "reminders"
      SET "title" = ("reminders"."title" || '!')
      """#)
    check(
      Reminder.update { $0.title += $0.title.lower() },
      #"""
      UPDATE "reminders"
      SET "title" = ("reminders"."title" || lower("reminders"."title"))
      """#)
    check(
      Reminder.update { $0.priority -= 1 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" - 1)
      """#)
    check(
      Reminder.update { $0.remindersListID -= Reminder.count().subquery() },
      #"""
      UPDATE "reminders"
      SET "remindersListID" = ("reminders"."remindersListID" - (SELECT count(*)
      FROM "reminders"))
      """#)
    check(
      Reminder.update { $0.priority *= 2 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" * 2)
      """#)
    check(
      Reminder.update { $0.remindersListID *= Reminder.count().subquery() },
      #"""
      UPDATE "reminders"
      SET "remindersListID" = ("reminders"."remindersListID" * (SELECT count(*)
      FROM "reminders"))
      """#)
    check(
      Reminder.update { $0.priority /= 2 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" / 2)
      """#)
    check(
      Reminder.update { $0.priority %= 2 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" % 2)
      """#)
    check(
      Reminder.update { $0.priority <<= 1 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" << 1)
      """#)
    check(
      Reminder.update { $0.priority >>= 1 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" >> 1)
      """#)
    check(
      Reminder.update { $0.priority &= 1 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" & 1)
      """#)
    check(
      Reminder.update { $0.priority |= 1 },
      #"""
      UPDATE "reminders"
      SET "priority" = ("reminders"."priority" | 1)
      """#)
    check(
      Reminder.update { $0.priority ^= 1 },
      #"""
      UPDATE "reminders"
      SET "priority" = (~("reminders"."priority" & 1) & ("reminders"."priority" | 1))
      """#)
    check(
      Reminder.update { $0.title.append("!") },
      #"""
      UPDATE "reminders"
      SET "title" = ("reminders"."title" || '!')
      """#)
    check(
      Reminder.update { $0.title.append($0.title.lower()) },
      #"""
      UPDATE "reminders"
      SET "title" = ("reminders"."title" || lower("reminders"."title"))
      """#)
    check(
      Reminder.update { $0.title.append(contentsOf: " (copy)") },
      #"""
      UPDATE "reminders"
      SET "title" = ("reminders"."title" || ' (copy)')
      """#)
    check(
      Reminder.update { $0.title.append(contentsOf: $0.title.lower()) },
      #"""
      UPDATE "reminders"
      SET "title" = ("reminders"."title" || lower("reminders"."title"))
      """#)
    check(
      Reminder.update { $0.isCompleted.toggle() },
      #"""
      UPDATE "reminders"
      SET "isCompleted" = (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.update { $0.remindersListID.negate() },
      #"""
      UPDATE "reminders"
      SET "remindersListID" = (-"reminders"."remindersListID")
      """#)
    check(
      Reminder.update { $0.remindersListID = $0.remindersListID * 2 },
      #"UPDATE "reminders" SET "remindersListID" = ("reminders"."remindersListID" * 2)"#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { $1.title }
        .distinct(),
      #"""
      SELECT DISTINCT "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { $1.title },
      #"""
      SELECT "remindersLists"."title"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.join(Tag.all) {
        $1.title == $2.name
      }.select { ($0.title, $2.id) },
      #"""
      SELECT "reminders"."title", "tags"."id"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      JOIN "tags" ON ("remindersLists"."title" = "tags"."name")
      """#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.leftJoin(Tag.all) {
        $1.title == $2.name
      }.select { ($0.title, $2.id) },
      #"""
      SELECT "reminders"."title", "tags"."id"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      LEFT JOIN "tags" ON ("remindersLists"."title" = "tags"."name")
      """#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.rightJoin(Tag.all) {
        $1.title == $2.name
      }.select { ($0.title, $2.id) },
      #"""
      SELECT "reminders"."title", "tags"."id"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      RIGHT JOIN "tags" ON ("remindersLists"."title" = "tags"."name")
      """#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.fullJoin(Tag.all) {
        $1.title == $2.name
      }.select { ($0.title, $2.id) },
      #"""
      SELECT "reminders"."title", "tags"."id"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      FULL JOIN "tags" ON ("remindersLists"."title" = "tags"."name")
      """#)
    check(
      Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.crossJoin(Tag.all)
        .select { ($0.title, $2.id) },
      #"""
      SELECT "reminders"."title", "tags"."id"
      FROM "reminders"
      JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      CROSS JOIN "tags"
      """#)
    check(
      OpenReminder.from(Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) }).where {
        $0.id > 1
      }.select { $0.title },
      #"""
      SELECT "openReminders"."title"
      FROM (
      WITH "openReminders" ("id", "title") AS (
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      )
      SELECT * FROM "openReminders"
      ) AS "openReminders"
      WHERE ("openReminders"."id" > 1)
      """#)
    check(
      ColumnInfo.call("reminders").where { $0.pk > 0 }.select { $0.name },
      #"""
      SELECT "pragma_table_info"."name"
      FROM "pragma_table_info"('reminders')
      WHERE ("pragma_table_info"."pk" > 0)
      """#)
    check(
      RemindersList.join(ColumnInfo.call("reminders")) { $0.title == $1.name }.select {
        ($0.id, $1.type)
      },
      #"""
      SELECT "remindersLists"."id", "pragma_table_info"."type"
      FROM "remindersLists"
      JOIN "pragma_table_info"('reminders') ON ("remindersLists"."title" = "pragma_table_info"."name")
      """#)
    check(
      RemindersList.where { $0.id > 0 }.join(ColumnInfo.call("reminders")) { $0.title == $1.name }
        .select { $1.name },
      #"""
      SELECT "pragma_table_info"."name"
      FROM "remindersLists"
      JOIN "pragma_table_info"('reminders') ON ("remindersLists"."title" = "pragma_table_info"."name")
      WHERE ("remindersLists"."id" > 0)
      """#)
    check(
      ForeignKey.call("reminders").join(ColumnInfo.call("reminders")) { $0.from == $1.name }
        .select { ($0.table, $1.type) },
      #"""
      SELECT "pragma_foreign_key_list"."table", "pragma_table_info"."type"
      FROM "pragma_foreign_key_list"('reminders')
      JOIN "pragma_table_info"('reminders') ON ("pragma_foreign_key_list"."from" = "pragma_table_info"."name")
      """#)
    check(
      OpenReminder.createTemporaryView(
        as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) }),
      #"""
      CREATE TEMPORARY VIEW "openReminders" ("id", "title") AS
      SELECT "reminders"."id", "reminders"."title"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Post.select { $0.author.jsonExtract(\.name) },
      #"SELECT ("posts"."author" ->> '$."name"') FROM "posts""#)
    check(
      Post.select { $0.author.jsonEach(\.aliases).count() },
      #"""
      SELECT (SELECT count(*) FROM json_each(("posts"."author" ->> '$."aliases"')))
      FROM "posts"
      """#)
    check(
      Post.select { $0.author.jsonExtract(\.links[0].homepage) },
      #"SELECT (("posts"."author" ->> '$."links"') ->> '$[0]."homepage"') FROM "posts""#)
    check(
      Post.select { $0.author.jsonArrayLength(\.aliases) },
      #"SELECT json_array_length(("posts"."author" ->> '$."aliases"')) FROM "posts""#)
    check(
      Post.update { $0.author = $0.author.jsonSet(\.name, "Blob") },
      #"UPDATE "posts" SET "author" = json_set("posts"."author", '$."name"', 'Blob')"#)
    check(
      Post.update { $0.author = $0.author.jsonInsert(\.nickname, "Bee") },
      #"UPDATE "posts" SET "author" = json_insert("posts"."author", '$."nickname"', 'Bee')"#)
    check(
      Post.update { $0.author = $0.author.jsonReplace(\.name, "Blob") },
      #"UPDATE "posts" SET "author" = json_replace("posts"."author", '$."name"', 'Blob')"#)
    check(
      Post.update { $0.author = $0.author.jsonRemove(\.nickname) },
      #"UPDATE "posts" SET "author" = json_remove("posts"."author", '$."nickname"')"#)
    check(
      Post.select { $0.author.jsonExtract(\.tenure.since) },
      #"SELECT ("posts"."author" ->> '$."since"') FROM "posts""#)
    check(
      TaggedReminder.select { $0.details.jsonExtract(\.["tags"][0]) },
      #"SELECT ("taggedReminders"."details" ->> '$."tags"[0]') FROM "taggedReminders""#)
    check(
      TaggedReminder.select { $0.details.jsonArrayLength(\.["tags"]) },
      #"""
      SELECT json_array_length("taggedReminders"."details", '$."tags"') FROM "taggedReminders"
      """#)
    check(
      TaggedReminder.update { $0.details = $0.details.jsonAppend(\.["tags"], "bread") },
      #"""
      UPDATE "taggedReminders"
      SET "details" = json_insert("taggedReminders"."details", '$."tags"[#]', 'bread')
      """#)
    check(
      TaggedReminder.select { $0.tags.jsonGroupArray() },
      #"SELECT json_group_array(json("taggedReminders"."tags")) FROM "taggedReminders""#)
    // The JSONB functions run where SQLite has them (3.45 or later).
    let jsonb = DocCommentSchema.hasJSONBFunctions
    check(
      Profile.update { $0.tags = $0.tags.jsonbSet("$[0]", to: "home") },
      #"UPDATE "profiles" SET "tags" = jsonb_set("profiles"."tags", '$[0]', 'home')"#, runs: jsonb)
    check(
      Profile.select { $0.tags.jsonbInsert("$[0]", "home") },
      #"SELECT jsonb_insert("profiles"."tags", '$[0]', 'home') FROM "profiles""#, runs: jsonb)
    check(
      Profile.select { $0.tags.jsonbReplace("$[0]", with: "home") },
      #"SELECT jsonb_replace("profiles"."tags", '$[0]', 'home') FROM "profiles""#, runs: jsonb)
    check(
      Profile.select { $0.tags.jsonbRemove("$[0]") },
      #"SELECT jsonb_remove("profiles"."tags", '$[0]') FROM "profiles""#, runs: jsonb)
    check(
      Profile.select { $0.tags.jsonbAppend("home") },
      #"SELECT jsonb_insert("profiles"."tags", '$[#]', 'home') FROM "profiles""#, runs: jsonb)
    check(
      Profile.select { $0.tags.jsonbExtract("$.aliases", as: [String].self) },
      #"SELECT jsonb_extract("profiles"."tags", '$.aliases') FROM "profiles""#, runs: jsonb)
    check(
      Profile.select { $0.author.jsonbExtract(\.name) },
      #"SELECT jsonb_extract("profiles"."author", '$."name"') FROM "profiles""#, runs: jsonb)
    check(
      Profile.select { $0.author.jsonbExtract(\.links[0]) },
      #"""
      SELECT jsonb_extract(("profiles"."author" ->> '$."links"'), '$[0]') FROM "profiles"
      """#, runs: jsonb)
    check(
      Profile.select { $0.author.jsonbEach(\.aliases).count() },
      #"""
      SELECT (SELECT count(*) FROM jsonb_each(("profiles"."author" ->> '$."aliases"')))
      FROM "profiles"
      """#, runs: jsonb)
    check(
      Profile.update { $0.author = $0.author.jsonbSet(\.name, "Blob") },
      #"""
      UPDATE "profiles" SET "author" = jsonb_set("profiles"."author", '$."name"', 'Blob')
      """#, runs: jsonb)
    check(
      Profile.update { $0.author = $0.author.jsonbInsert(\.nickname, "Bee") },
      #"""
      UPDATE "profiles" SET "author" = jsonb_insert("profiles"."author", '$."nickname"', 'Bee')
      """#, runs: jsonb)
    check(
      Profile.update { $0.author = $0.author.jsonbReplace(\.name, "Blob") },
      #"""
      UPDATE "profiles" SET "author" = jsonb_replace("profiles"."author", '$."name"', 'Blob')
      """#, runs: jsonb)
    check(
      Profile.update { $0.author = $0.author.jsonbRemove(\.nickname) },
      #"""
      UPDATE "profiles" SET "author" = jsonb_remove("profiles"."author", '$."nickname"')
      """#, runs: jsonb)
    check(
      TaggedReminder.update { $0.details = $0.details.jsonbAppend(\.["tags"], "bread") },
      #"""
      UPDATE "taggedReminders"
      SET "details" = jsonb_insert("taggedReminders"."details", '$."tags"[#]', 'bread')
      """#, runs: jsonb)
    check(
      { $0.title.jsonbGroupArray() }, #"jsonb_group_array("reminders"."title")"#, runs: jsonb)
    check(
      Profile.select { $0.tags.jsonbEach().count() },
      #"SELECT (SELECT count(*) FROM jsonb_each("profiles"."tags")) FROM "profiles""#, runs: jsonb)
    check(
      TaggedReminder.select { $0.details.jsonbEach("$.tags", as: [String].self).count() },
      #"""
      SELECT (SELECT count(*) FROM jsonb_each("taggedReminders"."details", '$.tags'))
      FROM "taggedReminders"
      """#, runs: jsonb)
    check(
      RemindersList.select { $0.jsonbObject() },
      #"""
      SELECT jsonb_object('id', "remindersLists"."id", 'title', "remindersLists"."title")
      FROM "remindersLists"
      """#, runs: jsonb)
    check(
      RemindersList.select { $0.jsonbGroupArray() },
      #"""
      SELECT jsonb_group_array(jsonb_object('id', "remindersLists"."id",
      'title', "remindersLists"."title")) FROM "remindersLists"
      """#, runs: jsonb)
    check(
      Reminder.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select {
        $1.jsonbObject()
      },
      #"""
      SELECT CASE WHEN ("remindersLists"."id" IS NOT NULL) THEN jsonb_object('id',
      "remindersLists"."id", 'title', "remindersLists"."title") END FROM "reminders"
      LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#, runs: jsonb)
    check(
      Reminder.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select {
        $1.jsonbGroupArray()
      },
      #"""
      SELECT jsonb_group_array(jsonb_object('id', "remindersLists"."id", 'title',
      "remindersLists"."title")) FILTER (WHERE ("remindersLists"."id" IS NOT NULL))
      FROM "reminders"
      LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#, runs: jsonb)
    check(
      TaggedReminder.select { $0.tags.jsonSet("$[0]", to: "home") },
      #"SELECT json_set("taggedReminders"."tags", '$[0]', 'home') FROM "taggedReminders""#)
    check(
      TaggedReminder.select { $0.tags.jsonInsert("$[0]", "home") },
      #"SELECT json_insert("taggedReminders"."tags", '$[0]', 'home') FROM "taggedReminders""#)
    check(
      TaggedReminder.select { $0.tags.jsonReplace("$[0]", with: "home") },
      #"SELECT json_replace("taggedReminders"."tags", '$[0]', 'home') FROM "taggedReminders""#)
    check(
      TaggedReminder.select { $0.tags.jsonRemove("$[0]") },
      #"SELECT json_remove("taggedReminders"."tags", '$[0]') FROM "taggedReminders""#)
    check(
      TaggedReminder.select { $0.tags.jsonAppend("home") },
      #"SELECT json_insert("taggedReminders"."tags", '$[#]', 'home') FROM "taggedReminders""#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).where { $1.value == "work" }.select {
        ($0.title, $1.value)
      },
      #"""
      SELECT "taggedReminders"."title", "json_each"."value"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      WHERE ("json_each"."value" = 'work')
      """#)
    check(
      TaggedReminder.leftJoin(jsonEach: { $0.tags }).group { reminder, _ in reminder.id }.select {
        ($0.title, $1.key.count())
      },
      #"""
      SELECT "taggedReminders"."title", count("json_each"."key")
      FROM "taggedReminders"
      LEFT JOIN json_each("taggedReminders"."tags")
      GROUP BY "taggedReminders"."id"
      """#)
    check(
      JSONEach.from(["a", "b"]).select { $0.value },
      #"""
      SELECT "json_each"."value"
      FROM json_each('["a","b"]')
      """#)
    check(
      TaggedReminder.where { $0.tags.jsonEach().where { $0.value == "work" }.exists() }.select {
        $0.title
      },
      #"""
      SELECT "taggedReminders"."title"
      FROM "taggedReminders"
      WHERE (EXISTS (SELECT "json_each"."key", "json_each"."value", "json_each"."type",
        "json_each"."atom", "json_each"."id", "json_each"."parent", "json_each"."fullkey",
        "json_each"."path"
        FROM json_each("taggedReminders"."tags")
        WHERE ("json_each"."value" = 'work')))
      """#)
    check(
      TaggedReminder.select {
        ($0.title, $0.details.jsonEach("$.tags", as: [String].self).count())
      },
      #"""
      SELECT "taggedReminders"."title", (SELECT count(*)
        FROM json_each("taggedReminders"."details", '$.tags'))
      FROM "taggedReminders"
      """#)
    check(
      TaggedReminder.select { ($0.title, $0.tags.jsonEach().count()) },
      #"""
      SELECT "taggedReminders"."title", (SELECT count(*)
        FROM json_each("taggedReminders"."tags"))
      FROM "taggedReminders"
      """#)
    check(
      TaggedReminder.where { !$0.tags.jsonEach().where { $0.value == "home" }.exists() }.select {
        $0.title
      },
      #"""
      SELECT "taggedReminders"."title"
      FROM "taggedReminders"
      WHERE (NOT (EXISTS (SELECT "json_each"."key", "json_each"."value", "json_each"."type",
        "json_each"."atom", "json_each"."id", "json_each"."parent", "json_each"."fullkey",
        "json_each"."path"
        FROM json_each("taggedReminders"."tags")
        WHERE ("json_each"."value" = 'home'))))
      """#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }, as: "first").join(
        jsonEach: { $0.tags }, as: "second"
      ).where { $1.key < $2.key }.select { ($1.value, $2.value) },
      #"""
      SELECT "first"."value", "second"."value"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags") AS "first"
      JOIN json_each("taggedReminders"."tags") AS "second"
      WHERE ("first"."key" < "second"."key")
      """#)
    check(
      TaggedReminder.aliased("r").join(jsonEach: { $0.tags }).where { $1.value == "work" }.select {
        ($0.title, $1.key)
      },
      #"""
      SELECT "r"."title", "json_each"."key"
      FROM "taggedReminders" AS "r"
      JOIN json_each("r"."tags")
      WHERE ("json_each"."value" = 'work')
      """#)
    check(OpenReminder.dropView(ifExists: true), #"DROP VIEW IF EXISTS "openReminders""#)
    check(Reminder.dropTrigger("log_done", ifExists: true), #"DROP TRIGGER IF EXISTS "log_done""#)
  }

  @Test func recursiveTablesAndTriggers() {
    check(
      Count.with(
        recursive: true, as: Values(1).unionAll(Count.where { $0.n < 5 }.select { $0.n + 1 })
      ) { Count.all },
      #"""
      WITH RECURSIVE "counts" ("n") AS (
      SELECT 1
      UNION ALL
      SELECT ("counts"."n" + 1)
      FROM "counts"
      WHERE ("counts"."n" < 5)
      )
      SELECT "counts"."n"
      FROM "counts"
      """#)
    check(
      Reminder.createTemporaryTrigger("touchList", after: .insert) { new in
        RemindersList.update { $0.title += "*" }.where { $0.id == new.remindersListID }
      } when: { new in
        !new.isCompleted
      },
      #"""
      CREATE TEMPORARY TRIGGER "touchList"
      AFTER INSERT ON "reminders"
      FOR EACH ROW
      WHEN (NOT new."isCompleted")
      BEGIN
      UPDATE "remindersLists"
      SET "title" = ("remindersLists"."title" || '*')
      WHERE ("remindersLists"."id" = new."remindersListID");
      END
      """#)
  }

  @Test func representedPrimaryKeys() {
    check(
      Device.find(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!).select { $0.name },
      #"""
      SELECT "devices"."name"
      FROM "devices"
      WHERE ("devices"."id" = X'DEADBEEF000040008000000000000001')
      """#)
    check(
      Device.find([UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!]).select { $0.name },
      #"""
      SELECT "devices"."name"
      FROM "devices"
      WHERE ("devices"."id" IN (X'DEADBEEF000040008000000000000001'))
      """#)
  }

  @Test func functionsAndCollationsOfTheDriver() {
    check({ hasPrefix($0.title, BoundValue("Call")) }, #"has_prefix("reminders"."title", 'Call')"#)
    check({ joined($0.id, $0.title) }, #"joined("reminders"."id", "reminders"."title")"#)
    check({ product($0.id) }, #"product("reminders"."id")"#)
    check({ $0.title.collate(localized) }, #"("reminders"."title" COLLATE "localized")"#)
  }

  @Test func swiftFunctions() {
    check({ $exclaim.call($0.title) }, #""exclaim"("reminders"."title")"#)
    check(
      { $mode.call($0.priority, distinct: true) }, #""mode"(DISTINCT "reminders"."priority")"#)
    check(
      Reminder.select { $exclaim($0.title) },
      #"""
      SELECT "exclaim"("reminders"."title") FROM "reminders"
      """#)
    check(
      Reminder.group { $0.remindersListID }.select { $mode($0.priority) },
      #"""
      SELECT "mode"("reminders"."priority") FROM "reminders" GROUP BY "reminders"."remindersListID"
      """#)
    check(
      Reminder.where { $exclaim($0.title) == "Call mom!" },
      #"""
      SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"
      FROM "reminders"
      WHERE ("exclaim"("reminders"."title") = 'Call mom!')
      """#)
  }

  @Test func moreExpressions() {
    check({ $0.priority.cast(as: String?.self) }, #"CAST("reminders"."priority" AS TEXT)"#)
    check({ $0.title.nullif("").like("Call%") }, #"(nullif("reminders"."title", '') LIKE 'Call%')"#)
    check(
      { $0.title.contains("Call Ada".prefix(4)) },
      #"""
      ("reminders"."title" LIKE '%Call%' ESCAPE '\')
      """#)
    check(
      { row($0.remindersListID, $0.id) <= (2, 1) },
      #"""
      (("reminders"."remindersListID", "reminders"."id") <= (2, 1))
      """#)
    check(
      { row($0.remindersListID, $0.id) > (1, 1) },
      #"""
      (("reminders"."remindersListID", "reminders"."id") > (1, 1))
      """#)
    check(
      { row($0.remindersListID, $0.id) >= (1, 1) },
      #"""
      (("reminders"."remindersListID", "reminders"."id") >= (1, 1))
      """#)
    check(
      { row($0.remindersListID, $0.priority, $0.id) > (1, 3, 1) },
      #"""
      (("reminders"."remindersListID", "reminders"."priority", "reminders"."id") > (1, 3, 1))
      """#)
    check(
      { $0.title.nullif("") + $0.title },
      #"""
      (nullif("reminders"."title", '') || "reminders"."title")
      """#)
    check(
      { $0.title + $0.title.nullif("") },
      #"""
      ("reminders"."title" || nullif("reminders"."title", ''))
      """#)
    check(
      { $0.priority ?? Reminder.where { $0.id == 1 }.select { $0.priority }.subquery() },
      #"""
      coalesce("reminders"."priority", (SELECT "reminders"."priority"
      FROM "reminders"
      WHERE ("reminders"."id" = 1)))
      """#)
    check({ _ in SQLFunctions.now }, #"'now'"#)
  }

  // The column accessors of joins, aliases, upserts and triggers, and the examples that were
  // `// SQL` comments.

  @Test func columnAccessors() {
    check(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select {
        ($0.title, $1.title)
      },
      #"""
      SELECT "remindersLists"."title", "reminders"."title"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      """#)
    check(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.where {
        $1.priority == nil
      }.select { list, _ in list.title },
      #"""
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      WHERE ("reminders"."priority" IS NULL)
      """#)
    check(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select {
        ($0.title, $1.isUrgent)
      },
      #"""
      SELECT "remindersLists"."title", ((NOT "reminders"."isCompleted") AND ("reminders"."priority" = 3))
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      """#)
    check(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select {
        ($0.title, $1.urgency)
      },
      #"""
      SELECT "remindersLists"."title", nullif("reminders"."priority", 0)
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      """#)
    check({ _ in Reminder.aliased("r").columns.title }, #""r"."title""#, runs: false)
    check(
      Reminder.join(Reminder.aliased("other")) {
        $0.remindersListID == $1.remindersListID && $0.id < $1.id
      }.select { ($0.title, $1.title) },
      #"""
      SELECT "reminders"."title", "other"."title"
      FROM "reminders"
      JOIN "reminders" AS "other" ON (("reminders"."remindersListID" = "other"."remindersListID") AND ("reminders"."id" < "other"."id"))
      """#)
    check(
      { _ in Reminder.aliased("r").columns.isUrgent },
      #"((NOT "r"."isCompleted") AND ("r"."priority" = 3))"#, runs: false)
    check(
      { _ in Reminder.TableColumns(qualifier: ColumnQualifier("r")).title }, #""r"."title""#,
      runs: false)
    check(
      Reminder.insert { Reminder(id: 1, title: "Milk", priority: 2) }.onConflict {
        $0.id
      } doUpdate: {
        $0.priority = $1.priority
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (1, 'Milk', 0, 2, 1)
      ON CONFLICT ("id") DO UPDATE SET "priority" = excluded."priority"
      """#)
    check(
      Reminder.createTemporaryTrigger("forgetList", after: .delete) { old in
        RemindersList.where { $0.id == old.remindersListID }.delete()
      },
      #"""
      CREATE TEMPORARY TRIGGER "forgetList"
      AFTER DELETE ON "reminders"
      FOR EACH ROW
      BEGIN
      DELETE FROM "remindersLists"
      WHERE ("remindersLists"."id" = old."remindersListID");
      END
      """#)
    check(
      Reminder.createTemporaryTrigger("forgetList", before: .delete) { old in
        RemindersList.where { $0.id == old.remindersListID }.delete()
      },
      #"""
      CREATE TEMPORARY TRIGGER "forgetList"
      BEFORE DELETE ON "reminders"
      FOR EACH ROW
      BEGIN
      DELETE FROM "remindersLists"
      WHERE ("remindersLists"."id" = old."remindersListID");
      END
      """#)
    check(
      OpenReminder.createTemporaryTrigger("addOpen", insteadOf: .insert) { new in
        Reminder.insert {
          ($0.id, $0.title)
        } values: {
          (new.id, new.title)
        }
      },
      #"""
      CREATE TEMPORARY TRIGGER "addOpen"
      INSTEAD OF INSERT ON "openReminders"
      FOR EACH ROW
      BEGIN
      INSERT INTO "reminders" ("id", "title")
      VALUES (new."id", new."title");
      END
      """#)
    check(
      Reminder.createTemporaryTrigger("emptyList", after: .delete) { old in
        RemindersList.where { $0.id == old.remindersListID }.update { $0.title += " (changed)" }
        Reminder.where { $0.remindersListID == old.remindersListID }.delete()
      },
      #"""
      CREATE TEMPORARY TRIGGER "emptyList"
      AFTER DELETE ON "reminders"
      FOR EACH ROW
      BEGIN
      UPDATE "remindersLists"
      SET "title" = ("remindersLists"."title" || ' (changed)')
      WHERE ("remindersLists"."id" = old."remindersListID");
      DELETE FROM "reminders"
      WHERE ("reminders"."remindersListID" = old."remindersListID");
      END
      """#)
    check(
      Reminder.createTemporaryTrigger("log_done", after: .insert) { _ in Reminder.delete() }
        .drop(ifExists: true),
      #"DROP TRIGGER IF EXISTS "log_done""#)
    check({ _ in Reminder.columns.title }, #""reminders"."title""#)
    check({ _ in Reminder.title }, #""reminders"."title""#)
    check(
      Reminder.where { $0.id == 1 }.select { _ in Reminder.title.upper() },
      #"""
      SELECT upper("reminders"."title") FROM "reminders" WHERE ("reminders"."id" = 1)
      """#)
  }

  @Test func updateAssignments() {
    check(
      Reminder.update {
        $0.title = "Groceries"
        $0.priority += 1
        $0.isCompleted.toggle()
        $0.title = $0.title.upper()
      },
      #"""
      UPDATE "reminders"
      SET "title" = upper('Groceries'), "priority" = ("reminders"."priority" + 1), "isCompleted" = (NOT "reminders"."isCompleted")
      """#)
    checkFragment(
      { _ in
        Reminder.update {
          $0.title = "Milk"; $0.priority = 2
        }.assignments
      },
      #""title" = 'Milk', "priority" = 2"#, runs: false)
    check(
      Reminder.update { $0.remindersListID += 1 },
      #"""
      UPDATE "reminders"
      SET "remindersListID" = ("reminders"."remindersListID" + 1)
      """#)
    check(Reminder.update { $0.priority = 3 }, #"UPDATE "reminders" SET "priority" = 3"#)
    check(
      Reminder.update { $0.isCompleted = !$0.isCompleted },
      #"UPDATE "reminders" SET "isCompleted" = (NOT "reminders"."isCompleted")"#)
    check(
      Reminder.update { $0.title = $0.title.lower() },
      #"UPDATE "reminders" SET "title" = lower("reminders"."title")"#)
    check(
      Reminder.update { $0.assign("priority", 2) }, #"UPDATE "reminders" SET "priority" = 2"#)
    check(
      Update(assignments: "\(quote: "title") = \("Milk")", filter: Reminder.where { $0.id == 1 }),
      #"UPDATE "reminders" SET "title" = 'Milk' WHERE ("reminders"."id" = 1)"#)
  }

  @Test func lowLevelExpressionsAndStatements() {
    checkFragment({ ($0.priority ?? 0).queryFragment }, #"coalesce("reminders"."priority", 0)"#)
    check({ BoundValue("Milk") + $0.title }, #"('Milk' || "reminders"."title")"#)
    check(
      { BinaryOperation<Bool, _, _>($0.title, "GLOB", BoundValue("C*")) },
      #"("reminders"."title" GLOB 'C*')"#)
    check({ UnaryOperation<Int?, _>("-", $0.priority) }, #"(- "reminders"."priority")"#)
    checkFragment(
      { SQLQueryExpression<Bool>("\($0.title) = \("Milk")").fragment },
      #""reminders"."title" = 'Milk'"#)
    check(
      { SQLQueryExpression("length(\($0.title))", as: Int.self) }, #"length("reminders"."title")"#)
    check(
      { SQLQueryExpression("upper(\($0.title))", as: String.self, dialect: .sqlite) },
      #"upper("reminders"."title")"#)
    check({ $0.title.ilike("call%") }, #"("reminders"."title" LIKE 'call%')"#)
    check(
      { Case<Int>().when($0.isCompleted, then: 0).else(1) },
      #"(CASE WHEN "reminders"."isCompleted" THEN 0 ELSE 1 END)"#)
    check({ _ in SQLFunctions.count().over(Window()) }, #"count(*) OVER ()"#)
    check(
      { _ in TableColumn<Reminder, String>("title", qualifiedName: #""reminders"."title""#) },
      #""reminders"."title""#)
    check(
      { _ in
        TableColumn<Reminder, String>(
          "title", tablePrefix: #""reminders"."#, quotedName: #""title""#)
      },
      #""reminders"."title""#)
    checkFragment(
      { _ in Reminder.find(2).select { $0.title }.query },
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 2)"#)
    checkFragment(
      { _ in Reminder.select { ($0.id, $0.title) }.selection! },
      #""reminders"."id", "reminders"."title""#)
    check(
      Select<String, Reminder>(
        selection: "\(Reminder.columns.title)", filter: Reminder.where { $0.isCompleted }),
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE "reminders"."isCompleted"
      """#)
    check(Values(true, 1.5, SQLFunctions.now), #"SELECT 1, 1.5, 'now'"#)
    check(
      Delete(filter: Reminder.where { $0.isCompleted }),
      #"DELETE FROM "reminders" WHERE "reminders"."isCompleted""#)
    check(
      Where<RemindersList>(),
      #"""
      SELECT "remindersLists"."id", "remindersLists"."title"
      FROM "remindersLists"
      """#)
  }

  @Test func fragments() {
    checkFragment(
      { _ in
        "SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE \(Reminder.columns.id) = \(42)"
          as QueryFragment
      },
      #"""
      SELECT "reminders"."title" FROM "reminders" WHERE "reminders"."id" = 42
      """#)
    checkFragment(
      { _ in
        var fragment = QueryFragment()
        for column in [Reminder.columns.id, Reminder.columns.remindersListID] {
          fragment.append(sql: fragment.isEmpty ? "SELECT " : ", ")
          fragment.append(column)
        }
        fragment.append(sql: " FROM \"reminders\"")
        return fragment
      },
      #"""
      SELECT "reminders"."id", "reminders"."remindersListID" FROM "reminders"
      """#)
    checkFragment({ _ in QueryFragment(sql: "SELECT 1") }, #"SELECT 1"#)
    checkFragment(
      { _ in
        var fragment: QueryFragment = "SELECT \(1)"
        fragment.removeAll(keepingCapacity: true)
        fragment.append(sql: "SELECT 2")
        return fragment
      }, #"SELECT 2"#)
    checkFragment(
      { _ in
        var fragment: QueryFragment = "SELECT \(Reminder.columns.title) FROM \(Reminder.self)"
        fragment.append(sql: " LIMIT 1")
        return fragment
      },
      #"""
      SELECT "reminders"."title" FROM "reminders" LIMIT 1
      """#)
    checkFragment(
      { _ in
        var fragment: QueryFragment = "SELECT "
        fragment.append(utf8: Array("'café'".utf8))
        return fragment
      },
      #"""
      SELECT 'café'
      """#)
    checkFragment(
      { _ in
        var fragment: QueryFragment = "SELECT "
        fragment.append(binding: .text("Milk"))
        return fragment
      },
      #"""
      SELECT 'Milk'
      """#)
    checkFragment(
      { _ in
        var fragment: QueryFragment = "SELECT \(1)"
        fragment.append(" + \(2)" as QueryFragment)
        return fragment
      },
      #"""
      SELECT 1 + 2
      """#)
    checkFragment(
      {
        var fragment: QueryFragment = "SELECT count(*) FROM \(Reminder.self) WHERE "
        fragment.append(!$0.isCompleted)
        return fragment
      },
      #"""
      SELECT count(*) FROM "reminders" WHERE (NOT "reminders"."isCompleted")
      """#)
    checkFragment(
      { _ in
        var fragment: QueryFragment = "SELECT 1 AS "
        fragment.append(identifier: "my \"one\"")
        return fragment
      },
      #"""
      SELECT 1 AS "my ""one"""
      """#)
    checkFragment(
      {
        var fragment: QueryFragment = "SELECT * FROM \(Reminder.self) ORDER BY "
        fragment.append(["\($0.remindersListID)", "\($0.id) DESC"], separator: ", ")
        return fragment
      },
      #"""
      SELECT * FROM "reminders" ORDER BY "reminders"."remindersListID", "reminders"."id" DESC
      """#)
    checkFragment({ _ in "SELECT 2" as QueryFragment }, #"SELECT 2"#)
    checkFragment(
      { "SELECT \($0.id) FROM \(Reminder.self) WHERE \($0.title) = \("Milk")" as QueryFragment },
      #"SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."title" = 'Milk'"#)
    checkFragment({ _ in "SELECT \(3) * \(4)" as QueryFragment }, #"SELECT 3 * 4"#)
    checkFragment({ _ in "SELECT 'a' || \("b")" as QueryFragment }, #"SELECT 'a' || 'b'"#)
    checkFragment({ _ in "SELECT \("Milk"), \(2.5)" as QueryFragment }, #"SELECT 'Milk', 2.5"#)
    checkFragment(
      { _ in "SELECT \(nil as Int?), \(Int?.some(1))" as QueryFragment }, #"SELECT NULL, 1"#)
    checkFragment(
      {
        "SELECT \($0.title), \(Reminder.select { $0.id.count() }) FROM \(Reminder.self)"
          as QueryFragment
      },
      #"""
      SELECT "reminders"."title", (SELECT count("reminders"."id") FROM "reminders") FROM "reminders"
      """#)
    checkFragment(
      { _ in "EXPLAIN \(statement: Reminder.select { $0.id })" as QueryFragment },
      #"EXPLAIN SELECT "reminders"."id" FROM "reminders""#)
    checkFragment(
      { _ in "DELETE FROM \(Reminder.self)" as QueryFragment }, #"DELETE FROM "reminders""#)
    checkFragment({ _ in "SELECT \(raw: "1 + 1")" as QueryFragment }, #"SELECT 1 + 1"#)
    checkFragment(
      { _ in "SELECT 1 AS \(quote: "my value")" as QueryFragment }, #"SELECT 1 AS "my value""#)
    checkFragment(
      { "SELECT \($0.title.queryFragment) FROM \(Reminder.self)" as QueryFragment },
      #"SELECT "reminders"."title" FROM "reminders""#)
    checkFragment(
      { _ in ("SELECT \("it's") AS \(quote: "text")" as QueryFragment).inlined },
      #"SELECT 'it''s' AS "text""#)
  }

  @Test func predicateBuilderStatements() {
    let onlyOpen = true
    check(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.where { $1.isCompleted }
        .select { list, _ in list.title },
      #"""
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
      WHERE "reminders"."isCompleted"
      """#)
    check(Reminder.where { _ in false }.count(), #"SELECT count(*) FROM "reminders" WHERE 0"#)
    check(
      Reminder.where {
        !$0.isCompleted
        $0.priority == 3
      }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE ((NOT "reminders"."isCompleted") AND ("reminders"."priority" = 3))
      """#)
    check(
      Reminder.where { _ in }.select { $0.title }, #"SELECT "reminders"."title" FROM "reminders""#)
    check(
      Reminder.where { if onlyOpen { !$0.isCompleted } }.select { $0.id },
      #"SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")"#)
    check(
      Reminder.where { if onlyOpen { !$0.isCompleted } else { $0.isCompleted } }.select { $0.id },
      #"""
      SELECT "reminders"."id"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      """#)
    check(
      Reminder.where { if !onlyOpen { !$0.isCompleted } else { $0.priority != nil } }.select {
        $0.id
      },
      #"""
      SELECT "reminders"."id"
      FROM "reminders"
      WHERE ("reminders"."priority" IS NOT NULL)
      """#)
    check(
      Reminder.where { for word in ["Call", "Ada"] { $0.title.contains(word) } }.select { $0.id },
      #"""
      SELECT "reminders"."id"
      FROM "reminders"
      WHERE (("reminders"."title" LIKE '%Call%' ESCAPE '\') AND ("reminders"."title" LIKE '%Ada%' ESCAPE '\'))
      """#)
    check(
      Reminder.where { if #available(macOS 14, *) { $0.isCompleted } }.select { $0.id },
      #"SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."isCompleted""#)
  }

  @Test func examplesThatWereSQLComments() {
    check(
      ListStat.from(
        Reminder.group { $0.remindersListID }.select { ($0.remindersListID, $0.id.count()) }
      )
      .where { $0.reminders > 1 }
      .select { $0.remindersListID },
      #"""
      SELECT "listStats"."remindersListID"
      FROM (
      WITH "listStats" ("remindersListID", "reminders") AS (
      SELECT "reminders"."remindersListID", count("reminders"."id")
      FROM "reminders"
      GROUP BY "reminders"."remindersListID"
      )
      SELECT * FROM "listStats"
      ) AS "listStats"
      WHERE ("listStats"."reminders" > 1)
      """#)
    check(
      ColumnInfo.call(Reminder.tableName).where { $0.pk > 0 }.select { ($0.name, $0.type) },
      #"""
      SELECT "pragma_table_info"."name", "pragma_table_info"."type"
      FROM "pragma_table_info"('reminders')
      WHERE ("pragma_table_info"."pk" > 0)
      """#)
    check(
      Reminder.order { $0.title.collate(localized) }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      ORDER BY ("reminders"."title" COLLATE "localized")
      """#)
  }

  @Test func insertValuesBuilderStatements() {
    let onlyOpen = true
    check(
      RemindersList.insert { RemindersList(id: 3, title: "Errands") },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (3, 'Errands')
      """#)
    check(
      RemindersList.insert {
        [RemindersList(id: 3, title: "Errands"), RemindersList(id: 4, title: "Trips")]
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (3, 'Errands'), (4, 'Trips')
      """#)
    check(
      Reminder.insert {
        ($0.title, $0.remindersListID)
      } values: {
        (SQLQueryExpression("upper('milk')", as: String.self), 2)
      },
      #"""
      INSERT INTO "reminders" ("title", "remindersListID")
      VALUES (upper('milk'), 2)
      """#)
    check(
      RemindersList.insert { RemindersList.Draft(title: "Errands") },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (NULL, 'Errands')
      """#)
    check(
      RemindersList.insert {
        RemindersList.Draft(title: "Errands")
        RemindersList.Draft(title: "Trips")
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (NULL, 'Errands'), (NULL, 'Trips')
      """#)
    check(
      RemindersList.insert {
        for title in ["Errands", "Trips"] { RemindersList.Draft(title: title) }
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (NULL, 'Errands'), (NULL, 'Trips')
      """#)
    check(
      RemindersList.insert {
        RemindersList.Draft(title: "Errands")
        if onlyOpen { RemindersList.Draft(title: "Open") }
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (NULL, 'Errands'), (NULL, 'Open')
      """#)
    check(
      RemindersList.insert {
        if onlyOpen {
          RemindersList.Draft(title: "Open")
        } else {
          RemindersList.Draft(title: "All")
        }
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (NULL, 'Open')
      """#)
    check(
      RemindersList.insert {
        if !onlyOpen {
          RemindersList.Draft(title: "Open")
        } else {
          RemindersList.Draft(title: "All")
        }
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (NULL, 'All')
      """#)
    check(
      Reminder.insert {
        $0.title
      } values: {
        #sql("upper('milk')")
        "Eggs"
      },
      #"""
      INSERT INTO "reminders" ("title")
      VALUES (upper('milk')), ('Eggs')
      """#)
    check(
      RemindersList.insert {
        RemindersList(id: 3, title: "Errands")
        RemindersList.Draft(title: "Trips")
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (3, 'Errands'), (NULL, 'Trips')
      """#)
    check(
      RemindersList.insert {
        RemindersList(id: 3, title: "Errands")
        [RemindersList.Draft(title: "Trips"), RemindersList.Draft(title: "Books")]
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (3, 'Errands'), (NULL, 'Trips'), (NULL, 'Books')
      """#)
  }

  @Test func partsOfStatements() {
    check(
      RemindersList.select { $0.title }.where { $0.id == 1 }.filter,
      #"""
      SELECT "remindersLists"."id", "remindersLists"."title"
      FROM "remindersLists"
      WHERE ("remindersLists"."id" = 1)
      """#)
    check(
      RemindersList.where { $0.id == 2 }.delete().filter,
      #"""
      SELECT "remindersLists"."id", "remindersLists"."title"
      FROM "remindersLists"
      WHERE ("remindersLists"."id" = 2)
      """#)
    check(
      Reminder.update(or: .ignore) { $0.title = "Milk" },
      #"UPDATE OR IGNORE "reminders" SET "title" = 'Milk'"#)
    checkFragment(
      { _ in RemindersList.update { $0.title = "Home" }.assignments }, #""title" = 'Home'"#,
      runs: false)
    check(
      RemindersList.update { $0.title = "Home" }.where { $0.id == 1 }.filter,
      #"""
      SELECT "remindersLists"."id", "remindersLists"."title"
      FROM "remindersLists"
      WHERE ("remindersLists"."id" = 1)
      """#)
    check(
      RemindersList.insert(or: .replace) { RemindersList(id: 1, title: "House") },
      #"""
      INSERT OR REPLACE INTO "remindersLists" ("id", "title")
      VALUES (1, 'House')
      """#)
    checkFragment(
      { _ in
        RemindersList.insert { RemindersList(id: 1, title: "Home") }.onConflictDoNothing().upsert!
      },
      #"ON CONFLICT DO NOTHING"#, runs: false)
    check(
      Insert<RemindersList>(
        bindings: [.int(3), .text("Errands"), .int(4), .text("Trips")], rowCount: 2),
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (3, 'Errands'), (4, 'Trips')
      """#)
    checkFragment(
      { _ in Reminder.select { $0.title }.union(RemindersList.select { $0.title }).fragment },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      UNION
      SELECT "remindersLists"."title"
      FROM "remindersLists"
      """#)
    checkFragment(
      { _ in Reminder.where { $0.isCompleted }.delete().returning { $0.title }.fragment },
      #"""
      DELETE FROM "reminders"
      WHERE "reminders"."isCompleted"
      RETURNING "reminders"."title"
      """#)
    checkFragment(
      { _ in
        Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select {
          ($1.title, $0.title)
        }.selection
      },
      #""remindersLists"."title", "reminders"."title""#, runs: false)
    checkFragment(
      { _ in Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.source },
      #"""
      FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
      """#, runs: false)
    checkFragment(
      { _ in
        Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.where { r, _ in
          !r.isCompleted
        }.predicates
      },
      #"(NOT "reminders"."isCompleted")"#)
    checkFragment(
      { _ in Count.with(as: Values(7)) { Count.all }.tables[0] },
      #""counts" ("n") AS (SELECT 7)"#, runs: false)
    checkFragment(
      { _ in Count.with(as: Values(7)) { Count.select { $0.n * 2 } }.body },
      #"SELECT ("counts"."n" * 2) FROM "counts""#, runs: false)
  }

  @Test func casesOfEnums() {
    checkFragment(
      { _ in MacroSupport.caseSelection(Plan.schema.cases ?? [], case: 0, "Hi").selection },
      #"'Hi' AS "note", NULL AS "startDay", NULL AS "endDay""#, runs: false)
    checkFragment(
      { _ in
        MacroSupport.caseSelection(
          Plan.schema.cases ?? [], case: 1, Span.Columns(startDay: 1, endDay: 3)
        ).selection
      },
      #"NULL AS "note", 1 AS "startDay", 3 AS "endDay""#, runs: false)
    check(
      Reminder.leftJoin(Trip.all) { $0.id == $1.id }.select { ($0.title, $1.schedule.note) },
      #"SELECT "reminders"."title", "trips"."note" FROM "reminders" LEFT JOIN "trips" ON ("reminders"."id" = "trips"."id")"#
    )
    check(
      Reminder.leftJoin(Trip.all) { $0.id == $1.id }.select { ($0.title, $1.snooze.untilDay) },
      #"SELECT "reminders"."title", "trips"."untilDay" FROM "reminders" LEFT JOIN "trips" ON ("reminders"."id" = "trips"."id")"#
    )
  }

  @Test func groupsOfColumns() {
    check(
      { _ in ColumnGroup<Trip, Span>(tablePrefix: #""trips"."#) },
      #""trips"."startDay", "trips"."endDay""#, runs: false)
    check(
      { _ in Trip.TableColumns(qualifier: ColumnQualifier("t")).schedule.span },
      #""t"."startDay", "t"."endDay""#, runs: false)
    check(
      Trip.where { $0.schedule.note == "Oslo" }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE ("trips"."note" = 'Oslo')"#)
    check(
      Trip.select { $0.schedule.span }, #"SELECT "trips"."startDay", "trips"."endDay" FROM "trips""#
    )
    check(
      Trip.where { $0.schedule.span == Span(startDay: 1, endDay: 3) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") = (1, 3))"#)
    check(
      Trip.where { $0.schedule.span != Span(startDay: 1, endDay: 3) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") <> (1, 3))"#)
    check(
      Trip.where { $0.schedule.span < Span(startDay: 5, endDay: 0) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") < (5, 0))"#)
    check(
      Trip.where { $0.schedule.span <= Span(startDay: 5, endDay: 9) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") <= (5, 9))"#)
    check(
      Trip.where { $0.schedule.span > Span(startDay: 1, endDay: 3) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") > (1, 3))"#)
    check(
      Trip.where { $0.schedule.span >= Span(startDay: 1, endDay: 4) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") >= (1, 4))"#)
    check(
      Trip.where { $0.schedule.span.eq(Span(startDay: 1, endDay: 3)) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") = (1, 3))"#)
    check(
      Trip.where { $0.schedule.span.neq(Span(startDay: 1, endDay: 3)) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") <> (1, 3))"#)
    check(
      Trip.where { $0.schedule.span.lt(Span(startDay: 5, endDay: 0)) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") < (5, 0))"#)
    check(
      Trip.where { $0.schedule.span.lte(Span(startDay: 5, endDay: 9)) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") <= (5, 9))"#)
    check(
      Trip.where { $0.schedule.span.gt(Span(startDay: 1, endDay: 3)) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") > (1, 3))"#)
    check(
      Trip.where { $0.schedule.span.gte(Span(startDay: 1, endDay: 4)) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") >= (1, 4))"#)
    check(
      Trip.insert {
        ($0.id, $0.schedule.span)
      } values: {
        (9, Span(startDay: 2, endDay: 4))
      },
      #"""
      INSERT INTO "trips" ("id", "startDay", "endDay")
      VALUES (9, 2, 4)
      """#)
    check(
      Reminder.insert {
        $0.title
      } values: {
        "Milk"
      },
      #"INSERT INTO "reminders" ("title") VALUES ('Milk')"#)
    check(
      RemindersList.insert { RemindersList.Columns(id: 7, title: #sql("upper('atlas')")) },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (7, upper('atlas'))
      """#)
    check(
      RemindersList.insert {
        RemindersList.Draft(title: "Errands")
        RemindersList.Columns(id: 9, title: #sql("upper('trips')"))
      },
      #"""
      INSERT INTO "remindersLists" ("id", "title")
      VALUES (NULL, 'Errands'), (9, upper('trips'))
      """#)
    check(
      Trip.where { $0.snooze.is(nil) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."untilDay") IS (NULL))"#)
    check(
      Trip.where { $0.snooze.isNot(Snooze(untilDay: 6)) }.select { $0.id },
      #"SELECT "trips"."id" FROM "trips" WHERE (("trips"."untilDay") IS NOT (6))"#)
    check(
      { _ in
        MacroSupport.column(
          Trip.self, Int.self, "id", qualifiedName: #""trips"."id""#, tablePrefix: #""trips"."#)
      },
      #""trips"."id""#, runs: false)
    check(
      { _ in
        MacroSupport.column(
          Trip.self, Span.self, "span", qualifiedName: #""trips"."span""#,
          tablePrefix: #""trips"."#)
      },
      #""trips"."startDay", "trips"."endDay""#, runs: false)
    check({ _ in MacroSupport.value(String.self, "Lisbon") }, #"'Lisbon'"#)
    check({ _ in MacroSupport.value(Span.self, Span(startDay: 1, endDay: 3)) }, #"1, 3"#)
    check({ _ in MacroSupport.value(RemindersList?.self, nil) }, #"NULL, NULL"#)
    check({ _ in MacroSupport.SelectionValue(Snooze(untilDay: 6)) }, #"6"#)
    check(
      Trip.update { $0.snooze = Snooze(untilDay: 4) }, #"UPDATE "trips" SET "untilDay" = 4"#)
    check(
      Trip.update { $0.schedule.note = "Porto" }, #"UPDATE "trips" SET "note" = 'Porto'"#)
    check(
      Trip.update { $0.schedule.note += "!" },
      #"UPDATE "trips" SET "note" = ("trips"."note" || '!')"#)
    check(Trip.update { $0.snooze.untilDay = 7 }, #"UPDATE "trips" SET "untilDay" = 7"#)
    check(
      Trip.update { $0.schedule.span = Span(startDay: 2, endDay: 4) },
      #"UPDATE "trips" SET "startDay" = 2, "endDay" = 4"#)
    check(
      Trip.update { $0.schedule.span.endDay += 1 },
      #"UPDATE "trips" SET "endDay" = ("trips"."endDay" + 1)"#)
  }

  @Test func jsonEachColumns() {
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).select { $1.key },
      #"""
      SELECT "json_each"."key"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).select { $1.value },
      #"""
      SELECT "json_each"."value"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).select { $1.type },
      #"""
      SELECT "json_each"."type"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).select { $1.atom },
      #"""
      SELECT "json_each"."atom"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).select { $1.id },
      #"""
      SELECT "json_each"."id"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).select { $1.parent },
      #"""
      SELECT "json_each"."parent"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).select { $1.fullKey },
      #"""
      SELECT "json_each"."fullkey"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.join(jsonEach: { $0.tags }).select { $1.path },
      #"""
      SELECT "json_each"."path"
      FROM "taggedReminders"
      JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.leftJoin(jsonEach: { $0.tags }).select { $1.value },
      #"""
      SELECT "json_each"."value"
      FROM "taggedReminders"
      LEFT JOIN json_each("taggedReminders"."tags")
      """#)
    check(
      TaggedReminder.leftJoin(jsonEach: { $0.tags }).select { $1.atom },
      #"""
      SELECT "json_each"."atom"
      FROM "taggedReminders"
      LEFT JOIN json_each("taggedReminders"."tags")
      """#)
  }

  @Test func compositePrimaryKeys() {
    typealias Enrollment = DocCommentSchema.Enrollment
    check(
      Enrollment.where { $0.primaryKey.equals(key: Enrollment.ID(courseID: 1, studentID: 2)) }
        .select { $0.grade },
      #"SELECT "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 2))"#
    )
    check(
      Enrollment.columns.primaryKey.filter(key: Enrollment.ID(courseID: 1, studentID: 2)).select {
        $0.grade
      },
      #"SELECT "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 2))"#
    )
    check(
      Enrollment.where { $0.primaryKey.isIn(keys: [Enrollment.ID(courseID: 1, studentID: 2)]) }
        .select { $0.grade },
      #"SELECT "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."courseID", "enrollments"."studentID") IN (VALUES (1, 2)))"#
    )
    check(
      Enrollment.where { $0.id.in([Enrollment.ID(courseID: 1, studentID: 2)]) }.select { $0.grade },
      #"SELECT "enrollments"."grade" FROM "enrollments" WHERE (("enrollments"."courseID", "enrollments"."studentID") IN (VALUES (1, 2)))"#
    )
    check(
      Enrollment.where { $0.id.in(Enrollment.where { $0.grade == "A" }.select { $0.id }) }.count(),
      #"SELECT count(*) FROM "enrollments" WHERE (("enrollments"."courseID", "enrollments"."studentID") IN (SELECT "enrollments"."courseID", "enrollments"."studentID" FROM "enrollments" WHERE ("enrollments"."grade" = 'A')))"#
    )
    check(
      Reminder.columns.primaryKey.filter(key: 1).select { $0.title },
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 1)"#)
    check(
      Reminder.where { $0.primaryKey.equals(key: 1) }.select { $0.title },
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 1)"#)
    check(
      Reminder.where { $0.primaryKey.isIn(keys: [1, 2]) }.select { $0.title },
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (1, 2))"#)
    check(
      Reminder.where { $0.primaryKey.isIn(keys: Reminder.select { $0.id }) }.select { $0.title },
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders"))"#
    )
  }

  @Test func draftsAsTables() {
    check(
      Reminder.Draft.where { $0.isCompleted }.select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE "reminders"."isCompleted"
      """#)
    check(
      Reminder.Draft.find(1).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE ("reminders"."id" = 1)
      """#)
    check(
      Reminder.Draft.find([1, 2]).select { $0.title },
      #"""
      SELECT "reminders"."title"
      FROM "reminders"
      WHERE ("reminders"."id" IN (1, 2))
      """#)
    check(
      Reminder.Draft.where { $0.priority == 3 }.find(1).select { $0.title },
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."priority" = 3) AND ("reminders"."id" = 1)"#
    )
    check(
      Reminder.Draft.select { $0.title }.find(2),
      #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 2)"#)
  }

  @Test func upsertsFilteredByTheExcludedRow() {
    check(
      Reminder.insert { Reminder(id: 1, title: "Milk", priority: 2) }.onConflictDoUpdate {
        row, excluded in
        row.title = excluded.title
      } where: { row, excluded in
        excluded.title != row.title
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (1, 'Milk', 0, 2, 1)
      ON CONFLICT DO UPDATE SET "title" = excluded."title" WHERE (excluded."title" <> "reminders"."title")
      """#)
    check(
      Reminder.insert { Reminder(id: 1, title: "Milk", priority: 2) }.onConflict {
        $0.id
      } doUpdate: { row, excluded in
        row.isCompleted = excluded.isCompleted
      } where: { row, excluded in
        row.title == excluded.title
      },
      #"""
      INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
      VALUES (1, 'Milk', 0, 2, 1)
      ON CONFLICT ("id") DO UPDATE SET "isCompleted" = excluded."isCompleted" WHERE ("reminders"."title" = excluded."title")
      """#)
  }

  @Test func oneColumnInsertOfAnExpression() {
    check(
      Reminder.insert {
        $0.remindersListID
      } values: {
        Reminder.select { $0.id.count() }
      },
      #"""
      INSERT INTO "reminders" ("remindersListID")
      VALUES ((SELECT count("reminders"."id") FROM "reminders"))
      """#)
  }
}
