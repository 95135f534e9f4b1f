import Foundation
import Quarry
import QuarrySQLite
import Testing

/// Whether an error's description shows the failing statement's arguments: hidden unless the
/// connection's configuration asks for them, on every path an error with arguments takes.
@Suite("ErrorArguments")
struct ErrorArgumentsTests {
  private func database(showingArguments: Bool) throws -> Database {
    var configuration = Configuration()
    configuration.showsArgumentsInErrors = showingArguments
    let db = try Database(configuration: configuration)
    try remindersSchema.execute(db)
    try Reminder.insert { Reminder(id: 3, title: "dup", isCompleted: false, priority: nil) }
      .execute(db)
    return db
  }

  private func duplicateInsert(_ db: Database) -> DatabaseError? {
    #expect(throws: DatabaseError.self) {
      try Reminder.insert { Reminder(id: 3, title: "dup", isCompleted: false, priority: nil) }
        .execute(db)
    }
  }

  @Test func aUniqueViolationHidesItsArgumentsByDefault() throws {
    let error = try #require(duplicateInsert(try database(showingArguments: false)))
    #expect(error.extendedResultCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    // The values stay readable in code; only the description leaves them out.
    #expect(error.arguments == [.int(3), .text("dup"), .bool(false), .null])
    #expect(!error.showsArguments)
    #expect(!error.description.contains("dup"))
    #expect(
      error.description.contains("arguments: 4 hidden (Configuration.showsArgumentsInErrors)"))
  }

  @Test func theOptInShowsThem() throws {
    let error = try #require(duplicateInsert(try database(showingArguments: true)))
    #expect(error.showsArguments)
    #expect(error.description.contains("arguments: [3, 'dup', 0, NULL]"))
    #expect(!error.description.contains("hidden"))
  }

  @Test(arguments: [false, true])
  func rawSQLErrorsFollowTheConfiguration(_ shows: Bool) throws {
    let db = try database(showingArguments: shows)
    // A step error, a missing named value and a count mismatch.
    let failures: [@Sendable (Database) throws -> Void] = [
      { db in
        try db.execute(
          sql: "INSERT INTO reminders (id, title) VALUES (?, ?)", arguments: [3, "secret"])
      },
      { db in
        try db.execute(
          sql: "SELECT * FROM reminders WHERE title = :name", arguments: ["x": "secret"])
      },
      { db in
        try db.execute(sql: "SELECT * FROM reminders WHERE title = ?", arguments: ["secret", 2])
      },
    ]
    for fail in failures {
      let error = #expect(throws: DatabaseError.self) { try fail(db) }
      #expect(error?.showsArguments == shows)
      #expect(error?.description.contains("'secret'") == shows, "\(String(describing: error))")
    }
  }

  @Test(arguments: [false, true])
  func aPoolsErrorsFollowItsConfiguration(_ shows: Bool) async throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    var configuration = Configuration()
    configuration.showsArgumentsInErrors = shows
    let pool = try DatabasePool(path: file.path, configuration: configuration)
    try await pool.write { db in try remindersSchema.execute(db) }
    let writeError = await #expect(throws: DatabaseError.self) {
      try await pool.write { db in
        try Reminder.insert { Reminder.Draft(title: "forbidden") }.execute(db)
      }
    }
    #expect(writeError?.description.contains("'forbidden'") == shows)
    let readError = await #expect(throws: DatabaseError.self) {
      try await pool.read { db in
        try db.execute(sql: "SELECT * FROM reminders WHERE title = ?", arguments: ["private", 1])
      }
    }
    #expect(readError?.description.contains("'private'") == shows)
  }
}
