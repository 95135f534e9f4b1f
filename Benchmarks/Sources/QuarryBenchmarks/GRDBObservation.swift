import BenchmarkSupport
import Foundation
import GRDB

/// W8 and W3O for GRDB 7.10.0: `ValueObservation`, consumed as an `AsyncSequence` (W8) or with
/// `start(in:)` (W3O's many observations).
enum GRDBObservation {
  /// The same file configuration as Quarry's: WAL, `synchronous = NORMAL`.
  static func writer(pool: Bool, in folder: URL) throws -> any DatabaseWriter {
    var configuration = Configuration()
    configuration.journalMode = .wal
    configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
    let path = folder.appendingPathComponent("db.sqlite").path
    return pool
      ? try DatabasePool(path: path, configuration: configuration)
      : try DatabaseQueue(path: path, configuration: configuration)
  }

  /// W8: the latest value written, observed on a pool or a queue.
  static func latency(pool: Bool) throws -> LatencySubject {
    let folder = try temporaryDatabaseFolder("w8")
    let writer = try writer(pool: pool, in: folder)
    try writer.write { db in try db.execute(sql: latencySchema) }
    let probe = LatencyProbe()
    let values = ValueObservation.tracking { db in
      try Int.fetchOne(db, sql: latencyQuery) ?? 0
    }.values(in: writer)
    let consumer = Task.detached {
      do {
        for try await value in values { probe.received(value) }
      } catch {
        probe.failed(error)
      }
    }
    try probe.wait(for: 0)
    return LatencySubject(
      name: pool ? "GRDB pool" : "GRDB queue", probe: probe,
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

  /// W10O: all `rows` rows of `items` observed on a pool, as records (`init(row:)`); commit
  /// `value` writes `value` as the first row's price, which the consumer reads back.
  static func largeResult(rows: Int) throws -> LatencySubject {
    let folder = try temporaryDatabaseFolder("w10")
    let pool = try writer(pool: true, in: folder)
    try pool.write { db in
      try db.execute(sql: itemsSchema)
      try db.execute(sql: itemRows(rows))
    }
    let probe = LatencyProbe(workload: "W10O")
    let values = ValueObservation.tracking { db in
      try GRDBItem.fetchAll(db, sql: selectItems)
    }.values(in: pool)
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
      name: "GRDB pool", probe: probe,
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

  /// W3O: W3's GRDB contender on a pool, in `transactions` transactions, while `observed` is
  /// observed.
  static func insertItemsObserved(
    _ values: [ItemValues], transactions: Int, observed: ObservedSet
  ) throws -> Contender {
    let folder = try temporaryDatabaseFolder("w9")
    let pool = try writer(pool: true, in: folder)
    try pool.write { db in
      try db.execute(sql: itemsSchema)
      for sql in observedTablesSQL() { try db.execute(sql: sql) }
    }
    let firstValues = FirstValues()
    var observations: [ValueObservation<ValueReducers.Fetch<Int>>] = observed.others.map {
      table, id in
      let sql = observedQuery(table: table)
      return ValueObservation.tracking { db in
        try Int.fetchOne(db, sql: sql, arguments: [id]) ?? 0
      }
    }
    if observed.observesWritten {
      observations.append(ValueObservation.tracking { db in try GRDBItem.fetchCount(db) })
    }
    let cancellables = observations.map { observation in
      observation.start(
        in: pool, scheduling: .async(onQueue: .global()),
        onError: { firstValues.failed($0) }, onChange: { _ in firstValues.received() })
    }
    // Every observation has delivered its first value: the later ones (the written table's)
    // only add to a count no one waits for any more.
    try firstValues.wait(for: observations.count)
    let keeper = Keeper {
      for cancellable in cancellables { cancellable.cancel() }
      try? FileManager.default.removeItem(at: folder)
    }
    let perTransaction = values.count / transactions
    return Contender(
      name: "GRDB pool, \(observed.label)",
      reset: { try pool.write { try $0.execute(sql: clearItems) } }
    ) {
      for transaction in 0..<transactions {
        try pool.write { db in
          for value in values[(transaction * perTransaction)..<((transaction + 1) * perTransaction)]
          {
            try GRDBItem(
              id: nil, name: value.name, price: value.price, note: value.note,
              isActive: value.isActive
            ).insert(db)
          }
        }
      }
      return withExtendedLifetime(keeper) { transactions * perTransaction }
    }
  }
}
