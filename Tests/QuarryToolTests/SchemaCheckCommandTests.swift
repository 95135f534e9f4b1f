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
        \(folder)/Queries.swift:13:21: note: a PostgreSQL literal, not checked \
        (quarry-postgres check URL SOURCES… checks it)

        """)
  }

  @Test func passesACleanFolder() throws {
    let folder = Self.fixtures.appendingPathComponent("Clean").path
    let (status, output, errors) = try runQuarry(["check", folder], executable: "quarry-schema")
    #expect(status == 0, "\(errors)")
    #expect(output == "")
  }

  /// A `@Selection` struct a table holds stands for its columns, compared there: a missing one,
  /// and a NOT NULL one in an optional group. An enum group's columns are left with a note; a
  /// `@Table` enum's cases are its columns, every one nullable (a `@Selection` struct's too); a
  /// `@Selection` class is the macro's error.
  @Test func comparesTheSelectionGroupsATableHolds() throws {
    let folder = Self.fixtures.appendingPathComponent("Selections").path
    let (status, output, _) = try runQuarry(["check", folder], executable: "quarry-schema")
    #expect(status == 1)
    #expect(
      output == """
        \(folder)/Groups.swift:25:1: error: '@Selection' can only be applied to a struct or \
        an enum
        \(folder)/Groups.swift:30:1: error: remindersLists.updatedAt: no such column
        \(folder)/Groups.swift:30:1: error: remindersLists.startDay: NOT NULL, but the Swift \
        property is optional
        \(folder)/Groups.swift:39:1: error: posts.startDay: NOT NULL, but the Swift property is \
        optional
        \(folder)/Groups.swift:39:1: error: posts.endDay: no such column
        \(folder)/Groups.swift:30:1: note: remindersLists.attachment: a @Selection enum's \
        columns, not checked

        """)
  }

  /// A `@Selection` group as a table's primary key makes every one of its columns part of the
  /// key; tables that each nest their own `ID` group find their own.
  @Test func comparesCompositePrimaryKeys() throws {
    let folder = Self.fixtures.appendingPathComponent("CompositeKeys").path
    let (status, output, _) = try runQuarry(["check", folder], executable: "quarry-schema")
    #expect(status == 1)
    #expect(
      output == """
        \(folder)/JoinTables.swift:17:1: error: memberships.memberID: the Swift primary key is \
        not the table's primary key

        """)
  }

  /// What `swift package quarry-check` runs: the files of the chosen targets (not their
  /// folders), the options passed through, from the package's folder, so that a relative
  /// `--database` is the package's.
  @Test func checksTheFilesAndOptionsThePluginPasses() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-check-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Database(.file(folder.appendingPathComponent("app.sqlite").path)).execute(
      sql: """
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "isCompleted" INTEGER NOT NULL,
          "dueDate" TEXT
        )
        """)
    let mistakes = Self.fixtures.appendingPathComponent("Mistakes").path
    let files = ["Queries.swift", "Tables.swift"].map { "\(mistakes)/\($0)" }
    let (status, output, errors) = try runQuarry(
      ["check", "--database", "app.sqlite"] + files, executable: "quarry-schema",
      in: folder)
    #expect(status == 1, "\(errors)")
    #expect(
      output == """
        \(mistakes)/Queries.swift:5:31: error: no such column: titel
        \(mistakes)/Queries.swift:6:46: error: no such table: remindrs
        \(mistakes)/Queries.swift:11:34: error: no such column: is_completed
        \(mistakes)/Queries.swift:13:21: note: a PostgreSQL literal, not checked \
        (quarry-postgres check URL SOURCES… checks it)

        """)
  }

  /// PostgreSQL literals are `quarry-postgres check`'s: `--postgres` says so, as a usage error,
  /// rather than pass without checking them.
  @Test func refersPostgresToQuarryPostgres() throws {
    let folder = Self.fixtures.appendingPathComponent("Clean").path
    let (status, output, errors) = try runQuarry(
      ["check", "--postgres", "postgres://localhost/app", folder], executable: "quarry-schema")
    #expect(status == 64)
    #expect(output == "")
    #expect(errors.contains("checked by `quarry-postgres check URL SOURCES…`"))
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
        \(mistakes)/Queries.swift:13:21: note: a PostgreSQL literal, not checked \
        (quarry-postgres check URL SOURCES… checks it)

        """)
  }
}
