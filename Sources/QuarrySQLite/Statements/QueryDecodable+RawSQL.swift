import QuarryCore

/// Raw SQL fetched from the type it decodes into, as GRDB spells it:
///
/// ```swift
/// let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM reminders")
/// let titles = try String.fetchAll(db, sql: "SELECT title FROM reminders WHERE id > ?", arguments: [1])
/// let reminders = try Reminder.fetchAll(db, sql: "SELECT * FROM reminders")
/// ```
///
/// Each row is decoded from its first column(s) by position, as ``Database/fetchAll(_:sql:arguments:)``
/// does.
extension QueryDecodable {
  /// Runs raw SQL and decodes every row.
  public static func fetchAll(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> [Self] {
    try db.fetchAll(Self.self, sql: sql, arguments: arguments)
  }

  /// Runs raw SQL and decodes its first row: nil when there is no row, and nil when the type
  /// is a single value (not a table) that cannot hold the `NULL` the row holds.
  public static func fetchOne(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> Self? {
    try db.fetchOne(Self.self, sql: sql, arguments: arguments)
  }

  /// Runs raw SQL and returns a cursor that decodes one row per `next()`.
  public static func fetchCursor(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> DatabaseCursor<Self> {
    try db.fetchCursor(Self.self, sql: sql, arguments: arguments)
  }

  /// Runs a prepared statement with new arguments and decodes every row.
  public static func fetchAll(
    _ statement: PreparedStatement, arguments: StatementArguments = StatementArguments()
  ) throws -> [Self] {
    try statement.fetchAll(Self.self, arguments: arguments)
  }

  /// Runs a prepared statement with new arguments and decodes its first row, as
  /// ``fetchOne(_:sql:arguments:)`` does.
  public static func fetchOne(
    _ statement: PreparedStatement, arguments: StatementArguments = StatementArguments()
  ) throws -> Self? {
    try statement.fetchOne(Self.self, arguments: arguments)
  }

  /// Runs a prepared statement with new arguments and returns a cursor that decodes one row
  /// per `next()`.
  public static func fetchCursor(
    _ statement: PreparedStatement, arguments: StatementArguments = StatementArguments()
  ) throws -> DatabaseCursor<Self> {
    try statement.fetchCursor(Self.self, arguments: arguments)
  }
}

/// Raw SQL fetched as ``Row``s, as GRDB spells it: `try Row.fetchAll(db, sql: "SELECT …")`.
extension Row {
  /// Runs raw SQL and returns its rows.
  public static func fetchAll(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> [Row] {
    try db.fetchAll(sql: sql, arguments: arguments)
  }

  /// Runs raw SQL and returns its first row, or nil when there is none.
  public static func fetchOne(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> Row? {
    try db.fetchOne(sql: sql, arguments: arguments)
  }

  /// Runs raw SQL and returns a cursor over its rows.
  public static func fetchCursor(
    _ db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> DatabaseCursor<Row> {
    try db.fetchCursor(sql: sql, arguments: arguments)
  }

  /// Runs a prepared statement with new arguments and returns its rows.
  public static func fetchAll(
    _ statement: PreparedStatement, arguments: StatementArguments = StatementArguments()
  ) throws -> [Row] {
    try statement.fetchAll(arguments: arguments)
  }

  /// Runs a prepared statement with new arguments and returns its first row, or nil when there
  /// is none.
  public static func fetchOne(
    _ statement: PreparedStatement, arguments: StatementArguments = StatementArguments()
  ) throws -> Row? {
    try statement.fetchOne(arguments: arguments)
  }

  /// Runs a prepared statement with new arguments and returns a cursor over its rows.
  public static func fetchCursor(
    _ statement: PreparedStatement, arguments: StatementArguments = StatementArguments()
  ) throws -> DatabaseCursor<Row> {
    try statement.fetchCursor(arguments: arguments)
  }
}
