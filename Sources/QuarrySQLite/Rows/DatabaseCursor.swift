import CSQLite
import QuarryCore

/// Rows decoded one at a time as SQLite steps a statement, without building an array.
///
/// ```swift
/// let cursor = try Reminder.all.fetchCursor(db)
/// while let reminder = try cursor.next() { … }
/// ```
///
/// A cursor keeps its statement busy until it is exhausted or released (the statement cache
/// prepares another one for the same SQL meanwhile). Use it only inside the `read` or `write`
/// that made it: once that access has ended, `next()` throws a misuse error instead of stepping
/// a connection that another access may be using.
public final class DatabaseCursor<Element> {
  private let database: Database?  // keeps the connection open while the cursor lives
  private let statement: PreparedStatement
  private let arguments: [QueryBinding]
  private let decodeRow: (inout SQLiteQueryDecoder) throws -> Element
  private var isFinished = false
  /// The access of a queue or pool that made the cursor (``Database/accessGeneration``).
  private let accessGeneration: UInt64

  init(
    database: Database?, statement: PreparedStatement, arguments: [QueryBinding],
    decodeRow: @escaping (inout SQLiteQueryDecoder) throws -> Element
  ) {
    self.database = database
    self.statement = statement
    self.arguments = arguments
    self.decodeRow = decodeRow
    self.accessGeneration = database?.accessGeneration ?? 0
    statement.isBusy = true
  }

  deinit {
    if !isFinished { statement.reset() }
  }

  /// The next element, or nil when the rows are exhausted.
  public func next() throws -> Element? {
    guard !isFinished else { return nil }
    if let database, database.accessGeneration != accessGeneration {
      throw DatabaseError.cursorOutsideItsAccess(
        sql: statement.sql, arguments: arguments, showsArguments: statement.showsArgumentsInErrors)
    }
    let hasRow: Bool
    do {
      hasRow = try statement.step(reporting: arguments)
    } catch {
      finish()
      throw error
    }
    guard hasRow else {
      finish()
      return nil
    }
    var decoder = SQLiteQueryDecoder(statement)
    do {
      return try decodeRow(&decoder)
    } catch let error as QueryDecodingError {
      finish()
      throw decoder.locate(error)
    } catch {
      finish()
      throw error
    }
  }

  /// Calls `body` with every remaining element.
  public func forEach(_ body: (Element) throws -> Void) throws {
    while let element = try next() { try body(element) }
  }

  /// Collects the remaining elements into an array.
  public func collect() throws -> [Element] {
    var elements: [Element] = []
    while let element = try next() { elements.append(element) }
    return elements
  }

  private func finish() {
    isFinished = true
    statement.reset()
  }
}

extension Database {
  /// Runs one statement and returns a cursor over its rows, decoded with `decodeRow`.
  public func fetchCursor<Element>(
    _ fragment: QueryFragment,
    decodeRow: @escaping (inout SQLiteQueryDecoder) throws -> Element
  ) throws -> DatabaseCursor<Element> {
    guard let statement = try startedStatement(for: fragment, columnsOf: nil) else {
      throw DatabaseError.noStatement(
        sql: fragment.sql, arguments: fragment.values,
        showsArguments: configuration.showsArgumentsInErrors)
    }
    return DatabaseCursor(
      database: self, statement: statement, arguments: fragment.bindings, decodeRow: decodeRow)
  }
}

extension Statement {
  /// Runs the statement and returns a cursor that decodes one row per `next()`.
  public func fetchCursor<each Value: QueryDecodable>(_ db: Database) throws
    -> DatabaseCursor<(repeat each Value)>
  where QueryValue == (repeat each Value) {
    try db.fetchCursor(query) { decoder in
      (repeat try (each Value)(decoder: &decoder))
    }
  }
}

extension Statement where QueryValue: QueryDecodable {
  /// Runs the statement and returns a cursor that decodes one row per `next()`.
  public func fetchCursor(_ db: Database) throws -> DatabaseCursor<QueryValue> {
    try db.fetchCursor(query) { decoder in try QueryValue(decoder: &decoder) }
  }
}
