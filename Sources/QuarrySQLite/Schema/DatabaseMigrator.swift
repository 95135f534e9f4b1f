import Foundation
import QuarryCore
import QuarrySQLText

/// Runs schema migrations in order, each exactly once, each in its own transaction.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// migrator.registerMigration("Create reminders") { db in
///   try #sql("CREATE TABLE \"reminders\" (\"id\" INTEGER PRIMARY KEY, \"title\" TEXT NOT NULL)").execute(db)
/// }
/// try migrator.migrate(queue)
/// ```
///
/// Applied migrations are recorded in the `quarry_migrations` table.
///
/// A migration may rebuild a table that others reference, with SQLite's twelve steps (create the
/// new table, copy the rows, drop the old one, rename the new one): by default
/// (``ForeignKeyChecks/deferred``) foreign keys are off while it runs, and checked before it
/// commits.
public struct DatabaseMigrator: Sendable {
  /// When a migration's foreign keys are checked.
  public enum ForeignKeyChecks: Sendable, Hashable {
    /// Foreign keys are off while a migration runs (`PRAGMA foreign_keys = OFF`, set before its
    /// transaction begins and restored after it ends), and `PRAGMA foreign_key_check` runs
    /// before it commits: any row that refers to no row fails the migration, which is rolled
    /// back. On a connection whose foreign keys are off, the migration just runs.
    case deferred
    /// Foreign keys stay as the connection has them: each statement of a migration is checked
    /// as it runs, and a table others reference cannot be dropped.
    case immediate
  }

  private var migrations: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = []

  /// An empty migrator.
  public init() {}

  /// Adds a migration after the ones already registered. Identifiers must be unique.
  public mutating func registerMigration(
    _ identifier: String, migrate: @escaping @Sendable (Database) throws -> Void
  ) {
    precondition(
      !migrations.contains { $0.identifier == identifier },
      "the migration \"\(identifier)\" is registered twice")
    migrations.append((identifier, migrate))
  }

  /// The identifiers of every registered migration, in order.
  public var registeredMigrations: [String] { migrations.map(\.identifier) }

  /// When migrations' foreign keys are checked: ``ForeignKeyChecks/deferred`` (the default)
  /// or ``ForeignKeyChecks/immediate``.
  public var foreignKeyChecks = ForeignKeyChecks.deferred

  /// Development only: when the database's schema differs from what its applied migrations
  /// produce (because a migration was edited), or it has migrations this migrator does not
  /// know, erase it and migrate from scratch. Never ship this on: it deletes data.
  public var eraseDatabaseOnSchemaChange = false

  /// Runs the migrations the database has not applied yet, through a queue or a pool.
  public func migrate(_ writer: some DatabaseWriter) throws {
    try writer.writeWithoutTransaction { try migrate($0) }
  }

  /// Runs the migrations up to and including `target`, through a queue or a pool.
  public func migrate(_ writer: some DatabaseWriter, upTo target: String) throws {
    try writer.writeWithoutTransaction { try migrate($0, upTo: target) }
  }

  /// Runs the migrations the database has not applied yet, on one connection.
  ///
  /// Each runs in an immediate transaction together with its record. With the default
  /// ``ForeignKeyChecks/deferred``, foreign keys are off while it runs and checked before it
  /// commits: a migration that leaves a row referring to no row is rolled back, and the error
  /// lists those rows.
  public func migrate(_ db: Database) throws {
    try migrate(db, upTo: migrations.last?.identifier)
  }

  /// Runs the migrations up to and including `target`, on one connection.
  public func migrate(_ db: Database, upTo target: String) throws {
    try migrate(db, upTo: Optional(target))
  }

  private func migrate(_ db: Database, upTo target: String?) throws {
    let end: Int
    if let target {
      guard let index = migrations.firstIndex(where: { $0.identifier == target }) else {
        throw DatabaseError(
          resultCode: DatabaseError.error,
          message: "no migration named \"\(target)\" is registered")
      }
      end = index + 1
    } else {
      end = 0
    }
    if eraseDatabaseOnSchemaChange, try needsErasing(db) {
      try erase(db)
    }
    try db.execute(
      sql:
        "CREATE TABLE IF NOT EXISTS \"quarry_migrations\" (\"identifier\" TEXT PRIMARY KEY NOT NULL)"
    )
    let applied = Set(try appliedMigrations(db))
    let unknown = applied.subtracting(registeredMigrations)
    guard unknown.isEmpty else {
      throw DatabaseError(
        resultCode: DatabaseError.error,
        message:
          "the database has migrations this app does not know: \(unknown.sorted().joined(separator: ", "))"
      )
    }
    for (identifier, migrate) in migrations[..<end] where !applied.contains(identifier) {
      try run(identifier, migrate, on: db)
    }
  }

