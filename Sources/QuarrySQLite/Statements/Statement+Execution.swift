import QuarryCore

extension Statement {
  /// Runs the statement, discarding any rows.
  @inlinable
  public func execute(_ db: Database) throws {
    let fragment = db.rendered(self)
    defer { db.recycle(fragment) }
    try db.execute(fragment)
  }

  /// Runs the statement and decodes every row: `[Reminder]`, `[String]`, `[(Int, String)]`.
  public func fetchAll<each Value: QueryDecodable>(_ db: Database) throws -> [(repeat each Value)]
  where QueryValue == (repeat each Value) {
    let fragment = db.rendered(self)
    defer { db.recycle(fragment) }
    return try db.fetchAll(fragment) { decoder in
      (repeat try (each Value)(decoder: &decoder))
    }
  }

  /// Runs the statement and decodes its first row, or returns nil when there is none.
  public func fetchOne<each Value: QueryDecodable>(_ db: Database) throws -> (repeat each Value)?
  where QueryValue == (repeat each Value) {
    let fragment = db.rendered(self)
    defer { db.recycle(fragment) }
    return try db.fetchOne(fragment) { decoder in
      (repeat try (each Value)(decoder: &decoder))
    }
  }

  /// Counts the statement's rows: `SELECT count(*) FROM (…)`.
  public func fetchCount(_ db: Database) throws -> Int {
    var fragment = QueryFragment(sql: "SELECT count(*) FROM ")
    write(to: &fragment)
    return try db.fetchOne(fragment) { try $0.decode(Int.self) } ?? 0
  }
}

extension Insert {
  /// Runs the insert.
  ///
  /// (A plain one-row insert of a row or draft, the most common, binds the row's values
  /// straight into the cached statement of the schema's pre-rendered insert, with no
  /// intermediate array.)
  @inlinable
  public func execute(_ db: Database) throws {
    if isPlainOneRowInsert, case .rows(let rows) = source {
      try db.executeInsert(utf8: Into.schema.insertRowUTF8, rows: rows)
    } else {
      let fragment = db.rendered(self)
      defer { db.recycle(fragment) }
      try db.execute(fragment)
    }
  }
}

extension Statement where QueryValue: QueryDecodable {
  /// Runs the statement and decodes every row.
  ///
  /// (The single-value form of ``Statement/fetchAll(_:)``: a direct call the optimizer can
  /// specialize, so `[Reminder]` decodes column by column with no dynamic dispatch.)
  @inlinable
  public func fetchAll(_ db: Database) throws -> [QueryValue] {
    let fragment = db.rendered(self)
    defer { db.recycle(fragment) }
    guard let table = resultColumnsTable else {
      return try db.fetchAll(fragment) { decoder in try QueryValue(decoder: &decoder) }
    }
    return try db.fetchAll(
      fragment, columnsOf: table, decodeRow: { try QueryValue(decoder: &$0) },
      decodeKnownRow: { try QueryValue(decoder: &$0) })
  }

  /// Runs the statement and decodes its first row, or returns nil when there is none.
  ///
  /// (The single-value form of ``Statement/fetchOne(_:)``, which keeps expressions like
  /// `try Reminder.count().fetchOne(db) == 0` easy for the type checker.)
  @inlinable
  public func fetchOne(_ db: Database) throws -> QueryValue? {
    let fragment = db.rendered(self)
    defer { db.recycle(fragment) }
    guard let table = resultColumnsTable else {
      return try db.fetchOne(fragment) { decoder in try QueryValue(decoder: &decoder) }
    }
    return try db.fetchOne(
      fragment, columnsOf: table, decodeRow: { try QueryValue(decoder: &$0) },
      decodeKnownRow: { try QueryValue(decoder: &$0) })
  }
}
