import PostgresKit
import SQLKit

/// SQLKit through PostgresKit, as their documentation teaches it: a connection leased from a
/// `PostgresClient` (the pool PostgresKit's documentation recommends without Fluent), `sql()` for
/// its `SQLDatabase`, and statements built with `select()` and `insert(into:)`, rows decoded as a
/// `Codable` model. SQLKit has no transaction API: `BEGIN` and `COMMIT` are `raw` statements, the
/// same ones the raw contender sends.
struct SQLKitContenders {
  let client: PostgresClient

  /// Runs `body` on one connection's `SQLDatabase` between `begin` and `COMMIT` (`ROLLBACK` if it
  /// throws).
  func transaction<Result: Sendable>(
    _ begin: SQLQueryString, _ body: (any SQLDatabase) async throws -> Result
  ) async throws -> Result {
    try await client.withConnection { connection in
      let sql = connection.sql()
      try await sql.raw(begin).run()
      do {
        let result = try await body(sql)
        try await sql.raw("COMMIT").run()
        return result
      } catch {
        try? await sql.raw("ROLLBACK").run()
        throw error
      }
    }
  }

  var fetch: Contender {
    Contender(name: "SQLKit") {
      try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { sql in
        try await sql.select().columns(w9Columns).from("w9_rows").all(decoding: W9SQLKitRow.self)
      }.reduce(0) {
        $0
          &+ rowChecksum(
            $1.id ?? 0, $1.name, $1.price, $1.quantity, $1.note, $1.active, $1.category,
            $1.rating, $1.stock, $1.code)
      }
    }
  }

  func insert(_ values: [RowValues]) -> Contender {
    Contender(
      name: "SQLKit",
      reset: {
        try await client.withConnection { connection in
          try await connection.sql().raw("\(unsafeRaw: clearInserted)").run()
        }
      }
    ) {
      try await transaction("BEGIN") { sql in
        for value in values {
          try await sql.insert(into: "w9_inserted").model(W9SQLKitRow(value)).run()
        }
        return values.count
      }
    }
  }

  func lookup(_ ids: [Int]) -> Contender {
    Contender(name: "SQLKit") {
      try await transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { sql in
        var total = 0
        for id in ids {
          let row = try await sql.select().columns(w9Columns).from("w9_rows")
            .where("id", .equal, id).first(decoding: W9SQLKitRow.self)
          total &+= row?.id ?? 0
        }
        return total
      }
    }
  }
}
