import CSQLite
import Foundation
import QuarryCore

/// An error SQLite reported, with the statement and arguments that caused it.
///
/// The arguments are left out of ``description`` (they may hold personal data) unless
/// ``Configuration/showsArgumentsInErrors`` is on for the connection that failed:
///
/// ```
/// SQLite error 19 (constraint failed): NOT NULL constraint failed: reminders.title
///   in: INSERT INTO "reminders" ("id", "title") VALUES (?, ?)
///   arguments: 2 hidden (Configuration.showsArgumentsInErrors)
/// ```
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// SQLite's extended result code, such as `SQLITE_CONSTRAINT_NOTNULL` (1299).
  public var extendedResultCode: Int32
  /// SQLite's message.
  public var message: String
  /// The SQL being prepared or run, when there was one.
  public var sql: String?
  /// The values bound to the statement, kept whether or not ``description`` shows them.
  public var arguments: [QueryBinding]
  /// Whether ``description`` shows ``arguments``: the failing connection's
  /// ``Configuration/showsArgumentsInErrors``.
  public var showsArguments: Bool

  /// The primary result code, such as `SQLITE_CONSTRAINT` (19).
  public var resultCode: Int32 { extendedResultCode & 0xFF }

  /// Creates an error from a result code and message.
  public init(
    resultCode: Int32, message: String, sql: String? = nil, arguments: [QueryBinding] = [],
    showsArguments: Bool = false
  ) {
    self.extendedResultCode = resultCode
    self.message = message
    self.sql = sql
    self.arguments = arguments
    self.showsArguments = showsArguments
  }

  /// Reads the error SQLite last recorded on a connection.
  init(
    connection: OpaquePointer?, resultCode: Int32, sql: String?, arguments: [QueryBinding] = [],
    showsArguments: Bool = false
  ) {
    let code = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
    // The connection's code can be stale when the failure did not touch it (a misuse check).
    let extended = code & 0xFF == resultCode & 0xFF ? code : resultCode
    var message =
      connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
      ?? String(cString: sqlite3_errstr(resultCode))
    if let connection { message += Self.fileCause(of: extended, on: connection) }
    self.init(
      resultCode: extended, message: message, sql: sql, arguments: arguments,
      showsArguments: showsArguments)
  }

  /// For an error of the database file itself (it cannot be opened, read or written, is full,
  /// corrupt or not a database), what the message alone doesn't say: the system's reason for a
  /// failed file operation, and the file. Empty for the other errors.
  static func fileCause(of extendedResultCode: Int32, on connection: OpaquePointer) -> String {
    let primary = extendedResultCode & 0xFF
    guard
      [SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_READONLY]
        .contains(primary)
    else { return "" }
    var cause = ""
    // The system's error number is that of the last failed file operation: only an error of a
    // file operation is sure to be its own.
    let systemError = sqlite3_system_errno(connection)
    if [SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL].contains(primary), systemError != 0 {
      cause += " (\(String(cString: strerror(systemError))))"
    }
    if let file = sqlite3_db_filename(connection, "main"), file.pointee != 0 {
      let path = String(cString: file)
      if primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY {
        cause += unwritableFolder(of: path)
      }
      cause += "; database file: \(path)"
    }
    return cause
  }

  /// Why a database's folder cannot be written, when it cannot: SQLite creates its rollback
  /// journal there, and in WAL mode the `-wal` and `-shm` files, so that is a cause of
  /// failing to open or write even when the file itself is writable.
  private static func unwritableFolder(of path: String) -> String {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    guard access(folder.isEmpty ? "/" : folder, W_OK) != 0 else { return "" }
    let reason = String(cString: strerror(errno))
    return
      "; the folder \(folder) cannot be written (\(reason)): SQLite creates its journal there, and in WAL mode its -wal and -shm files"
  }

  public var description: String {
    var text =
      "SQLite error \(resultCode) (\(String(cString: sqlite3_errstr(resultCode)))): \(message)"
    if let sql { text += "\n  in: \(sql)" }
    if !arguments.isEmpty {
      if showsArguments {
        text += "\n  arguments: [" + arguments.map(\.sqlLiteral).joined(separator: ", ") + "]"
      } else {
        text += "\n  arguments: \(arguments.count) hidden (Configuration.showsArgumentsInErrors)"
      }
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
  static func severalStatements(
    sql: String, arguments: [QueryBinding], showsArguments: Bool = false
  ) -> DatabaseError {
    DatabaseError(
      resultCode: misuse, message: severalStatements, sql: sql, arguments: arguments,
      showsArguments: showsArguments)
  }

  /// The error of a cursor stepped after the `read` or `write` that made it has ended.
  static func cursorOutsideItsAccess(
    sql: String, arguments: [QueryBinding], showsArguments: Bool = false
  ) -> DatabaseError {
    DatabaseError(
      resultCode: misuse,
      message: "a cursor was used after the read or write that made it ended: iterate it inside "
        + "that closure, or fetch an array (fetchAll) and return that",
      sql: sql, arguments: arguments, showsArguments: showsArguments)
  }

  /// The error of SQL holding no statement where one is expected.
  static func noStatement(
    sql: String, arguments: [QueryBinding], showsArguments: Bool = false
  ) -> DatabaseError {
    DatabaseError(
      resultCode: misuse, message: "the SQL holds no statement", sql: sql, arguments: arguments,
      showsArguments: showsArguments)
  }
}
