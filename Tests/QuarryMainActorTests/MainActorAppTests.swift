// This target is compiled as Xcode 26 compiles a new app: every declaration is isolated to the
// main actor unless it says otherwise (`-default-isolation MainActor`), with the approachable-
// concurrency features on. Its `@Table` and `@Selection` types must still work from database
// closures, async reads and observations, which run off the main actor.
import Foundation
import Quarry
import QuarrySQLite
import Testing

@Table
struct Reminder: Equatable, Sendable {
  let id: Int
  var title = ""
  var isCompleted = false
  var dates: Dates
}

/// A default scope declared under main-actor isolation: statements built from the type, off
/// the main actor, still start from it.
@Table("reminders")
struct OpenReminder: Equatable, Sendable {
  nonisolated static let all = unscoped.where { !$0.isCompleted }
  let id: Int
  var title = ""
  var isCompleted = false
  var dates: Dates
}

/// A join table whose primary key is a `@Selection` group, under the same isolation.
@Table
struct ReminderTag: Equatable, Sendable {
  @Selection
  struct ID: Hashable, Sendable {
    let reminderID: Int
    let tag: String
  }
  let id: ID
  var position = 0
}

/// A `@Table` enum under the same isolation: each row a note or a pair of dates.
@Table
enum Entry: Equatable, Sendable {
  case note(String)
  case dates(Dates)
}

@Selection
struct Dates: Equatable, Sendable {
  var createdAt: Date
  var dueAt: Date?
}

@Selection
struct TitleAndState: Equatable, Sendable {
  let title: String
  let isCompleted: Bool
}

/// A Swift function SQL calls: `nonisolated`, as SQLite calls it on the connection's thread.
@DatabaseFunction(isDeterministic: true)
nonisolated func shortened(_ title: String, to length: Int) -> String {
  String(title.prefix(length))
}

/// An aggregate under the same isolation.
@DatabaseFunction
nonisolated func listed(_ titles: some Sequence<String>) -> String {
  titles.joined(separator: ", ")
}

