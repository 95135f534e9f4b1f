import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("Migrations through writers")
struct MigrationWorkflowTests {
  private var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create lists") { db in
      try #sql(#"CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL)"#)
        .execute(db)
    }
    migrator.registerMigration("Create items") { db in
      try #sql(
        #"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "listID" INTEGER REFERENCES "lists")"#
      ).execute(db)
    }
    migrator.registerMigration("Seed") { db in
      try #sql(#"INSERT INTO "lists" ("title") VALUES (\#("Home"))"#).execute(db)
    }
    return migrator
  }

  @Test func migratesAPoolStepByStep() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let pool = try DatabasePool(path: file.path)
    #expect(try migrator.hasCompletedMigrations(pool) == false)
    try migrator.migrate(pool, upTo: "Create items")
    #expect(try migrator.completedMigrations(pool) == ["Create lists", "Create items"])
    #expect(try pool.read { try $0.tableExists("items") })
    #expect(try pool.read { try $0.fetchOne(Int.self, sql: "SELECT count(*) FROM lists") } == 0)
    #expect(try migrator.hasCompletedMigrations(pool) == false)
    try migrator.migrate(pool)
    #expect(try migrator.hasCompletedMigrations(pool))
    #expect(try pool.read { try $0.fetchOne(Int.self, sql: "SELECT count(*) FROM lists") } == 1)
    let error = #expect(throws: DatabaseError.self) { try migrator.migrate(pool, upTo: "Nope") }
    #expect(error?.message.contains("Nope") == true)
  }

  @Test func erasesTheDatabaseWhenAMigrationChanged() throws {
    let queue = try DatabaseQueue()
    try migrator.migrate(queue)
    try queue.write { db in try db.execute(sql: "INSERT INTO lists (title) VALUES ('Work')") }

    // Unchanged migrations: nothing is erased.
    var same = migrator
    same.eraseDatabaseOnSchemaChange = true
    try same.migrate(queue)
    #expect(try queue.read { try $0.fetchOne(Int.self, sql: "SELECT count(*) FROM lists") } == 2)

    // An edited migration: the database is rebuilt from scratch.
    var edited = DatabaseMigrator()
    edited.eraseDatabaseOnSchemaChange = true
    edited.registerMigration("Create lists") { db in
      try #sql(
        #"CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "color" TEXT)"#
      ).execute(db)
    }
    try edited.migrate(queue)
    #expect(try queue.read { try $0.columns(in: "lists").map(\.name) } == ["id", "title", "color"])
    #expect(try queue.read { try $0.fetchOne(Int.self, sql: "SELECT count(*) FROM lists") } == 0)
    #expect(try queue.read { try $0.tableExists("items") } == false)
    #expect(try edited.hasCompletedMigrations(queue))
  }
}
