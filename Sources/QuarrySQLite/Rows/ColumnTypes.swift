import CSQLite
import QuarrySQLText

/// The storage class each result column of a statement is sure to hold, learned from the
/// database's schema, so that decoding those columns reads them without checking their type
/// on every row.
///
/// Only a STRICT table guarantees types: in it, an `INTEGER` column holds integers, a `REAL`
/// column reals, a `TEXT` column text and a `BLOB` column blobs, and a `NOT NULL` or primary
/// key column never holds `NULL`. The guarantee is trusted only for statements that read a
/// table's columns directly (``Statement/resultColumnsTable``), and only for result columns
/// whose origin is that very table: a join, a view or an expression could bring a `NULL` or
/// another type into the same column. Every other column, and every column of every other
/// statement, is checked on each row as before.
@usableFromInline
final class ColumnTypes {
  /// The table the statement reads.
  @usableFromInline let table: String
  /// One entry per result column: `SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`,
  /// `SQLITE_BLOB`, or 0 when the column must be checked.
  @usableFromInline let types: UnsafeMutablePointer<Int32>
  let count: Int
  /// SQLite's count of re-preparations of the statement when the types were learned: a schema
  /// change re-prepares it, and the types are learned again.
  @exclusivity(unchecked)
  @usableFromInline var preparations: Int32 = -1
  /// Whether the types were learned at least once.
  @usableFromInline var isLearned: Bool { preparations >= 0 }

  /// Whether any column's type is known.
  @exclusivity(unchecked)
  @usableFromInline private(set) var hasKnownTypes = false

  init(table: String, columnCount: Int) {
    self.table = table
    self.count = columnCount
    types = .allocate(capacity: max(columnCount, 1))
    types.initialize(repeating: 0, count: max(columnCount, 1))
  }

  deinit {
    types.deallocate()
  }

  /// The known types for `statement`, which has just stepped to a row, learned again if SQLite
  /// re-prepared it since; nil when no column's type is known.
  @usableFromInline
  func current(for statement: OpaquePointer, in db: Database) -> UnsafeMutablePointer<Int32>? {
    let preparations = sqlite3_stmt_status(statement, SQLITE_STMTSTATUS_REPREPARE, 0)
    if preparations != self.preparations {
      self.preparations = preparations
      learn(statement, db)
    }
    return hasKnownTypes ? types : nil
  }

  private func learn(_ statement: OpaquePointer, _ db: Database) {
    types.update(repeating: 0, count: count)
    hasKnownTypes = false
    guard count > 0, sqlite3_column_count(statement) == Int32(count),
      let schema = sqlite3_column_database_name(statement, 0).map({ String(cString: $0) }),
      isStrict(schema, db)
    else { return }
    let columns = tableColumns(schema, db)
    for index in 0..<count {
      let column = Int32(index)
      guard sqlite3_column_table_name(statement, column).map({ String(cString: $0) }) == table,
        sqlite3_column_database_name(statement, column).map({ String(cString: $0) }) == schema,
        let name = sqlite3_column_origin_name(statement, column).map({ String(cString: $0) }),
        let info = columns[name], info.isNotNull, !info.isGenerated
      else { continue }
      types[index] = info.storageClass
      if info.storageClass != 0 { hasKnownTypes = true }
    }
  }

  /// Whether the table is STRICT (`PRAGMA table_list`).
  private func isStrict(_ schema: String, _ db: Database) -> Bool {
    var strict = false
    query("PRAGMA \(quoteIdentifier(schema)).table_list(\(quoteIdentifier(table)))", db) {
      row in
      // Columns: schema, name, type, ncol, wr, strict.
      if sqlite3_column_int(row, 5) != 0 { strict = true }
    }
    return strict
  }

  private struct ColumnInfo {
    var storageClass: Int32
    var isNotNull: Bool
    var isGenerated: Bool
  }

  /// The table's columns by name (`PRAGMA table_xinfo`), with the storage class each declared
  /// type guarantees in a STRICT table (0 for `ANY`).
  private func tableColumns(_ schema: String, _ db: Database) -> [String: ColumnInfo] {
    var columns: [String: ColumnInfo] = [:]
    query("PRAGMA \(quoteIdentifier(schema)).table_xinfo(\(quoteIdentifier(table)))", db) {
      row in
      // Columns: cid, name, type, notnull, dflt_value, pk, hidden.
      guard let name = sqlite3_column_text(row, 1).map({ String(cString: $0) }) else { return }
      let type = sqlite3_column_text(row, 2).map { String(cString: $0).uppercased() } ?? ""
      let storageClass: Int32
      switch type {
      case "INT", "INTEGER": storageClass = SQLITE_INTEGER
      case "REAL": storageClass = SQLITE_FLOAT
      case "TEXT": storageClass = SQLITE_TEXT
      case "BLOB": storageClass = SQLITE_BLOB
      default: storageClass = 0
      }
      // A STRICT table's primary key columns are never NULL: NOT NULL (which table_xinfo
      // reports), or the rowid itself (`INTEGER PRIMARY KEY`, which it doesn't).
      columns[name] = ColumnInfo(
        storageClass: storageClass,
        isNotNull: sqlite3_column_int(row, 3) != 0 || sqlite3_column_int(row, 5) != 0,
        isGenerated: sqlite3_column_int(row, 6) != 0)
    }
    return columns
  }

  /// Runs a pragma (a statement of its own: the one being learned is in the middle of a step)
  /// and hands each row to `body`; a failure leaves nothing learned.
  private func query(_ sql: String, _ db: Database, _ body: (OpaquePointer) -> Void) {
    try? db.forEachRow(ofQuarryQuery: sql) { body($0.handle) }
  }
}
