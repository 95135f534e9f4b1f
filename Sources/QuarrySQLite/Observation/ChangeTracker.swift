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

/// Whether `byte` is a space, a tab or a line break.
@inline(__always)
private func isBlank(_ byte: CChar) -> Bool {
  switch UInt8(bitPattern: byte) {
  case 0x20, 0x09, 0x0A, 0x0D: return true
  default: return false
  }
}

/// Whether a table name is one of SQLite's own (`sqlite_schema`, `sqlite_sequence`, …).
private func isSQLiteInternal(_ name: UnsafePointer<CChar>) -> Bool {
  sqlite3_strnicmp(name, "sqlite_", 7) == 0
}

/// One table that transactions changed, and how.
struct ChangedTable {
  /// The table's name, lowercased.
  let name: String
  /// Whether rows were inserted or deleted (or changed in ways Quarry cannot see).
  var rows: Bool
  /// Whether rows were updated.
  var updated: Bool
}

/// What one transaction has changed so far (or what committed transactions changed).
struct PendingChanges {
  /// The tables changed, each once. A transaction changes few tables: they are looked up one
  /// by one, and the storage is kept from one transaction to the next.
  var tables: [ChangedTable] = []
  /// The SQL of the statements that updated rows: what they update is learned after the commit.
  var updateSQL: Set<String> = []

  var isEmpty: Bool { tables.isEmpty && updateSQL.isEmpty }

  /// Records a change of the table `name` (lowercased): of its rows, or an update.
  mutating func record(_ name: String, updated: Bool) {
    for index in tables.indices where tables[index].name == name {
      if updated { tables[index].updated = true } else { tables[index].rows = true }
      return
    }
    tables.append(ChangedTable(name: name, rows: !updated, updated: updated))
  }

  mutating func formUnion(_ other: PendingChanges) {
    for table in other.tables {
      if table.rows { record(table.name, updated: false) }
      if table.updated { record(table.name, updated: true) }
    }
    if !other.updateSQL.isEmpty { updateSQL.formUnion(other.updateSQL) }
  }

