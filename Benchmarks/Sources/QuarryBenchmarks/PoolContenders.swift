import Foundation
import Quarry
import QuarrySQLite

/// W6: read throughput of a `DatabasePool` on a file. The same primary-key lookups are done by
/// one reader, then split across two concurrent readers; ratios are to the single reader.
enum PoolContenders {
  static func lookups(rows: Int, ids: [Int]) throws -> [Contender] {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-w6-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var configuration = Configuration()
    configuration.maximumReaderCount = 2
    let pool = try DatabasePool(
      path: directory.appendingPathComponent("pool.sqlite").path, configuration: configuration)
    try pool.writeWithoutTransaction { db in
      try db.execute(sql: itemsSchema)
      try db.execute(sql: itemRows(rows))
    }

    @Sendable func lookUp(_ ids: ArraySlice<Int>) throws -> Int {
      try pool.read { db in
        try ids.reduce(0) { $0 &+ (try Item.find($1).fetchOne(db)?.id ?? 0) }
      }
    }

    let middle = ids.count / 2
    let halves = [ids[..<middle], ids[middle...]]
    let single = Contender(name: "Quarry pool, 1 reader") { try lookUp(ids[...]) }
    let split = Contender(name: "Quarry pool, 2 readers") {
      let results = Results(count: halves.count)
      DispatchQueue.concurrentPerform(iterations: halves.count) { index in
        results.set(index, Result { try lookUp(halves[index]) })
      }
      return try results.sum()
    }
    return [single, split]
  }
}

/// The readers' results. `@unchecked Sendable`: `values` is only touched under `lock`.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Result<Int, any Error>?]

  init(count: Int) { values = Array(repeating: nil, count: count) }

  func set(_ index: Int, _ result: Result<Int, any Error>) {
    lock.withLock { values[index] = result }
  }

  func sum() throws -> Int {
    try lock.withLock { values }.reduce(0) { $0 &+ (try $1?.get() ?? 0) }
  }
}
