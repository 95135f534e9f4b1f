import ArgumentParser
import CSQLite
import Foundation
import QuarryCore
import QuarrySQLite
import QuarrySourceModel
import QuarryTableModel

/// `quarry-schema check SOURCES…`: the `#sql` literals and `@Table` declarations (with the
/// `@Selection` groups they hold) of sources, checked against the schema their migrations build
/// (or a database's).
struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Check #sql literals and @Table declarations against the schema.",
    discussion: """
      Builds the schema by running the #sql literals of registerMigration closures (files in \
      path order, literals in source order), or reads it from --database. Then prepares every \
      other SQLite #sql literal against it, and compares every @Table declaration with it (a \
      @Selection struct a table holds as a property with that table's columns). \
      Reports each problem as file:line:column: error: message, and exits with status 1 if \
      there is any. Interpolations render as at run time: a @Table type its name, a column its \
      qualified name, a value a bound parameter. Syntax errors are the macro's to report at \
      compile time; literals that are not whole statements (fragments), and literals for \
      PostgreSQL, are not checked (the latter with a note): `quarry-postgres check URL \
      SOURCES…` prepares those on a PostgreSQL server (its own executable, so that this one \
      builds no postgres-nio).
      """
  )

  @Argument(help: "Swift files, or folders searched for them.")
  var sources: [String]

  @Option(help: "A SQLite database whose schema to check against (opened read-only).")
  var database: String?

  @Option(
    help: ArgumentHelp(
      "Refused: `quarry-postgres check URL SOURCES…` checks PostgreSQL literals.",
      valueName: "url"))
  var postgres: String?

  func validate() throws {
    if postgres != nil {
      throw ValidationError(
        "PostgreSQL literals are checked by `quarry-postgres check URL SOURCES…` (a separate "
          + "executable, so that quarry-schema builds no postgres-nio)")
    }
  }

  func run() throws {
    let files = try TableDeclarations.swiftFiles(sources)
    let declarations = try TableDeclarations(paths: files)
    var problems = declarations.problems
    var notes = declarations.notes
    var literals: [SQLLiteral] = []
    for file in files {
      literals += SQLLiteral.all(
        in: file, source: try String(contentsOfFile: file, encoding: .utf8))
    }
    var tables: [String: TableModel] = [:]
    for declaration in declarations.declarations {
      tables[declaration.model.typeName] = declaration.model
    }

    let db = try Database(.inMemory)
    if let database {
      var configuration = Configuration()
      configuration.readOnly = true
      try Database(.file(database), configuration: configuration).backup(to: db)
    }
    for literal in literals where literal.isMigration && !literal.isPostgres && database == nil {
      guard let (sql, offsets) = literal.renderedSQL(tables: tables) else { continue }
      if let error = SchemaConnection(db).run(sql) {
        problems.append(
          "\(literal.location(ofByte: error.offset.map { offsets[min($0, offsets.count - 1)] })): "
            + "error: \(error.message)")
      }
    }
    for literal in literals where !literal.isMigration {
      if literal.isPostgres {
        notes.append(
          "\(literal.location(ofByte: nil)): note: a PostgreSQL literal, not checked "
            + "(quarry-postgres check URL SOURCES… checks it)")
        continue
      }
      guard let (sql, offsets) = literal.renderedSQL(tables: tables),
        let error = SchemaConnection(db).prepare(sql), error.isSchemaError
      else { continue }
      problems.append(
        "\(literal.location(ofByte: error.offset.map { offsets[min($0, offsets.count - 1)] })): "
          + "error: \(error.message)")
    }
    for declaration in declarations.declarations {
      for difference in try db.schemaDifferences(declaration.schema) {
        problems.append("\(declaration.location): error: \(difference)")
      }
    }
    for line in problems + notes { print(line) }
    if !problems.isEmpty { throw ExitCode.failure }
  }
}

/// SQLite's verdict on SQL, with where in the SQL its error is.
private struct SchemaConnection {
  struct Failure {
    var message: String
    /// A UTF-8 offset into the SQL, when SQLite says.
    var offset: Int?

    /// Whether the error is about the schema (a missing table or column), which the macro
    /// can't see, rather than the syntax, which it reports at compile time. (A missing
    /// function may be one the app registers on its connections.)
    var isSchemaError: Bool {
      message.hasPrefix("no such table") || message.hasPrefix("no such column")
        || message.contains(" has no column named ") || message.hasPrefix("ambiguous column name")
    }
  }

  let db: Database

  init(_ db: Database) { self.db = db }

  /// Prepares each statement of `sql`, running none.
  func prepare(_ sql: String) -> Failure? { walk(sql, running: false) }

  /// Runs each statement of `sql`, in order.
  func run(_ sql: String) -> Failure? { walk(sql, running: true) }

  /// Where the name an error names (`no such table: remindrs`) first appears in `sql`, for
  /// the errors SQLite gives no offset for.
  private static func offset(ofNameIn message: String, in sql: [UInt8]) -> Int? {
    guard let colon = message.range(of: ": ", options: .backwards) else { return nil }
    let name = Array(message[colon.upperBound...].lowercased().utf8)
    let text = Array(String(decoding: sql, as: UTF8.self).lowercased().utf8)
    guard !name.isEmpty, name.count <= text.count else { return nil }
    return (0...(text.count - name.count)).first { text[$0..<$0 + name.count].elementsEqual(name) }
  }

  private func walk(_ sql: String, running: Bool) -> Failure? {
    let bytes = Array(sql.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { text -> Failure? in
        guard let base = text.baseAddress else { return nil }
        var start = base
        let end = base + text.count
        while start < end {
          var statement: OpaquePointer?
          var tail: UnsafePointer<CChar>?
          let code = sqlite3_prepare_v2(
            db.handle, start, Int32(end - start), &statement, &tail)
          defer { sqlite3_finalize(statement) }
          if code != SQLITE_OK {
            let message = String(cString: sqlite3_errmsg(db.handle))
            var offset = Int(sqlite3_error_offset(db.handle))
            if offset < 0 {
              offset = Self.offset(ofNameIn: message, in: Array(bytes[(start - base)...])) ?? -1
            }
            return Failure(message: message, offset: offset >= 0 ? (start - base) + offset : nil)
          }
          if running, let statement {
            var step = sqlite3_step(statement)
            while step == SQLITE_ROW { step = sqlite3_step(statement) }
            if step != SQLITE_DONE {
              return Failure(
                message: String(cString: sqlite3_errmsg(db.handle)), offset: start - base)
            }
          }
          guard let tail, tail > start else { break }
          start = tail
        }
        return nil
      }
    }
  }
}
