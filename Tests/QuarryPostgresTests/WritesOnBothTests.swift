import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

/// A one-column insert whose row is a subquery alone.
let listNamedForAReminder = RemindersList.insert {
  $0.title
} values: {
  Reminder.where { $0.id == 1 }.select { $0.title.upper() }
}

/// Moves reminder 1 to list 2 only from a lower list: the update's filter reads the excluded row.
let moveUpOnly = Reminder.insert {
  Reminder(id: 1, title: "Groceries", remindersListID: 2)
}
.onConflict {
  $0.id
} doUpdate: { row, excluded in
  row.remindersListID = excluded.remindersListID
} where: { row, excluded in
  excluded.remindersListID > row.remindersListID
}

/// An upsert on a partial unique index whose predicate holds a Swift value: written in, since
/// SQLite takes no parameter in a conflict target's filter.
let urgentReminder = Reminder.insert {
  ($0.title, $0.priority, $0.remindersListID)
} values: {
  ("Doctor", 9, 3)
}
.onConflict {
  $0.title
} where: {
  $0.priority > 5
} doUpdate: {
  $0.notes = "again"
}

@Suite("Writes on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct WritesOnBothTests {
  @Test func aOneColumnInsertOfASubqueryOnBoth() async throws {
    #expect(
      listNamedForAReminder.sql(for: .postgres) == """
        INSERT INTO "remindersLists" ("title")
        VALUES ((SELECT upper("reminders"."title")
        FROM "reminders"
        WHERE ("reminders"."id" = $1)))
        """)
    let titles = RemindersList.where { $0.id > 3 }.select { $0.title }
    let sqlite = try SampleData.sqlite()
    try listNamedForAReminder.execute(sqlite)
    let sqliteTitles = try titles.fetchAll(sqlite)
    let postgresTitles = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.write { db in
        try await listNamedForAReminder.execute(db)
        return try await titles.fetchAll(db)
      }
    }
    #expect(sqliteTitles == ["GROCERIES"])
    #expect(postgresTitles == sqliteTitles)
  }

  @Test func theExcludedRowFiltersTheUpdateOnBoth() async throws {
    #expect(
      moveUpOnly.sql(for: .postgres) == """
        INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID", \
        "notes")
        VALUES ($1, $2, $3, $4, $5, $6)
        ON CONFLICT ("id") DO UPDATE SET "remindersListID" = excluded."remindersListID" \
        WHERE (excluded."remindersListID" > "reminders"."remindersListID")
        """)
    let list = Reminder.find(1).select { $0.remindersListID }
    let sqlite = try SampleData.sqlite()
    try moveUpOnly.execute(sqlite)
    let sqliteList = try list.fetchOne(sqlite)
    let postgresList = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.write { db in
        try await moveUpOnly.execute(db)
        return try await list.fetchOne(db)
      }
    }
    #expect(sqliteList == 2)
    #expect(postgresList == 2)
  }

  @Test func aConflictTargetFilterWithAValueOnBoth() async throws {
    #expect(
      urgentReminder.sql(for: .postgres) == """
        INSERT INTO "reminders" ("title", "priority", "remindersListID")
        VALUES ($1, $2, $3)
        ON CONFLICT ("title") WHERE ("reminders"."priority" > 5) DO UPDATE SET "notes" = $4
        """)
    let index = #"CREATE UNIQUE INDEX "urgentTitles" ON "reminders" ("title") WHERE "priority" > 5"#
    let notes = Reminder.where { $0.priority == 9 }.select { $0.notes }
    let sqlite = try SampleData.sqlite()
    try sqlite.execute(sql: index)
    try urgentReminder.execute(sqlite)
    try urgentReminder.execute(sqlite)
    let sqliteNotes = try notes.fetchAll(sqlite)
    let postgresNotes = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.write { db in
        try await db.execute(sql: index)
        try await urgentReminder.execute(db)
        try await urgentReminder.execute(db)
        return try await notes.fetchAll(db)
      }
    }
    #expect(sqliteNotes == ["again"])
    #expect(postgresNotes == sqliteNotes)
  }
}
