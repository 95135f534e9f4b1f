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
    switch try preparation(utf8: utf8, arguments: arguments) {
    case .empty:
      guard arguments.positional.isEmpty else {
        throw DatabaseError(
          resultCode: DatabaseError.misuse,
          message:
            "the SQL has 0 positional parameters but \(arguments.positional.count) values were given",
          sql: sql, arguments: arguments.all, showsArguments: configuration.showsArgumentsInErrors)
      }
    case .statement(let statement):
      try statement.start(arguments)
      try statement.run(reporting: arguments.all)
    case .several:
      try executeEach(utf8: utf8, arguments: arguments)
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
    let statement = try startedStatement(sql: sql, arguments: arguments)
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

  /// Runs raw SQL and decodes its first row as `type`: nil when there is no row, and nil when
  /// `type` is a single value (not a table) that cannot hold the `NULL` the row holds.
  ///
  /// ```swift
  /// try db.fetchOne(String.self, sql: "SELECT note FROM t")   // nil: no row, or a NULL note
  /// try db.fetchOne(String?.self, sql: "SELECT note FROM t")  // .some(nil): a NULL note
  /// ```
  ///
  /// To tell a missing row from a `NULL`, ask for an optional type, or fetch the ``Row`` and
  /// decode it: `try row.decode(String.self, at: 0)` fails with `found NULL`.
  public func fetchOne<Value: QueryDecodable>(
    _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> Value? {
    let statement = try startedStatement(sql: sql, arguments: arguments)
    return try DatabaseCursor(database: self, statement: statement, arguments: arguments.all) {
      try $0.decodeScalar(Value.self)
    }.next() ?? nil
  }

  /// Runs raw SQL and returns a cursor that decodes each row as `type`.
  public func fetchCursor<Value: QueryDecodable>(
    _ type: Value.Type, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws -> DatabaseCursor<Value> {
    let statement = try startedStatement(sql: sql, arguments: arguments)
    return DatabaseCursor(database: self, statement: statement, arguments: arguments.all) {
      try Value(decoder: &$0)
    }
  }

  /// Compiles one SQL statement for reuse with ``PreparedStatement/execute(arguments:)`` and
  /// its fetch methods. Unlike ``prepare(sql:)``, fails when the SQL holds no statement.
  public func makeStatement(sql: String) throws -> PreparedStatement {
    guard let statement = try prepare(sql: sql) else {
      throw DatabaseError.noStatement(sql: sql, arguments: [])
    }
    return statement
  }

  /// The prepared statement for `sql` from the statement cache, to bind and run again and again:
  /// the same object for the same SQL, as long as the cache keeps it (the 256 statements used
  /// most recently). Fails when the SQL holds no statement or several.
  ///
  /// ```swift
  /// let insert = try db.cachedStatement(sql: "INSERT INTO t (a) VALUES (?)")
  /// for a in 1...3 { try insert.execute(arguments: [a]) }
  /// ```
  ///
  /// A statement a cursor is still stepping is never handed out twice: meanwhile the same SQL
  /// gets a statement of its own that is not kept.
  public func cachedStatement(sql: String) throws -> PreparedStatement {
    switch try preparation(utf8: Array(sql.utf8), arguments: StatementArguments()) {
    case .empty:
      throw DatabaseError.noStatement(sql: sql, arguments: [])
    case .several:
      throw DatabaseError.severalStatements(sql: sql, arguments: [])
    case .statement(let statement):
      return statement
    }
  }

  /// What the raw SQL `utf8` holds, from the user's statement cache; a failure to prepare
  /// reports `arguments` too.
  func preparation(utf8: [UInt8], arguments: StatementArguments) throws -> Preparation {
    do {
      let preparation = try statements.statement(for: utf8, on: self)
      if recordedReads != nil { recordReads(of: preparation) }
      return preparation
    } catch var error as DatabaseError {
      error.arguments = arguments.all
      error.showsArguments = configuration.showsArgumentsInErrors
      throw error
    }
  }

  /// The statement for raw SQL, bound to `arguments` and busy until it is reset.
  func startedStatement(sql: String, arguments: StatementArguments) throws -> PreparedStatement {
    switch try preparation(utf8: Array(sql.utf8), arguments: arguments) {
    case .empty:
      throw DatabaseError.noStatement(
        sql: sql, arguments: arguments.all, showsArguments: configuration.showsArgumentsInErrors)
    case .several:
      throw DatabaseError.severalStatements(
        sql: sql, arguments: arguments.all, showsArguments: configuration.showsArgumentsInErrors)
    case .statement(let statement):
      try statement.start(arguments)
      return statement
    }
  }
}

extension PreparedStatement {
  /// Runs the statement with new arguments, discarding any rows.
  public func execute(arguments: StatementArguments = StatementArguments()) throws {
    try start(arguments)
    try run(reporting: arguments.all)
  }

  /// Runs the statement with new arguments and returns its rows.
  public func fetchAll(arguments: StatementArguments = StatementArguments()) throws -> [Row] {
    try start(arguments)
    let names = columnNames
    return try DatabaseCursor(database: nil, statement: self, arguments: arguments.all) {
      decoder in decoder.statement.row(columnNames: names)
    }.collect()
  }

  /// Runs the statement with new arguments and decodes each row as `type`.
  public func fetchAll<Value: QueryDecodable>(
    _ type: Value.Type, arguments: StatementArguments = StatementArguments()
  ) throws -> [Value] {
    try start(arguments)
    return try DatabaseCursor(database: nil, statement: self, arguments: arguments.all) {
      try Value(decoder: &$0)
    }.collect()
  }

  /// Runs the statement with new arguments and returns its first row, or nil when there is
  /// none.
  public func fetchOne(arguments: StatementArguments = StatementArguments()) throws -> Row? {
    try fetchCursor(arguments: arguments).next()
  }

  /// Runs the statement with new arguments and returns a cursor over its rows.
  public func fetchCursor(arguments: StatementArguments = StatementArguments()) throws
    -> DatabaseCursor<Row>
  {
    try start(arguments)
    let names = columnNames
    return DatabaseCursor(database: nil, statement: self, arguments: arguments.all) {
      decoder in decoder.statement.row(columnNames: names)
    }
  }

  /// Runs the statement with new arguments and decodes its first row as `type`: nil when
  /// there is no row, and nil when `type` is a single value (not a table) that cannot hold the
  /// `NULL` the row holds, as ``Database/fetchOne(_:sql:arguments:)`` does.
  public func fetchOne<Value: QueryDecodable>(
    _ type: Value.Type, arguments: StatementArguments = StatementArguments()
  ) throws -> Value? {
    try start(arguments)
    return try DatabaseCursor(database: nil, statement: self, arguments: arguments.all) {
      try $0.decodeScalar(Value.self)
    }.next() ?? nil
  }

  /// Runs the statement with new arguments and returns a cursor that decodes each row as
  /// `type`.
  public func fetchCursor<Value: QueryDecodable>(
    _ type: Value.Type, arguments: StatementArguments = StatementArguments()
  ) throws -> DatabaseCursor<Value> {
    try start(arguments)
    return DatabaseCursor(database: nil, statement: self, arguments: arguments.all) {
      try Value(decoder: &$0)
    }
  }

  /// Binds `arguments` and marks the statement busy until it is reset; on failure it is reset.
  /// A statement already being stepped (by a cursor) cannot start again.
  func start(_ arguments: StatementArguments) throws {
    guard !isBusy else {
      throw DatabaseError(
        resultCode: DatabaseError.misuse,
        message: "the statement is still being stepped by a cursor", sql: sql)
    }
    try start { try bind(arguments) }
  }
}

extension SQLiteQueryDecoder {
  /// Decodes the row as `Value`, or returns nil when `Value` is a single value (not a table)
  /// that fails on the `NULL` in the first column: a scalar fetch's nil, as for no row.
  mutating func decodeScalar<Value: QueryDecodable>(_ type: Value.Type) throws -> Value? {
    do {
      return try Value(decoder: &self)
    } catch let error as QueryDecodingError {
      guard Value.queryColumnCount == 1, !(Value.self is any Table.Type), columnCount > 0,
        sqlite3_column_type(handle, 0) == SQLITE_NULL
      else { throw error }
      return nil
    }
  }
}
