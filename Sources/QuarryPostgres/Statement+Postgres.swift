import QuarryCore

extension Statement {
  /// The statement rendered in PostgreSQL's dialect. (Inside `read` and `write`, where it is
  /// already the current one, no task-local value is pushed again.)
  @inlinable
  var postgresQuery: QueryFragment {
    SQLDialect.isPostgres ? query : SQLDialect.withValue(.postgres) { query }
  }

  /// Runs the statement on PostgreSQL, discarding any rows.
  public func execute(_ db: PostgresSession) async throws {
    try await db.execute(postgresQuery)
  }

  /// Runs the statement on PostgreSQL and decodes every row: `[Reminder]`, `[String]`,
  /// `[(Int, String)]`.
  public func fetchAll<each Value: QueryDecodable>(
    _ db: PostgresSession
  ) async throws -> [(repeat each Value)]
  where QueryValue == (repeat each Value) {
    try await db.fetchAll(postgresQuery) { decoder in
      (repeat try (each Value)(decoder: &decoder))
    }
  }

  /// Runs the statement on PostgreSQL and decodes its first row, or returns nil when there is
  /// none.
  public func fetchOne<each Value: QueryDecodable>(
    _ db: PostgresSession
  ) async throws -> (repeat each Value)?
  where QueryValue == (repeat each Value) {
    try await db.fetchOne(postgresQuery) { decoder in
      (repeat try (each Value)(decoder: &decoder))
    }
  }

  /// Counts the statement's rows: `SELECT count(*) FROM (…) AS "rows"`.
  public func fetchCount(_ db: PostgresSession) async throws -> Int {
    var fragment = QueryFragment(sql: "SELECT count(*) FROM ")
    fragment.append(postgresQuery.parenthesized)
    fragment.append(sql: " AS \"rows\"")
    return try await db.fetchOne(fragment) { try $0.decode(Int.self) } ?? 0
  }
}

extension Statement where QueryValue: QueryDecodable {
  /// Runs the statement on PostgreSQL and decodes every row.
  public func fetchAll(_ db: PostgresSession) async throws -> [QueryValue] {
    try await db.fetchAll(postgresQuery) { try QueryValue(decoder: &$0) }
  }

  /// Runs the statement on PostgreSQL and decodes its first row, or returns nil when there is
  /// none.
  public func fetchOne(_ db: PostgresSession) async throws -> QueryValue? {
    try await db.fetchOne(postgresQuery) { try QueryValue(decoder: &$0) }
  }
}

extension QueryFragment {
  /// `(fragment)`.
  var parenthesized: QueryFragment {
    var fragment = QueryFragment(sql: "(")
    fragment.append(self)
    fragment.append(sql: ")")
    return fragment
  }
}
