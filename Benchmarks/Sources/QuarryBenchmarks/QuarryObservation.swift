import BenchmarkSupport
import Foundation
import Quarry
import QuarrySQLite

/// W8 and W3O for Quarry: `observe`, consumed as an `AsyncSequence`.
enum QuarryObservation {
  /// A WAL file with `synchronous = NORMAL` (a commit does not wait for the disk: the figures
  /// are the library's, not the disk's), as a pool or as a queue.
  static func writer(pool: Bool, in folder: URL) throws -> any DatabaseWriter {
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.prepareDatabase = { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    let path = folder.appendingPathComponent("db.sqlite").path
    return pool
      ? try DatabasePool(path: path, configuration: configuration)
      : try DatabaseQueue(path: path, configuration: configuration)
  }

  /// W8: the latest value written, observed on a pool or a queue.
  static func latency(pool: Bool) throws -> LatencySubject {
    let folder = try temporaryDatabaseFolder("w8")
    let writer = try writer(pool: pool, in: folder)
    try writer.writeWithoutTransaction { db in try db.execute(sql: latencySchema) }
    let probe = LatencyProbe()
    let values = writer.observe { db in try db.fetchOne(Int.self, sql: latencyQuery) ?? 0 }
    let consumer = Task.detached {
      do {
        for try await value in values { probe.received(value) }
      } catch {
        probe.failed(error)
      }
    }
    try probe.wait(for: 0)
    return LatencySubject(
      name: pool ? "Quarry pool" : "Quarry queue", probe: probe,
      commit: { value in
        try writer.write { db in
          try db.execute(sql: latencyInsert, arguments: [value])
          probe.committing(value)
        }
      },
      close: {
        consumer.cancel()
        try? FileManager.default.removeItem(at: folder)
      })
  }

  /// W10O: all `rows` rows of `items` observed on a pool; commit `value` writes `value` as the
  /// first row's price, which the consumer reads back from the array it receives.
  static func largeResult(rows: Int) throws -> LatencySubject {
    let folder = try temporaryDatabaseFolder("w10")
    let pool = try writer(pool: true, in: folder)
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: itemsSchema)
      try db.execute(sql: itemRows(rows))
    }
    let probe = LatencyProbe(workload: "W10O")
    let values = pool.observe(Item.all)
    let consumer = Task.detached {
      do {
        for try await items in values {
          guard items.count == rows, let first = items.first else {
            throw BenchmarkError("W10O: \(items.count) rows received, \(rows) expected")
          }
          probe.received(Int(first.price))
        }
      } catch {
        probe.failed(error)
      }
    }
    try probe.wait(for: 0)
    return LatencySubject(
      name: "Quarry pool", probe: probe,
      commit: { value in
        try pool.write { db in
          try db.execute(sql: largeResultUpdate, arguments: [value])
          probe.committing(value)
        }
      },
      close: {
        consumer.cancel()
        try? FileManager.default.removeItem(at: folder)
      })
  }

  /// W3O: W3's Quarry contender on a pool, in `transactions` transactions, while `observed`
  /// is observed.
  static func insertItemsObserved(
    _ values: [ItemValues], transactions: Int, observed: ObservedSet
  ) throws -> Contender {
    let folder = try temporaryDatabaseFolder("w9")
    let pool = try writer(pool: true, in: folder)
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: itemsSchema)
      for sql in observedTablesSQL() { try db.execute(sql: sql) }
    }
    let firstValues = FirstValues()
    var streams: [AsyncThrowingStream<Int, any Error>] = observed.others.map { table, id in
      let sql = observedQuery(table: table)
      return pool.observe { db in try db.fetchOne(Int.self, sql: sql, arguments: [id]) ?? 0 }
    }
    if observed.observesWritten { streams.append(pool.observeCount(Item.all)) }
    let consumers = streams.map { values in
      Task.detached {
        do {
          var isFirst = true
          for try await _ in values where isFirst {
            isFirst = false
            firstValues.received()
          }
        } catch {
          firstValues.failed(error)
        }
      }
    }
    try firstValues.wait(for: streams.count)
    let keeper = Keeper {
      for consumer in consumers { consumer.cancel() }
      try? FileManager.default.removeItem(at: folder)
    }
    let perTransaction = values.count / transactions
    return Contender(
      name: "Quarry pool, \(observed.label)",
      reset: { try pool.writeWithoutTransaction { try $0.execute(sql: clearItems) } }
    ) {
      for transaction in 0..<transactions {
        try pool.write { db in
          for value in values[(transaction * perTransaction)..<((transaction + 1) * perTransaction)]
          {
            try Item.insert {
              Item.Draft(
                name: value.name, price: value.price, note: value.note, isActive: value.isActive)
            }.execute(db)
          }
        }
      }
      return withExtendedLifetime(keeper) { transactions * perTransaction }
    }
  }
}
