import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// Statements as apps hold them: built once, at the top level, outside any database's closure
// (a global `let` is initialised lazily, by whichever test touches it first), then run on both
// databases. Each must give the same rows on SQLite and PostgreSQL.

let caseInsensitive = Reminder.where { $0.title.ilike("r%") }.order { $0.id }.select { $0.id }
let noRows = Reminder.none.select { $0.id }
let everyRow = Reminder.where { _ in true }.order { $0.id }.select { $0.id }
let sameNotes = Reminder.where { $0.notes.is($0.notes) }.order { $0.id }.select { $0.id }
let otherNotes = Reminder.where { $0.notes.isNot(#sql("'milk, eggs'")) }.order { $0.id }
  .select { $0.id }
let startsWithR = Reminder.where { $0.title.hasPrefix("R") }.select { $0.id }
let endsWithS = Reminder.where { $0.title.hasSuffix("s") }.order { $0.id }.select { $0.id }
let firstAndLast = Reminder.order { $0.id }.limit(1).select { $0.id }
  .union(Reminder.order { $0.id.desc() }.limit(1).select { $0.id })
let afterTwo = Reminder.order { $0.id }.offset(4).select { $0.id }
let titlesOfWork = Reminder.where { $0.remindersListID == 2 }.group { $0.remindersListID }
  .select { $0.title.length().groupConcat(";") }
let shortTitles = Reminder.order { $0.id }.select { $0.title.substr(1, 3) }
let notesOrNone = Reminder.order { $0.id }.select {
  SQLFunctions.coalesce($0.notes, BoundValue("none"))
}
// `all.or(x)` is `x` (an unfiltered side adds nothing); `all.not()` is `NOT (TRUE)` on PostgreSQL.
let noRowOrTheFirst = Reminder.all.or(Reminder.all.not().or(Reminder.where { $0.id == 1 }))
  .order { $0.id }
  .select { $0.id }
let listsJoinedToNone = RemindersList.leftJoin(Reminder.none) { $0.id == $1.remindersListID }
  .select { list, reminder in (list.id, reminder.id) }
let twoKept = Reminder.order { $0.id }.limit(2).limit(nil).offset(nil).select { $0.id }
let tagLists = Tagging.where { $0.id == 1 }.select { $0.tags.jsonGroupArray() }
let aliasRightJoin = Reminder.aliased("r").rightJoin(RemindersList.all) {
  $0.remindersListID == $1.id
}
.order { r, l in (l.id, r.id) }.select { r, l in (r.title, l.title) }
let aliasFullJoin = Reminder.aliased("r").fullJoin(Reminder.aliased("s")) { $0.id == $1.id + 1 }
  .order { r, s in (r.id, s.id) }.select { r, s in (r.id, s.id) }
let aliasCrossJoin = Reminder.aliased("r").crossJoin(RemindersList.where { $0.id == 1 })
  .order { r, _ in r.id }.select { r, l in (r.id, l.id) }
let tableRightJoin = Reminder.rightJoin(Reminder.aliased("s")) { $0.id == $1.id + 1 }
  .select { r, s in (r.id, s.id) }
let tableFullJoin = Reminder.fullJoin(Reminder.aliased("s")) { $0.id == $1.id + 1 }
  .select { r, s in (r.id, s.id) }
let tableCrossJoin = Reminder.crossJoin(RemindersList.aliased("l")).select { r, l in (r.id, l.id) }
let remindersWithLists = Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
let rightThird = remindersWithLists.rightJoin(Tagging.all) { $0.id == $2.id }
  .order { _, _, tagging in tagging.id }
  .select { reminder, _, tagging in (reminder.title, tagging.id) }
let fullThird = remindersWithLists.fullJoin(Tagging.all) { $0.id == $2.id }
  .order { reminder, _, tagging in (reminder.id, tagging.id) }
  .select { reminder, _, tagging in (reminder.title, tagging.id) }
let crossThird = remindersWithLists.crossJoin(Tagging.where { $0.id > 1 })
  .select { reminder, _, _ in reminder.id.count() }
let completedCount = Reminder.where { $0.isCompleted }.select { $0.id.count() }
let taggedWork = Tagging.join(jsonEach: { $0.tags }).where { $1.value == "work" }
  .order { t, _ in t.id }.select { t, _ in t.id }
let dueDays = Tagging.order { $0.id }.select { SQLFunctions.date($0.dueAt, "start of month") }
let firstTags = Tagging.order { $0.id }.select { $0.tags.jsonExtract("$[0]", as: String.self) }
// A type's own `all` (a default scope) applies to statements that start from the type.
let openAtHome = OpenReminder.where { $0.remindersListID == 1 }.select { $0.id }
let openCount = OpenReminder.count()
let openPerList = RemindersList.leftJoin(OpenReminder.all) { $0.id == $1.remindersListID }
  .group { list, _ in list.id }.order { list, _ in list.id }
  .select { list, reminder in (list.id, reminder.id.count()) }
// JSON mutation of a column stored as JSON (`jsonb` on PostgreSQL).
let appendedTags = Tagging.order { $0.id }.select { $0.tags.jsonAppend("x") }
let firstTagSet = Tagging.order { $0.id }.select { $0.tags.jsonSet("$[0]", to: "first") }
let firstTagInserted = Tagging.order { $0.id }.select { $0.tags.jsonInsert("$[0]", "only") }
let lastTagRemoved = Tagging.order { $0.id }.select { $0.tags.jsonRemove("$[#-1]") }
let countsChanged = Tagging.order { $0.id }.select {
  $0.counts.jsonReplace("$.a", with: 5).jsonSet("$.z", to: 0).jsonRemove("$.c")
}
let tagAdded = Tagging.where { $0.id == 2 }.update { $0.tags = $0.tags.jsonAppend("added") }
// `find` of a subquery's keys; `map` of an optional column.
let urgentByKey = Reminder.find(Reminder.where { $0.priority == 3 }.select { $0.id })
  .order { $0.id }.select { $0.id }
let doubledPriorities = Reminder.order { $0.id }.select { $0.priority.map { $0 * 2 } }
// Typed date-time helpers on a `Date` column (`timestamptz` on PostgreSQL).
let dueYearsAndDays = Tagging.order { $0.id }.select { ($0.dueAt.year, $0.dueAt.dayOfYear) }
let dueMonthStarts = Tagging.order { $0.id }.select { $0.dueAt(.startOfMonth.days(1)) }
let dueBeforeNow = Tagging.where {
  $0.dueAt < ModifiedDate<Date>.now && $0.dueAt(.hours(1)) > $0.dueAt
}
.order { $0.id }.select { $0.id }
let markOpen = OpenReminder.update { $0.notes = "open" }
let reopenAll = OpenReminder.unscoped.where { $0.isCompleted }.update { $0.isCompleted = false }
let negatedIDs = Reminder.where { $0.id <= 2 }.update { $0.id.negate() }
/// SQLite's `pragma_table_info`, which PostgreSQL has no form of.
@Table("pragma_table_info")
struct TableColumnInfo {
  var cid: Int
  var name: String
  var type: String
  var notnull: Bool
  @Column("dflt_value") var defaultValue: String?
  var pk: Int
}
let listColumnsOfReminders = RemindersList.join(TableColumnInfo.call("reminders")) {
  $0.id == $1.cid
}
.order { list, _ in list.id }.select { $1.name }
// Swift functions SQL calls: SQLite runs them, PostgreSQL refuses them before sending.
@DatabaseFunction
func initial(_ title: String) -> String { String(title.prefix(1)) }
@DatabaseFunction
func longest(_ titles: some Sequence<String>) -> String? { titles.max { $0.count < $1.count } }
let titleInitials = Reminder.order { $0.id }.select { $initial($0.title) }
let longestTitle = Reminder.select { $longest($0.title, distinct: true) }

/// Statements built once, outside any closure, run on both databases.
@Suite("Statements built once run on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct StatementsBuiltOnceTests {
  /// The rows of `statement` on SQLite and on PostgreSQL, as text.
  func rows<each Value: QueryDecodable>(
    _ statement: some Statement<(repeat each Value)>, on postgres: PostgresDatabase
  ) async throws -> (sqlite: [String], postgres: [String]) {
    let sqlite = try statement.fetchAll(SampleData.sqlite()).map { String(describing: $0) }
    let rows = try await postgres.read { db in
      try await statement.fetchAll(db).map { String(describing: $0) }
    }
    return (sqlite, rows)
  }

  /// A column stored as JSON aggregates as JSON on both: an array of arrays.
  @Test func aJSONColumnAggregatesAsJSON() async throws {
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      let sqlite = try tagLists.fetchOne(SampleData.sqlite())
      let rows = try await postgres.read { db in try await tagLists.fetchOne(db) }
      for arrays in [sqlite, rows] {
        #expect(arrays?.queryOutput == [SampleData.taggings[0].tags])
      }
    }
  }

  /// An alias's right, full and cross joins, and a table's with an alias, give the same rows
  /// on both.
  @Test func everyJoinKindOfAnAlias() async throws {
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      for (sqlite, postgres) in [
        try await rows(aliasRightJoin, on: postgres), try await rows(aliasFullJoin, on: postgres),
        try await rows(aliasCrossJoin, on: postgres), try await rows(tableRightJoin, on: postgres),
        try await rows(tableFullJoin, on: postgres), try await rows(tableCrossJoin, on: postgres),
      ] {
        #expect(!sqlite.isEmpty)
        // (Sorted: the databases order NULLs at opposite ends.)
        #expect(sqlite.sorted() == postgres.sorted())
      }
    }
  }

  /// A Swift function runs on SQLite, where it is registered; PostgreSQL refuses the statement
  /// before sending it, naming the function.
  @Test func swiftFunctionsAreRefusedBeforeSending() async throws {
    let sqlite = try SampleData.sqlite()
    try sqlite.add(function: $initial)
    try sqlite.add(function: $longest)
    #expect(try titleInitials.fetchAll(sqlite) == ["G", "H", "D", "R", "E", "a"])
    #expect(try longestTitle.fetchOne(sqlite)??.isEmpty == false)
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      do {
        _ = try await postgres.read { db in try await titleInitials.fetchAll(db) }
        Issue.record("initial() ran on PostgreSQL")
      } catch let error as PostgresError {
        #expect(error.kind == .statement)
        #expect(error.message.contains("The Swift function initial() has no PostgreSQL form"))
      }
      do {
        _ = try await postgres.read { db in try await longestTitle.fetchAll(db) }
        Issue.record("longest() ran on PostgreSQL")
      } catch let error as PostgresError {
        #expect(error.message.contains("The Swift function longest() has no PostgreSQL form"))
      }
    }
  }

  @Test func everyConstructGivesTheSameRows() async throws {
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      let expected: [(String, [String], (sqlite: [String], postgres: [String]))] = [
        ("ilike", ["4"], try await rows(caseInsensitive, on: postgres)),
        ("none", [], try await rows(noRows, on: postgres)),
        ("true", ["1", "2", "3", "4", "5", "6"], try await rows(everyRow, on: postgres)),
        ("is", ["1", "2", "3", "4", "5", "6"], try await rows(sameNotes, on: postgres)),
        ("isNot", ["2", "3", "4", "5", "6"], try await rows(otherNotes, on: postgres)),
        ("hasPrefix", ["4"], try await rows(startsWithR, on: postgres)),
        ("hasSuffix", ["1", "5"], try await rows(endsWithS, on: postgres)),
        ("offset", ["5", "6"], try await rows(afterTwo, on: postgres)),
        ("groupConcat", [#"Optional("9;8;5")"#], try await rows(titlesOfWork, on: postgres)),
        (
          "substr", ["Gro", "Hai", "Doc", "Rev", "Exp", "alp"],
          try await rows(shortTitles, on: postgres)
        ),
        (
          "coalesce",
          [
            #"Optional("milk, eggs")"#, #"Optional("none")"#, #"Optional("")"#,
            #"Optional("it\'s urgent")"#, #"Optional("none")"#, #"Optional("lower-case title")"#,
          ],
          try await rows(notesOrNone, on: postgres)
        ),
        ("count", ["2"], try await rows(completedCount, on: postgres)),
        (
          "or and not with an unfiltered side", ["1"],
          try await rows(noRowOrTheFirst, on: postgres)
        ),
        ("json_each", ["1", "3"], try await rows(taggedWork, on: postgres)),
        ("left join of none", [], try await rows(listsJoinedToNone, on: postgres)),
        ("limit(nil) keeps the limit", ["1", "2"], try await rows(twoKept, on: postgres)),
        (
          "date",
          [#"Optional("2026-01-01")"#, #"Optional("2026-02-01")"#, #"Optional("2025-12-01")"#],
          try await rows(dueDays, on: postgres)
        ),
        (
          "->>", [#"Optional("home")"#, "nil", #"Optional("work")"#],
          try await rows(firstTags, on: postgres)
        ),
        ("default scope", ["3", "1"], try await rows(openAtHome, on: postgres)),
        ("default scope's count", ["4"], try await rows(openCount, on: postgres)),
        (
          "default scope of a joined table", ["(1, 2)", "(2, 2)", "(3, 0)"],
          try await rows(openPerList, on: postgres)
        ),
        ("find of a subquery", ["3", "4"], try await rows(urgentByKey, on: postgres)),
        (
          "year and day of year", ["(2026, 31)", "(2026, 59)", "(2025, 365)"],
          try await rows(dueYearsAndDays, on: postgres)
        ),
        (
          "a modified date",
          ["2026-01-02 00:00:00 +0000", "2026-02-02 00:00:00 +0000", "2025-12-02 00:00:00 +0000"],
          try await rows(dueMonthStarts, on: postgres)
        ),
        ("now", ["1", "2", "3"], try await rows(dueBeforeNow, on: postgres)),
        (
          "map of an optional",
          ["Optional(4)", "nil", "Optional(6)", "Optional(6)", "Optional(2)", "nil"],
          try await rows(doubledPriorities, on: postgres)
        ),
      ]
      for (construct, rows, (sqlite, postgres)) in expected {
        #expect(sqlite == rows, "\(construct) on SQLite")
        #expect(postgres == rows, "\(construct) on PostgreSQL")
      }
      // A third table, joined right, full and across.
      let right = try await rows(rightThird, on: postgres)
      #expect(right.sqlite.count == 3)
      #expect(right.sqlite.first == #"(Optional("Groceries"), 1)"#)
      #expect(right.sqlite == right.postgres)
      let full = try await rows(fullThird, on: postgres)
      #expect(full.sqlite.count == 6)
      #expect(full.sqlite.last == #"(Optional("alpha"), nil)"#)
      #expect(full.sqlite == full.postgres)
      let cross = try await rows(crossThird, on: postgres)
      #expect(cross.sqlite == ["12"])
      #expect(cross.postgres == ["12"])
      // A union's arms come back in each database's order.
      let union = try await rows(firstAndLast, on: postgres)
      #expect(union.sqlite.sorted() == ["1", "6"])
      #expect(union.postgres.sorted() == ["1", "6"])
    }
  }

  @Test func aStatementShowsEachDatabasesSQL() {
    #expect(caseInsensitive.sql(for: .sqlite).contains(#"("reminders"."title" LIKE ?)"#))
    #expect(caseInsensitive.sql(for: .postgres).contains(#"("reminders"."title" ILIKE $1)"#))
    #expect(noRows.sql(for: .sqlite).hasSuffix("WHERE 0"))
    #expect(noRows.sql(for: .postgres).hasSuffix("WHERE FALSE"))
    #expect(
      sameNotes.sql(for: .postgres).contains(
        #"("reminders"."notes" IS NOT DISTINCT FROM "reminders"."notes")"#))
    #expect(startsWithR.sql(for: .postgres).contains(#"(strpos("reminders"."title", $1) = 1)"#))
    #expect(firstAndLast.sql(for: .postgres).contains(#") AS "arm""#))
    #expect(!firstAndLast.sql(for: .sqlite).contains(#"AS "arm""#))
    #expect(afterTwo.sql(for: .postgres).hasSuffix("LIMIT ALL OFFSET $1"))
    #expect(shortTitles.sql(for: .postgres).contains("CAST($1 AS integer)"))
    #expect(notesOrNone.sql(for: .postgres).contains("CAST($1 AS text)"))
    // The SQLite text is what the statement holds: rendering it for SQLite copies nothing.
    #expect(caseInsensitive.sql(for: .sqlite) == caseInsensitive.query.sql)
  }

  @Test func aStatementBuiltInsidePostgreSQLsClosureRunsOnSQLite() async throws {
    let built = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.read { db async throws in
        let statement = Reminder.where { $0.title.ilike("%E%") && $0.priority.isNot(3) }
          .order { $0.id }.select { $0.id }
        let rows = try await statement.fetchAll(db)
        #expect(rows == [1, 5])
        return statement
      }
    }
    #expect(try built.fetchAll(SampleData.sqlite()) == [1, 5])
  }

  /// `json_set` and its kin give the same JSON on both (PostgreSQL's `jsonb_set`, `#-`, `||`).
  @Test func jsonMutationsGiveTheSameJSON() async throws {
    let sqlite = try SampleData.sqlite()
    func values<Value: Codable & Sendable>(
      _ statement: Select<JSONRepresentation<Value>, Tagging>, _ db: Database
    ) throws -> [Value] {
      try statement.fetchAll(db).map(\.queryOutput)
    }
    let expectedTags = [
      (appendedTags, [["home", "work", "x"], ["x"], ["work", "x"]]),
      (firstTagSet, [["first", "work"], ["first"], ["first"]]),
      (firstTagInserted, [["home", "work"], ["only"], ["work"]]),
      (lastTagRemoved, [["home"], [], []]),
    ]
    let expectedCounts: [[String: Int]] = [["a": 5, "z": 0], ["z": 0], ["b": 2, "z": 0]]
    for (statement, expected) in expectedTags {
      #expect(try values(statement, sqlite) == expected)
    }
    #expect(try values(countsChanged, sqlite) == expectedCounts)
    try tagAdded.execute(sqlite)
    #expect(try Tagging.find(2).fetchOne(sqlite)?.tags == ["added"])
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      for (statement, expected) in expectedTags {
        let rows = try await postgres.read { db in
          try await statement.fetchAll(db).map(\.queryOutput)
        }
        #expect(rows == expected, "\(statement.sql(for: .postgres))")
      }
      let counts = try await postgres.read { db in
        try await countsChanged.fetchAll(db).map(\.queryOutput)
      }
      #expect(counts == expectedCounts)
      let added = try await postgres.write { db in
        try await tagAdded.execute(db)
        return try await Tagging.find(2).fetchOne(db)?.tags
      }
      #expect(added == ["added"])
    }
  }

  /// An update from a type with a default scope changes the scoped rows only, unless it
  /// starts from `unscoped`.
  @Test func aDefaultScopeLimitsUpdatesOnBoth() async throws {
    let marked = Reminder.where { $0.notes == "open" }.count()
    let sqlite = try SampleData.sqlite()
    try markOpen.execute(sqlite)
    #expect(try marked.fetchOne(sqlite) == 4)
    try reopenAll.execute(sqlite)
    #expect(try openCount.fetchOne(sqlite) == 6)
    let postgres = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.write { db in
        try await markOpen.execute(db)
        let markedCount = try await marked.fetchOne(db)
        try await reopenAll.execute(db)
        return (markedCount, try await openCount.fetchOne(db))
      }
    }
    #expect(postgres.0 == 4)
    #expect(postgres.1 == 6)
  }

  /// `negate()` in an update assigns the column its negation on both.
  @Test func negateInAnUpdateOnBoth() async throws {
    #expect(
      negatedIDs.sql(for: .postgres) == """
        UPDATE "reminders"
        SET "id" = (-"reminders"."id")
        WHERE ("reminders"."id" <= $1)
        """)
    let ids = Reminder.order { $0.id }.select { $0.id }
    let sqlite = try SampleData.sqlite()
    try negatedIDs.execute(sqlite)
    let sqliteIDs = try ids.fetchAll(sqlite)
    let postgresIDs = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.write { db in
        try await negatedIDs.execute(db)
        return try await ids.fetchAll(db)
      }
    }
    #expect(sqliteIDs == [-2, -1, 3, 4, 5, 6])
    #expect(postgresIDs == sqliteIDs)
  }

  @Test func aDraftWithoutAKeyGetsOneFromEachDatabase() async throws {
    let insert = Reminder.insert {
      Reminder.Draft(title: "New", remindersListID: 3)
    }.returning(\.id)
    let sqlite = try SampleData.sqlite()
    #expect(try insert.fetchAll(sqlite) == [7])
    let postgres = try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      return try await postgres.write { try await insert.fetchAll($0) }
    }
    #expect(postgres == [7])
  }

  @Test func aRefusalFailsBeforeAnythingIsSentButRunsOnSQLite() async throws {
    let globbed = Reminder.where { $0.title.glob("R*") }.select { $0.id }
    #expect(try globbed.fetchAll(SampleData.sqlite()) == [4])
    // SQLite runs the join: each list beside the column of `reminders` at its id.
    #expect(
      try listColumnsOfReminders.fetchAll(SampleData.sqlite())
        == ["title", "isCompleted", "priority"])
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      let error = await #expect(throws: PostgresError.self) {
        try await postgres.read { try await globbed.fetchAll($0) }
      }
      #expect(error?.message.contains("GLOB has no PostgreSQL form") == true)
      // A JSON path PostgreSQL's `text[]` paths can't follow (`[#]` in the middle).
      let middleEnd = Tagging.select { $0.tags.jsonSet("$[#][0]", to: 1) }
      let pathError = await #expect(throws: PostgresError.self) {
        try await postgres.read { try await middleEnd.fetchAll($0) }
      }
      #expect(pathError?.message.contains("has no PostgreSQL form") == true)
      // A join of a table-valued function PostgreSQL doesn't have.
      let joinError = await #expect(throws: PostgresError.self) {
        try await postgres.read { try await listColumnsOfReminders.fetchAll($0) }
      }
      #expect(
        joinError?.message.contains(
          "SQLite's table-valued function pragma_table_info has no PostgreSQL form") == true)
    }
  }
}
