/// The tables and columns a query reads, learned from SQLite's authorizer when the query's
/// statement is prepared: views, subqueries and triggers are seen through to the tables they
/// read. Names are lowercased, as SQLite compares them.
struct ReadRegion: Sendable, Equatable {
  /// The columns read, by table. An empty set reads rows but no column (`count(*)`): only
  /// inserts and deletes change it.
  var tables: [String: Set<String>] = [:]
  /// Whether the region is unknown (SQL holding several statements): every change touches it.
  var isEverything = false

  static let everything = ReadRegion(tables: [:], isEverything: true)

  mutating func formUnion(_ other: ReadRegion) {
    if other.isEverything { isEverything = true }
    for (table, columns) in other.tables { tables[table, default: []].formUnion(columns) }
  }

  /// Adds a read of `column` of `table` (an empty column: rows only).
  mutating func insert(table: String, column: String) {
    let table = table.lowercased()
    if column.isEmpty {
      if tables[table] == nil { tables[table] = [] }
    } else {
      tables[table, default: []].insert(column.lowercased())
    }
  }

  /// Whether `changes` may change what the region reads.
  func isTouched(by changes: DatabaseChanges) -> Bool {
    if isEverything || changes.isEverything { return true }
    for change in changes.tables {
      guard let columns = tables[change.table] else { continue }
      switch change.change {
      case .rows: return true
      case .columns(let changed): if !columns.isDisjoint(with: changed) { return true }
      }
    }
    return false
  }
}

/// What committed transactions changed, by table (lowercased).
struct DatabaseChanges: Sendable {
  enum TableChange: Sendable, Equatable {
    /// Rows inserted or deleted (or changed in ways unknown): every reader of the table.
    case rows
    /// Only these columns updated.
    case columns(Set<String>)
  }

  /// How one table changed.
  struct Change: Sendable, Equatable {
    let table: String
    let change: TableChange
  }

  /// The tables changed, each once (few, usually: looked at one by one).
  var tables: [Change] = []
  /// Changes Quarry could not see in detail (another connection, another process).
  var isEverything = false

  static let everything = DatabaseChanges(tables: [], isEverything: true)

  var isEmpty: Bool { !isEverything && tables.isEmpty }
}
