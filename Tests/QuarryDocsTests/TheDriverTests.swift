import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("Article: The driver")
struct TheDriverTests {
  @Test func queuesPoolsTransactionsAndConfiguration() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("notes.sqlite").path

    let queue = try DatabaseQueue()
    try queue.write { db in
      try #sql("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)").execute(db)
    }
    let pool = try DatabasePool(path: path)
    #expect(pool.path == path)

    try queue.writeWithoutTransaction { db in
      try db.transaction {
        try #sql("INSERT INTO notes (body) VALUES ('kept')").execute(db)
      }
    }
    let kept = try queue.read { db in
      try #sql("SELECT body FROM notes", as: String.self).fetchAll(db)
    }
    #expect(kept == ["kept"])

    var configuration = Configuration()
    configuration.busyTimeout = 10  // seconds
    let configured = try DatabaseQueue(configuration: configuration)
    #expect(configured.configuration.busyTimeout == 10)
  }

  @Test func asyncAccess() async throws {
    let queue = try DatabaseQueue()
    try await queue.write { db in
      try #sql("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)").execute(db)
    }
    let count = try await queue.read { db in
      try #sql("SELECT count(*) FROM notes", as: Int.self).fetchOne(db) ?? 0
    }
    #expect(count == 0)
  }
}
