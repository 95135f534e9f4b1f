import QuarryCore
import QuarrySQLText

/// Runs a written migration on an in-memory copy of the database, as ``DatabaseMigrator`` runs
/// migrations (foreign keys off, checked before commit), and checks what it promises: every
/// row kept, every value readable, every index, trigger and view still there, and the schema
/// what the `@Table` types expect.
struct MigrationVerifier {
  let database: Database
  let schemas: [TableSchema]
  let options: MigrationOptions

  func verify(_ migration: WrittenMigration) throws {
    let copy = try Database(.inMemory)
    try database.backup(to: copy)
    try copy.execute(sql: "PRAGMA foreign_keys = OFF")
    let tableNames = try copy.tableNames()
    var rowCounts: [String: Int] = [:]
    for table in tableNames { rowCounts[table] = try Self.rowCount(copy, table) }
    let objects = try Self.objectNames(copy)
    for column in migration.retypedColumns where !column.isCast {
      try checkValuesFit(column, copy)
    }

    do {
      try copy.transaction(.immediate) {
        try copy.execute(sql: migration.sql)
        let violations = try copy.foreignKeyViolations()
        guard violations.isEmpty else {
          let shown = violations.prefix(5).map(\.description).joined(separator: "; ")
          throw PendingMigrationError.verificationFailed(
            "leaves rows that refer to no row: \(shown)")
        }
      }
    } catch let error as PendingMigrationError {
      throw error
    } catch {
      throw PendingMigrationError.verificationFailed("fails: \(error)")
    }

    for table in tableNames {
      let before = rowCounts[table] ?? 0
      let after = try Self.rowCount(copy, table)
      guard before == after else {
        throw PendingMigrationError.verificationFailed(
          "leaves \(after) rows in \(table), which had \(before)")
      }
    }
    let missing = objects.subtracting(try Self.objectNames(copy))
      .subtracting(migration.droppedIndexes).sorted()
    guard missing.isEmpty else {
      throw PendingMigrationError.verificationFailed(
        "loses \(missing.joined(separator: ", "))")
    }
    let differences = try schemas.flatMap { try copy.schemaDifferences($0) }
    guard differences.isEmpty else {
      throw PendingMigrationError.verificationFailed(
        "leaves a schema that differs from the Swift tables: "
          + differences.map(\.description).joined(separator: "; "))
    }
    var again = MigrationWriter(database: copy, options: options)
    if let more = try again.migration(for: schemas) {
      throw PendingMigrationError.verificationFailed(
        "does not reach the Swift tables' schema: it would need more: \(more.sql)")
    }
  }

  /// Refuses a new type that can't give back every value of the column as the Swift property
  /// reads it: each value goes into a column of the new type, as the rebuild's copy does, and
  /// its storage class is checked there.
  private func checkValuesFit(_ column: RetypedColumn, _ copy: Database) throws {
    let accepted: [String]
    switch column.storage {
    case .integer: accepted = ["integer"]
    case .real: accepted = ["real", "integer"]
    case .text: accepted = ["text"]
    case .blob: accepted = ["blob"]
    // JSONB is a blob, and JSON text still reads.
    case .jsonb: accepted = ["blob", "text"]
    case .any: return
    }
    let probe = quoteIdentifier("quarry_probe")
    let type = column.declaredType.uppercased() == "ANY" ? "" : column.declaredType
    try copy.execute(sql: "CREATE TEMPORARY TABLE \(probe) (\"value\" \(type))")
    defer { try? copy.execute(sql: "DROP TABLE temp.\(probe)") }
    try copy.execute(
      sql: "INSERT INTO temp.\(probe) SELECT \(quoteIdentifier(column.column)) "
        + "FROM main.\(quoteIdentifier(column.table))")
    let list = accepted.map { "'\($0)'" }.joined(separator: ", ")
    let rows =
      try copy.fetchOne(
        Int.self,
        sql:
          "SELECT count(*) FROM temp.\(probe) WHERE \"value\" IS NOT NULL AND typeof(\"value\") NOT IN (\(list))"
      ) ?? 0
    if rows > 0 {
      throw PendingMigrationError.narrowsType(
        table: column.table, column: column.column, declaredType: column.declaredType, rows: rows)
    }
  }

  private static func rowCount(_ db: Database, _ table: String) throws -> Int {
    try db.fetchOne(Int.self, sql: "SELECT count(*) FROM \(quoteIdentifier(table))") ?? 0
  }

  /// The names of the indexes, triggers and views, but not the indexes SQLite makes for
  /// `UNIQUE` and `PRIMARY KEY` (whose numbered names a rebuild may change).
  private static func objectNames(_ db: Database) throws -> Set<String> {
    Set(
      try db.fetchAll(
        String.self,
        sql: """
          SELECT name FROM sqlite_master
          WHERE type IN ('index', 'trigger', 'view') AND sql IS NOT NULL
          """))
  }
}
