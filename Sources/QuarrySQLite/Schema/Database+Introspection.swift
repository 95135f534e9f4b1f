import CSQLite
import QuarryCore
import QuarrySQLText

/// A column of a table, view or virtual table, as `PRAGMA table_xinfo` describes it: generated
/// columns and the hidden columns of virtual tables included.
public struct ColumnInfo: Hashable, Sendable {
  /// The column's name.
  public var name: String
  /// The declared type, such as `INTEGER` or `VARCHAR(20)`; empty when none was declared.
  public var type: String
  /// Whether the column is `NOT NULL`.
  public var isNotNull: Bool
  /// The default value's SQL, such as `''` or `0`, if any.
  public var defaultValueSQL: String?
  /// The column's 1-based position in the primary key, or 0 when it is not part of it.
  public var primaryKeyIndex: Int
  /// How the database computes the column (`GENERATED ALWAYS AS (…) VIRTUAL` or `STORED`), or
  /// nil for an ordinary column.
  public var generated: GeneratedColumnStorage?
  /// Whether the column is a hidden column of a virtual table (such as FTS5's `rank`).
  public var isHidden: Bool
  /// Whether the column can hold `NULL`. An `INTEGER PRIMARY KEY` never does: it is the rowid.
  public var isNullable: Bool

  /// Whether the column is generated or hidden: read, never written.
  public var isGeneratedOrHidden: Bool { generated != nil || isHidden }

  /// The column's type affinity.
  public var affinity: TypeAffinity { TypeAffinity(declaredType: type) }
}

/// An index of a table, as `PRAGMA index_list` and `PRAGMA index_info` describe it.
public struct IndexInfo: Hashable, Sendable {
  /// The index's name.
  public var name: String
  /// The indexed columns, in order.
  public var columns: [String]
  /// Whether the index enforces uniqueness.
  public var isUnique: Bool
  /// How it was made: `c` by `CREATE INDEX`, `u` by `UNIQUE`, `pk` by `PRIMARY KEY`.
  public var origin: String
}

/// A foreign key of a table, as `PRAGMA foreign_key_list` describes it.
public struct ForeignKeyInfo: Hashable, Sendable {
  /// The referenced table.
  public var destinationTable: String
  /// Pairs of (column in this table, referenced column); the referenced column is nil when the
  /// key refers to the other table's primary key implicitly.
  public var mapping: [(origin: String, destination: String?)]
  /// `ON UPDATE` action, such as `NO ACTION` or `CASCADE`.
  public var onUpdate: String
  /// `ON DELETE` action.
  public var onDelete: String

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.destinationTable == rhs.destinationTable && lhs.onUpdate == rhs.onUpdate
      && lhs.onDelete == rhs.onDelete && lhs.mapping.map(\.origin) == rhs.mapping.map(\.origin)
      && lhs.mapping.map(\.destination) == rhs.mapping.map(\.destination)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(destinationTable)
    hasher.combine(mapping.map(\.origin))
  }
}

/// A row whose foreign key refers to no row, as `PRAGMA foreign_key_check` reports it.
public struct ForeignKeyViolation: Hashable, Sendable, CustomStringConvertible {
  /// The table holding the row that refers to nothing.
  public var originTable: String
  /// The rowid of that row; nil for a `WITHOUT ROWID` table.
  public var originRowID: Int64?
  /// The table the row refers to.
  public var destinationTable: String
  /// The index of the foreign key among the origin table's, as ``Database/foreignKeys(on:)``
  /// lists them.
  public var foreignKeyIndex: Int

  /// `items rowid 3 refers to no row of lists`
  public var description: String {
    let row = originRowID.map { "rowid \($0)" } ?? "a row"
    return "\(originTable) \(row) refers to no row of \(destinationTable)"
  }
}

extension Database {
  /// The rows whose foreign keys refer to no row (`PRAGMA foreign_key_check`), in the whole
  /// database or in one table. SQLite checks them whether or not it enforces foreign keys.
  public func foreignKeyViolations(in table: String? = nil) throws -> [ForeignKeyViolation] {
    let sql =
      table.map { "PRAGMA foreign_key_check(\(quoteIdentifier($0)))" }
      ?? "PRAGMA foreign_key_check"
    return try fetchAll(sql: sql).map { row in
      ForeignKeyViolation(
        originTable: try row.decode(at: 0), originRowID: try row.decode(at: 1),
        destinationTable: try row.decode(at: 2), foreignKeyIndex: try row.decode(at: 3))
    }
  }

  /// Whether SQLite enforces foreign keys on this connection now (`PRAGMA foreign_keys`).
  func enforcesForeignKeys() throws -> Bool {
    var enforces = false
    try forEachRow(ofQuarryQuery: "PRAGMA foreign_keys") {
      enforces = sqlite3_column_int64($0.handle, 0) != 0
    }
    return enforces
  }

  /// The version of the SQLite library in use, as a number: `3044000` for 3.44.0.
  public static var sqliteVersionNumber: Int { Int(sqlite3_libversion_number()) }

  /// The version of the SQLite library in use: `"3.40.1"`.
  public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

