import Observation
import QuarryCore

/// The rows of a statement, live, for SwiftUI and other `Observation` clients: the value
/// changes on the main actor after each commit that changes what the statement reads.
///
/// As a property wrapper of an `@Observable` model (marked `@ObservationIgnored`: the wrapper
/// is observable itself) or of a SwiftUI view:
///
/// ```swift
/// @MainActor @Observable final class Model {
///   @ObservationIgnored @FetchAll(Reminder.where { !$0.isCompleted }.order { $0.title })
///   var reminders
///   func search(_ text: String) async throws {
///     try await $reminders.load(Reminder.where { $0.title.contains(text) })
///   }
/// }
/// ```
///
/// The statement runs on the database given, else on ``DefaultDatabase/current``. Fetches run
/// off the main actor; the value is the initial one until the first fetch is in, unless
/// `fetchesImmediately` fetches it in place (on a pool's reader, never waiting for a write).
/// When a fetch fails, ``loadError`` says why and the value keeps the last rows; the
/// observation then stops until the next ``load(_:in:)``. Releasing the wrapper stops it too.
@MainActor
@propertyWrapper
public final class FetchAll<Element: QueryDecodable & Sendable>: Observable {
  private let live: LiveValue<[Element]>
  private var database: (any DatabaseWriter)?

  /// Observes `statement` on `database` (the default database when nil).
  public init<S: Statement>(
    wrappedValue: [Element] = [], _ statement: S, in database: (any DatabaseWriter)? = nil,
    fetchesImmediately: Bool = false
  ) where S.QueryValue == Element {
    live = LiveValue(wrappedValue)
    self.database = database ?? DefaultDatabase.current
    begin(statement, fetchesImmediately: fetchesImmediately)
  }

  /// The rows, as last fetched.
  public var wrappedValue: [Element] { live.value }
  /// The wrapper itself, for ``load(_:in:)``, ``isLoading`` and ``loadError``.
  public var projectedValue: FetchAll<Element> { self }
  /// The rows, as last fetched.
  public var value: [Element] { live.value }
  /// Whether the first rows of the current statement are still being fetched.
  public var isLoading: Bool { live.isLoading }
  /// The error that stopped the observation, if one did.
  public var loadError: (any Error)? { live.error }

  /// Observes `statement` instead, on `database` (nil: the one observed so far), returning
  /// once its first rows are in. The old observation stops: no value of it arrives after this.
  public func load<S: Statement>(_ statement: S, in database: (any DatabaseWriter)? = nil)
    async throws where S.QueryValue == Element
  {
    if let database { self.database = database }
    try await live.load(try observation(statement))
  }

  /// The rows grouped by `key`, in the order of the rows: one section per run of rows with
  /// the same key, so a statement ordered by the key gives one section per key.
  public func sections<Key: Hashable>(by key: (Element) -> Key) -> [FetchedSection<Key, Element>] {
    var sections: [FetchedSection<Key, Element>] = []
    for row in live.value {
      let rowKey = key(row)
      if sections.last?.key == rowKey {
        sections[sections.count - 1].rows.append(row)
      } else {
        sections.append(FetchedSection(key: rowKey, rows: [row]))
      }
    }
    return sections
  }

  private func begin<S: Statement>(_ statement: S, fetchesImmediately: Bool)
  where S.QueryValue == Element {
    do {
      let values = try observation(statement)
      if fetchesImmediately, let database {
        live.set(try database.read { db in try statement.fetchAll(db) })
      }
      live.start(values)
    } catch {
      live.fail(error)
    }
  }

  private func observation<S: Statement>(_ statement: S) throws -> AsyncThrowingStream<
    [Element], any Error
  > where S.QueryValue == Element {
    guard let database else { throw DefaultDatabase.missing }
    return database.observe(statement)
  }
}

/// Rows of a ``FetchAll`` that share a key, as ``FetchAll/sections(by:)`` groups them.
public struct FetchedSection<Key: Hashable, Element>: Identifiable {
  /// The key the rows share.
  public let key: Key
  /// The rows, in the order of the statement.
  public var rows: [Element]
  /// The key, which identifies the section.
  public var id: Key { key }
}

extension FetchedSection: Sendable where Key: Sendable, Element: Sendable {}
extension FetchedSection: Equatable where Element: Equatable {}

/// The first row of a statement, live: see ``FetchAll``. The wrapped value is optional (nil
/// when there is no row), or not when the property has a default, which stands for no row:
///
/// ```swift
/// @ObservationIgnored @FetchOne(Reminder.order { $0.title }) var first: Reminder?
/// @ObservationIgnored @FetchOne(Reminder.select { $0.count() }) var count = 0
/// ```
@MainActor
@propertyWrapper
public final class FetchOne<Value: Sendable>: Observable {
  private let live: LiveValue<Value>
  private var database: (any DatabaseWriter)?
  /// Turns a fetched row (nil when there is none) into a value.
  private let convert: @Sendable (Value?) -> Value

