import CSQLite
import Foundation

/// What SQLite's authorizer does for one connection while it is installed: learn what a
/// statement being prepared reads or updates, and keep `DELETE FROM t` from skipping the update
/// hook.
final class Authorizer {
  enum Learning {
    /// Records the tables and columns read.
    case reads
    /// Records the columns updated, by table.
    case updates
  }

  /// Set while a statement is prepared to learn its region.
  var learning: Learning?
  /// The region learned while ``learning`` is set.
  var reads = ReadRegion()
  var updates: [String: Set<String>] = [:]
  /// Whether deletes are authorized with `SQLITE_IGNORE`, which makes SQLite delete rows one by
  /// one (calling the update hook for each) instead of truncating the table.
  let disablesTruncation: Bool
  /// The table or view a `DROP` statement being prepared drops: SQLite then checks a delete
  /// from it, which must be allowed (an ignored one would skip the drop).
  private var dropped: String?

  init(disablesTruncation: Bool) {
    self.disablesTruncation = disablesTruncation
  }

  func authorize(
    _ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?
  ) -> Int32 {
    switch action {
    case SQLITE_READ where learning == .reads:
      if let first {
        reads.insert(
          table: String(cString: first), column: second.map { String(cString: $0) } ?? "")
      }
    case SQLITE_UPDATE where learning == .updates:
      if let first, let second {
        updates[String(cString: first).lowercased(), default: []].insert(
          String(cString: second).lowercased())
      }
    case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE, SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW:
      dropped = first.map { String(cString: $0) }
    case SQLITE_DELETE where disablesTruncation:
      // Not SQLite's own tables (dropping a table deletes from the schema table), nor the one
      // being dropped.
      guard let first, !isSQLiteInternal(first) else { return SQLITE_OK }
      if let dropped, dropped == String(cString: first) {
        self.dropped = nil
        return SQLITE_OK
      }
      return SQLITE_IGNORE
    default:
      break
    }
    return SQLITE_OK
  }

  /// Installs the authorizer on `handle`. (This expires the connection's prepared statements:
  /// they are prepared again, with the authorizer, when they next run.)
  func install(on handle: OpaquePointer) {
    sqlite3_set_authorizer(
      handle,
      { context, action, first, second, _, _ in
        guard let context else { return SQLITE_OK }
        return Unmanaged<Authorizer>.fromOpaque(context).takeUnretainedValue().authorize(
          action, first, second)
      }, Unmanaged.passUnretained(self).toOpaque())
  }
}

/// Whether a table name is one of SQLite's own (`sqlite_schema`, `sqlite_sequence`, …).
private func isSQLiteInternal(_ name: UnsafePointer<CChar>) -> Bool {
  sqlite3_strnicmp(name, "sqlite_", 7) == 0
}

/// What one transaction has changed so far.
struct PendingChanges {
  /// Tables with rows inserted or deleted.
  var rowTables: Set<String> = []
  /// Tables with rows updated.
  var updatedTables: Set<String> = []
  /// The SQL of the statements that updated rows: what they update is learned after the commit.
  var updateSQL: Set<String> = []
  /// Tables the user said changed (``Database/notifyChanges(in:)``).
  var notifiedTables: Set<String> = []

  var isEmpty: Bool {
    rowTables.isEmpty && updatedTables.isEmpty && notifiedTables.isEmpty
  }

  mutating func formUnion(_ other: PendingChanges) {
    rowTables.formUnion(other.rowTables)
    updatedTables.formUnion(other.updatedTables)
    updateSQL.formUnion(other.updateSQL)
    notifiedTables.formUnion(other.notifiedTables)
  }
}

