import Foundation
import QuarryCore
import QuarrySQLText

/// A migration ``MigrationWriter`` wrote: its statements, and what ``MigrationVerifier`` must
/// check besides the schema.
struct WrittenMigration {
  /// The statements, in order, without their semicolons.
  var statements: [String] = []
  /// The columns a rebuild gives another type, whose values must all fit it (unless casting
  /// them was allowed).
  var retypedColumns: [RetypedColumn] = []
  /// Indexes the migration drops on purpose, because they cover a column it drops.
  var droppedIndexes: Set<String> = []

  /// The migration's SQL: one statement a line (or several), each ended by a semicolon.
  var sql: String { statements.map { $0 + ";\n" }.joined() }
}

/// A column a rebuild gives another type.
struct RetypedColumn {
  var table: String
  var column: String
  /// The new declared type.
  var declaredType: String
  /// What the Swift property reads.
  var storage: TableSchema.StorageClass
  /// Whether its values are cast, so that losing some was allowed.
  var isCast: Bool
}

/// Writes the migration that takes a database's schema to what some `@Table` types expect.
struct MigrationWriter {
  let database: Database
  let options: MigrationOptions

  /// The migration, or nil when the schema already matches.
  mutating func migration(for schemas: [TableSchema]) throws -> WrittenMigration? {
    var migration = WrittenMigration()
    var creates: [String] = []
    var additions: [String] = []
    var rebuilds: [TableRebuild] = []
    for schema in schemas {
      let columns = try database.columnsIfExists(schema.name)
      if columns.isEmpty {
        creates.append(try createTable(schema))
        continue
      }
      let plan = try TablePlan(schema: schema, columns: columns, writer: self)
      if plan.needsRebuild {
        rebuilds.append(try rebuild(plan, into: &migration))
      } else {
        additions += try plan.addedColumns.map { try addColumn($0, to: schema.name) }
      }
    }
    guard !creates.isEmpty || !additions.isEmpty || !rebuilds.isEmpty else { return nil }
    let dependents = try dependentObjects(of: rebuilds.map(\.table))
    migration.statements += dependents.reversed().map { object in
      "DROP \(object.type.uppercased()) \(quoteIdentifier(object.name))"
    }
    migration.statements += creates + additions
    for rebuild in rebuilds { migration.statements += rebuild.statements }
    migration.statements += dependents.map(\.sql)
    return migration
  }

  // MARK: New tables and columns

  /// `CREATE TABLE` for a table the database doesn't have.
  private func createTable(_ schema: TableSchema) throws -> String {
    let keys = schema.columns.filter(\.isPrimaryKey).map(\.name)
    var definitions: [String] = []
    for column in schema.columns {
      if column.isGenerated {
        throw PendingMigrationError.generatedColumn(table: schema.name, column: column.name)
      }
      let isKey = keys == [column.name]
      definitions.append(
        columnDefinition(
          name: column.name, type: Self.declaredType(column.type, strict: false),
          isPrimaryKey: isKey, isAutoincrement: false,
          isNotNull: column.isNullable == false && !(isKey && column.type == .integer),
          defaultSQL: options.defaults[Self.key(schema.name, column.name)]))
    }
    if keys.count > 1 {
      definitions.append("PRIMARY KEY (\(keys.map(quoteIdentifier).joined(separator: ", ")))")
    }
    return "CREATE TABLE \(quoteIdentifier(schema.name)) (\n  "
      + definitions.joined(separator: ",\n  ") + "\n)"
  }

  /// `ALTER TABLE … ADD COLUMN`, for a column ``TablePlan`` found SQLite can add.
  private func addColumn(_ column: TablePlan.Column, to table: String) throws -> String {
    "ALTER TABLE \(quoteIdentifier(table)) ADD COLUMN "
      + columnDefinition(
        name: column.name, type: column.declaredType, isPrimaryKey: false,
        isAutoincrement: false, isNotNull: column.isNotNull, defaultSQL: column.defaultSQL)
  }

  // MARK: Rebuilds

