import Foundation
import Logging
import Quarry
import QuarrySQLite
import Testing

/// Collects log messages. `@unchecked Sendable`: `messages` is only touched under `lock`.
final class LogRecorder: @unchecked Sendable {
  private let lock = NSLock()
  private var recorded: [String] = []

  var messages: [String] { lock.withLock { recorded } }

  func record(_ message: String) { lock.withLock { recorded.append(message) } }

  var logger: Logger {
    Logger(label: "quarry.tests") { _ in
      var handler = RecordingHandler(recorder: self)
      handler.logLevel = .trace
      return handler
    }
  }
}

struct RecordingHandler: LogHandler {
  let recorder: LogRecorder
  var logLevel = Logger.Level.trace
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    recorder.record(event.message.description)
  }
}

@Suite("Configuration")
struct ConfigurationTests {
  @Test func foreignKeysAreOnByDefaultAndCanBeTurnedOff() throws {
    let schema = """
      CREATE TABLE lists (id INTEGER PRIMARY KEY);
      CREATE TABLE items (listID INTEGER REFERENCES lists(id));
      """
    let db = try Database()
    try db.execute(sql: schema)
    let error = #expect(throws: DatabaseError.self) {
      try db.execute(sql: "INSERT INTO items VALUES (42)")
    }
    #expect(error?.extendedResultCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
    var configuration = Configuration()
    configuration.foreignKeysEnabled = false
    let lax = try Database(configuration: configuration)
    try lax.execute(sql: schema + "INSERT INTO items VALUES (42);")
  }

  @Test func journalModeAndPrepareDatabase() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.prepareDatabase = { db in try db.execute(sql: "PRAGMA user_version = 7") }
    let db = try Database(path: file.path, configuration: configuration)
    #expect(try db.fetchOne(String.self, sql: "PRAGMA journal_mode") == "wal")
    #expect(try db.userVersion() == 7)
  }

  @Test func tracingLogsStatementsWithArgumentsRedactedUnlessAsked() throws {
    let recorder = LogRecorder()
    var configuration = Configuration()
    configuration.logger = recorder.logger
    let db = try Database(configuration: configuration)
    try db.execute(sql: "CREATE TABLE t (secret TEXT)")
    try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: ["hunter2"])
    #expect(recorder.messages.contains("INSERT INTO t VALUES (?)"))
    #expect(!recorder.messages.joined().contains("hunter2"))

    let verbose = LogRecorder()
    configuration.logger = verbose.logger
    configuration.tracesArguments = true
    let shown = try Database(configuration: configuration)
    try shown.execute(sql: "SELECT ?", arguments: ["visible"])
    #expect(verbose.messages.contains("SELECT 'visible'"))
  }

  @Test func aBusyDatabaseFailsClearlyAfterTheTimeout() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let holder = try Database(path: file.path)
    try holder.execute(sql: "CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)")
    var configuration = Configuration()
    configuration.busyTimeout = 0.2
    let other = try Database(path: file.path, configuration: configuration)
    let start = Date()
    let error = #expect(throws: DatabaseError.self) {
      try other.execute(sql: "INSERT INTO t VALUES (?)", arguments: [2])
    }
    #expect(Date().timeIntervalSince(start) >= 0.19)
    #expect(error?.resultCode == DatabaseError.busy)
    #expect(error?.sql == "INSERT INTO t VALUES (?)")
    #expect(error?.arguments == [.int(2)])
    #expect(error?.description.contains("database is locked") == true)
    try holder.execute(sql: "COMMIT")
    try other.execute(sql: "INSERT INTO t VALUES (?)", arguments: [2])
  }

  @Test func aBusyHandlerDecidesWhetherToRetry() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let holder = try Database(path: file.path)
    try holder.execute(sql: "CREATE TABLE t (x); BEGIN IMMEDIATE")
    let calls = LogRecorder()
    var configuration = Configuration()
    configuration.busyHandler = { retries in
      calls.record("\(retries)")
      return retries < 3
    }
    let other = try Database(path: file.path, configuration: configuration)
    let error = #expect(throws: DatabaseError.self) { try other.execute(sql: "BEGIN IMMEDIATE") }
    #expect(error?.resultCode == DatabaseError.busy)
    #expect(calls.messages == ["0", "1", "2", "3"])
  }

  @Test func readOnlyConnectionsCannotWrite() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    try Database(path: file.path).execute(sql: "CREATE TABLE t (x)")
    var configuration = Configuration()
    configuration.readOnly = true
    let queue = try DatabaseQueue(path: file.path, configuration: configuration)
    let error = #expect(throws: DatabaseError.self) {
      try queue.writeWithoutTransaction { try $0.execute(sql: "INSERT INTO t VALUES (1)") }
    }
    #expect(error?.resultCode == DatabaseError.readOnly)
  }
}
