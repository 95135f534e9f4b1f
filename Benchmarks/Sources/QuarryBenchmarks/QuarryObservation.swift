import Foundation
import Quarry
import QuarrySQLite

/// W8 for Quarry: `observe` as an AsyncSequence.
enum QuarryObservation {
  /// (a) on a queue or a pool on a WAL file (`synchronous = NORMAL`: commits don't wait for
  /// the disk, so the figure is the observation's own).
  static func latency(pool: Bool, commits: Int) throws -> [Duration] {
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.prepareDatabase = { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    let path = try temporaryDatabasePath("latency.sqlite")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer: any DatabaseWriter =
      pool
      ? try DatabasePool(path: path, configuration: configuration)
      : try DatabaseQueue(path: path, configuration: configuration)
    try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
    let probe = LatencyProbe()
    let values = writer.observe { db in
      try db.fetchOne(Int.self, sql: "SELECT coalesce(max(id), 0) FROM t") ?? 0
    }
    let consumer = Task.detached {
      for try await value in values { probe.received(value) }
    }
    defer { consumer.cancel() }
    return try probe.run(commits: commits) { value in
      try writer.write { db in
        try db.execute(sql: "INSERT INTO t (id) VALUES (?)", arguments: [value])
        probe.committing(value)
      }
    }
  }

  /// (b) W3's Quarry contender with 100 observations of other tables and one of `items`.
  static func insertItemsObserved(_ values: [ItemValues]) throws -> Contender {
    let queue = try QuarryContenders.queue(itemsSchema)
    try queue.writeWithoutTransaction { db in
      for sql in observedTablesSQL() { try db.execute(sql: sql) }
    }
    var consumers: [Task<Void, any Error>] = []
    for index in 0..<observedTableCount {
      let values = queue.observe { db in
        try db.fetchOne(Int.self, sql: "SELECT count(*) FROM observed\(index)") ?? 0
      }
      consumers.append(Task.detached { for try await _ in values {} })
    }
    let items = queue.observeCount(Item.all)
    consumers.append(Task.detached { for try await _ in items {} })
    // The observations live as long as the contender.
    let keeper = ObservationKeeper(consumers)
    return Contender(
      name: "Quarry, 101 observations",
      reset: { try queue.writeWithoutTransaction { try $0.execute(sql: clearItems) } }
    ) {
      try queue.write { db in
        for value in values {
          try Item.insert {
            Item.Draft(
              name: value.name, price: value.price, note: value.note, isActive: value.isActive)
          }.execute(db)
        }
      }
      return values.count + keeper.count * 0
    }
  }
}

/// Keeps consuming tasks alive with the contender that needs them.
final class ObservationKeeper: Sendable {
  let tasks: [Task<Void, any Error>]
  var count: Int { tasks.count }
  init(_ tasks: [Task<Void, any Error>]) { self.tasks = tasks }
  deinit { for task in tasks { task.cancel() } }
}