// The suite itself is `nonisolated` (Swift Testing's macros need it to be under this isolation):
// its tests call the database from outside the main actor, as an app's background work does.
@Suite("An app's types isolated to the main actor")
nonisolated struct MainActorAppTests {
  nonisolated static let created = Date(timeIntervalSince1970: 1_767_225_600)

  static func pool() throws -> DatabasePool {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-main-actor-\(UUID().uuidString).sqlite").path
    let pool = try DatabasePool(path: path)
    try pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE "reminders" (
            "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "isCompleted" INTEGER NOT NULL,
            "createdAt" TEXT NOT NULL, "dueAt" TEXT
          ) STRICT
          """)
      try Reminder.insert {
        Reminder.Draft(title: "Milk", dates: Dates(createdAt: created))
        Reminder.Draft(title: "Bread", isCompleted: true, dates: Dates(createdAt: created))
      }.execute(db)
    }
    return pool
  }

  @Test func aDefaultScopeAppliesOffTheMainActor() async throws {
    let pool = try Self.pool()
    let titles = try await pool.read { db in
      try OpenReminder.select { $0.title }.fetchAll(db)
    }
    #expect(titles == ["Milk"])
    #expect(try await pool.read { db in try OpenReminder.unscoped.fetchCount(db) } == 2)
  }

  @Test func typesWorkInsideSynchronousClosures() throws {
    let pool = try Self.pool()
    let open = try pool.read { db in
      try Reminder.where { !$0.isCompleted }.fetchAll(db)
    }
    #expect(open.map(\.title) == ["Milk"])
    try pool.write { db in
      try Reminder.find(1).update { $0.isCompleted = true }.execute(db)
    }
    #expect(try pool.read { db in try Reminder.where { $0.isCompleted }.fetchCount(db) } == 2)
  }

  @Test func aCompositeKeyWorksOffTheMainActor() async throws {
    let pool = try Self.pool()
    let key = ReminderTag.ID(reminderID: 1, tag: "home")
    let position = try await pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE "reminderTags" (
            "reminderID" INTEGER NOT NULL, "tag" TEXT NOT NULL, "position" INTEGER NOT NULL,
            PRIMARY KEY ("reminderID", "tag")
          ) STRICT
          """)
      try ReminderTag.upsert { ReminderTag.Draft(id: key, position: 1) }.execute(db)
      try ReminderTag.update(ReminderTag(id: key, position: 2)).execute(db)
      return try ReminderTag.find(key).select { $0.position }.fetchOne(db)
    }
    #expect(position == 2)
    try await pool.write { db in try ReminderTag.find([key]).delete().execute(db) }
    #expect(try await pool.read { db in try ReminderTag.all.fetchCount(db) } == 0)
  }

  @Test func anEnumTableWorksOffTheMainActor() async throws {
    let pool = try Self.pool()
    let entries = try await pool.write { db in
      try db.execute(
        sql: #"CREATE TABLE "entries" ("note" TEXT, "createdAt" TEXT, "dueAt" TEXT) STRICT"#)
      try Entry.insert {
        Entry.note("Hi")
        Entry.dates(Dates(createdAt: Self.created))
      }.execute(db)
      try Entry.where { $0.note == "Hi" }.update { $0.note = "Bye" }.execute(db)
      return try Entry.all.fetchAll(db)
    }
    let expected: [Entry] = [.note("Bye"), .dates(Dates(createdAt: Self.created))]
    #expect(entries == expected)
  }

  @Test func typesWorkInAsyncReadsAndWrites() async throws {
    let pool = try Self.pool()
    let rows = try await pool.read { db in
      try Reminder.order { $0.id }.select {
        TitleAndState.Columns(title: $0.title, isCompleted: $0.isCompleted)
      }.fetchAll(db)
    }
    // (The type's own `Equatable` is isolated to the main actor, as the app declared it.)
    #expect(rows.map(\.title) == ["Milk", "Bread"])
    #expect(rows.map(\.isCompleted) == [false, true])
    let inserted = try await pool.write { db in
      try Reminder.insert { Reminder.Draft(title: "Eggs", dates: Dates(createdAt: Self.created)) }
        .returning(\.self).fetchOne(db)
    }
    #expect(inserted?.id == 3)
  }

  @Test func observationsDeliverTheTypes() async throws {
    let pool = try Self.pool()
    var values = pool.observe(Reminder.where { !$0.isCompleted }.order { $0.id })
      .makeAsyncIterator()
    #expect(try await values.next()?.map(\.title) == ["Milk"])
    try await pool.write { db in
      try Reminder.insert { Reminder.Draft(title: "Tea", dates: Dates(createdAt: Self.created)) }
        .execute(db)
    }
    #expect(try await values.next()?.map(\.title) == ["Milk", "Tea"])
  }

  @Test @MainActor func aModelOnTheMainActorFollowsTheRows() async throws {
    let pool = try Self.pool()
    let model = FetchAll(Reminder.order { $0.id }, in: pool)
    while model.value.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
    #expect(model.value.map(\.title) == ["Milk", "Bread"])
  }

  @Test func swiftFunctionsRunOffTheMainActor() async throws {
    var configuration = Configuration()
    configuration.prepareDatabase = { db in
      try db.add(function: $shortened)
      try db.add(function: $listed)
    }
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-main-actor-\(UUID().uuidString).sqlite").path
    let pool = try DatabasePool(path: path, configuration: configuration)
    try await pool.write { db in
      try db.execute(sql: #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT)"#)
      try db.execute(sql: #"INSERT INTO "reminders" VALUES (1, 'Milk'), (2, 'Bread')"#)
    }
    let short = try await pool.read { db in
      try Reminder.order { $0.id }.select { $shortened($0.title, to: 2) }.fetchAll(db)
    }
    #expect(short == ["Mi", "Br"])
    let all = try await pool.read { db in
      try Reminder.select { $listed($0.title) }.fetchOne(db)
    }
    #expect(all == "Milk, Bread")
  }
}
