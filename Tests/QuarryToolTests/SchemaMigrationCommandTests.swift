import Foundation
import QuarrySQLite
import Testing

/// `quarry-schema migration DATABASE SOURCES…`: the `@Table` declarations of a fixture folder,
/// read with the macro's table model, against a database of the schema before the change.
@Suite("quarry-schema migration")
struct SchemaMigrationCommandTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The schema before the change: lists without a color, reminders with a priority that
  /// holds values, no tags.
  static let startingSchema = """
    CREATE TABLE "remindersLists" (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "title" TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE "reminders" (
      "id" INTEGER PRIMARY KEY,
      "title" TEXT NOT NULL,
      "is_completed" INTEGER NOT NULL DEFAULT 0,
      "priority" INTEGER,
      "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE
    );
    CREATE INDEX "reminders_by_list" ON "reminders"("remindersListID");
    INSERT INTO "remindersLists" ("title") VALUES ('Home'), ('Work');
    INSERT INTO "reminders" ("title", "priority", "remindersListID")
    VALUES ('Milk', 1, 1), ('Report', 3, 2), ('Call', NULL, 2);
    """

  private func startingDatabase() throws -> (folder: URL, path: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("app.sqlite").path
    let db = try Database(.file(path))
    try db.execute(sql: Self.startingSchema)
    return (folder, path)
  }

  @Test func refusesALossNamingTheColumn() throws {
    let (folder, path) = try startingDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (status, output, errors) = try runQuarry(
      [
        "migration", path, Self.fixtures.appendingPathComponent("SchemaChange").path,
        "--default", "remindersLists.color=0",
      ], executable: "quarry-schema")
    #expect(status == 1)
    #expect(output == "")
    #expect(
      errors.hasPrefix(
        "error: reminders.priority: dropping the column would lose the values of 2 rows"))
  }

  @Test func writesTheMigrationThatMakesTheDatabaseMatch() throws {
    let (folder, path) = try startingDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let arguments = [
      "migration", path, Self.fixtures.appendingPathComponent("SchemaChange").path,
      "--default", "remindersLists.color=0", "--allow-loss", "reminders.priority",
    ]
    let (status, sql, errors) = try runQuarry(arguments, executable: "quarry-schema")
    #expect(status == 0, "\(errors)")
    #expect(
      sql == """
        CREATE TABLE "tags" (
          "id" INTEGER PRIMARY KEY,
          "name" TEXT NOT NULL
        );
        ALTER TABLE "remindersLists" ADD COLUMN "color" INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE "quarry_new_reminders" (
          "id" INTEGER PRIMARY KEY,
          "title" TEXT NOT NULL,
          "is_completed" INTEGER NOT NULL DEFAULT 0,
          "notes" TEXT,
          "remindersListID" INTEGER NOT NULL,
          FOREIGN KEY ("remindersListID") REFERENCES "remindersLists"("id") ON DELETE CASCADE
        );
        INSERT INTO "quarry_new_reminders" ("id", "title", "is_completed", "remindersListID")
        SELECT "id", "title", "is_completed", "remindersListID" FROM "reminders";
        DROP TABLE "reminders";
        ALTER TABLE "quarry_new_reminders" RENAME TO "reminders";
        CREATE INDEX "reminders_by_list" ON "reminders"("remindersListID");

        """)
    // The database was opened read-only: applied as a migration, the SQL makes it match.
    let queue = try DatabaseQueue(path: path)
    var migrator = DatabaseMigrator()
    migrator.registerMigration("written by quarry-schema") { db in try db.execute(sql: sql) }
    try migrator.migrate(queue)
    let again = try runQuarry(arguments, executable: "quarry-schema")
    #expect(again.status == 0)
    #expect(again.output == "")
    let count = try queue.read { db in
      try db.fetchOne(Int.self, sql: "SELECT count(*) FROM \"reminders\"")
    }
    #expect(count == 3)
  }

  @Test func reportsWhatTheMacroRefusesAtItsPlace() throws {
    let (folder, path) = try startingDatabase()
    defer { try? FileManager.default.removeItem(at: folder) }
    let broken = Self.fixtures.appendingPathComponent("Broken")
    let (status, output, errors) = try runQuarry(
      ["migration", path, broken.path], executable: "quarry-schema")
    #expect(status == 1)
    #expect(output == "")
    #expect(
      errors == """
        \(broken.path)/Tables.swift:5:1: error: '@Table' can only be applied to a struct or an enum

        """)
  }
}
