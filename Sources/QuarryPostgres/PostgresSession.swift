import Foundation
import Logging
import NIOCore
import PostgresNIO
import QuarryCore

/// A connection lent to one `read` or `write` of a ``PostgresDatabase``, inside its
/// transaction: what statements run on.
///
/// ```swift
/// try await db.write { db in
///   try await Reminder.insert { Reminder.Draft(title: "Ship it") }.execute(db)
/// }
/// ```
///
/// Use it only inside the closure that received it.
public struct PostgresSession: Sendable {
  /// postgres-nio's connection, for what Quarry does not cover. Don't end its transaction.
  public let connection: PostgresConnection
  let settings: PostgresDatabase.Settings
  /// How many savepoints are open around this session.
  let savepointDepth: Int

  init(connection: PostgresConnection, settings: PostgresDatabase.Settings, savepointDepth: Int) {
    self.connection = connection
    self.settings = settings
    self.savepointDepth = savepointDepth
  }

  /// Runs SQL text without arguments, discarding any rows: `try await db.execute(sql: "…")`.
  public func execute(sql: String) async throws {
    try await execute(QueryFragment(sql: sql))
  }

  /// Runs a fragment, discarding any rows.
  public func execute(_ fragment: QueryFragment) async throws {
    let (rows, sql, bindings) = try await run(fragment)
    do {
      for try await _ in rows {}
    } catch {
      throw fail(error, sql, bindings)
    }
  }

  /// Runs a fragment and decodes every row with `decode`.
  func fetchAll<Value>(
    _ fragment: QueryFragment, decode: (inout PostgresQueryDecoder) throws -> Value
  ) async throws -> [Value] {
    let (rows, sql, bindings) = try await run(fragment)
    var values: [Value] = []
    do {
      for try await row in rows {
        var decoder = PostgresQueryDecoder(row: row, sql: sql)
        values.append(try decode(&decoder))
      }
    } catch let error as QueryDecodingError {
      throw error
    } catch {
      throw fail(error, sql, bindings)
    }
    return values
  }

  /// Runs a fragment and decodes its first row, or returns nil when there is none.
  func fetchOne<Value>(
    _ fragment: QueryFragment, decode: (inout PostgresQueryDecoder) throws -> Value
  ) async throws -> Value? {
    let (rows, sql, bindings) = try await run(fragment)
    var value: Value?
    do {
      for try await row in rows where value == nil {
        var decoder = PostgresQueryDecoder(row: row, sql: sql)
        value = try decode(&decoder)
      }
    } catch let error as QueryDecodingError {
      throw error
    } catch {
      throw fail(error, sql, bindings)
    }
    return value
  }

  /// Runs `body` inside a savepoint: its changes are kept when it returns and rolled back when
  /// it throws, while the surrounding transaction goes on.
  public func savepoint<Result: Sendable>(
    _ body: (PostgresSession) async throws -> Result
  ) async throws -> Result {
    let name = "quarry_savepoint_\(savepointDepth + 1)"
    let inner = PostgresSession(
      connection: connection, settings: settings, savepointDepth: savepointDepth + 1)
    try await execute(sql: "SAVEPOINT \(name)")
    do {
      let result = try await body(inner)
      try await execute(sql: "RELEASE SAVEPOINT \(name)")
      return result
    } catch {
      try await execute(sql: "ROLLBACK TO SAVEPOINT \(name)")
      try await execute(sql: "RELEASE SAVEPOINT \(name)")
      throw error
    }
  }

  /// PostgreSQL's limit on the parameters of one statement (the wire protocol counts them in
  /// 16 bits).
  static let maximumParameterCount = 65_535

  /// Sends a fragment rendered in PostgreSQL's dialect: its SQL with numbered placeholders,
  /// and its bindings.
  private func run(
    _ fragment: QueryFragment
  ) async throws -> (PostgresRowSequence, String, [QueryBinding]) {
    try Task.checkCancellation()
    var renderer = SQLRenderer(dialect: .postgres, placeholders: .numbered)
    renderer.append(fragment)
    let sql = String(decoding: renderer.utf8, as: UTF8.self)
    let bindings = renderer.bindings
    let count = bindings.count
    guard count <= Self.maximumParameterCount else {
      throw statementError(
        "\(count) values: PostgreSQL takes at most \(Self.maximumParameterCount) in one "
          + "statement; insert the rows in batches",
        sql, [])
    }
    var binds = PostgresBindings(capacity: count)
    for binding in bindings {
      switch binding {
      case .null: binds.appendNull()
      case .int(let value): binds.append(value)
      case .bool(let value): binds.append(value)
      case .double(let value): binds.append(value)
      case .text(let value): binds.append(InferredText(value))
      case .blob(let bytes): binds.append(ByteBuffer(bytes: bytes))
      case .jsonb(let json): binds.append(JSONBText(json))
      case .invalid(let error): throw statementError(error.message, sql, bindings)
      }
    }
    if let logger = settings.logger {
      if settings.logsArguments, !bindings.isEmpty {
        logger.debug(
          "\(sql)",
          metadata: [
            "arguments":
              "\(bindings.map { $0.sqlLiteral(for: .postgres) }.joined(separator: ", "))"
          ]
        )
      } else {
        logger.debug("\(sql)")
      }
    }
    do {
      let rows = try await connection.query(
        PostgresQuery(unsafeSQL: sql, binds: binds), logger: settings.queryLogger)
      return (rows, sql, bindings)
    } catch {
      throw PostgresError(
        error, sql: sql, arguments: bindings, showsArguments: settings.showsArgumentsInErrors)
    }
  }

  private func statementError(
    _ message: String, _ sql: String, _ bindings: [QueryBinding]
  ) -> PostgresError {
    PostgresError(
      kind: .statement, message: message, sql: sql, arguments: bindings,
      showsArguments: settings.showsArgumentsInErrors)
  }

  /// A failure while rows streamed in, with the SQL and bindings `run` rendered.
  private func fail(
    _ error: any Error, _ sql: String, _ bindings: [QueryBinding]
  ) -> PostgresError {
    if let error = error as? PostgresError { return error }
    return PostgresError(
      error, sql: sql, arguments: bindings,
      showsArguments: settings.showsArgumentsInErrors)
  }
}

/// JSON sent as `jsonb` text.
struct JSONBText: PostgresNonThrowingEncodable {
  static var psqlType: PostgresDataType { .jsonb }
  static var psqlFormat: PostgresFormat { .text }

  let json: String

  init(_ json: String) {
    self.json = json
  }

  func encode<JSONEncoder: PostgresJSONEncoder>(
    into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
  ) {
    byteBuffer.writeString(json)
  }
}

/// Text sent without a type, so that PostgreSQL reads it as whatever the statement needs
/// there: `text`, `varchar`, `timestamptz` (Quarry's ISO-8601 dates), `uuid`, `jsonb`, an enum.
struct InferredText: PostgresNonThrowingEncodable {
  static var psqlType: PostgresDataType { .null }
  static var psqlFormat: PostgresFormat { .text }

  let text: String

  init(_ text: String) {
    self.text = text
  }

  func encode<JSONEncoder: PostgresJSONEncoder>(
    into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
  ) {
    byteBuffer.writeString(text)
  }
}
