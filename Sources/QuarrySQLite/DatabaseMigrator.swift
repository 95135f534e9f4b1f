import QuarryCore

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
public struct DatabaseMigrator: Sendable {
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

  /// Runs the migrations the database has not applied yet.
  public func migrate(_ queue: DatabaseQueue) throws {
    try queue.writeWithoutTransaction { try migrate($0) }
  }

  /// Runs the migrations the database has not applied yet, on one connection.
  ///
  /// Each runs in an immediate transaction together with its record, and is followed by a
  /// foreign key check: a migration that breaks a foreign key is rolled back.
  public func migrate(_ db: Database) throws {
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
    for (identifier, migrate) in migrations where !applied.contains(identifier) {
      try db.transaction(.immediate) {
        try migrate(db)
        let violations = try db.fetchAll(QueryFragment(sql: "PRAGMA foreign_key_check")) {
          try $0.decode(String.self)
        }
        guard violations.isEmpty else {
          throw DatabaseError(
            resultCode: DatabaseError.constraint,
            message:
              "migration \"\(identifier)\" violates foreign keys in: \(Set(violations).sorted().joined(separator: ", "))"
          )
        }
        try db.execute("INSERT INTO \"quarry_migrations\" (\"identifier\") VALUES (\(identifier))")
      }
    }
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
}
