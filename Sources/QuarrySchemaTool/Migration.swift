import ArgumentParser
import Foundation
import QuarrySQLite
import QuarrySourceModel

/// `quarry-schema migration DATABASE SOURCES…`: the migration that takes the database to the
/// schema the sources' `@Table` declarations expect.
struct Migration: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print the migration a database needs to match the @Table declarations of sources.",
    discussion: """
      Reads every @Table struct of the Swift files and folders given, with the macro's own table \
      model, and writes the next migration as Database.pendingMigration(for:) does: verified on \
      an in-memory copy of the database, which is opened read-only and left as it was. Prints \
      nothing when the schema already matches. Exits with status 1, naming the column, when a \
      step would lose values or a new NOT NULL column needs a default.
      """
  )

  @Argument(help: "The SQLite database file (opened read-only).")
  var database: String

  @Argument(help: "Swift files, or folders searched for them.")
  var sources: [String]

  @Option(
    name: .customLong("default"),
    help: "A default for a NOT NULL column: table.column=SQL (repeatable).")
  var defaults: [String] = []

  @Option(
    name: .customLong("allow-loss"),
    help: "A column whose values the migration may lose: table.column (repeatable).")
  var allowedLosses: [String] = []

  func run() throws {
    guard FileManager.default.fileExists(atPath: database) else {
      throw ValidationError("no database at \(database)")
    }
    var options = MigrationOptions(allowingLossOf: Set(allowedLosses))
    for assignment in defaults {
      guard let equals = assignment.firstIndex(of: "=") else {
        throw ValidationError("--default \(assignment): expected table.column=SQL")
      }
      options.defaults[String(assignment[..<equals])] = String(
        assignment[assignment.index(after: equals)...])
    }
    let declarations = try TableDeclarations(paths: sources)
    guard declarations.problems.isEmpty else {
      for problem in declarations.problems { printError(problem) }
      throw ExitCode.failure
    }
    var configuration = Configuration()
    configuration.readOnly = true
    let db = try Database(.file(database), configuration: configuration)
    do {
      if let sql = try db.pendingMigration(for: declarations.schemas, options: options) {
        print(sql, terminator: "")
      }
    } catch let error as PendingMigrationError {
      printError("error: \(error)")
      throw ExitCode.failure
    }
  }

  private func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
