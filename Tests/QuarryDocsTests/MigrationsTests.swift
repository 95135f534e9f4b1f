import Quarry
import QuarrySQLite
import Testing

@Suite("Article: Migrations")
struct MigrationsTests {
  @Test func registerAndRun() throws {
    let queue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create notes") { db in
      try #sql("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)").execute(db)
    }
    migrator.registerMigration("Add pinned") { db in
      try #sql("ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0").execute(db)
    }
    try migrator.migrate(queue)
    // A second run has nothing to do.
    try migrator.migrate(queue)
    let columns = try queue.read { db in
      try #sql("SELECT name FROM pragma_table_info('notes')", as: String.self).fetchAll(db)
    }
    #expect(columns == ["id", "body", "pinned"])
  }

  @Test func writeTheNextMigration() throws {
    typealias Note = PinnedNote
    let queue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Create notes") { db in
      try #sql("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)").execute(db)
    }
    try migrator.migrate(queue)
    try queue.write { db in try db.execute(sql: "INSERT INTO notes (body) VALUES ('first')") }
    let next = try queue.pendingMigration(
      for: [Note.self], options: MigrationOptions(defaults: ["notes.pinned": "0"]))
    migrator.registerMigration("Add pinned") { db in
      try db.execute(sql: next!)
    }
    try migrator.migrate(queue)
    #expect(next == "ALTER TABLE \"notes\" ADD COLUMN \"pinned\" INTEGER NOT NULL DEFAULT 0;\n")
    #expect(try queue.pendingMigration(for: [Note.self]) == nil)
  }
}

/// The article's note, after "Add pinned".
@Table("notes")
private struct PinnedNote {
  let id: Int
  var body: String
  var pinned: Bool
}
