import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// Whole rows as JSON, built once at the top level and run on both databases.

let listsWithReminders = RemindersList.group { $0.id }
  .leftJoin(Reminder.all) { $0.id == $1.remindersListID }
  .order { list, _ in list.id }
  .select { ($0.title, $1.jsonGroupArray()) }
let openRemindersOfLists = RemindersList.group { $0.id }
  .leftJoin(Reminder.all) { $0.id == $1.remindersListID }
  .order { list, _ in list.id }
  .select { ($0.id, $1.jsonGroupArray(distinct: true, filter: $1.isCompleted == false)) }
let taggingObjects = Tagging.order { $0.id }.select { $0.jsonObject() }
let remindersWithTheirList = Reminder.leftJoin(RemindersList.where { $0.id == 2 }) {
  $0.remindersListID == $1.id
}
.order { reminder, _ in reminder.id }
.select { ($0.id, $1.jsonObject()) }

/// A list, whole, with its reminders as rows: structured-queries' spelling.
@Selection struct ListWithReminders: Equatable {
  let remindersList: RemindersList
  @Column(as: [Reminder].JSONRepresentation.self)
  let reminders: [Reminder]
}

let listRows = RemindersList.group { $0.id }
  .leftJoin(Reminder.all) { $0.id == $1.remindersListID }
  .order { list, _ in list.id }
  .select { ListWithReminders.Columns(remindersList: $0, reminders: $1.jsonGroupArray()) }

@Suite("Rows as JSON on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct RowsAsJSONTests {
  static func sampleReminders(where keep: (Reminder) -> Bool = { _ in true }) -> [Reminder] {
    SampleData.reminders.map {
      Reminder(
        id: $0.0, title: $0.1, isCompleted: $0.2, priority: $0.3, remindersListID: $0.4,
        notes: $0.5)
    }.filter(keep)
  }

  /// Each list with its reminders, in one statement: the same reminders on both (a `Bool`, an
  /// optional `Int`, optional text), and none for the empty list.
  @Test func listsWithTheirReminders() async throws {
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      let sqlite = try listsWithReminders.fetchAll(SampleData.sqlite())
      let rows = try await postgres.read { db in try await listsWithReminders.fetchAll(db) }
      let expected = SampleData.lists.map { list in
        (list.1, Self.sampleReminders { $0.remindersListID == list.0 })
      }
      for fetched in [sqlite, rows] {
        // (Without `ORDER BY` inside the aggregate the rows come in any order.)
        let lists = fetched.map { ($0.0, $0.1.queryOutput.sorted { $0.id < $1.id }) }
        #expect(lists.map(\.0) == expected.map(\.0))
        #expect(lists.map(\.1) == expected.map(\.1))
      }
      let open = try openRemindersOfLists.fetchAll(SampleData.sqlite())
      let openOnPostgres = try await postgres.read { db in
        try await openRemindersOfLists.fetchAll(db)
      }
      for fetched in [open, openOnPostgres] {
        #expect(fetched.map { $0.1.queryOutput.map(\.id).sorted() } == [[1, 3], [4, 6], []])
      }
    }
  }

  /// A table and its children's rows as properties of one selection, on both.
  @Test func aTableAndItsChildrenInOneSelection() async throws {
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      let sqlite = try listRows.fetchAll(SampleData.sqlite())
      let rows = try await postgres.read { db in try await listRows.fetchAll(db) }
      for fetched in [sqlite, rows] {
        #expect(fetched.map(\.remindersList.title) == ["Home", "Work", "Empty"])
        #expect(
          fetched.map { $0.reminders.map(\.id).sorted() } == [[1, 2, 3], [4, 5, 6], []])
      }
    }
  }

  /// A row with a JSON array, a JSON object and a date reads back from its JSON object on both;
  /// an outer join's missing row is nil.
  @Test func rowsAsObjects() async throws {
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      let sqlite = try taggingObjects.fetchAll(SampleData.sqlite())
      let rows = try await postgres.read { db in try await taggingObjects.fetchAll(db) }
      #expect(sqlite.map(\.queryOutput) == SampleData.taggings)
      #expect(rows.map(\.queryOutput) == SampleData.taggings)
      let joined = try remindersWithTheirList.fetchAll(SampleData.sqlite())
      let joinedOnPostgres = try await postgres.read { db in
        try await remindersWithTheirList.fetchAll(db)
      }
      for fetched in [joined, joinedOnPostgres] {
        #expect(
          fetched.map { $0.1?.queryOutput }
            == [nil, nil, nil] + Array(repeating: RemindersList(id: 2, title: "Work"), count: 3))
      }
    }
  }

  /// The SQL PostgreSQL runs: `jsonb_build_object`, and `jsonb_agg` that gives `[]` for no rows.
  @Test func postgresSQL() {
    #expect(
      taggingObjects.sql(for: .postgres) == """
        SELECT jsonb_build_object('id', "taggings"."id", 'tags', "taggings"."tags", \
        'counts', "taggings"."counts", 'dueAt', "taggings"."dueAt")
        FROM "taggings"
        ORDER BY "taggings"."id"
        """)
    #expect(
      openRemindersOfLists.sql(for: .postgres).contains(
        #"coalesce(jsonb_agg(DISTINCT jsonb_build_object('id', "reminders"."id", "#))
    #expect(
      openRemindersOfLists.sql(for: .postgres).contains(
        #"FILTER (WHERE (("reminders"."id" IS NOT NULL) AND ("reminders"."isCompleted" = $1))), '[]')"#
      ))
  }
}
