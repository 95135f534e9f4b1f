import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("DatabaseMigrator")
struct DatabaseMigratorTests {
  private var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create reminders") { db in try remindersSchema.execute(db) }
    migrator.registerMigration("Seed") { db in
      try Reminder.insert { Reminder.Draft(title: "first") }.execute(db)
    }
    return migrator
  }

  @Test func runsEachMigrationOnce() throws {
    let queue = try DatabaseQueue()
    try migrator.migrate(queue)
    try migrator.migrate(queue)
    let applied = try queue.read { db in try migrator.appliedMigrations(db) }
    #expect(applied == ["Create reminders", "Seed"])
    #expect(try queue.read { db in try Reminder.count().fetchOne(db) } == 1)
  }

  @Test func aFailingMigrationIsRolledBackAndReported() throws {
    let queue = try DatabaseQueue()
    var failing = migrator
    failing.registerMigration("Broken") { db in
      try Reminder.insert { Reminder.Draft(title: "partial") }.execute(db)
      try #sql("ALTER TABLE nowhere ADD COLUMN x").execute(db)
    }
    let error = #expect(throws: DatabaseError.self) { try failing.migrate(queue) }
    #expect(error?.message.contains("no such table: nowhere") == true)
    #expect(
      try queue.read { db in try failing.appliedMigrations(db) } == ["Create reminders", "Seed"])
    #expect(try queue.read { db in try Reminder.count().fetchOne(db) } == 1)
  }

  @Test func unknownMigrationsAreAnError() throws {
    let queue = try DatabaseQueue()
    var newer = migrator
    newer.registerMigration("From a newer app") { _ in }
    try newer.migrate(queue)
    let error = #expect(throws: DatabaseError.self) { try migrator.migrate(queue) }
    #expect(error?.message.contains("does not know: From a newer app") == true)
  }

  @Test func foreignKeyViolationsRollTheMigrationBack() throws {
    let queue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Lists") { db in
      try db.execute(
        sql: """
          CREATE TABLE lists (id INTEGER PRIMARY KEY);
          PRAGMA defer_foreign_keys = ON;
          CREATE TABLE items (id INTEGER PRIMARY KEY, listID INTEGER REFERENCES lists(id));
          INSERT INTO items (listID) VALUES (42);
          """)
    }
    let error = #expect(throws: DatabaseError.self) { try migrator.migrate(queue) }
    #expect(error?.resultCode == DatabaseError.constraint)
    #expect(try queue.read { db in try migrator.appliedMigrations(db) } == [])
  }
}
