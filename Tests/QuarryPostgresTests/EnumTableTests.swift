import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// A `@Table` enum's statements, built once at the top level and run on both databases.

let noticeInsert = Notice.insert { NoticeData.rows }
let noticeTexts = Notice.where { $0.text != nil }.order { $0.text }.select { $0.text }
let noticeReadings = Notice.where { $0.reading.isNot(nil) }.select { ($0.reading.unit, $0) }
let noticeSwitch = Notice.where { $0.text == "Doctor" }.update { $0.code = 9 }
let noticeGroupSwitch = Notice.where { $0.code == 7 }.update {
  $0.reading.amount = 5
  $0.reading.unit = "m"
}
let noticesByCode = Notice.all
/// Reminders outer-joined with the notices that name them: a case's columns are optional.
let remindersWithNotices = Reminder.leftJoin(Notice.all) { $0.title == $1.text }
  .where { reminder, _ in reminder.id <= 3 }.order { reminder, _ in reminder.id }
  .select { ($0.title, $1.text, $1.reading.unit, $1) }
/// A row of one case from expressions: `NULL` in the other cases' columns.
let noticeFromTitles = Reminder.where { $0.id <= 2 }.order { $0.id }.select {
  Notice.Columns.text($0.title.upper())
}

@Suite("@Table enums on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct EnumTableCrossDialectTests {
  struct Outcome: Equatable {
    var texts: [String?] = []
    var readings: [String] = []
    var joined: [String] = []
    var fromTitles: [Notice] = []
    var final: [String] = []
  }

  @Test func casesReadAndWriteTheSameRowsOnBoth() async throws {
    let sqlite = try SampleData.sqlite()
    try sqlite.execute(sql: NoticeData.sqliteSchema)
    try noticeInsert.execute(sqlite)
    var onSQLite = Outcome()
    onSQLite.texts = try noticeTexts.fetchAll(sqlite)
    onSQLite.readings = try noticeReadings.fetchAll(sqlite).map { "\($0.0 ?? "") \($0.1)" }
    onSQLite.joined = try remindersWithNotices.fetchAll(sqlite).map { "\($0)" }
    onSQLite.fromTitles = try noticeFromTitles.fetchAll(sqlite)
    try noticeSwitch.execute(sqlite)
    try noticeGroupSwitch.execute(sqlite)
    onSQLite.final = try noticesByCode.fetchAll(sqlite).map { "\($0)" }.sorted()

    let onPostgres = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.write { db in
        try await db.execute(sql: NoticeData.postgresSchema)
        try await noticeInsert.execute(db)
        var outcome = Outcome()
        outcome.texts = try await noticeTexts.fetchAll(db)
        outcome.readings = try await noticeReadings.fetchAll(db).map { "\($0.0 ?? "") \($0.1)" }
        outcome.joined = try await remindersWithNotices.fetchAll(db).map { "\($0)" }
        outcome.fromTitles = try await noticeFromTitles.fetchAll(db)
        try await noticeSwitch.execute(db)
        try await noticeGroupSwitch.execute(db)
        outcome.final = try await noticesByCode.fetchAll(db).map { "\($0)" }.sorted()
        return outcome
      }
    }
    #expect(onSQLite.texts == ["Doctor", "Groceries"])
    #expect(
      onSQLite.readings == [#"kg reading(QuarryPostgresTests.Reading(amount: 3, unit: "kg"))"#])
    #expect(
      onSQLite.joined == [
        #"("Groceries", Optional("Groceries"), nil, Optional(QuarryPostgresTests.Notice.text("Groceries")))"#,
        #"("Haircut", nil, nil, nil)"#,
        #"("Doctor", Optional("Doctor"), nil, Optional(QuarryPostgresTests.Notice.text("Doctor")))"#,
      ])
    #expect(onSQLite.fromTitles == [.text("GROCERIES"), .text("HAIRCUT")])
    // (Sorted here: the two databases order `NULL`s differently.)
    #expect(
      onSQLite.final == [
        "code(9)", #"reading(QuarryPostgresTests.Reading(amount: 3, unit: "kg"))"#,
        #"reading(QuarryPostgresTests.Reading(amount: 5, unit: "m"))"#, #"text("Groceries")"#,
      ])
    #expect(onPostgres == onSQLite)
  }

  @Test func eachDatabaseSeesTheCasesColumns() {
    #expect(
      noticeSwitch.sql(for: .postgres) == """
        UPDATE "notices"
        SET "code" = $1, "text" = NULL, "amount" = NULL, "unit" = NULL
        WHERE ("notices"."text" = $2)
        """)
    #expect(
      noticeReadings.sql(for: .postgres) == """
        SELECT "notices"."unit", "notices"."text", "notices"."code", "notices"."amount", \
        "notices"."unit"
        FROM "notices"
        WHERE (("notices"."amount", "notices"."unit") IS DISTINCT FROM ($1, $2))
        """)
  }
}
