import Foundation
import Quarry
import QuarrySQLite
import Testing

// The mistakes a new user makes first, each with the error they read: it must say what went
// wrong and what to do. The Troubleshooting article lists the same ones.
@Suite("Misuse: the errors say what went wrong and what to do")
struct MisuseErrorTests {
  /// A table whose columns have no type, as in a database made elsewhere: any value fits.
  private func untypedReminders() throws -> Database {
    let db = try Database()
    try db.execute(sql: #"CREATE TABLE "reminders" ("id", "title", "is_completed", "priority")"#)
    return db
  }

  @Test func wrongColumnTypeInTable() throws {
    let db = try untypedReminders()
    try db.execute(sql: #"INSERT INTO "reminders" VALUES (1, 'Milk', 'yes', NULL)"#)
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.all.fetchAll(db) }
    let text = error?.description ?? ""
    #expect(text.hasPrefix(#"column 2 ("is_completed"): expected Bool, found TEXT 'yes'"#))
    #expect(text.contains("hint: the property's Swift type does not match what the column stores"))
    #expect(text.contains("quarry generate"))
  }

  @Test func missingMigration() throws {
    let db = try Database()
    let error = #expect(throws: DatabaseError.self) { try Reminder.all.fetchAll(db) }
    #expect(error?.message == "no such table: reminders")
    let text = error?.description ?? ""
    #expect(text.contains("hint: the database has no such table: register a migration"))
    #expect(text.contains("run `migrate` before querying"))

    // The hint's advice works: a migration that creates the table.
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create reminders") { db in try remindersSchema.execute(db) }
    try migrator.migrate(db)
    #expect(try Reminder.all.fetchAll(db).isEmpty)
  }

  @Test func sqlTypo() throws {
    let db = try Database()
    let error = #expect(throws: DatabaseError.self) { try db.execute(sql: "SELEC 1") }
    #expect(error?.message == #"near "SELEC": syntax error"#)
    #expect(
      error?.hint?.hasPrefix("the SQL does not parse: look at the word the message quotes") == true)
    #expect(error?.description.contains("`#sql` is checked when the code compiles") == true)
  }

  @Test func nullInNonOptionalColumn() throws {
    let db = try untypedReminders()
    try db.execute(sql: #"INSERT INTO "reminders" VALUES (1, NULL, 0, NULL)"#)
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.all.fetchAll(db) }
    let text = error?.description ?? ""
    #expect(text.hasPrefix(#"column 1 ("title"): expected String, found NULL"#))
    #expect(text.contains("hint: the column holds NULL but the property is not optional"))
    #expect(text.contains("declare it `String?`"))
  }

  @Test func nullIntoNotNullColumn() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    let error = #expect(throws: DatabaseError.self) {
      try db.execute(sql: #"INSERT INTO "reminders" ("title") VALUES (NULL)"#)
    }
    #expect(error?.message == "NOT NULL constraint failed: reminders.title")
    #expect(error?.hint?.hasPrefix("a NULL went into a NOT NULL column") == true)
  }

  @Test func tableNameDoesNotMatch() throws {
    let db = try Database()
    // The table is singular; `@Table struct Reminder` derives "reminders".
    try db.execute(sql: #"CREATE TABLE "reminder" ("id" INTEGER PRIMARY KEY, "title" TEXT)"#)
    let error = #expect(throws: DatabaseError.self) { try Reminder.all.fetchAll(db) }
    #expect(error?.message == "no such table: reminders")
    #expect(error?.hint?.contains("name it in the macro: `@Table(\"name\")`") == true)
  }

  @Test func fetchOneWithNoRowsIsNil() throws {
    // Not an error: no row is `nil`, which the caller unwraps (`guard let`, `??`).
    let db = try Database()
    try remindersSchema.execute(db)
    let missing = try Reminder.find(42).fetchOne(db)
    #expect(missing == nil)
  }

  @Test func writeInsideRead() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in try remindersSchema.execute(db) }
    let error = #expect(throws: DatabaseError.self) {
      try queue.read { db in
        try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db)
      }
    }
    #expect(error?.resultCode == DatabaseError.readOnly)
    #expect(
      error?.hint
        == "reads run in `read { }`, which cannot write: run writes in `write { }` instead")
    // The same statement in `write` succeeds.
    try queue.write { db in try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db) }
    #expect(try queue.read { db in try Reminder.count().fetchOne(db) } == 1)
  }

  @Test func cursorUsedOutsideItsAccess() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try DatabasePool(path: file.path)
    let queue = try DatabaseQueue()
    for writer in [pool, queue] as [any DatabaseWriter] {
      try writer.write { db in
        try remindersSchema.execute(db)
        try Reminder.insert {
          Reminder.Draft(title: "Milk")
          Reminder.Draft(title: "Bread")
        }.execute(db)
      }
      // Inside its access, a cursor steps as usual.
      let titles = try writer.read { db in
        try Reminder.select(\.title).order(by: \.title).fetchCursor(db).collect()
      }
      #expect(titles.elementsEqual(["Bread", "Milk"]))
      // Returned from its access, it refuses to step the connection another access may use.
      let cursor = try writer.read { db in try Reminder.all.fetchCursor(db) }
      let error = #expect(throws: DatabaseError.self) { try cursor.next() }
      #expect(error?.resultCode == DatabaseError.misuse)
      #expect(
        error?.message.hasPrefix("a cursor was used after the read or write that made it ended")
          == true)
      #expect(error?.message.contains("fetch an array (fetchAll) and return that") == true)
      // The connection goes on serving other accesses.
      #expect(try writer.read { db in try Reminder.count().fetchOne(db) } == 2)
    }
  }

  @Test func poolOnAnInMemoryDatabase() throws {
    for path in [":memory:", "", "file:shared?mode=memory&cache=shared"] {
      let error = #expect(throws: DatabaseError.self) { try DatabasePool(path: path) }
      #expect(error?.resultCode == DatabaseError.misuse)
      #expect(error?.message.hasPrefix("a DatabasePool needs a database file") == true)
      #expect(error?.message.contains("Use DatabaseQueue() for a database in memory") == true)
    }
  }
}
