import Foundation

/// The database that code given none uses: set once when the app launches, and overridden for
/// a scope (a test, a preview, a task) without touching what other tasks see.
///
/// ```swift
/// // At launch:
/// DefaultDatabase.set(try DatabasePool(path: path))
/// // In a test, for this task and the tasks it starts:
/// try await DefaultDatabase.withValue(try DatabaseQueue()) { try await runTheTest() }
/// ```
///
/// An override is a task-local value: tests running in parallel each see their own, and it
/// ends with the scope.
public enum DefaultDatabase {
  /// The scope's override, if one is set.
  @TaskLocal private static var override: (any DatabaseWriter)?
  private static let storage = LaunchDatabase()

  /// The database for the current scope: the override, else the one set at launch; nil when
  /// neither is set.
  public static var current: (any DatabaseWriter)? {
    override ?? storage.value
  }

  /// The database for the current scope, or an error saying that none is set.
  public static func required() throws -> any DatabaseWriter {
    guard let current else { throw missing }
    return current
  }

  /// The error of code that needs the default database when none is set.
  static let missing = DatabaseError(
    resultCode: DatabaseError.misuse,
    message: """
      no default database: call DefaultDatabase.set(_:) when the app launches, or \
      DefaultDatabase.withValue(_:operation:) around a test or a preview, or pass a \
      database explicitly
      """)

  /// Sets the database used wherever no override is in effect, for the whole process (nil:
  /// none).
  public static func set(_ database: (any DatabaseWriter)?) {
    storage.value = database
  }

  /// Runs `operation` with `database` as the default database for the current task and the
  /// tasks it starts.
  public static func withValue<T>(
    _ database: any DatabaseWriter, operation: () throws -> T
  ) rethrows -> T {
    try $override.withValue(database, operation: operation)
  }

  /// Runs `operation` with `database` as the default database for the current task and the
  /// tasks it starts.
  public static func withValue<T>(
    _ database: any DatabaseWriter, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> T
  ) async rethrows -> T {
    try await $override.withValue(database, operation: operation, isolation: isolation)
  }
}

/// The database set at launch. `@unchecked Sendable`: `stored` is only touched under `lock`.
private final class LaunchDatabase: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: (any DatabaseWriter)?

  var value: (any DatabaseWriter)? {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
