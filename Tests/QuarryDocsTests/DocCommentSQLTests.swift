import Quarry
import QuarryTestSupport
import Testing

/// The SQL that doc comments of query-building symbols say their examples render.
@Suite("Doc comments show the SQL their examples render")
struct DocCommentSQLTests {
  typealias Reminder = DefiningATable.Reminder

  @Test func renderedAsDocumented() {
    assertSQL(
      Reminder.where(\.isCompleted).delete(),
      #"DELETE FROM "reminders" WHERE "reminders"."isCompleted""#)
    assertSQL(Reminder.select { $0.title }, #"SELECT "reminders"."title" FROM "reminders""#)
    assertSQL(
      Reminder.where { $0.id == 1 }.delete().returning { $0.id },
      #"DELETE FROM "reminders" WHERE ("reminders"."id" = 1) RETURNING "reminders"."id""#)
    assertSQL(
      Reminder.update { $0.isCompleted = true }, #"UPDATE "reminders" SET "isCompleted" = 1"#)
    assertSQL(
      Tag.insert { Tag(id: "a", name: "errands") },
      #"INSERT INTO "tags" ("id", "name") VALUES ('a', 'errands')"#)
  }
}
