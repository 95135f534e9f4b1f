import QuarryCore
import QuarrySQLText

/// What an existing table becomes to match a `@Table` type: its columns after the migration,
/// and whether `ALTER TABLE … ADD COLUMN` gets there or the table must be rebuilt.
struct TablePlan {
  /// A column of the table after the migration.
  struct Column {
    var name: String
    var declaredType: String
    var isPrimaryKey: Bool
    var isNotNull: Bool
    /// Whether the column is the table's `INTEGER PRIMARY KEY`: the rowid, never `NULL`.
    var isRowID: Bool
    var defaultSQL: String?
    /// How a rebuild copies it from the old table; nil for a new column.
    var copyExpression: String?
    /// Set when a rebuild gives the column another type.
    var retyped: RetypedColumn?
  }

  var table: String
  /// Every column, in the Swift type's order.
  var columns: [Column] = []
  /// The columns the database doesn't have yet.
  var addedColumns: [Column] = []
  /// Whether only a rebuild gets there: `ALTER TABLE` can't add a column of the primary key,
  /// a `NOT NULL` one without a literal default, nor change or drop one.
  var needsRebuild = false
  var isStrict: Bool
  var isWithoutRowID: Bool
  var isAutoincrement: Bool

  init(schema: TableSchema, columns existing: [ColumnInfo], writer: MigrationWriter) throws {
    let db = writer.database
    let options = writer.options
    table = schema.name
    let createSQL = try db.fetchOne(
      String.self,
      sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE",
      arguments: [table])
    let words = Self.keywords(createSQL ?? "")
    isAutoincrement = words.contains("AUTOINCREMENT")
    isStrict = try db.isStrictTable(table)
    isWithoutRowID =
      try db.fetchOne(
        Bool.self,
        sql: "SELECT wr FROM pragma_table_list WHERE schema = 'main' AND name = ? COLLATE NOCASE",
        arguments: [table]) ?? false

    let visible = existing.filter { !$0.isHidden }
    func existingColumn(_ name: String) -> ColumnInfo? {
      visible.first { $0.name.lowercased() == name.lowercased() }
    }
    let swiftKeys = schema.columns.filter(\.isPrimaryKey).map { $0.name.lowercased() }
    let databaseKeys = visible.filter { $0.primaryKeyIndex > 0 }
      .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map { $0.name.lowercased() }
    let swiftNames = Set(schema.columns.map { $0.name.lowercased() })
    // A type that names no primary key keeps the table's, if it keeps its columns.
    let keys =
      swiftKeys.isEmpty ? databaseKeys.filter { swiftNames.contains($0) } : swiftKeys
    if keys != databaseKeys { needsRebuild = true }

    var keepsGenerated: String?
    for expected in schema.columns {
      let key = MigrationWriter.key(table, expected.name)
      let isPrimaryKey = keys.contains(expected.name.lowercased())
      guard let current = existingColumn(expected.name) else {
        if expected.isGenerated {
          throw PendingMigrationError.generatedColumn(table: table, column: expected.name)
        }
        let type = MigrationWriter.declaredType(expected.type, strict: isStrict)
        let isRowID = keys.count == 1 && isPrimaryKey && type == "INTEGER" && !isWithoutRowID
        let isNotNull = expected.isNullable == false
        let defaultSQL = options.defaults[key]
        if isNotNull, defaultSQL == nil, !isRowID {
          throw PendingMigrationError.needsDefault(table: table, column: expected.name)
        }
        let column = Column(
          name: expected.name, declaredType: type, isPrimaryKey: isPrimaryKey,
          isNotNull: isNotNull, isRowID: isRowID, defaultSQL: defaultSQL)
        let addable =
          !isPrimaryKey && (defaultSQL.map(MigrationWriter.isLiteral) ?? !isNotNull)
        if !addable { needsRebuild = true }
        addedColumns.append(column)
        columns.append(column)
        continue
      }
      if expected.generatedStorage != current.generated {
        throw PendingMigrationError.generatedColumn(table: table, column: current.name)
      }
      if current.generated != nil { keepsGenerated = current.name }
      let fits = current.affinity.canHold(
        expected.type, strictType: isStrict ? current.type : nil)
      let type = fits ? current.type : MigrationWriter.declaredType(expected.type, strict: isStrict)
      let isRowID =
        keys.count == 1 && isPrimaryKey && type.uppercased() == "INTEGER" && !isWithoutRowID
      let isNotNull = expected.isNullable.map { !$0 } ?? current.isNotNull
      // A default from the options is for a column that becomes NOT NULL; others keep theirs.
      let becomesNotNull = !isRowID && isNotNull && !current.isNotNull
      let defaultSQL =
        (becomesNotNull ? options.defaults[key] : nil) ?? current.defaultValueSQL
      var copy = quoteIdentifier(current.name)
      var retyped: RetypedColumn?
      if !fits {
        needsRebuild = true
        let isCast = options.allowedLosses.contains(key) && !type.isEmpty
        if isCast { copy = "CAST(\(copy) AS \(type))" }
        retyped = RetypedColumn(
          table: table, column: expected.name, declaredType: type, storage: expected.type,
          isCast: isCast)
      }
      if !isRowID, isNotNull != current.isNotNull {
        needsRebuild = true
        if isNotNull {
          if let defaultSQL {
            copy = "coalesce(\(copy), \(MigrationWriter.defaultClause(defaultSQL)))"
          } else {
            let nulls = try Self.count(db, table, where: "\(quoteIdentifier(current.name)) IS NULL")
            if nulls > 0 {
              throw PendingMigrationError.holdsNulls(
                table: table, column: current.name, rows: nulls)
            }
          }
        }
      }
      columns.append(
        Column(
          name: expected.name, declaredType: type, isPrimaryKey: isPrimaryKey,
          isNotNull: isNotNull, isRowID: isRowID, defaultSQL: defaultSQL,
          copyExpression: current.generated == nil ? copy : nil, retyped: retyped))
    }

    for dropped in visible where !swiftNames.contains(dropped.name.lowercased()) {
      needsRebuild = true
      // A generated column's values are computed: dropping it loses nothing.
      guard dropped.generated == nil,
        !options.allowedLosses.contains(MigrationWriter.key(table, dropped.name))
      else { continue }
      let rows = try Self.count(db, table, where: "\(quoteIdentifier(dropped.name)) IS NOT NULL")
      if rows > 0 {
        throw PendingMigrationError.dropsValues(table: table, column: dropped.name, rows: rows)
      }
    }

    guard needsRebuild else { return }
    guard let createSQL else {
      throw PendingMigrationError.cannotRebuild(table: table, reason: "it is a view")
    }
    if createSQL.uppercased().hasPrefix("CREATE VIRTUAL") {
      throw PendingMigrationError.cannotRebuild(table: table, reason: "it is a virtual table")
    }
    if let keepsGenerated {
      throw PendingMigrationError.cannotRebuild(
        table: table,
        reason: "the @Table type doesn't say the expression of its generated column "
          + keepsGenerated)
    }
    let lost = [
      ("CHECK", "CHECK constraints"), ("COLLATE", "COLLATE clauses"),
      ("DEFERRABLE", "deferrable foreign keys"), ("CONFLICT", "ON CONFLICT clauses"),
    ].filter { words.contains($0.0) }
    if let (_, what) = lost.first {
      throw PendingMigrationError.cannotRebuild(
        table: table, reason: "its CREATE TABLE has \(what), which a rebuild would lose")
    }
  }

  /// The upper-cased words of `sql` outside its literals, quoted names and comments.
  private static func keywords(_ sql: String) -> Set<String> {
    var words: Set<String> = []
    var scanner = SQLScanner(sql)
    while let token = scanner.next() {
      guard token.kind == .text else { continue }
      let split = token.text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
      for word in split { words.insert(word.uppercased()) }
    }
    return words
  }

  private static func count(_ db: Database, _ table: String, where condition: String) throws -> Int
  {
    try db.fetchOne(
      Int.self, sql: "SELECT count(*) FROM \(quoteIdentifier(table)) WHERE \(condition)") ?? 0
  }
}
