import ArgumentParser
import QuarryPostgres
import QuarrySourceModel
import QuarryTableModel

/// `quarry-postgres check URL SOURCES…`: the `dialect: .postgres` `#sql` literals of Swift
/// sources, prepared on a PostgreSQL server against the schema its database has.
struct PostgresCheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the dialect: .postgres #sql literals of Swift sources on a PostgreSQL server.",
    discussion: """
      Prepares every #sql literal written with dialect: .postgres (except those in \
      registerMigration closures) on the server, against the schema its database already has, \
      and reports each error as file:line:column: error: message; exits with status 1 if there \
      is any. Nothing runs: each statement is prepared (PREPARE) and deallocated. \
      Interpolations render as at run time: a @Table type its table's name, a column its \
      qualified name, a value a numbered parameter ($1). Reported are the errors only the \
      schema can tell (SQLSTATE class 42: no such table, column, function or operator), not \
      syntax errors, as a literal may be a fragment. SQLite literals are quarry-schema check's.
      """
  )

  @Argument(help: "postgres://user@host:5432/database (or ?host=/socket/folder).")
  var url: String

  @Argument(help: "Swift files, or folders searched for them.")
  var sources: [String]

  func run() async throws {
    let files = try TableDeclarations.swiftFiles(sources)
    let declarations = try TableDeclarations(paths: files)
    var tables: [String: TableModel] = [:]
    for declaration in declarations.declarations {
      tables[declaration.model.typeName] = declaration.model
    }
    let database = try PostgresDatabase(url: url)
    var problems: [String] = []
    do {
      for file in files {
        let source = try String(contentsOfFile: file, encoding: .utf8)
        for literal in SQLLiteral.all(in: file, source: source)
        where literal.isPostgres && !literal.isMigration {
          guard
            let (sql, offsets) = literal.renderedSQL(tables: tables, numberedPlaceholders: true),
            let error = try await Self.prepare(sql, on: database)
          else { continue }
          let byte = error.offset.map { offsets[min($0, offsets.count - 1)] }
          problems.append("\(literal.location(ofByte: byte)): error: \(error.message)")
        }
      }
    } catch {
      await database.close()
      throw error
    }
    await database.close()
    for problem in problems { print(problem) }
    if !problems.isEmpty { throw ExitCode.failure }
  }

  /// The server's schema error for `sql`, with the UTF-8 offset in `sql` it names; nil when
  /// the statement prepares (or fails for a reason the schema doesn't decide).
  private static func prepare(
    _ sql: String, on database: PostgresDatabase
  ) async throws -> (message: String, offset: Int?)? {
    let prefix = "PREPARE quarry_check AS "
    do {
      try await database.writeWithoutTransaction { db in
        try await db.execute(sql: prefix + sql)
        try await db.execute(sql: "DEALLOCATE quarry_check")
      }
      return nil
    } catch let error as PostgresError where error.kind == .server {
      // 42601 is a syntax error, 42P18 a parameter whose type only its binding will say.
      guard let state = error.sqlState, state.hasPrefix("42"), state != "42601", state != "42P18"
      else { return nil }
      let offset = error.position.flatMap { position -> Int? in
        let scalars = position - 1 - prefix.unicodeScalars.count
        guard scalars >= 0 else { return nil }
        return sql.unicodeScalars.prefix(scalars).reduce(0) { $0 + UTF8.width($1) }
      }
      return (error.message, offset)
    }
  }
}
