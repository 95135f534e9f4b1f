import Foundation
import GRDB

/// W8 for GRDB 7.10: `ValueObservation.values(in:)`, its AsyncSequence.
enum GRDBObservation {
  /// (a) on a queue or a pool on a WAL file (`synchronous = NORMAL`).
  static func latency(pool: Bool, commits: Int) throws -> [Duration] {
    var configuration = Configuration()
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    let path = try temporaryDatabasePath("latency.sqlite")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer: any DatabaseWriter
    if pool {
      writer = try DatabasePool(path: path, configuration: configuration)
    } else {
      let queue = try DatabaseQueue(path: path, configuration: configuration)
      try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
      writer = queue
    }
    try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
    let probe = LatencyProbe()
    let values = ValueObservation.tracking { db in
      try Int.fetchOne(db, sql: "SELECT coalesce(max(id), 0) FROM t") ?? 0
    }.values(in: writer)
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

  /// (b) W3's GRDB contender with 100 observations of other tables and one of `items`.
  static func insertItemsObserved(_ values: [ItemValues]) throws -> Contender {
    let queue = try GRDBContenders.queue(itemsSchema)
    try queue.write { db in for sql in observedTablesSQL() { try db.execute(sql: sql) } }
    var cancellables: [AnyDatabaseCancellable] = []
    for index in 0..<observedTableCount {
      cancellables.append(
        ValueObservation.tracking { db in
          try Int.fetchOne(db, sql: "SELECT count(*) FROM observed\(index)") ?? 0
        }.start(
          in: queue, scheduling: .async(onQueue: .global()), onError: { _ in }, onChange: { _ in }))
    }
    cancellables.append(
      ValueObservation.tracking { db in try GRDBItem.fetchCount(db) }
        .start(
          in: queue, scheduling: .async(onQueue: .global()), onError: { _ in }, onChange: { _ in }))
    let kept = cancellables
    return Contender(
      name: "GRDB records, 101 observations",
      reset: { try queue.write { try $0.execute(sql: clearItems) } }
    ) {
      try queue.write { db in
        for value in values {
          try GRDBItem(
            id: nil, name: value.name, price: value.price, note: value.note,
            isActive: value.isActive
          ).insert(db)
        }
      }
      return values.count + kept.count * 0
    }
  }
}
