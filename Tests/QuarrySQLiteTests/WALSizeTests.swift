import Foundation
import Quarry
import QuarrySQLite
import Testing

/// A pool keeps its WAL under `maximumWALSize` while readers never stop, losing no write.
@Suite("WALSize", .timeLimit(.minutes(2)))
struct WALSizeTests {
  /// Writes `megabytes` of rows on a pool whose readers read without a pause, returning the
  /// largest WAL file seen after a commit, the longest read, and the rows stored.
  private func work(
    limit: Int?, megabytes: Int
  ) throws -> (maximumWAL: Int, longestRead: Duration, stored: Int, reads: Int) {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    var configuration = Configuration()
    configuration.maximumWALSize = limit
    let pool = try DatabasePool(path: file.path, configuration: configuration)
    try pool.write { db in
      try db.execute(sql: "CREATE TABLE blobs (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)")
    }
    let stop = StopFlag()
    let readStats = ReadStats()
    let readers = DispatchGroup()
    for _ in 0..<3 {
      readers.enter()
      Thread.detachNewThread {
        defer { readers.leave() }
        while !stop.isSet {
          let start = ContinuousClock.now
          do {
            _ = try pool.read { db in try db.fetchOne(Int.self, sql: "SELECT count(*) FROM blobs") }
          } catch {
            readStats.fail("\(error)")
            return
          }
          readStats.add(ContinuousClock.now - start)
        }
      }
    }
    var maximumWAL = 0
    let rows = megabytes * 1024 / 16
    for _ in 0..<rows {
      try pool.write { db in
        try db.execute(sql: "INSERT INTO blobs (payload) VALUES (zeroblob(16384))")
      }
      maximumWAL = max(maximumWAL, fileSize(file.path + "-wal"))
    }
    stop.set()
    readers.wait()
    #expect(readStats.failures.isEmpty, "\(readStats.failures)")
    let stored = try pool.read { db in try db.fetchOne(Int.self, sql: "SELECT count(*) FROM blobs")
    }
    #expect(stored == rows)
    return (maximumWAL, readStats.longest, stored ?? 0, readStats.count)
  }

  @Test func theWALStaysUnderItsLimitWhileReadersRead() throws {
    let limit = 1024 * 1024
    let result = try work(limit: limit, megabytes: 16)
    #expect(result.reads > 0)
    #expect(result.maximumWAL <= limit, "the WAL reached \(result.maximumWAL) bytes")
    #expect(result.maximumWAL > 0)
    // No read waited for a checkpoint (which waits at most the five-second busy timeout).
    #expect(result.longestRead < .seconds(5), "a read took \(result.longestRead)")
  }

  @Test func theLimitIsConfigurable() throws {
    let limit = 4 * 1024 * 1024
    let result = try work(limit: limit, megabytes: 16)
    #expect(result.maximumWAL <= limit, "the WAL reached \(result.maximumWAL) bytes")
    // Truncated at half the limit: it does get there.
    #expect(result.maximumWAL >= limit / 2 - 64 * 1024)
  }
}

/// A file's size in bytes, 0 when it does not exist.
private func fileSize(_ path: String) -> Int {
  (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
}

/// Set once, read by other threads.
private final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}

/// The reads' durations and failures, from several threads.
private final class ReadStats: @unchecked Sendable {
  private let lock = NSLock()
  private var longestRead = Duration.zero
  private var reads = 0
  private var messages: [String] = []
  var longest: Duration { lock.withLock { longestRead } }
  var count: Int { lock.withLock { reads } }
  var failures: [String] { lock.withLock { messages } }
  func add(_ duration: Duration) {
    lock.withLock {
      reads += 1
      longestRead = max(longestRead, duration)
    }
  }
  func fail(_ message: String) { lock.withLock { messages.append(message) } }
}
