import CSQLite
import QuarryCore

extension Database {
  /// Runs one or more SQL statements separated by semicolons, discarding any rows.
  ///
  /// Positional arguments fill the `?` placeholders of all the statements in order; named
  /// arguments fill `:name`, `@name` and `$name` wherever they appear. A single statement is
  /// kept in the statement cache, so running the same SQL again does not prepare it again.
  ///
  /// ```swift
  /// try db.execute(sql: "INSERT INTO t (a) VALUES (?); DELETE FROM t WHERE a < ?", arguments: [3, 1])
  /// ```
  public func execute(sql: String, arguments: StatementArguments = StatementArguments()) throws {
    let utf8 = Array(sql.utf8)
    if let cached = statementCache[StatementKey(utf8)], !cached.isBusy {
      return try run(cached, arguments)
    }
    var position = 0
    var isFirst = true
    try utf8.withUnsafeBufferPointer { bytes in
      try bytes.withMemoryRebound(to: CChar.self) { buffer in
        guard let base = buffer.baseAddress else { return }
        var start = base
        let end = base + buffer.count
        while start < end {
          var handle: OpaquePointer?
          var tail: UnsafePointer<CChar>?
          let code = sqlite3_prepare_v3(
            self.handle, start, Int32(end - start), UInt32(SQLITE_PREPARE_PERSISTENT), &handle,
            &tail)
          // After a failure the tail is unreliable: report the rest of the text.
          let next = code == SQLITE_OK ? tail ?? end : end
          let text = Array(UnsafeRawBufferPointer(start: start, count: next - start))
          let isWhole = isFirst && isBlank(UnsafeRawBufferPointer(start: next, count: end - next))
          start = next
          isFirst = false
          guard code == SQLITE_OK else {
            sqlite3_finalize(handle)
            throw DatabaseError(
              connection: self.handle, resultCode: code, sql: trimmed(text),
              arguments: arguments.all)
          }
          guard let handle else { continue }  // only whitespace or a comment was left
          let statement = PreparedStatement(
            handle: handle, connection: self.handle,
            utf8: isWhole ? utf8 : Array(trimmed(text).utf8))
          try statement.bind(arguments, position: &position)
          try step(statement, arguments)
          if isWhole { statementCache[StatementKey(utf8)] = statement }
        }
      }
    }
    guard position == arguments.positional.count else {
      throw DatabaseError(
        resultCode: DatabaseError.misuse,
        message:
          "the SQL has \(position) positional parameters but \(arguments.positional.count) values were given",
        sql: sql, arguments: arguments.all)
    }
  }

  /// Runs raw SQL and returns its rows.
  public func fetchAll(sql: String, arguments: StatementArguments = StatementArguments())
    throws -> [Row]
  {
    try fetchCursor(sql: sql, arguments: arguments).collect()
  }

  /// Runs raw SQL and returns its first row, or nil when there is none.
  public func fetchOne(sql: String, arguments: StatementArguments = StatementArguments())
    throws -> Row?
  {
    try fetchCursor(sql: sql, arguments: arguments).next()
  }

  /// Runs raw SQL and returns a cursor over its rows.
  public func fetchCursor(sql: String, arguments: StatementArguments = StatementArguments())
    throws -> DatabaseCursor<Row>
  {
    let statement = try boundStatement(sql: sql, arguments: arguments)
    let names = statement.columnNames
    return DatabaseCursor(database: self, statement: statement, arguments: arguments.all) {
      decoder in decoder.statement.row(columnNames: names)
    }
  }