/// Tracks what the transactions of one connection change, from SQLite's update, commit and
/// rollback hooks, while observations exist: changes inside a savepoint that is rolled back are
/// forgotten; changes of a transaction rolled back too.
///
/// Installed on a ``DatabaseQueue``'s connection or a ``DatabasePool``'s writer only while
/// something observes it; SQLite calls back into it on the connection's thread.
final class ChangeTracker {
  let authorizer = Authorizer(disablesTruncation: true)
  /// The connection's logging hooks: the trace callback serves both.
  let connectionHooks: ConnectionHooks
  /// The top-level statement running now, from the trace callback.
  private var current: OpaquePointer?
  /// Whether the SQL of ``current`` is recorded as an update already.
  private var currentRecorded = false
  /// The table and kind of the last change recorded by the running statement: rows of one
  /// statement repeat them (compared by the pointer SQLite passes, stable while it runs).
  private var lastTable: UnsafePointer<CChar>?
  private var lastOperation: Int32 = 0
  /// Table names and updating SQL texts seen (the first 64 of each), as SQLite passes them:
  /// each with its `String`, made once, and the ``generation`` in which it was last recorded in
  /// ``pending``. A statement changing a table already recorded, the usual case in a
  /// transaction, is recognized by comparing bytes, without making a `String` or hashing one.
  private var knownTables: [KnownText] = []
  private var knownUpdateSQL: [KnownText] = []
  /// Changes whenever ``pending`` is replaced: what was recorded in it before is forgotten.
  private var generation = 1
  private var pending = PendingChanges()
  /// The open savepoints, innermost last, each with what was pending when it began.
  private var savepoints: [(name: String, changes: PendingChanges)] = []
  /// What committed transactions changed since ``takeCommitted(on:)`` last ran.
  private(set) var committed = PendingChanges()
  /// What each updating SQL updates (learned once per text).
  private var updatesBySQL: [String: [String: Set<String>]] = [:]

  init(connectionHooks: ConnectionHooks) {
    self.connectionHooks = connectionHooks
  }

  // MARK: Hooks

  func statementWillRun(_ statement: OpaquePointer, text: UnsafePointer<CChar>?) {
    current = statement
    currentRecorded = false
    lastTable = nil
    guard let text else { return }
    // Only savepoint statements matter here: SAVEPOINT, RELEASE, ROLLBACK TO.
    let first = UInt8(bitPattern: text.pointee) | 0x20
    guard first == UInt8(ascii: "s") || first == UInt8(ascii: "r") else { return }
    savepointStatement(String(cString: text))
  }

  func rowDidChange(_ operation: Int32, table: UnsafePointer<CChar>?) {
    guard let table else { return }
    if operation == SQLITE_UPDATE, !currentRecorded, let current, let sql = sqlite3_sql(current) {
      currentRecorded = true
      if let sql = newlyRecorded(sql, in: &knownUpdateSQL, kind: .update, transform: nil) {
        pending.updateSQL.insert(sql)
      }
    }
    if table == lastTable && operation == lastOperation { return }
    lastTable = table
    lastOperation = operation
    if operation == SQLITE_UPDATE {
      if let name = newlyRecorded(table, in: &knownTables, kind: .update, transform: lowercased) {
        pending.updatedTables.insert(name)
      }
    } else if let name = newlyRecorded(table, in: &knownTables, kind: .rows, transform: lowercased)
    {
      pending.rowTables.insert(name)
    }
  }

  /// The `String` of `text` (transformed) unless it is recorded as `kind` in ``pending``
  /// already: nil then. Records it.
  private func newlyRecorded(
    _ text: UnsafePointer<CChar>, in known: inout [KnownText], kind: KnownText.Kind,
    transform: ((String) -> String)?
  ) -> String? {
    for index in known.indices where strcmp(known[index].bytes, text) == 0 {
      guard known[index].generation(kind) != generation else { return nil }
      known[index].record(kind, in: generation)
      return known[index].string
    }
    let string = transform.map { $0(String(cString: text)) } ?? String(cString: text)
    if known.count < 64 {
      var new = KnownText(
        bytes: Array(UnsafeBufferPointer(start: text, count: strlen(text) + 1)), string: string)
      new.record(kind, in: generation)
      known.append(new)
    }
    return string
  }

  func transactionWillCommit() {
    if committed.isEmpty && committed.updateSQL.isEmpty {
      // Nothing committed is waiting to be taken (the usual case): this transaction's changes
      // become the committed ones as they are, without copying them one by one.
      swap(&committed, &pending)
    } else {
      committed.formUnion(pending)
    }
    endTransaction()
  }

  func transactionDidRollBack() {
    endTransaction()
  }

  private func endTransaction() {
    pending = PendingChanges()
    forgetRecorded()
    savepoints.removeAll()
    lastTable = nil
  }

  /// Notes tables the user says changed; committed at once outside a transaction.
  func notify(_ tables: [String], insideTransaction: Bool) {
    let names = tables.map { $0.lowercased() }
    if insideTransaction {
      pending.notifiedTables.formUnion(names)
    } else {
      committed.notifiedTables.formUnion(names)
    }
  }

