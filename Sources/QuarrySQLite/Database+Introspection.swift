import CSQLite
import QuarryCore

/// A column of a table, as `PRAGMA table_info` describes it.
public struct ColumnInfo: Hashable, Sendable {
  /// The column's name.
  public var name: String
  /// The declared type, such as `INTEGER` or `TEXT`; empty when none was declared.
  public var type: String
  /// Whether the column is `NOT NULL`.
  public var isNotNull: Bool
  /// The default value's SQL, such as `''` or `0`, if any.
  public var defaultValueSQL: String?
  /// The column's 1-based position in the primary key, or 0 when it is not part of it.
  public var primaryKeyIndex: Int
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

extension Database {
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

  /// The columns of a table, in order. Fails when there is no such table.
  public func columns(in table: String) throws -> [ColumnInfo] {
    let rows = try fetchAll(sql: "SELECT * FROM pragma_table_info(?)", arguments: [table])
    guard !rows.isEmpty else { throw noSuchTable(table) }
    return try rows.map { row in
      ColumnInfo(
        name: try row.decode(named: "name"), type: try row.decode(named: "type"),
        isNotNull: try row.decode(named: "notnull"),
        defaultValueSQL: try row.decode(named: "dflt_value"),
        primaryKeyIndex: try row.decode(named: "pk"))
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