  /// A table's rebuild, as SQLite documents it: create the new table, copy the rows, drop
  /// the old one, rename the new one, re-create the indexes.
  private struct TableRebuild {
    var table: String
    var statements: [String]
  }

  private func rebuild(
    _ plan: TablePlan, into migration: inout WrittenMigration
  ) throws -> TableRebuild {
    let table = plan.table
    let newName = "quarry_new_\(table)"
    let keys = plan.columns.filter(\.isPrimaryKey).map(\.name)
    var definitions = plan.columns.map { column in
      columnDefinition(
        name: column.name, type: column.declaredType,
        isPrimaryKey: keys == [column.name], isAutoincrement: plan.isAutoincrement,
        isNotNull: column.isNotNull && !(keys == [column.name] && column.isRowID),
        defaultSQL: column.defaultSQL)
    }
    if keys.count > 1 {
      definitions.append("PRIMARY KEY (\(keys.map(quoteIdentifier).joined(separator: ", ")))")
    }
    let kept = Set(plan.columns.map { $0.name.lowercased() })
    var indexes: [(name: String, sql: String)] = []
    for index in try database.indexes(on: table) where index.origin != "pk" {
      let keepsColumns = index.columns.allSatisfy { kept.contains($0.lowercased()) }
      if index.origin == "u" {
        if keepsColumns {
          definitions.append(
            "UNIQUE (\(index.columns.map(quoteIdentifier).joined(separator: ", ")))")
        }
      } else if keepsColumns, let sql = try indexSQL(index.name) {
        indexes.append((index.name, sql))
      } else {
        migration.droppedIndexes.insert(index.name)
      }
    }
    for key in try database.foreignKeys(on: table)
    where key.mapping.allSatisfy({ kept.contains($0.origin.lowercased()) }) {
      definitions.append(foreignKeyDefinition(key))
    }
    var create =
      "CREATE TABLE \(quoteIdentifier(newName)) (\n  " + definitions.joined(separator: ",\n  ")
      + "\n)"
    let modifiers =
      (plan.isWithoutRowID ? ["WITHOUT ROWID"] : []) + (plan.isStrict ? ["STRICT"] : [])
    if !modifiers.isEmpty { create += " " + modifiers.joined(separator: ", ") }

    let copied = plan.columns.filter { $0.copyExpression != nil }
    var statements = [create]
    statements.append(
      "INSERT INTO \(quoteIdentifier(newName)) "
        + "(\(copied.map { quoteIdentifier($0.name) }.joined(separator: ", ")))\n"
        + "SELECT \(copied.compactMap(\.copyExpression).joined(separator: ", ")) "
        + "FROM \(quoteIdentifier(table))")
    if plan.isAutoincrement {
      // The sequence goes on where it was, so that no key of a deleted row comes back.
      let newNameLiteral = Self.stringLiteral(newName)
      statements.append("DELETE FROM \"sqlite_sequence\" WHERE \"name\" = \(newNameLiteral)")
      statements.append(
        "INSERT INTO \"sqlite_sequence\" (\"name\", \"seq\") SELECT \(newNameLiteral), \"seq\" "
          + "FROM \"sqlite_sequence\" WHERE \"name\" = \(Self.stringLiteral(table))")
    }
    statements.append("DROP TABLE \(quoteIdentifier(table))")
    statements.append(
      "ALTER TABLE \(quoteIdentifier(newName)) RENAME TO \(quoteIdentifier(table))")
    statements += indexes.map(\.sql)
    migration.retypedColumns += plan.columns.compactMap(\.retyped)
    return TableRebuild(table: table, statements: statements)
  }

  private func indexSQL(_ name: String) throws -> String? {
    try database.fetchOne(
      String.self, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
      arguments: [name])
  }

  private func foreignKeyDefinition(_ key: ForeignKeyInfo) -> String {
    let origin = key.mapping.map { quoteIdentifier($0.origin) }.joined(separator: ", ")
    let destination = key.mapping.compactMap(\.destination)
    var sql = "FOREIGN KEY (\(origin)) REFERENCES \(quoteIdentifier(key.destinationTable))"
    if destination.count == key.mapping.count {
      sql += "(\(destination.map(quoteIdentifier).joined(separator: ", ")))"
    }
    if key.onUpdate != "NO ACTION" { sql += " ON UPDATE \(key.onUpdate)" }
    if key.onDelete != "NO ACTION" { sql += " ON DELETE \(key.onDelete)" }
    return sql
  }

