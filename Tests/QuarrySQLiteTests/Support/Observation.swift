import Foundation
import Quarry
import QuarrySQLite

/// The two kinds of database an observation runs on.
enum ObservedKind: String, CaseIterable, Sendable {
  case queue, pool
}

/// A queue or pool on a fresh file with the tables the observation tests share, removed by
/// `cleanUp`.
struct ObservedDatabase {
  let file: TemporaryFile
  let writer: any DatabaseWriter

  init(_ kind: ObservedKind, pollingInterval: Double? = 0.25) throws {
    file = try TemporaryFile()
    var configuration = Configuration()
    configuration.externalChangesPollingInterval = pollingInterval
    configuration.journalMode = .wal
    configuration.prepareDatabase = { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    switch kind {
    case .queue: writer = try DatabaseQueue(path: file.path, configuration: configuration)
    case .pool: writer = try DatabasePool(path: file.path, configuration: configuration)
    }
    try writer.write { db in
      try remindersSchema.execute(db)
      try db.execute(
        sql: """
          CREATE TABLE lists (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
          CREATE TABLE items (
            id INTEGER PRIMARY KEY, list_id INTEGER NOT NULL REFERENCES lists(id),
            title TEXT NOT NULL, note TEXT NOT NULL DEFAULT ''
          );
          CREATE TABLE others (id INTEGER PRIMARY KEY, value INTEGER NOT NULL);
          CREATE VIEW list_items AS
            SELECT lists.name AS list, items.title AS title
            FROM items JOIN lists ON lists.id = items.list_id;
          INSERT INTO lists (id, name) VALUES (1, 'Home');
          """)
    }
  }

  func cleanUp() { file.cleanUp() }

  /// Waits, up to `timeout` seconds, until nothing observes the database and its writer has
  /// no change hooks left; true when that happened.
  func waitUntilUnobserved(timeout: Double = 5) async throws -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if writer.liveObservationCounts.subscribers == 0,
        try await writer.writeWithoutTransaction({ db in !db.isTrackingChanges })
      {
        return true
      }
      try await Task.sleep(for: .milliseconds(2))
    }
    return false
  }
}

/// Counts calls from several threads. `@unchecked Sendable`: `count` is only touched under
/// `lock`.
final class CallCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  var value: Int { lock.withLock { count } }
  func increment() { lock.withLock { count += 1 } }
}

/// A value that is never equal to another, so that every fetch is delivered.
struct Fetched<Value: Sendable>: Sendable {
  let value: Value
  /// The number of fetches so far, this one included.
  let fetch: Int
}

/// The resident memory of this process, in bytes, from `/proc/self/statm`; nil elsewhere.
func residentMemory() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return nil
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs `body` in a write transaction on the calling thread, blocking it (from async code,
/// `write` is the async form).
func writeBlocking(_ writer: any DatabaseWriter, _ body: (Database) throws -> Void) throws {
  try writer.write(body)
}
