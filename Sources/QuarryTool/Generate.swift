import ArgumentParser
import Foundation
import QuarrySQLite

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print @Table structs and a #sql migration for every table of a database.",
    discussion: """
      Each table becomes a struct: camelCase properties (with @Column("snake_case") where the \
      names differ), Swift types from the declared column types by SQLite's affinity rules, \
      optionals for nullable columns, and the primary key (a composite one as a nested \
      @Selection struct ID, the table's `id`). The database's CREATE statements become a \
      migration function.
      """
  )

  @Argument(help: "The SQLite database file (opened read-only).")
  var path: String

  @Option(help: "The name of the generated migration function.")
  var migrationFunction = "createSchema"

  func run() throws {
    guard FileManager.default.fileExists(atPath: path) else {
      throw ValidationError("no database at \(path)")
    }
    var configuration = Configuration()
    configuration.readOnly = true
    let db = try Database(path: path, configuration: configuration)
    let generator = SwiftSchemaGenerator(
      sourceName: URL(fileURLWithPath: path).lastPathComponent,
      migrationFunction: migrationFunction)
    print(try generator.source(for: db), terminator: "")
  }
}