  /// Runs raw SQL and decodes each row's first column(s) as `type`: `[Int]`, `[String]`.
  public func fetchAll<Value: QueryDecodable>(
    _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> [Value] {
    try fetchCursor(type, sql: sql, arguments: arguments).collect()
  }

  /// Runs raw SQL and decodes its first row as `type`, or returns nil when there is none.
  public func fetchOne<Value: QueryDecodable>(
    _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> Value? {
    try fetchCursor(type, sql: sql, arguments: arguments).next()
  }

  /// Runs raw SQL and returns a cursor that decodes each row as `type`.
  public func fetchCursor<Value: QueryDecodable>(
    _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> DatabaseCursor<Value> {
    let statement = try boundStatement(sql: sql, arguments: arguments)
    return DatabaseCursor(database: self, statement: statement, arguments: arguments.all) {
      try Value(decoder: &$0)
    }
  }

  /// Compiles one SQL statement for reuse with ``PreparedStatement/execute(arguments:)`` and
  /// its fetch methods. Unlike ``prepare(sql:)``, fails when the SQL holds no statement.
  public func makeStatement(sql: String) throws -> PreparedStatement {
    guard let statement = try prepare(sql: sql) else {
      throw DatabaseError(
        resultCode: DatabaseError.misuse, message: "the SQL holds no statement", sql: sql)
    }
    return statement
  }

  /// A statement for raw SQL from the cache (or newly prepared), bound to `arguments`.
  func boundStatement(sql: String, arguments: StatementArguments) throws -> PreparedStatement {
    let utf8 = Array(sql.utf8)
    let key = StatementKey(utf8)
    let statement: PreparedStatement
    if let cached = statementCache[key], !cached.isBusy {
      statement = cached
    } else {
      let compiled: PreparedStatement?
      do {
        compiled = try prepare(utf8: utf8)
      } catch var error as DatabaseError {
        error.arguments = arguments.all
        throw error
      }
      guard let prepared = compiled else {
        throw DatabaseError(
          resultCode: DatabaseError.misuse, message: "the SQL holds no statement", sql: sql,
          arguments: arguments.all)
      }
      if statementCache[key] == nil { statementCache[key] = prepared }
      statement = prepared
    }
    do {
      try statement.bind(arguments)
    } catch {
      statement.reset()
      throw error
    }
    return statement
  }

  /// Binds and runs a statement to its end.
  func run(_ statement: PreparedStatement, _ arguments: StatementArguments) throws {
    try statement.bind(arguments)
    try step(statement, arguments)
  }

  private func step(_ statement: PreparedStatement, _ arguments: StatementArguments) throws {
    statement.isBusy = true
    defer { statement.reset() }
    var code = sqlite3_step(statement.handle)
    while code == SQLITE_ROW { code = sqlite3_step(statement.handle) }
    guard code == SQLITE_DONE else {
      throw DatabaseError(
        connection: handle, resultCode: code, sql: statement.sql, arguments: arguments.all)
    }
  }
}

extension PreparedStatement {
  /// Runs the statement with new arguments, discarding any rows.
  public func execute(arguments: StatementArguments = StatementArguments()) throws {
    guard !isBusy else { throw busyError() }
    try bind(arguments)
    isBusy = true
    defer { reset() }
    var code = sqlite3_step(handle)
    while code == SQLITE_ROW { code = sqlite3_step(handle) }
    guard code == SQLITE_DONE else {
      throw DatabaseError(
        connection: connection, resultCode: code, sql: sql, arguments: arguments.all)
    }
  }

  /// Runs the statement with new arguments and returns its rows.
  public func fetchAll(arguments: StatementArguments = StatementArguments()) throws -> [Row] {
    guard !isBusy else { throw busyError() }
    try bind(arguments)
    let names = columnNames
    return try DatabaseCursor(database: nil, statement: self, arguments: arguments.all) {
      decoder in decoder.statement.row(columnNames: names)
    }.collect()
  }

  /// Runs the statement with new arguments and decodes each row as `type`.
  public func fetchAll<Value: QueryDecodable>(
    _ type: Value.Type, arguments: StatementArguments = StatementArguments()
  ) throws -> [Value] {
    guard !isBusy else { throw busyError() }
    try bind(arguments)
    return try DatabaseCursor(database: nil, statement: self, arguments: arguments.all) {
      try Value(decoder: &$0)
    }.collect()
  }

  /// Runs the statement with new arguments and decodes its first row as `type`.
  public func fetchOne<Value: QueryDecodable>(
    _ type: Value.Type, arguments: StatementArguments = StatementArguments()
  ) throws -> Value? {
    guard !isBusy else { throw busyError() }
    try bind(arguments)
    return try DatabaseCursor(database: nil, statement: self, arguments: arguments.all) {
      try Value(decoder: &$0)
    }.next()
  }

  private func busyError() -> DatabaseError {
    DatabaseError(
      resultCode: DatabaseError.misuse,
      message: "the statement is still being stepped by a cursor", sql: sql)
  }
}

private func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
  bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0x3B }
}

private func trimmed(_ utf8: [UInt8]) -> String {
  var text = Substring(String(decoding: utf8, as: UTF8.self))
  while let first = text.first, first.isWhitespace { text.removeFirst() }
  while let last = text.last, last.isWhitespace { text.removeLast() }
  return String(text)
}