  /// Forgets every change, keeping the storage of ``tables``.
  mutating func removeAll() {
    tables.removeAllKeepingCapacity()
    if !updateSQL.isEmpty { updateSQL = [] }
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
  /// What the hooks record, behind a pointer: SQLite calls the hooks for each statement and
  /// row, and the dynamic exclusivity check of a stored property would cost more than the
  /// recording itself. Only touched on the connection's thread, never reentrantly.
  private let recorder: UnsafeMutablePointer<ChangeRecorder>
  /// What each updating SQL updates (learned once per text).
  private var updatesBySQL: [String: [String: Set<String>]] = [:]

  init(connectionHooks: ConnectionHooks) {
    self.connectionHooks = connectionHooks
    recorder = .allocate(capacity: 1)
    recorder.initialize(to: ChangeRecorder())
  }

  deinit {
    recorder.deinitialize(count: 1)
    recorder.deallocate()
  }

  // MARK: Hooks

  func statementWillRun(_ statement: OpaquePointer, text: UnsafePointer<CChar>?) {
    recorder.pointee.statementWillRun(statement, text: text)
  }

  func rowDidChange(_ operation: Int32, table: UnsafePointer<CChar>?, rowID: Int64) {
    guard let table else { return }
    recorder.pointee.rowDidChange(operation, table: table)
    if recorder.pointee.rows.isRecording {
      recorder.pointee.rows.record(operation, table: table, rowID: rowID)
    }
  }

  /// Whether the changed rows are recorded, one by one, for ``DatabaseWriter/rowChanges(in:)``;
  /// set between transactions.
  var recordsRows: Bool {
    get { recorder.pointee.rows.isRecording }
    set { recorder.pointee.rows.isRecording = newValue }
  }

  /// Hands the rows committed transactions changed since the last call, in order, and forgets
  /// them. Does nothing when none did.
  func handOverCommittedRows(to receive: ([RowChange]) -> Void) {
    guard !recorder.pointee.rows.committed.isEmpty else { return }
    receive(recorder.pointee.rows.committed)
    recorder.pointee.rows.committed.removeAll(keepingCapacity: true)
  }

  func transactionWillCommit() {
    recorder.pointee.commit()
  }

  func transactionDidRollBack() {
    recorder.pointee.endTransaction()
  }

  /// Notes tables the user says changed; committed at once outside a transaction.
  func notify(_ tables: [String], insideTransaction: Bool) {
    recorder.pointee.notify(tables, insideTransaction: insideTransaction)
  }

  // MARK: After commits

  /// Whether committed transactions changed something since the last hand-over.
  var hasCommittedChanges: Bool { !recorder.pointee.committed.isEmpty }

  /// Hands what committed transactions changed since the last call to `receive`, with the
  /// columns of updates learned from the statements that made them, and forgets it. Does
  /// nothing when nothing changed.
  func handOverCommitted(on db: Database, to receive: (DatabaseChanges) -> Void) {
    guard !recorder.pointee.committed.isEmpty else { return }
    let (updatedOnly, updateSQL) = recorder.pointee.takeCommitted()
    if !updatedOnly.isEmpty {
      var updated: [String: Set<String>] = [:]
      for sql in updateSQL {
        for (table, columns) in updates(of: sql, on: db) {
          updated[table, default: []].formUnion(columns)
        }
      }
      for table in updatedOnly {
        // A statement that updated the table but whose updates are unknown: every column.
        recorder.pointee.handover.tables.append(
          DatabaseChanges.Change(table: table, change: updated[table].map { .columns($0) } ?? .rows)
        )
      }
    }
    receive(recorder.pointee.handover)
    recorder.pointee.handover.tables.removeAllKeepingCapacity()
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

/// What ``ChangeTracker``'s hooks record, as they run: the pending transaction's changes, its
/// savepoints, and what committed transactions changed.
private struct ChangeRecorder {
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
  private var savepoints: [(name: String, changes: PendingChanges, rowCount: Int)] = []
  /// What committed transactions changed since ``takeCommitted()`` last ran.
  private(set) var committed = PendingChanges()
  /// What ``ChangeTracker/handOverCommitted(on:to:)`` hands over; its storage is kept between
  /// calls.
  var handover = DatabaseChanges()
  /// The rows changed, one by one, while ``RowRecorder/isRecording``.
  var rows = RowRecorder()

  mutating func statementWillRun(_ statement: OpaquePointer, text: UnsafePointer<CChar>?) {
    rows.lastTable = nil
    current = statement
    currentRecorded = false
    lastTable = nil
    guard var text else { return }
    // A statement after another in one text starts with the blanks between them.
    while isBlank(text.pointee) { text += 1 }
    // Only savepoint statements matter here: SAVEPOINT, RELEASE, ROLLBACK TO.
    let first = UInt8(bitPattern: text.pointee) | 0x20
    guard first == UInt8(ascii: "s") || first == UInt8(ascii: "r") else { return }
    savepointStatement(String(cString: text))
  }

  mutating func rowDidChange(_ operation: Int32, table: UnsafePointer<CChar>) {
    if operation == SQLITE_UPDATE, !currentRecorded, let current, let sql = sqlite3_sql(current) {
      currentRecorded = true
      if let sql = newlyRecorded(
        sql, in: &knownUpdateSQL, kind: .update, generation: generation, lowercased: false)
      {
        pending.updateSQL.insert(sql)
      }
    }
    if table == lastTable && operation == lastOperation { return }
    lastTable = table
    lastOperation = operation
    let updated = operation == SQLITE_UPDATE
    if let name = newlyRecorded(
      table, in: &knownTables, kind: updated ? .update : .rows, generation: generation,
      lowercased: true)
    {
      pending.record(name, updated: updated)
    }
  }

  mutating func commit() {
    if committed.isEmpty {
      // Nothing committed is waiting to be taken (the usual case): this transaction's changes
      // become the committed ones as they are, and the storage of the taken ones is reused.
      swap(&committed, &pending)
    } else {
      committed.formUnion(pending)
    }
    if !rows.pending.isEmpty {
      rows.committed.append(contentsOf: rows.pending)
    }
    endTransaction()
  }

  mutating func endTransaction() {
    pending.removeAll()
    if !rows.pending.isEmpty { rows.pending.removeAll(keepingCapacity: true) }
    forgetRecorded()
    if !savepoints.isEmpty { savepoints.removeAll() }
    lastTable = nil
  }

  mutating func notify(_ tables: [String], insideTransaction: Bool) {
    for table in tables {
      if insideTransaction {
        pending.record(table.lowercased(), updated: false)
      } else {
        committed.record(table.lowercased(), updated: false)
      }
    }
  }

  /// Moves what committed transactions changed into ``handover``: the tables with rows
  /// inserted or deleted (or notified) as rows changes. Returns the tables only updated, whose
  /// columns are to be learned from the statements that updated them, and those statements'
  /// SQL.
  mutating func takeCommitted() -> (updatedOnly: [String], updateSQL: Set<String>) {
    var updatedOnly: [String] = []
    for table in committed.tables {
      if table.rows {
        handover.tables.append(DatabaseChanges.Change(table: table.name, change: .rows))
      } else {
        updatedOnly.append(table.name)
      }
    }
    let updateSQL = updatedOnly.isEmpty ? [] : committed.updateSQL
    committed.removeAll()
    return (updatedOnly, updateSQL)
  }

  private mutating func savepointStatement(_ sql: String) {
    let words = sql.split(whereSeparator: { $0.isWhitespace || $0 == ";" }).map(String.init)
    guard let verb = words.first?.uppercased() else { return }
    func name(after index: Int) -> String? {
      var index = index
      if index < words.count, words[index].uppercased() == "SAVEPOINT" { index += 1 }
      return index < words.count ? unquoted(words[index]).lowercased() : nil
    }
    switch verb {
    case "SAVEPOINT":
      if let name = name(after: 1) { savepoints.append((name, pending, rows.pending.count)) }
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
      rows.pending.removeSubrange(savepoints[found].rowCount...)
      forgetRecorded()
      savepoints.removeSubrange((found + 1)...)
    default:
      return
    }
  }

  /// Called whenever ``pending`` is replaced: the names recorded may not be in it any more.
  private mutating func forgetRecorded() {
    generation &+= 1
  }
}

/// The `String` of `text` (lowercased if asked) unless it is recorded as `kind` in
/// `generation` already: nil then. Records it, in `known` while it holds fewer than 64 texts.
private func newlyRecorded(
  _ text: UnsafePointer<CChar>, in known: inout [KnownText], kind: KnownText.Kind,
  generation: Int, lowercased: Bool
) -> String? {
  if let index = KnownText.index(of: text, in: &known) {
    guard known[index].generation(kind) != generation else { return nil }
    known[index].record(kind, in: generation)
    return known[index].string
  }
  let string = lowercased ? String(cString: text).lowercased() : String(cString: text)
  if known.count < 64 {
    var new = KnownText(
      bytes: Array(UnsafeBufferPointer(start: text, count: strlen(text) + 1)), string: string)
    new.lastAddress = text
    new.record(kind, in: generation)
    known.append(new)
  }
  return string
}

/// The rows the transactions of one connection change, one by one, from the update hook: the
/// pending transaction's, and those of committed transactions not handed over yet.
struct RowRecorder {
  /// Whether rows are recorded; off, the hook costs one check.
  var isRecording = false
  var pending: [RowChange] = []
  var committed: [RowChange] = []
  /// The table the running statement changed last, with its name: the rows of one statement
  /// repeat it (compared by the pointer SQLite passes, stable while the statement runs).
  var lastTable: (pointer: UnsafePointer<CChar>, name: String)?

  mutating func record(_ operation: Int32, table: UnsafePointer<CChar>, rowID: Int64) {
    let name: String
    if let lastTable, lastTable.pointer == table {
      name = lastTable.name
    } else {
      name = String(cString: table)
      lastTable = (table, name)
    }
    let kind: RowChange.Kind
    switch operation {
    case SQLITE_INSERT: kind = .insert
    case SQLITE_DELETE: kind = .delete
    default: kind = .update
    }
    pending.append(RowChange(table: name, kind: kind, rowID: rowID))
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
  /// Where SQLite passed the text last: the entry compared first when it passes that address
  /// again (its bytes still are, as the memory may hold another text by then).
  var lastAddress: UnsafePointer<CChar>?
  private var rowsGeneration = 0
  private var updateGeneration = 0

  init(bytes: [CChar], string: String) {
    self.bytes = bytes
    self.string = string
  }

  /// Where `text` is in `known`, comparing bytes; nil when it isn't.
  static func index(of text: UnsafePointer<CChar>, in known: inout [KnownText]) -> Int? {
    for index in known.indices where known[index].lastAddress == text {
      if strcmp(known[index].bytes, text) == 0 { return index }
      break
    }
    for index in known.indices where strcmp(known[index].bytes, text) == 0 {
      known[index].lastAddress = text
      return index
    }
    return nil
  }

  func generation(_ kind: Kind) -> Int {
    kind == .rows ? rowsGeneration : updateGeneration
  }

  mutating func record(_ kind: Kind, in generation: Int) {
    if kind == .rows { rowsGeneration = generation } else { updateGeneration = generation }
  }
}

extension Array {
  /// Removes every element, keeping the storage: one by one from the end, which costs less
  /// than `removeAll(keepingCapacity:)` for the few elements these arrays hold.
  mutating func removeAllKeepingCapacity() {
    while !isEmpty { removeLast() }
  }
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
