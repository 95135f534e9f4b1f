import ArgumentParser

/// `quarry-postgres`: what `quarry` does on PostgreSQL. A separate executable, so that
/// `swift run quarry` builds no postgres-nio (nor the BoringSSL it brings).
@main
struct QuarryPostgresCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quarry-postgres",
    abstract: "Type-safe SQL for Swift on PostgreSQL.",
    subcommands: [PostgresDemoCommand.self, PostgresCheckCommand.self]
  )
}

/// `quarry-postgres demo URL`.
struct PostgresDemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: """
      Create the reminders schema on a PostgreSQL server, run typed queries and writes, and print \
      their SQL and rows, in one transaction that is rolled back.
      """
  )

  @Argument(help: "postgres://user@host:5432/database (or ?host=/socket/folder).")
  var url: String

  func run() async throws {
    try await PostgresDemo(url: url).run()
  }
}