  private func savepointStatement(_ sql: String) {
    let words = sql.split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init)
    guard let verb = words.first?.uppercased() else { return }
    func name(after index: Int) -> String? {
      var index = index
      if index < words.count, words[index].uppercased() == "SAVEPOINT" { index += 1 }
      return index < words.count ? unquoted(words[index]).lowercased() : nil
    }
    switch verb {
    case "SAVEPOINT":
      if let name = name(after: 1) { savepoints.append((name, pending)) }
    case "RELEASE":
      guard let name = name(after: 1),
        let index = savepoints.lastIndex(where: { $0.name == name })
      else { return }
      savepoints.removeSubrange(index...)
    case "ROLLBACK":
      var index = 1
      if index < words.count, words[index].uppercased() == "TRANSACTION" { index += 1 }
      guard index < words.count, words[index].uppercased() == "TO",
        let name = name(after: index + 1),
        let found = savepoints.lastIndex(where: { $0.name == name })
      else { return }
      // The savepoint stays open, with what was pending when it began.
      pending = savepoints[found].changes
      forgetRecorded()
      savepoints.removeSubrange((found + 1)...)
    default:
      return
    }
  }

  /// Called whenever ``pending`` is replaced: the names recorded may not be in it any more.
  private func forgetRecorded() {
    generation &+= 1
  }

  // MARK: After commits

  /// What committed transactions changed since the last call, with the columns of updates
  /// learned from the statements that made them; nil when nothing changed.
  func takeCommitted(on db: Database) -> DatabaseChanges? {
    guard !committed.isEmpty else { return nil }
    let taken = committed
    committed = PendingChanges()
    var changes = DatabaseChanges()
    if taken.updatedTables.isEmpty && taken.notifiedTables.isEmpty {
      // Only inserts and deletes (the usual case).
      for table in taken.rowTables { changes.tables[table] = .rows }
      return changes
    }
    for table in taken.rowTables.union(taken.notifiedTables) { changes.tables[table] = .rows }
    var updated: [String: Set<String>] = [:]
    for sql in taken.updateSQL {
      for (table, columns) in updates(of: sql, on: db) {
        updated[table, default: []].formUnion(columns)
      }
    }
    for table in taken.updatedTables where changes.tables[table] == nil {
      // A statement that updated the table but whose updates are unknown: every column.
      changes.tables[table] = updated[table].map { .columns($0) } ?? .rows
    }
    return changes
  }

  /// The columns `sql` updates, by table, its triggers' included.
  private func updates(of sql: String, on db: Database) -> [String: Set<String>] {
    if let known = updatesBySQL[sql] { return known }
    authorizer.learning = .updates
    authorizer.updates = [:]
    defer {
      authorizer.learning = nil
      authorizer.updates = [:]
    }
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v2(db.handle, sql, -1, &statement, nil)
    sqlite3_finalize(statement)
    guard code == SQLITE_OK else { return [:] }
    if updatesBySQL.count >= 256 { updatesBySQL.removeAll() }
    updatesBySQL[sql] = authorizer.updates
    return authorizer.updates
  }
}

/// A table name or an SQL text as SQLite passes it (NUL-terminated), with its `String` and the
/// generation of ``ChangeTracker``'s pending changes it was last recorded in, by kind.
private struct KnownText {
  enum Kind {
    case rows, update
  }

  let bytes: [CChar]
  let string: String
  private var rowsGeneration = 0
  private var updateGeneration = 0

  init(bytes: [CChar], string: String) {
    self.bytes = bytes
    self.string = string
  }

  func generation(_ kind: Kind) -> Int {
    kind == .rows ? rowsGeneration : updateGeneration
  }

  mutating func record(_ kind: Kind, in generation: Int) {
    if kind == .rows { rowsGeneration = generation } else { updateGeneration = generation }
  }
}

private func lowercased(_ name: String) -> String {
  name.lowercased()
}

/// `name` without the quotes SQL may put around an identifier.
private func unquoted(_ name: String) -> String {
  guard let first = name.first, let last = name.last, name.count >= 2 else { return name }
  switch (first, last) {
  case ("\"", "\""), ("`", "`"), ("[", "]"), ("'", "'"):
    let inner = name.dropFirst().dropLast()
    return first == "\"" ? inner.replacingOccurrences(of: "\"\"", with: "\"") : String(inner)
  default:
    return name
  }
}
