import Logging
import PostgresNIO

/// postgres-nio used by hand: a `PostgresClient` lends a connection, each statement is a
/// `PostgresQuery` whose values are binds, and rows decode as tuples.
struct RawContenders {
  let client: PostgresClient
  let logger = Logger(label: "w9.raw", factory: { _ in SwiftLogNoOpLogHandler() })

  typealias RawRow = (Int, String, Double, Int, String?, Bool, String, Double, Int, String)

  /// Runs `body` on one connection between `begin` and `COMMIT`, as `PostgresDatabase` does.
  func transaction<Result: Sendable>(
    _ begin: PostgresQuery, _ body: (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    try await client.withConnection { connection in
      try await connection.query(begin, logger: logger)
      let result = try await body(connection)
      try await connection.query("COMMIT", logger: logger)
      return result
    }
  }

  /// The server's version and the settings that matter here, for the report's header.
  func serverSettings() async throws -> String {
    let rows = try await client.query(
      """
      SELECT current_setting('server_version'), current_setting('fsync'),
        current_setting('synchronous_commit'), current_setting('shared_buffers')
      """, logger: logger)
    var text = ""
    for try await (version, fsync, synchronousCommit, sharedBuffers) in rows.decode(
      (String, String, String, String).self)
    {
      text =
        "PostgreSQL \(version) (fsync \(fsync), synchronous_commit \(synchronousCommit), "
        + "shared_buffers \(sharedBuffers))"
    }
    return text
  }

  var fetch: Contender {
    Contender(name: "raw postgres-nio") {
      try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
        let rows = try await connection.query(
          #"SELECT "id", "name", "price", "quantity", "note", "active", "category", "rating", "stock", "code" FROM "w9_rows""#,
          logger: logger)
        var fetched: [RawRow] = []
        for try await row in rows {
          fetched.append(try row.decode(RawRow.self))
        }
        return fetched
      }.reduce(0) {
        $0 &+ rowChecksum($1.0, $1.1, $1.2, $1.3, $1.4, $1.5, $1.6, $1.7, $1.8, $1.9)
      }
    }
  }

  func insert(_ values: [RowValues]) -> Contender {
    Contender(
      name: "raw postgres-nio",
      reset: {
        try await client.withConnection { connection in
          _ = try await connection.query(PostgresQuery(unsafeSQL: clearInserted), logger: logger)
        }
      }
    ) {
      try await transaction("BEGIN") { connection in
        for value in values {
          try await connection.query(
            """
            INSERT INTO "w9_inserted" ("id", "name", "price", "quantity", "note", "active", "category", "rating", "stock", "code")
            VALUES (DEFAULT, \(value.name), \(value.price), \(value.quantity), \(value.note), \(value.active), \(value.category), \(value.rating), \(value.stock), \(value.code))
            """,
            logger: logger)
        }
        return values.count
      }
    }
  }

  func lookup(_ ids: [Int]) -> Contender {
    Contender(name: "raw postgres-nio") {
      try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { connection in
        var total = 0
        for id in ids {
          let rows = try await connection.query(
            #"SELECT "id", "name", "price", "quantity", "note", "active", "category", "rating", "stock", "code" FROM "w9_rows" WHERE "id" = \#(id)"#,
            logger: logger)
          for try await row in rows {
            total &+= try row.decode(RawRow.self).0
          }
        }
        return total
      }
    }
  }
}
