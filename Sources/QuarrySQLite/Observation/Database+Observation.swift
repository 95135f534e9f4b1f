import CSQLite
import QuarryCore

extension Database {
  /// Tells the observations of this connection's database that `tables` changed, for changes
  /// Quarry cannot see (a virtual table's, an extension's): the observations reading them
  /// fetch again once the transaction commits (at once outside a transaction). Does nothing
  /// when nothing observes the database, or on a pool's reader.
  ///
  /// ```swift
  /// try pool.write { db in
  ///   try importRemindersWithAnExtension(db)
  ///   db.notifyChanges(in: Reminder.self)
  /// }
  /// ```
  public func notifyChanges(in tables: any Table.Type...) {
    notifyChanges(inTablesNamed: tables.map { $0.tableName })
  }

  /// Tells the observations of this connection's database that the tables named `names`
  /// changed: see ``notifyChanges(in:)``.
  public func notifyChanges(inTablesNamed names: [String]) {
    changeTracker?.notify(names, insideTransaction: isInsideTransaction)
  }

  /// Whether SQLite's hooks that track changes for observations are installed.
  package var isTrackingChanges: Bool { changeTracker != nil }

  // MARK: Reads

  /// Runs `body`, recording the tables and columns its statements read.
  func recordingReads<T>(_ body: () throws -> T) rethrows -> (T, ReadRegion) {
    let outer = recordedReads
    recordedReads = ReadRegion()
    defer { recordedReads = outer }
    let value = try body()
    let region = recordedReads ?? .everything
    if var outer {
      outer.formUnion(region)
      recordedReads = outer
    }
    return (value, region)
  }

  /// Adds what `preparation`'s statement reads to ``recordedReads``, learning it once per
  /// statement.
  func recordReads(of preparation: Preparation) {
    switch preparation {
    case .empty:
      return
    case .several:
      recordedReads?.formUnion(.everything)
    case .statement(let statement):
      if statement.readRegion == nil { statement.readRegion = learnReadRegion(statement.utf8) }
      if let region = statement.readRegion { recordedReads?.formUnion(region) }
    }
  }

  /// What the statement of `utf8` reads, from SQLite's authorizer while it is prepared once
  /// more (and finalized).
  private func learnReadRegion(_ utf8: [UInt8]) -> ReadRegion {
    let authorizer = changeTracker?.authorizer ?? Authorizer(disablesTruncation: false)
    let installed = changeTracker != nil
    if !installed { authorizer.install(on: handle) }
    authorizer.learning = .reads
    authorizer.reads = ReadRegion()
    defer {
      authorizer.learning = nil
      authorizer.reads = ReadRegion()
      if !installed { sqlite3_set_authorizer(handle, nil, nil) }
    }
    var statement: OpaquePointer?
    let code = utf8.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { text in
        sqlite3_prepare_v2(handle, text.baseAddress, Int32(text.count), &statement, nil)
      }
    }
    sqlite3_finalize(statement)
    return code == SQLITE_OK ? authorizer.reads : .everything
  }

  // MARK: Changes

  /// Installs the authorizer and the update, commit, rollback and trace hooks that track what
  /// transactions change.
  func startTrackingChanges() {
    guard changeTracker == nil else { return }
    let tracker = ChangeTracker(connectionHooks: hooks)
    changeTracker = tracker
    let context = Unmanaged.passUnretained(tracker).toOpaque()
    tracker.authorizer.install(on: handle)
    sqlite3_update_hook(
      handle,
      { context, operation, _, table, rowID in
        guard let context else { return }
        // The connection keeps the tracker alive while its hooks are installed: no retain.
        Unmanaged<ChangeTracker>.fromOpaque(context)._withUnsafeGuaranteedRef {
          $0.rowDidChange(operation, table: table, rowID: rowID)
        }
      }, context)
    sqlite3_commit_hook(
      handle,
      { context in
        guard let context else { return 0 }
        Unmanaged<ChangeTracker>.fromOpaque(context)._withUnsafeGuaranteedRef {
          $0.transactionWillCommit()
        }
        return 0
      }, context)
    sqlite3_rollback_hook(
      handle,
      { context in
        guard let context else { return }
        Unmanaged<ChangeTracker>.fromOpaque(context)._withUnsafeGuaranteedRef {
          $0.transactionDidRollBack()
        }
      }, context)
    installTrace()
  }

  /// Removes what ``startTrackingChanges()`` installed.
  func stopTrackingChanges() {
    guard changeTracker != nil else { return }
    sqlite3_set_authorizer(handle, nil, nil)
    sqlite3_update_hook(handle, nil, nil)
    sqlite3_commit_hook(handle, nil, nil)
    sqlite3_rollback_hook(handle, nil, nil)
    changeTracker = nil
    installTrace()
  }
}
