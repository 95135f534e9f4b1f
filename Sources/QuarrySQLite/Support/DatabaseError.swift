import CSQLite
import QuarryCore

/// An error SQLite reported, with the statement and arguments that caused it.
///
/// ```
/// SQLite error 19 (constraint failed): NOT NULL constraint failed: reminders.title
///   in: INSERT INTO "reminders" ("id", "title") VALUES (?, ?)
///   arguments: [NULL, NULL]
/// ```
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// SQLite's extended result code, such as `SQLITE_CONSTRAINT_NOTNULL` (1299).
  public var extendedResultCode: Int32
  /// SQLite's message.
  public var message: String
  /// The SQL being prepared or run, when there was one.
  public var sql: String?
  /// The values bound to the statement.
  public var arguments: [QueryBinding]

  /// The primary result code, such as `SQLITE_CONSTRAINT` (19).
  public var resultCode: Int32 { extendedResultCode & 0xFF }

  /// Creates an error from a result code and message.
  public init(
    resultCode: Int32, message: String, sql: String? = nil, arguments: [QueryBinding] = []
  ) {
    self.extendedResultCode = resultCode
    self.message = message
    self.sql = sql
    self.arguments = arguments
  }

  /// Reads the error SQLite last recorded on a connection.
  init(connection: OpaquePointer?, resultCode: Int32, sql: String?, arguments: [QueryBinding] = [])
  {
    let code = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
    // The connection's code can be stale when the failure did not touch it (a misuse check).
    let extended = code & 0xFF == resultCode & 0xFF ? code : resultCode
    let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    self.init(
      resultCode: extended, message: message ?? String(cString: sqlite3_errstr(resultCode)),
      sql: sql, arguments: arguments)
  }

  public var description: String {
    var text =
      "SQLite error \(resultCode) (\(String(cString: sqlite3_errstr(resultCode)))): \(message)"
    if let sql { text += "\n  in: \(sql)" }
    if !arguments.isEmpty {
      text += "\n  arguments: [" + arguments.map(\.sqlLiteral).joined(separator: ", ") + "]"
    }
    if let hint { text += "\n  hint: \(hint)" }
    return text
  }

  /// What to do about the error, for the mistakes a new user makes most: a table no migration
  /// created, a column the schema lacks, SQL that doesn't parse, a write in a read access, a
  /// `NULL` in a `NOT NULL` column. Nil for other errors.
  public var hint: String? {
    if resultCode == Self.readOnly {
      return "reads run in `read { }`, which cannot write: run writes in `write { }` instead"
    }
    if message.hasPrefix("no such table:") {
      return """
        the database has no such table: register a migration that creates it \
        (`DatabaseMigrator.registerMigration`) and run `migrate` before querying, or, if the table \
        exists under another name, name it in the macro: `@Table("name")`
        """
    }
    if message.hasPrefix("no such column:") {
      return """
        the table has no such column: add it in a new migration, or name the property's column \
        with `@Column("name")`; `quarry generate` prints the structs that match a database
        """
    }
    if message.contains("syntax error") || message.hasPrefix("incomplete input") {
      return """
        the SQL does not parse: look at the word the message quotes; SQL written as a literal in \
        `#sql` is checked when the code compiles
        """
    }
    if message.hasPrefix("NOT NULL constraint failed:") {
      return """
        a NULL went into a NOT NULL column: give the property a value, make the column nullable \
        in a migration (and the property optional), or give the column a DEFAULT
        """
    }
    return nil
  }
}

extension DatabaseError {
  /// `SQLITE_CONSTRAINT`: a `UNIQUE`, `NOT NULL`, `CHECK` or foreign key constraint failed.
  public static let constraint: Int32 = SQLITE_CONSTRAINT
  /// `SQLITE_BUSY`: another connection holds a lock.
  public static let busy: Int32 = SQLITE_BUSY
  /// `SQLITE_ERROR`: an SQL error, such as a syntax error or a missing table.
  public static let error: Int32 = SQLITE_ERROR
  /// `SQLITE_READONLY`: a write on a read-only database.
  public static let readOnly: Int32 = SQLITE_READONLY
  /// `SQLITE_MISUSE`: an API used wrongly, such as a binding count mismatch.
  public static let misuse: Int32 = SQLITE_MISUSE

  /// The message of the error a query holding several statements gets where one is expected
  /// (a fetch, a prepared statement).
  public static let severalStatements =
    "the SQL holds more than one statement; only execute runs several"

  /// The error of SQL holding several statements where one is expected.
  static func severalStatements(sql: String, arguments: [QueryBinding]) -> DatabaseError {
    DatabaseError(resultCode: misuse, message: severalStatements, sql: sql, arguments: arguments)
  }

  /// The error of SQL holding no statement where one is expected.
  static func noStatement(sql: String, arguments: [QueryBinding]) -> DatabaseError {
    DatabaseError(
      resultCode: misuse, message: "the SQL holds no statement", sql: sql, arguments: arguments)
  }
}
