import Foundation
import Quarry
import QuarryPostgres
import Testing

/// A database opened with a primary and a streaming replica: `read` runs on the replica,
/// `write` on the primary.
@Suite("PostgreSQL read replicas", .enabled(if: PostgresTestServer.isEnabled))
struct PostgresReplicaTests {
  @Test func readsGoToTheReplicaAndWritesToThePrimary() async throws {
    let primary = try PostgresTestServer.server()
    let replica = try PostgresTestServer.replica.get()
    // The replica copies the whole cluster: use the `postgres` database, in a table of its own.
    let table = "replica_check_\(getpid())"
    let db = try PostgresDatabase(
      url: primary.url(database: "postgres"), replicaURLs: [replica.url(database: "postgres")])
    do {
      try await db.write { db in
        try await db.execute(sql: "CREATE TABLE \"\(table)\" (\"id\" bigint PRIMARY KEY)")
        try await db.execute(sql: "INSERT INTO \"\(table)\" VALUES (1), (2)")
      }
      let writerIsPrimary = try await db.write { db in
        try await #sql("SELECT pg_is_in_recovery()", as: Bool.self, dialect: .postgres).fetchOne(db)
      }
      #expect(writerIsPrimary == false)
      let readerIsReplica = try await db.read { db in
        try await #sql("SELECT pg_is_in_recovery()", as: Bool.self, dialect: .postgres).fetchOne(db)
      }
      #expect(readerIsReplica == true)
      // Streaming replication is asynchronous: the rows arrive within moments.
      // (Until the table itself arrives, reading it is an error.)
      var count = 0
      for _ in 0..<100 {
        count =
          (try? await db.read { db in
            try await SQLQueryExpression(
              "SELECT count(*) FROM \(quote: table)", as: Int.self
            ).fetchOne(db)
          }) ?? 0
        if count == 2 { break }
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(count == 2)
      // A replica refuses writes; `read` is read-only anyway.
      await #expect(throws: PostgresError.self) {
        try await db.read { try await $0.execute(sql: "DELETE FROM \"\(table)\"") }
      }
      try await db.write { try await $0.execute(sql: "DROP TABLE \"\(table)\"") }
    } catch {
      await db.close()
      throw error
    }
    await db.close()
  }
}
