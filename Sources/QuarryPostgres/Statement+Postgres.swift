import QuarryCore

extension Statement {
  /// Runs the statement on PostgreSQL, discarding any rows.
  public func execute(_ db: PostgresSession) async throws {
    try await db.execute(query)
  }

  /// Runs the statement on PostgreSQL and decodes every row: `[Reminder]`, `[String]`,
  /// `[(Int, String)]`.
  public func fetchAll<each Value: QueryDecodable>(
    _ db: PostgresSession
  ) async throws -> [(repeat each Value)]
  where QueryValue == (repeat each Value) {
    try await db.fetchAll(query) { decoder in
      (repeat try (each Value)(decoder: &decoder))
    }
  }

  /// Runs the statement on PostgreSQL and decodes its first row, or returns nil when there is
  /// none.
  public func fetchOne<each Value: QueryDecodable>(
    _ db: PostgresSession
  ) async throws -> (repeat each Value)?
  where QueryValue == (repeat each Value) {
    try await db.fetchOne(query) { decoder in
      (repeat try (each Value)(decoder: &decoder))
    }
  }

  /// Counts the statement's rows: `SELECT count(*) FROM (…) AS "rows"`.
  public func fetchCount(_ db: PostgresSession) async throws -> Int {
    var fragment = QueryFragment(sql: "SELECT count(*) FROM ")
    fragment.append(query.parenthesized)
    fragment.append(sql: " AS \"rows\"")
    return try await db.fetchOne(fragment) { try $0.decode(Int.self) } ?? 0
  }
}

extension Statement where QueryValue: QueryDecodable {
  /// Runs the statement on PostgreSQL and decodes every row.
  public func fetchAll(_ db: PostgresSession) async throws -> [QueryValue] {
    try await db.fetchAll(query) { try QueryValue(decoder: &$0) }
  }

  /// Runs the statement on PostgreSQL and decodes its first row, or returns nil when there is
  /// none.
  public func fetchOne(_ db: PostgresSession) async throws -> QueryValue? {
    try await db.fetchOne(query) { try QueryValue(decoder: &$0) }
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
