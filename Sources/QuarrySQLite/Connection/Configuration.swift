import Logging

/// How a ``Database`` connection is opened and set up.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.journalMode = .wal
/// configuration.logger = Logger(label: "sql")
/// configuration.prepareDatabase = { db in try db.add(function: myFunction) }
/// ```
public struct Configuration: Sendable {
  /// Opens the database read-only: every write fails with `SQLITE_READONLY`.
  public var readOnly = false
  /// Enforces foreign keys (`PRAGMA foreign_keys = ON`). On by default.
  public var foreignKeysEnabled = true
  /// How long, in seconds, a statement waits for another connection's lock before failing with
  /// `SQLITE_BUSY`. Ignored when ``busyHandler`` is set.
  public var busyTimeout: Double = 5
  /// Decides whether to retry when another connection holds a lock: called with the number of
  /// retries so far, it returns `true` to try again (after sleeping as it sees fit) and `false`
  /// to fail with `SQLITE_BUSY`. Replaces ``busyTimeout``.
  public var busyHandler: (@Sendable (_ retries: Int) -> Bool)?
  /// The journal mode set when the connection opens; nil keeps the database's own.
  /// ``DatabasePool`` always uses ``JournalMode/wal``.
  public var journalMode: JournalMode?
  /// Runs on every new connection once it is open and configured: register functions and
  /// collations, set pragmas. A pool runs it on its writer and on each reader.
  public var prepareDatabase: (@Sendable (Database) throws -> Void)?
  /// Receives every executed statement at ``traceLevel`` when set.
  public var logger: Logger?
  /// The level at which ``logger`` receives statements.
  public var traceLevel: Logger.Level = .debug
  /// Logs statements with their argument values inlined. Off by default, so logs never hold
  /// user data: statements are logged with `?` placeholders.
  public var tracesArguments = false
  /// Whether a ``DatabaseError``'s description shows the failing statement's arguments. Off by
  /// default, so crash reports and logs never hold user data; the arguments stay readable in
  /// ``DatabaseError/arguments``.
  public var showsArgumentsInErrors = false
  /// The size, in bytes, under which a ``DatabasePool`` keeps its WAL file: 64 MiB by default.
  /// Once the WAL holds half of it, the writer checkpoints it after its commit and truncates it
  /// (`wal_checkpoint(TRUNCATE)`), waiting, as for a lock, for the reads of older snapshots to
  /// end; reads never wait for it. Nil leaves it to SQLite's automatic checkpoints, which
  /// readers that never stop can keep from ever restarting the WAL: it then grows without
  /// bound. Setting `PRAGMA wal_autocheckpoint` on the writer turns this off.
  public var maximumWALSize: Int? = 64 * 1024 * 1024
  /// The most reader connections a ``DatabasePool`` opens at once.
  public var maximumReaderCount = 5
  /// How often, in seconds, a ``DatabaseQueue`` on a file or a ``DatabasePool`` with live
  /// observations checks for changes committed by other connections or processes
  /// (`PRAGMA data_version`): the longest they go unnoticed. Nil never checks.
  public var externalChangesPollingInterval: Double? = 0.25

  /// The default configuration: read-write, foreign keys on, a five-second busy timeout.
  public init() {}
}

/// How SQLite journals transactions (`PRAGMA journal_mode`).
public enum JournalMode: String, Sendable {
  /// A rollback journal deleted at the end of each transaction (SQLite's default).
  case delete = "DELETE"
  /// A rollback journal truncated instead of deleted.
  case truncate = "TRUNCATE"
  /// A rollback journal whose header is zeroed instead of deleted.
  case persist = "PERSIST"
  /// A rollback journal kept in memory: a crash can corrupt the database.
  case memory = "MEMORY"
  /// Write-ahead logging: readers and one writer run concurrently.
  case wal = "WAL"
  /// No journal: no rollback, and a crash can corrupt the database.
  case off = "OFF"
}