  /// Observes the first row of `statement` on `database` (the default database when nil); the
  /// value is nil when there is none.
  public init<S: Statement, Row>(
    wrappedValue: Value = nil, _ statement: S, in database: (any DatabaseWriter)? = nil,
    fetchesImmediately: Bool = false
  ) where Value == Row?, S.QueryValue == Row, Row: QueryDecodable & Sendable {
    live = LiveValue(wrappedValue)
    convert = { $0 ?? nil }
    self.database = database ?? DefaultDatabase.current
    begin(statement, fetchesImmediately: fetchesImmediately) { $0 }
  }

  /// Observes the first row of `statement` on `database` (the default database when nil); the
  /// value is `wrappedValue` when there is none.
  public init<S: Statement>(
    wrappedValue: Value, _ statement: S, in database: (any DatabaseWriter)? = nil,
    fetchesImmediately: Bool = false
  ) where S.QueryValue == Value, Value: QueryDecodable {
    live = LiveValue(wrappedValue)
    convert = { [wrappedValue] in $0 ?? wrappedValue }
    self.database = database ?? DefaultDatabase.current
    begin(statement, fetchesImmediately: fetchesImmediately) { $0 }
  }

  /// The row, as last fetched.
  public var wrappedValue: Value { live.value }
  /// The wrapper itself, for `load(_:in:)`, ``isLoading`` and ``loadError``.
  public var projectedValue: FetchOne<Value> { self }
  /// The row, as last fetched.
  public var value: Value { live.value }
  /// Whether the first row of the current statement is still being fetched.
  public var isLoading: Bool { live.isLoading }
  /// The error that stopped the observation, if one did.
  public var loadError: (any Error)? { live.error }

  /// Observes the first row of `statement` instead: see ``FetchAll/load(_:in:)``.
  public func load<S: Statement, Row>(_ statement: S, in database: (any DatabaseWriter)? = nil)
    async throws where Value == Row?, S.QueryValue == Row, Row: QueryDecodable & Sendable
  {
    if let database { self.database = database }
    try await live.load(try observation(statement) { $0 })
  }

  /// Observes the first row of `statement` instead: see ``FetchAll/load(_:in:)``.
  public func load<S: Statement>(_ statement: S, in database: (any DatabaseWriter)? = nil)
    async throws where S.QueryValue == Value, Value: QueryDecodable
  {
    if let database { self.database = database }
    try await live.load(try observation(statement) { $0 })
  }

  private func begin<S: Statement>(
    _ statement: S, fetchesImmediately: Bool, _ wrap: @escaping @Sendable (S.QueryValue?) -> Value?
  ) where S.QueryValue: QueryDecodable & Sendable {
    do {
      let values = try observation(statement, wrap)
      if fetchesImmediately, let database {
        let row = try database.read { db in try statement.fetchOne(db) }
        live.set(convert(wrap(row)))
      }
      live.start(values)
    } catch {
      live.fail(error)
    }
  }

  private func observation<S: Statement>(
    _ statement: S, _ wrap: @escaping @Sendable (S.QueryValue?) -> Value?
  ) throws -> AsyncThrowingStream<Value, any Error> where S.QueryValue: QueryDecodable & Sendable {
    guard let database else { throw DefaultDatabase.missing }
    let rows = database.observeOne(statement)
    let convert = convert
    return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let task = Task.detached {
        do {
          for try await row in rows { continuation.yield(convert(wrap(row))) }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

/// The number of rows of a statement, live: see ``FetchAll``.
@MainActor
@propertyWrapper
public final class FetchCount: Observable {
  private let live: LiveValue<Int>
  private var database: (any DatabaseWriter)?

  /// Observes the number of rows of `statement` on `database` (the default database when
  /// nil).
  public init(
    wrappedValue: Int = 0, _ statement: some Statement, in database: (any DatabaseWriter)? = nil,
    fetchesImmediately: Bool = false
  ) {
    live = LiveValue(wrappedValue)
    self.database = database ?? DefaultDatabase.current
    do {
      guard let database = self.database else { throw DefaultDatabase.missing }
      let values = database.observeCount(statement)
      if fetchesImmediately {
        live.set(try database.read { db in try statement.fetchCount(db) })
      }
      live.start(values)
    } catch {
      live.fail(error)
    }
  }

  /// The count, as last fetched.
  public var wrappedValue: Int { live.value }
  /// The wrapper itself, for ``load(_:in:)``, ``isLoading`` and ``loadError``.
  public var projectedValue: FetchCount { self }
  /// The count, as last fetched.
  public var value: Int { live.value }
  /// Whether the first count of the current statement is still being fetched.
  public var isLoading: Bool { live.isLoading }
  /// The error that stopped the observation, if one did.
  public var loadError: (any Error)? { live.error }

  /// Observes the number of rows of `statement` instead: see ``FetchAll/load(_:in:)``.
  public func load(_ statement: some Statement, in database: (any DatabaseWriter)? = nil)
    async throws
  {
    if let database { self.database = database }
    guard let database = self.database else { throw DefaultDatabase.missing }
    try await live.load(database.observeCount(statement))
  }
}
