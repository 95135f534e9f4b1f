import QuarryCore

/// What a migration written by `Database.pendingMigration(for:options:)` may do beyond keeping
/// every value as it is.
public struct MigrationOptions: Sendable, Equatable {
  /// Default values, as SQL (`''`, `0`, `(datetime('now'))`), of the `NOT NULL` columns the
  /// migration adds or makes `NOT NULL`, by `"table.column"`: what the rows already there get.
  public var defaults: [String: String]
  /// The columns, by `"table.column"`, whose values the migration may lose: dropped although
  /// they hold values, or cast to a type that can't hold them all.
  public var allowedLosses: Set<String>

  /// Options with defaults for new `NOT NULL` columns, and the columns allowed to lose values.
  public init(defaults: [String: String] = [:], allowingLossOf allowedLosses: Set<String> = []) {
    self.defaults = defaults
    self.allowedLosses = allowedLosses
  }
}

/// Why `Database.pendingMigration(for:options:)` wrote no migration.
public enum PendingMigrationError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The migration would drop a column that holds values in `rows` rows.
  case dropsValues(table: String, column: String, rows: Int)
  /// The column's new type can't hold the values of `rows` rows as the Swift property reads
  /// them: a narrowing the migration would make lossy.
  case narrowsType(table: String, column: String, declaredType: String, rows: Int)
  /// The column becomes `NOT NULL` but holds `NULL` in `rows` rows, and has no default to
  /// take instead.
  case holdsNulls(table: String, column: String, rows: Int)
  /// A new `NOT NULL` column needs a default for the rows already there.
  case needsDefault(table: String, column: String)
  /// A generated column is missing or differs: the `@Table` type doesn't say its expression.
  case generatedColumn(table: String, column: String)
  /// The table must be rebuilt, but its `CREATE TABLE` holds what a rebuild would lose.
  case cannotRebuild(table: String, reason: String)
  /// The migration, run on a copy of the database, did not give what it should.
  case verificationFailed(String)

  public var description: String {
    switch self {
    case .dropsValues(let table, let column, let rows):
      return
        "\(table).\(column): dropping the column would lose the values of \(rows) "
        + "row\(rows == 1 ? "" : "s") (allow it by name: allowingLossOf: [\"\(table).\(column)\"])"
    case .narrowsType(let table, let column, let declaredType, let rows):
      return
        "\(table).\(column): \(rows) row\(rows == 1 ? "" : "s") hold values that type "
        + "\(declaredType) can't give back as the Swift property's type (allow casting them by "
        + "name: allowingLossOf: [\"\(table).\(column)\"])"
    case .holdsNulls(let table, let column, let rows):
      return
        "\(table).\(column): becomes NOT NULL, but \(rows) row\(rows == 1 ? "" : "s") hold NULL "
        + "(give it a default: defaults: [\"\(table).\(column)\": …])"
    case .needsDefault(let table, let column):
      return
        "\(table).\(column): a new NOT NULL column needs a default for the rows already there "
        + "(defaults: [\"\(table).\(column)\": …])"
    case .generatedColumn(let table, let column):
      return
        "\(table).\(column): a generated column's expression is not in the @Table type; write "
        + "this migration by hand"
    case .cannotRebuild(let table, let reason):
      return "\(table): the table must be rebuilt, but \(reason); write this migration by hand"
    case .verificationFailed(let reason):
      return "the migration, run on a copy of the database, \(reason)"
    }
  }
}

extension Database {
  /// The SQL of the migration that makes the database's schema what `tables` expect, or nil
  /// when it already is: one assertion that the schema matches the code.
  ///
  /// ```swift
  /// #expect(try db.pendingMigration(for: [Reminder.self, RemindersList.self]) == nil)
  /// ```
  ///
  /// It creates missing tables, adds columns with `ALTER TABLE … ADD COLUMN` where SQLite
  /// allows it, and otherwise rebuilds a table as SQLite documents it: create the new table,
  /// copy the rows, drop the old one, rename the new one, then re-create its indexes and
  /// triggers, and the views and triggers that name it. The table's foreign keys, `UNIQUE`
  /// constraints, `AUTOINCREMENT`, `STRICT` and `WITHOUT ROWID` are kept; columns the Swift
  /// type doesn't have are dropped.
  ///
  /// Run the SQL as a migration of a ``DatabaseMigrator`` with its default
  /// ``DatabaseMigrator/ForeignKeyChecks/deferred`` checks, which turn foreign keys off while a
  /// rebuild drops a table others refer to, and check them before it commits.
  ///
  /// Before returning, it runs the migration on an in-memory copy of the database and checks
  /// that every table keeps its rows, `PRAGMA foreign_key_check` finds nothing, every index,
  /// trigger and view is still there, and ``checkSchema(_:)`` of `tables` passes. It refuses a
  /// lossy step, naming the column, unless `options` allows it by name: dropping a column that
  /// holds values, or changing a type that can't hold every value.
  public func pendingMigration(
    for tables: [any Table.Type], options: MigrationOptions = MigrationOptions()
  ) throws -> String? {
    try pendingMigration(for: tables.map { $0.schema }, options: options)
  }

  /// The SQL of the migration that makes the database's schema what `schemas` describe, or nil
  /// when it already is. See the `[any Table.Type]` form.
  public func pendingMigration(
    for schemas: [TableSchema], options: MigrationOptions = MigrationOptions()
  ) throws -> String? {
    var writer = MigrationWriter(database: self, options: options)
    guard let migration = try writer.migration(for: schemas) else { return nil }
    try MigrationVerifier(database: self, schemas: schemas, options: options).verify(migration)
    return migration.sql
  }
}

extension DatabaseReader {
  /// The SQL of the migration that makes the database's schema what `tables` expect, or nil
  /// when it already is. See `Database.pendingMigration(for:options:)`.
  public func pendingMigration(
    for tables: [any Table.Type], options: MigrationOptions = MigrationOptions()
  ) throws -> String? {
    try read { db in try db.pendingMigration(for: tables, options: options) }
  }
}
