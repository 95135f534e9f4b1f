import Foundation

/// Something that runs reads on a database: a ``DatabaseQueue`` or a ``DatabasePool``.
///
/// Code that only reads can take `some DatabaseReader` and work with either.
public protocol DatabaseReader: AnyObject, Sendable {
  /// How the connections are configured.
  var configuration: Configuration { get }

  /// Runs `body` in a read-only transaction: every read in it sees one consistent state.
  func read<T>(_ body: (Database) throws -> T) throws -> T

  /// Runs `body` in a read-only transaction on a dedicated thread, never blocking Swift's
  /// cooperative threads. Cancelling the task interrupts the statement it is running.
  func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

  /// Interrupts the statements running now: they fail with `SQLITE_INTERRUPT`.
  func interrupt()
}

/// Something that writes to a database: a ``DatabaseQueue`` or a ``DatabasePool``.
public protocol DatabaseWriter: DatabaseReader {
  /// Runs `body` in an immediate transaction: commits when it returns, rolls back when it
  /// throws. Writes are serialized.
  func write<T>(_ body: (Database) throws -> T) throws -> T

  /// Runs `body` with the writer connection and no transaction.
  func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T

  /// The async form of ``write(_:)``: runs on a dedicated thread; cancelling the task
  /// interrupts the statement it is running.
  func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T

  /// The async form of ``writeWithoutTransaction(_:)``.
  func writeWithoutTransaction<T: Sendable>(
    _ body: @escaping @Sendable (Database) throws -> T
  ) async throws -> T
}

/// One async access: runs on a dispatch queue, and can be cancelled before it starts or
/// interrupted while it runs.
///
/// `@unchecked Sendable`: `state` and `handle` are only touched while `lock` is held.
final class AsyncAccess: @unchecked Sendable {
  private enum State { case pending, running, finished, cancelled }
  private let lock = NSLock()
  private var state = State.pending
  private var handle: InterruptHandle?

  /// Runs `body` with `db` unless the access was cancelled; while it runs, a cancellation
  /// interrupts `db`.
  func run<T>(_ db: Database, _ body: (Database) throws -> T) throws -> T {
    try lock.withLock {
      guard state == .pending else { throw CancellationError() }
      state = .running
      handle = db.interruptHandle
    }
    defer {
      lock.withLock {
        state = .finished
        handle = nil
      }
    }
    return try body(db)
  }

  func cancel() {
    lock.withLock {
      switch state {
      case .pending: state = .cancelled
      // Interrupting under the lock: the access cannot finish (and its connection move on to
      // another access) meanwhile.
      case .running: handle?.interrupt()
      case .finished, .cancelled: break
      }
    }
  }

  /// Runs `work` on `queue`, resuming the caller when it is done; task cancellation cancels
  /// or interrupts the access.
  static func perform<T: Sendable>(
    on queue: DispatchQueue, _ work: @escaping @Sendable (AsyncAccess) throws -> T
  ) async throws -> T {
    let access = AsyncAccess()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        queue.async { continuation.resume(with: Result { try work(access) }) }
      }
    } onCancel: {
      access.cancel()
    }
  }
}
