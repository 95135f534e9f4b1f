/// How a ``Database`` connection is opened and set up.
public struct Configuration: Sendable {
  /// Opens the database read-only: every write fails with `SQLITE_READONLY`.
  public var readOnly = false
  /// Enforces foreign keys (`PRAGMA foreign_keys = ON`). On by default.
  public var foreignKeysEnabled = true
  /// How long, in seconds, a statement waits for another connection's lock before failing with
  /// `SQLITE_BUSY`.
  public var busyTimeout: Double = 5

  /// The default configuration: read-write, foreign keys on, a five-second busy timeout.
  public init() {}
}
