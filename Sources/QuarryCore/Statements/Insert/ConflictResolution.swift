/// What SQLite does when a write breaks a `UNIQUE`, `NOT NULL`, `CHECK` or primary key
/// constraint: `INSERT OR REPLACE`, `UPDATE OR IGNORE`, ….
public enum ConflictResolution: String, Sendable {
  /// Stops the statement and rolls back the transaction.
  case rollback = "ROLLBACK"
  /// Stops the statement and undoes its changes (the default).
  case abort = "ABORT"
  /// Stops the statement, keeping the changes it made before the conflict.
  case fail = "FAIL"
  /// Skips the conflicting row.
  case ignore = "IGNORE"
  /// Deletes the rows in the way, then writes.
  case replace = "REPLACE"
}