  /// Whether a table (or view) with this name exists, compared case-insensitively.
  public func tableExists(_ name: String) throws -> Bool {
    try fetchOne(
      Int.self,
      sql:
        "SELECT count(*) FROM sqlite_master WHERE type IN ('table', 'view') AND name = ? COLLATE NOCASE",
      arguments: [name]) ?? 0 > 0
  }

  /// The names of the database's tables, without SQLite's internal ones, sorted.
  public func tableNames() throws -> [String] {
    try fetchAll(
      String.self,
      sql:
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
    )
  }

  /// The columns of a table, view or virtual table, in order, generated and hidden ones
  /// included. Fails when there is no such table.
  public func columns(in table: String) throws -> [ColumnInfo] {
    let columns = try columnsIfExists(table)
    guard !columns.isEmpty else { throw noSuchTable(table) }
    return columns
  }

  /// The columns of a table, or none when there is no such table.
  func columnsIfExists(_ table: String) throws -> [ColumnInfo] {
    let fragment: QueryFragment = """
      SELECT "name", "type", "notnull", "dflt_value", "pk", "hidden" \
      FROM pragma_table_xinfo(\(table))
      """
    let rows = try fetchAll(fragment) { decoder in
      (
        try decoder.decode(String.self), try decoder.decode(String.self),
        try decoder.decode(Bool.self), try decoder.decode(String?.self),
        try decoder.decode(Int.self), try decoder.decode(Int.self)
      )
    }
    let keyCount = rows.filter { $0.4 > 0 }.count
    return rows.map { name, type, notNull, defaultValue, primaryKeyIndex, hidden in
      let isRowID = keyCount == 1 && primaryKeyIndex == 1 && type.uppercased() == "INTEGER"
      // `hidden` is 1 for a virtual table's hidden column, 2 for a virtual generated column,
      // 3 for a stored one.
      let generated: GeneratedColumnStorage? =
        switch hidden {
        case 2: .virtual
        case 3: .stored
        default: nil
        }
      return ColumnInfo(
        name: name, type: type, isNotNull: notNull, defaultValueSQL: defaultValue,
        primaryKeyIndex: primaryKeyIndex, generated: generated, isHidden: hidden == 1,
        isNullable: !notNull && !isRowID)
    }
  }

  /// The primary key's columns, in key order; empty for a table keyed by its hidden rowid.
  public func primaryKey(of table: String) throws -> [String] {
    try columns(in: table).filter { $0.primaryKeyIndex > 0 }
      .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
  }

  /// The indexes of a table, sorted by name.
  public func indexes(on table: String) throws -> [IndexInfo] {
    guard try tableExists(table) else { throw noSuchTable(table) }
    let list = try fetchAll(sql: "SELECT * FROM pragma_index_list(?)", arguments: [table])
    return try list.map { row in
      let name: String = try row.decode(named: "name")
      let columns = try fetchAll(
        sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [name]
      ).map { $0["name"].flatMap { if case .text(let text) = $0 { text } else { nil } } ?? "" }
      return IndexInfo(
        name: name, columns: columns, isUnique: try row.decode(named: "unique"),
        origin: try row.decode(named: "origin"))
    }.sorted { $0.name < $1.name }
  }

  /// The foreign keys of a table.
  public func foreignKeys(on table: String) throws -> [ForeignKeyInfo] {
    guard try tableExists(table) else { throw noSuchTable(table) }
    var keys: [Int: ForeignKeyInfo] = [:]
    let rows = try fetchAll(
      sql: "SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq", arguments: [table])
    for row in rows {
      let id: Int = try row.decode(named: "id")
      let pair: (String, String?) = (try row.decode(named: "from"), try row.decode(named: "to"))
      if keys[id] == nil {
        keys[id] = ForeignKeyInfo(
          destinationTable: try row.decode(named: "table"), mapping: [],
          onUpdate: try row.decode(named: "on_update"),
          onDelete: try row.decode(named: "on_delete"))
      }
      keys[id]?.mapping.append(pair)
    }
    return keys.sorted { $0.key < $1.key }.map(\.value)
  }

  /// `PRAGMA user_version`: an integer the application keeps in the database header.
  public func userVersion() throws -> Int {
    try fetchOne(Int.self, sql: "PRAGMA user_version") ?? 0
  }

  /// Sets `PRAGMA user_version`.
  public func setUserVersion(_ version: Int32) throws {
    try execute(sql: "PRAGMA user_version = \(version)")
  }

  /// Copies this whole database into `destination` with SQLite's online backup, replacing its
  /// content. Neither connection may be inside a write transaction.
  public func backup(to destination: Database) throws {
    guard let backup = sqlite3_backup_init(destination.handle, "main", handle, "main") else {
      throw DatabaseError(connection: destination.handle, resultCode: SQLITE_ERROR, sql: nil)
    }
    let code = sqlite3_backup_step(backup, -1)
    let finish = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else {
      throw DatabaseError(connection: destination.handle, resultCode: code, sql: nil)
    }
    guard finish == SQLITE_OK else {
      throw DatabaseError(connection: destination.handle, resultCode: finish, sql: nil)
    }
  }

  private func noSuchTable(_ table: String) -> DatabaseError {
    DatabaseError(resultCode: DatabaseError.error, message: "no such table: \(table)")
  }
}