  /// A schema object a rebuild must drop first and re-create last.
  private struct DependentObject {
    var type: String
    var name: String
    var sql: String
  }

  /// The triggers and views that name a rebuilt table, or a view that does, in the order the
  /// schema lists them. While a rebuild's old table is gone, SQLite refuses to rename the new
  /// one if a view or trigger names it; a table's own triggers go with it.
  private func dependentObjects(of tables: [String]) throws -> [DependentObject] {
    guard !tables.isEmpty else { return [] }
    let objects = try database.fetchAll(
      sql: """
        SELECT type, name, sql FROM sqlite_master
        WHERE type IN ('view', 'trigger') AND sql IS NOT NULL
        """
    ).map { row in
      DependentObject(
        type: try row.decode(at: 0), name: try row.decode(at: 1), sql: try row.decode(at: 2))
    }
    var names = Set(tables.map { $0.lowercased() })
    var chosen: Set<String> = []
    var grew = true
    while grew {
      grew = false
      for object in objects where !chosen.contains(object.name) {
        let text = object.sql.lowercased()
        guard names.contains(where: { text.contains($0) }) else { continue }
        chosen.insert(object.name)
        if object.type == "view" { names.insert(object.name.lowercased()) }
        grew = true
      }
    }
    return objects.filter { chosen.contains($0.name) }
  }

  // MARK: SQL pieces

  private func columnDefinition(
    name: String, type: String, isPrimaryKey: Bool, isAutoincrement: Bool, isNotNull: Bool,
    defaultSQL: String?
  ) -> String {
    var sql = quoteIdentifier(name)
    if !type.isEmpty { sql += " \(type)" }
    if isPrimaryKey {
      sql += " PRIMARY KEY"
      if isAutoincrement && type.uppercased() == "INTEGER" { sql += " AUTOINCREMENT" }
    }
    if isNotNull { sql += " NOT NULL" }
    if let defaultSQL { sql += " DEFAULT \(Self.defaultClause(defaultSQL))" }
    return sql
  }

  /// A default as `DEFAULT` takes it: a literal as it is, an expression in parentheses.
  static func defaultClause(_ sql: String) -> String {
    isLiteral(sql) ? sql : "(\(sql))"
  }

  /// Whether a default is a literal (`''`, `-1`, `NULL`, `CURRENT_TIMESTAMP`): what
  /// `ALTER TABLE … ADD COLUMN` takes, and `PRAGMA table_info` gives back without parentheses.
  static func isLiteral(_ sql: String) -> Bool {
    let text = sql.trimmingCharacters(in: .whitespaces)
    if text.hasPrefix("'") && text.hasSuffix("'") && text.count >= 2 { return true }
    if ["NULL", "TRUE", "FALSE", "CURRENT_TIME", "CURRENT_DATE", "CURRENT_TIMESTAMP"]
      .contains(text.uppercased())
    {
      return true
    }
    let number = text.drop { $0 == "-" || $0 == "+" }
    return !number.isEmpty && number.allSatisfy { $0.isNumber || $0 == "." || $0 == "e" }
  }

  /// The declared type of a column holding `storage`; in a `STRICT` table, one of its types.
  static func declaredType(_ storage: TableSchema.StorageClass, strict: Bool) -> String {
    switch storage {
    case .integer: return "INTEGER"
    case .real: return "REAL"
    case .text: return "TEXT"
    case .blob, .jsonb: return "BLOB"
    // No declared type: the column keeps what it is given.
    case .any: return strict ? "ANY" : ""
    }
  }

  /// `table.column`, how ``MigrationOptions`` names a column.
  static func key(_ table: String, _ column: String) -> String { "\(table).\(column)" }

  static func stringLiteral(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
