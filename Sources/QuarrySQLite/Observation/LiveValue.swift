import Observation

/// A value kept up to date on the main actor from a live sequence, observable with the
/// `Observation` framework: what ``FetchAll``, ``FetchOne``, ``FetchCount`` and ``Fetch`` hold.
///
/// The sequence can be replaced (``load(_:)``): the old one is let go, and a value it delivers
/// late is dropped, so no stale value follows the change. The last good value stays when a
/// sequence fails.
@MainActor
final class LiveValue<Value: Sendable>: Observable {
  private let registrar = ObservationRegistrar()
  private var storedValue: Value
  private var storedError: (any Error)?
  private var storedIsLoading = false
  private var task: Task<Void, Never>?
  /// Counts the sequences started: a sequence's values count only while it is the latest.
  private var generation = 0

  init(_ initial: Value) {
    storedValue = initial
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

  var isLoading: Bool {
    registrar.access(self, keyPath: \.isLoading)
    return storedIsLoading
  }

  /// Starts following `values` in place of the sequence followed so far, without waiting.
  func start(_ values: AsyncThrowingStream<Value, any Error>) {
    follow(values, reportingFirst: nil)
  }

  /// Follows `values` in place of the sequence followed so far, returning once its first value
  /// is in; throws the error it fails with first, or `CancellationError` when another sequence
  /// replaces it first.
  func load(_ values: AsyncThrowingStream<Value, any Error>) async throws {
    try await withCheckedThrowingContinuation { (first: CheckedContinuation<Void, any Error>) in
      follow(values, reportingFirst: first)
    }
  }

  /// Sets the value at once, as a fetch made in place found it.
  func set(_ value: Value) {
    registrar.withMutation(of: self, keyPath: \.value) { storedValue = value }
  }

  /// Records an error that kept a sequence from starting.
  func fail(_ error: any Error) {
    task?.cancel()
    task = nil
    generation += 1
    setLoading(false)
    registrar.withMutation(of: self, keyPath: \.error) { storedError = error }
  }

  private func follow(
    _ values: AsyncThrowingStream<Value, any Error>,
    reportingFirst first: CheckedContinuation<Void, any Error>?
  ) {
    task?.cancel()
    generation += 1
    let generation = generation
    setLoading(true)
    if storedError != nil {
      registrar.withMutation(of: self, keyPath: \.error) { storedError = nil }
    }
    task = Task { @MainActor [weak self] in
      var first = first
      do {
        for try await value in values {
          guard let self, self.generation == generation else { break }
          self.receive(value)
          first?.resume()
          first = nil
        }
        first?.resume(throwing: CancellationError())
      } catch {
        if let self, self.generation == generation { self.fail(error) }
        first?.resume(throwing: error)
      }
    }
  }

  private func receive(_ value: Value) {
    registrar.withMutation(of: self, keyPath: \.value) { storedValue = value }
    setLoading(false)
  }

  private func setLoading(_ loading: Bool) {
    guard storedIsLoading != loading else { return }
    registrar.withMutation(of: self, keyPath: \.isLoading) { storedIsLoading = loading }
  }
}
