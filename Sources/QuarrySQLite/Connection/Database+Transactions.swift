import QuarryCore
import QuarrySQLText

/// How a transaction takes its locks.
public enum TransactionKind: String, Sendable {
  /// Takes locks when first reading or writing.
  case deferred = "DEFERRED"
  /// Takes the write lock at once.
  case immediate = "IMMEDIATE"
  /// Takes the write lock at once and, outside WAL mode, keeps readers out.
  case exclusive = "EXCLUSIVE"
}

extension Database {
  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
  ///
  /// If the commit fails (a deferred constraint, a busy database), the transaction is rolled
  /// back and the error is thrown: nothing is left half-written.
  public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws
    -> T
  {
    try executeQuarryStatement("BEGIN \(kind.rawValue) TRANSACTION")
    let result: T
    do {
      result = try body()
      try executeQuarryStatement("COMMIT TRANSACTION")
    } catch {
      if isInsideTransaction {
        try? executeQuarryStatement("ROLLBACK TRANSACTION")
      }
      throw error
    }
    return result
  }
}

extension Database {
  /// Runs `body` inside a savepoint: releases it when `body` returns, rolls back to it when
  /// `body` throws. Savepoints nest, inside or outside a transaction: a rolled-back savepoint
  /// undoes only its own work.
  ///
  /// ```swift
  /// try db.transaction {
  ///   try insertList(db)
  ///   try? db.savepoint("items") { try insertItems(db) }   // may fail alone
  /// }
  /// ```
  public func savepoint<T>(_ name: String = "quarry", _ body: () throws -> T) throws -> T {
    let quoted = quoteIdentifier(name)
    try executeQuarryStatement("SAVEPOINT \(quoted)")
    let result: T
    do {
      result = try body()
      try executeQuarryStatement("RELEASE SAVEPOINT \(quoted)")
    } catch {
      if isInsideTransaction {
        // Rolling back to a savepoint keeps it open: release it too.
        try? executeQuarryStatement("ROLLBACK TO SAVEPOINT \(quoted)")
        try? executeQuarryStatement("RELEASE SAVEPOINT \(quoted)")
      }
      throw error
    }
    return result
  }

  /// Runs one of Quarry's own statements, without arguments, kept in Quarry's statement cache.
  func executeQuarryStatement(_ sql: String) throws {
    try forEachRow(ofQuarryQuery: sql) { _ in }
  }

  /// Runs one of Quarry's own queries (a pragma), kept in Quarry's statement cache, and hands
  /// each row to `body`.
  func forEachRow(ofQuarryQuery sql: String, _ body: (PreparedStatement) throws -> Void) throws {
    guard
      case .statement(let statement) = try quarryStatements.statement(
        for: Array(sql.utf8), on: self)
    else { return }
    statement.isBusy = true
    defer { statement.reset() }
    while try statement.step(reporting: []) { try body(statement) }
  }
}
