import Observation

/// Several fetches that run together, in one read snapshot, for ``Fetch``.
///
/// ```swift
/// struct Counts: FetchRequest {
///   func fetch(_ db: Database) throws -> (open: Int, done: Int) {
///     (
///       try Reminder.where { !$0.isCompleted }.fetchCount(db),
///       try Reminder.where { $0.isCompleted }.fetchCount(db)
///     )
///   }
/// }
/// ```
public protocol FetchRequest<Value>: Sendable {
  /// What the request fetches.
  associatedtype Value: Sendable
  /// Fetches the value: every read in it sees the same state of the database.
  func fetch(_ db: Database) throws -> Value
}

/// The value of a ``FetchRequest``, live: fetched again, in one snapshot, after each commit
/// that changes a table column it reads. See ``FetchAll`` for the database used, ``load(_:in:)``,
/// ``isLoading``, ``loadError`` and `fetchesImmediately`.
///
/// ```swift
/// @ObservationIgnored @Fetch(Counts()) var counts = (open: 0, done: 0)
/// ```
@MainActor
@propertyWrapper
public final class Fetch<Value: Sendable>: Observable {
  private let live: LiveValue<Value>
  private var database: (any DatabaseWriter)?

  /// Observes `request` on `database` (the default database when nil); the value is
  /// `wrappedValue` until the first fetch is in.
  public init<Request: FetchRequest>(
    wrappedValue: Value, _ request: Request, in database: (any DatabaseWriter)? = nil,
    fetchesImmediately: Bool = false
  ) where Request.Value == Value {
    live = LiveValue(wrappedValue)
    self.database = database ?? DefaultDatabase.current
    do {
      guard let database = self.database else { throw DefaultDatabase.missing }
      let values = database.observe { db in try request.fetch(db) }
      if fetchesImmediately {
        live.set(try database.read { db in try request.fetch(db) })
      }
      live.start(values)
    } catch {
      live.fail(error)
    }
  }

  /// The value, as last fetched.
  public var wrappedValue: Value { live.value }
  /// The wrapper itself, for ``load(_:in:)``, ``isLoading`` and ``loadError``.
  public var projectedValue: Fetch<Value> { self }
  /// Whether the first value of the current request is still being fetched.
  public var isLoading: Bool { live.isLoading }
  /// The error that stopped the observation, if one did.
  public var loadError: (any Error)? { live.error }

  /// Observes `request` instead: see ``FetchAll/load(_:in:)``.
  public func load<Request: FetchRequest>(
    _ request: Request, in database: (any DatabaseWriter)? = nil
  ) async throws where Request.Value == Value {
    if let database { self.database = database }
    guard let database = self.database else { throw DefaultDatabase.missing }
    try await live.load(database.observe { db in try request.fetch(db) })
  }
}
