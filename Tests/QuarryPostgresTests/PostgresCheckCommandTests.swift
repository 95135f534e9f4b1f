import Foundation
import QuarryPostgres
import Testing

/// `quarry-postgres check URL SOURCES…` against the test server: a `dialect: .postgres` literal
/// naming an unknown column is reported at its line and column, and nothing else; a clean folder
/// passes.
@Suite("quarry-postgres check", .enabled(if: PostgresTestServer.isEnabled))
struct PostgresCheckCommandTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Check")

  @Test func reportsAnUnknownColumnAtItsPlace() async throws {
    let folder = Self.fixtures.appendingPathComponent("Mistakes").path
    let (status, output) = try await Self.check(folder)
    #expect(status == 1)
    #expect(output == "\(folder)/Queries.swift:14:65: error: column \"titel\" does not exist\n")
  }

  @Test func passesACleanFolder() async throws {
    let folder = Self.fixtures.appendingPathComponent("Clean").path
    let (status, output) = try await Self.check(folder)
    #expect(status == 0, "\(output)")
    #expect(output == "")
  }

  /// Runs `quarry-postgres check` on `folder` against a new database holding `reminders`;
  /// returns its exit status and what it printed.
  private static func check(_ folder: String) async throws -> (status: Int32, output: String) {
    let server = try PostgresTestServer.server()
    let executable = try #require(
      PostgresDemoTests.quarryPostgresExecutable,
      "the quarry-postgres executable is not in the products directory")
    let name = "quarry_check_\(getpid())_\(UUID().uuidString.prefix(8).lowercased())"
    let admin = try PostgresDatabase(url: server.url(database: "postgres"))
    try await admin.writeWithoutTransaction {
      try await $0.execute(sql: "CREATE DATABASE \"\(name)\"")
    }
    let database = try PostgresDatabase(url: server.url(database: name))
    try await database.writeWithoutTransaction {
      try await $0.execute(
        sql: """
          CREATE TABLE "reminders" (
            "id" bigint PRIMARY KEY, "title" text NOT NULL, "isCompleted" boolean NOT NULL
          )
          """)
    }
    await database.close()
    let output = URL(fileURLWithPath: server.folder + "/check-\(name).txt")
    let status = PostgresTestServer.run(
      executable.path, ["check", server.url(database: name), folder], as: nil,
      output: output.path)
    try await admin.writeWithoutTransaction {
      try await $0.execute(sql: "DROP DATABASE \"\(name)\" WITH (FORCE)")
    }
    await admin.close()
    let text = try String(contentsOf: output, encoding: .utf8)
    try? FileManager.default.removeItem(at: output)
    return (status, text)
  }
}
