import Foundation
import Testing

/// `quarry-postgres demo URL` against the test server: it prints the PostgreSQL SQL of each
/// statement and its rows, and leaves the database as it was.
@Suite("quarry-postgres demo", .enabled(if: PostgresTestServer.isEnabled))
struct PostgresDemoTests {
  @Test func theDemoRunsOnPostgreSQLAndRollsBack() throws {
    let server = try PostgresTestServer.server()
    let executable = try #require(
      Self.quarryPostgresExecutable,
      "the quarry-postgres executable is not in the products directory")
    let output = URL(fileURLWithPath: server.folder + "/demo-\(getpid()).txt")
    for _ in 0..<2 {
      let status = PostgresTestServer.run(
        executable.path, ["demo", server.url(database: "postgres")], as: nil,
        output: output.path)
      #expect(status == 0)
    }
    let text = try String(contentsOf: output, encoding: .utf8)
    // Both runs printed the same: the first left nothing behind.
    let runs = text.components(separatedBy: "Database: ").filter { !$0.isEmpty }
    #expect(runs.count == 2)
    #expect(runs.first == runs.last)
    #expect(text.contains(#"("reminders"."priority" IS DISTINCT FROM 3)"#))
    #expect(text.contains(#"string_agg(CAST("reminders"."title" AS text), ', ')"#))
    #expect(text.contains("VALUES (DEFAULT, 'Try Quarry', FALSE"))
    #expect(text.contains("| Personal | Get haircut, Groceries, Call accountant "))
    #expect(text.contains("(the schema, rows and writes above were rolled back)"))
  }

  /// `quarry-postgres` beside the test bundle.
  static var quarryPostgresExecutable: URL? {
    var folders = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    folders.append(
      URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent())
    return folders.map { $0.appendingPathComponent("quarry-postgres") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
