import Observation
import QuarryCore

/// The rows of a statement, live, for SwiftUI and other `Observation` clients: ``value``
/// changes on the main actor after each commit that changes what the statement reads.
///
/// ```swift
/// @MainActor @Observable final class Model {
///   let reminders: FetchAll<Reminder>
///   init(db: DatabasePool) { reminders = FetchAll(Reminder.order { $0.title }, in: db) }
/// }
/// ```
///
/// Fetches run off the main actor; ``value`` is empty until the first one is in. When a fetch
/// fails, ``error`` says why and ``value`` keeps the last rows; the observation then stops.
/// Releasing the model stops it too.
@MainActor
public final class FetchAll<Element: QueryDecodable & Sendable>: Observable {
  private let live: LiveValue<[Element]>

  /// Observes `statement` on `database`.
  public init<S: Statement>(_ statement: S, in database: some DatabaseWriter)
  where S.QueryValue == Element {
    live = LiveValue([], database.observe(statement))
  }

  /// The rows, as last fetched.
  public var value: [Element] { live.value }
  /// The error that stopped the observation, if one did.
  public var error: (any Error)? { live.error }
}

/// The first row of a statement (nil when it has none), live: see ``FetchAll``.
@MainActor
public final class FetchOne<Value: QueryDecodable & Sendable>: Observable {
  private let live: LiveValue<Value?>

  /// Observes the first row of `statement` on `database`.
  public init<S: Statement>(_ statement: S, in database: some DatabaseWriter)
  where S.QueryValue == Value {
    live = LiveValue(nil, database.observeOne(statement))
  }

  /// The row, as last fetched; nil when there is none (or before the first fetch).
  public var value: Value? { live.value }
  /// The error that stopped the observation, if one did.
  public var error: (any Error)? { live.error }
}

/// The number of rows of a statement, live: see ``FetchAll``.
@MainActor
public final class FetchCount: Observable {
  private let live: LiveValue<Int>

  /// Observes the number of rows of `statement` on `database`.
  public init(_ statement: some Statement, in database: some DatabaseWriter) {
    live = LiveValue(0, database.observeCount(statement))
  }

  /// The count, as last fetched (0 before the first fetch).
  public var value: Int { live.value }
  /// The error that stopped the observation, if one did.
  public var error: (any Error)? { live.error }
}

/// A value kept up to date on the main actor from a live sequence, observable with the
/// `Observation` framework; the sequence is consumed until this object is released.
@MainActor
final class LiveValue<Value: Sendable>: Observable {
  private let registrar = ObservationRegistrar()
  private var storedValue: Value
  private var storedError: (any Error)?
  private var task: Task<Void, Never>?

  init(_ initial: Value, _ values: AsyncThrowingStream<Value, any Error>) {
    storedValue = initial
    task = Task { [weak self] in
      do {
        for try await value in values {
          guard let self else { return }
          self.update(value)
        }
      } catch {
        self?.fail(error)
      }
    }
  }

  deinit {
    task?.cancel()
  }

  var value: Value {
    registrar.access(self, keyPath: \.value)
    return storedValue
  }

  var error: (any Error)? {
    registrar.access(self, keyPath: \.error)
    return storedError
  }

  private func update(_ value: Value) {
    registrar.withMutation(of: self, keyPath: \.value) { storedValue = value }
  }

  private func fail(_ error: any Error) {
    registrar.withMutation(of: self, keyPath: \.error) { storedError = error }
  }
}
