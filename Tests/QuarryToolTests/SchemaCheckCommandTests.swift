import Foundation
import QuarrySQLite
import Testing

/// `quarry-schema check SOURCES…` on fixture folders: one with known mistakes, each reported at
/// its line and column and nothing else; a clean one, which passes.
@Suite("quarry-schema check")
struct SchemaCheckCommandTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Check")

  @Test func reportsEachMistakeAtItsPlace() throws {
    let folder = Self.fixtures.appendingPathComponent("Mistakes").path
    let (status, output, _) = try runQuarry(
      ["check", folder], executable: "quarry-schema")
    #expect(status == 1)
    #expect(
      output == """
        \(folder)/Migrations.swift:18:68: error: no such column: titel
        \(folder)/Queries.swift:5:31: error: no such column: titel
        \(folder)/Queries.swift:6:46: error: no such table: remindrs
        \(folder)/Queries.swift:11:34: error: no such column: is_completed
        \(folder)/Tables.swift:4:1: error: reminders.dueDate: no such column
        \(folder)/Queries.swift:13:21: note: a PostgreSQL literal, not checked

        """)
  }

  @Test func passesACleanFolder() throws {
    let folder = Self.fixtures.appendingPathComponent("Clean").path
    let (status, output, errors) = try runQuarry(["check", folder], executable: "quarry-schema")
    #expect(status == 0, "\(errors)")
    #expect(output == "")
  }

  /// With `--database`, the schema is the database's, and the migrations don't run.
  @Test func checksAgainstADatabase() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("app.sqlite").path
    try Database(.file(path)).execute(
      sql: """
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "titel" TEXT,
          "isCompleted" INTEGER NOT NULL, "dueDate" TEXT
        )
        """)
    let mistakes = Self.fixtures.appendingPathComponent("Mistakes").path
    let (status, output, _) = try runQuarry(
      ["check", "--database", path, mistakes], executable: "quarry-schema")
    #expect(status == 1)
    #expect(
      output == """
        \(mistakes)/Queries.swift:6:46: error: no such table: remindrs
        \(mistakes)/Queries.swift:11:34: error: no such column: is_completed
        \(mistakes)/Queries.swift:13:21: note: a PostgreSQL literal, not checked

        """)
  }
}
