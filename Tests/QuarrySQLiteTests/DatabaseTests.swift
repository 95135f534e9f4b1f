import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("Database")
struct DatabaseTests {
  @Test func opensInMemoryTemporaryAndFileDatabases() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    for location in [Database.Location.inMemory, .temporary, .file(file.path)] {
      let db = try Database(location)
      try remindersSchema.execute(db)
      try Reminder.insert { Reminder.Draft(title: "a") }.execute(db)
      #expect(try Reminder.count().fetchOne(db) == 1, "\(location)")
    }
    #expect(FileManager.default.fileExists(atPath: file.path))
  }

  @Test func fileDatabasesPersistAndOpenReadOnly() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    do {
      let db = try Database(path: file.path)
      try remindersSchema.execute(db)
      try Reminder.insert { Reminder.Draft(title: "kept") }.execute(db)
    }
    var configuration = Configuration()
    configuration.readOnly = true
    let readOnly = try Database(path: file.path, configuration: configuration)
    #expect(try Reminder.all.fetchAll(readOnly).map(\.title) == ["kept"])
    let error = #expect(throws: DatabaseError.self) {
      try Reminder.insert { Reminder.Draft(title: "nope") }.execute(readOnly)
    }
    #expect(error?.resultCode == DatabaseError.readOnly)
  }

  @Test func openingAMissingReadOnlyFileFailsClearly() throws {
    var configuration = Configuration()
    configuration.readOnly = true
    let error = #expect(throws: DatabaseError.self) {
      _ = try Database(path: "/nonexistent/folder/db.sqlite", configuration: configuration)
    }
    #expect(error?.message.contains("/nonexistent/folder/db.sqlite") == true)
  }

  @Test func executesSeveralStatements() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE t (x INTEGER); -- a comment
        INSERT INTO t VALUES (1); INSERT INTO t VALUES (2);
        /* trailing comment */
        """)
    #expect(try #sql("SELECT sum(x) FROM t", as: Int.self).fetchOne(db) == 3)
    #expect(db.totalChangesCount == 2)
  }

  @Test func syntaxErrorsCarryTheSQL() throws {
    let db = try Database()
    let error = #expect(throws: DatabaseError.self) {
      try db.execute(sql: "CREATE TABLE t (x); SELEC 1")
    }
    #expect(error?.resultCode == DatabaseError.error)
    #expect(error?.message.contains("syntax error") == true)
    #expect(error?.sql?.contains("SELEC 1") == true)
  }

  @Test func constraintViolationsCarryCodeSQLAndArguments() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    let error = #expect(throws: DatabaseError.self) {
      try Reminder.insert { Reminder.Draft(title: "forbidden") }.execute(db)
    }
    #expect(error?.resultCode == DatabaseError.constraint)
    #expect(error?.extendedResultCode == 275)  // SQLITE_CONSTRAINT_CHECK
    #expect(error?.sql?.hasPrefix(#"INSERT INTO "reminders""#) == true)
    #expect(error?.arguments == [.null, .text("forbidden"), .bool(false), .null])
    #expect(error?.description.contains("CHECK constraint failed") == true)
    #expect(try Reminder.count().fetchOne(db) == 0)

    try Reminder.insert { Reminder(id: 1, title: "one", isCompleted: false, priority: nil) }
      .execute(db)
    let duplicate = #expect(throws: DatabaseError.self) {
      try Reminder.insert { Reminder(id: 1, title: "again", isCompleted: false, priority: nil) }
        .execute(db)
    }
    #expect(duplicate?.extendedResultCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    // The statement that failed is reset and reused without trouble.
    try Reminder.insert { Reminder(id: 2, title: "two", isCompleted: false, priority: nil) }
      .execute(db)
    #expect(try Reminder.count().fetchOne(db) == 2)
  }

  @Test func bindingMismatchesAndInvalidValuesAreErrors() throws {
    let db = try Database()
    let tooFew = #expect(throws: DatabaseError.self) {
      try db.execute(
        QueryFragment(utf8: Array("SELECT ?, ?".utf8), bindings: [.int(1)], placeholders: [7]))
    }
    #expect(tooFew?.message.contains("2 parameters but 1 values") == true)
    let invalid = #expect(throws: DatabaseError.self) {
      try #sql("SELECT \(UInt64.max)").execute(db)
    }
    #expect(invalid?.message.contains("does not fit") == true)
    // The connection stays usable.
    #expect(try #sql("SELECT \(1) + \(1)", as: Int.self).fetchOne(db) == 2)
  }

  @Test func aDraftBoundStraightFromItsValuesReportsAnInvalidValue() throws {
    let db = try Database()
    try db.execute(
      sql: #"CREATE TABLE "counters" ("id" INTEGER PRIMARY KEY, "count" INTEGER NOT NULL)"#)
    let invalid = #expect(throws: DatabaseError.self) {
      try Counter.insert { Counter.Draft(count: .max) }.execute(db)
    }
    #expect(invalid?.message.contains("argument 2 cannot be bound") == true)
    #expect(invalid?.arguments.count == 2)
    // The statement is reset: the next insert reuses it.
    try Counter.insert { Counter.Draft(count: 7) }.execute(db)
    try Counter.insert { Counter.Draft(id: 10, count: 8) }.execute(db)
    #expect(try Counter.all.fetchAll(db) == [Counter(id: 1, count: 7), Counter(id: 10, count: 8)])
  }

  @Test func transactionsCommitOrRollBack() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    try db.transaction {
      try Reminder.insert { Reminder.Draft(title: "committed") }.execute(db)
      #expect(db.isInsideTransaction)
    }
    #expect(!db.isInsideTransaction)
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try db.transaction {
        try Reminder.insert { Reminder.Draft(title: "rolled back") }.execute(db)
        throw Failure()
      }
    }
    #expect(throws: DatabaseError.self) {
      try db.transaction(.immediate) {
        try Reminder.insert { Reminder.Draft(title: "first") }.execute(db)
        try Reminder.insert { Reminder.Draft(title: "forbidden") }.execute(db)
      }
    }
    #expect(!db.isInsideTransaction)
    #expect(try Reminder.select { $0.title }.fetchAll(db) == ["committed"])
  }

  @Test func statementsAreReusedWithNewBindings() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    for index in 0..<100 {
      try Reminder.insert { Reminder.Draft(title: "r\(index)") }.execute(db)
    }
    #expect(try Reminder.count().fetchOne(db) == 100)
    let titles = try Reminder.where { $0.id <= 3 }.select { $0.title }.fetchAll(db)
    #expect(titles == ["r0", "r1", "r2"])
    let again = try Reminder.where { $0.id <= 2 }.select { $0.title }.fetchAll(db)
    #expect(again == ["r0", "r1"])
  }
}