  /// Runs one migration and records it, in one transaction; with deferred checks, with foreign
  /// keys off (which SQLite only allows outside a transaction) until it ends.
  private func run(
    _ identifier: String, _ migrate: (Database) throws -> Void, on db: Database
  ) throws {
    let defersChecks = try foreignKeyChecks == .deferred && db.enforcesForeignKeys()
    if defersChecks { try db.executeQuarryStatement("PRAGMA foreign_keys = OFF") }
    do {
      try db.transaction(.immediate) {
        try migrate(db)
        if defersChecks { try checkForeignKeys(identifier, db) }
        try db.execute("INSERT INTO \"quarry_migrations\" (\"identifier\") VALUES (\(identifier))")
      }
    } catch {
      if defersChecks { try? db.executeQuarryStatement("PRAGMA foreign_keys = ON") }
      throw error
    }
    if defersChecks { try db.executeQuarryStatement("PRAGMA foreign_keys = ON") }
  }

  /// Fails when a row refers to no row, listing the first such rows.
  private func checkForeignKeys(_ identifier: String, _ db: Database) throws {
    let violations = try db.foreignKeyViolations()
    guard !violations.isEmpty else { return }
    let shown = 10
    var list = violations.prefix(shown).map(\.description).joined(separator: "; ")
    if violations.count > shown { list += "; and \(violations.count - shown) more" }
    throw DatabaseError(
      resultCode: DatabaseError.constraint | 3 << 8,  // SQLITE_CONSTRAINT_FOREIGNKEY
      message: "migration \"\(identifier)\" violates foreign keys: \(list)")
  }

  /// The identifiers of the migrations applied to the database.
  public func appliedMigrations(_ db: Database) throws -> [String] {
    let exists = try db.fetchOne(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'quarry_migrations'"
    ) { try $0.decode(Int.self) }
    guard exists == 1 else { return [] }
    return try db.fetchAll("SELECT \"identifier\" FROM \"quarry_migrations\" ORDER BY rowid") {
      try $0.decode(String.self)
    }
  }

  /// The identifiers of the registered migrations the database has applied, in order.
  public func completedMigrations(_ reader: some DatabaseReader) throws -> [String] {
    let applied = Set(try reader.read { try appliedMigrations($0) })
    return registeredMigrations.filter(applied.contains)
  }

  /// Whether the database has applied every registered migration (and no unknown one).
  public func hasCompletedMigrations(_ reader: some DatabaseReader) throws -> Bool {
    try reader.read { db in try hasCompletedMigrations(db) }
  }

  /// Whether the database has applied every registered migration (and no unknown one).
  public func hasCompletedMigrations(_ db: Database) throws -> Bool {
    Set(try appliedMigrations(db)) == Set(registeredMigrations)
  }

  // MARK: Erasing on schema change

  /// Whether the applied migrations, run on an empty database, give another schema than the
  /// database has, or the database has migrations this migrator does not know.
  private func needsErasing(_ db: Database) throws -> Bool {
    let applied = try appliedMigrations(db)
    guard !applied.isEmpty else { return false }
    guard Set(applied).isSubset(of: registeredMigrations) else { return true }
    var configuration = db.configuration
    configuration.readOnly = false
    configuration.journalMode = nil
    configuration.logger = nil
    let scratch = try Database(.inMemory, configuration: configuration)
    var reference = DatabaseMigrator()
    for migration in migrations where applied.contains(migration.identifier) {
      reference.migrations.append(migration)
    }
    try reference.migrate(scratch)
    return try schema(of: scratch) != schema(of: db)
  }

  private func schema(of db: Database) throws -> Set<Row> {
    Set(
      try db.fetchAll(
        sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'"
      ))
  }

  /// Drops every table, view and trigger.
  private func erase(_ db: Database) throws {
    let foreignKeys = try db.fetchOne(Int.self, sql: "PRAGMA foreign_keys") ?? 0
    try db.execute(sql: "PRAGMA foreign_keys = OFF")
    defer { try? db.execute(sql: "PRAGMA foreign_keys = \(foreignKeys)") }
    try db.transaction(.immediate) {
      let objects = try db.fetchAll(
        sql: """
          SELECT type, name FROM sqlite_master
          WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%'
          """)
      for object in objects {
        guard case .text(let type) = object[0], case .text(let name) = object[1] else { continue }
        try db.execute(sql: "DROP \(type.uppercased()) IF EXISTS \(quoteIdentifier(name))")
      }
    }
  }
}
