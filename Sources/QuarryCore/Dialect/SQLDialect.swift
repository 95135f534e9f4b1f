import Synchronization

/// The SQL dialect statements are written in: SQLite's (the default) or PostgreSQL's.
///
/// Most of what Quarry renders is the same in both. Where they differ (`IS` between two
/// expressions, `group_concat`, a draft's missing primary key, `LIMIT` without a limit, Boolean
/// constants), a statement renders the form of the dialect that is current while it is built and
/// rendered. A PostgreSQL database makes its dialect current inside its `read` and `write`
/// closures, so statements built there render for it:
///
/// ```swift
/// try await postgres.read { db in
///   try await Reminder.where { $0.priority.is($0.defaultPriority) }.fetchAll(db)
///   // … WHERE ("reminders"."priority" IS NOT DISTINCT FROM "reminders"."defaultPriority")
/// }
/// ```
///
/// A statement built elsewhere (a `static let`) renders for SQLite; build it inside
/// ``withValue(_:operation:)`` to render it for another dialect.
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
  /// SQLite's dialect.
  case sqlite
  /// PostgreSQL's dialect (version 15).
  case postgres

  /// The dialect of the current task, when one was set.
  @usableFromInline @TaskLocal static var taskDialect: SQLDialect = .sqlite

  /// The dialect statements built and rendered by the current task are written in: SQLite's,
  /// unless ``withValue(_:operation:)`` chose another.
  @inlinable
  public static var current: SQLDialect {
    // A process that never chose another dialect reads no task-local value: SQLite's statements
    // pay nothing for PostgreSQL's.
    guard DialectUse.anyOtherChosen else { return .sqlite }
    return taskDialect
  }

  /// Runs `operation` with `dialect` as the ``current`` one.
  public static func withValue<Result>(
    _ dialect: SQLDialect, operation: () throws -> Result
  ) rethrows -> Result {
    DialectUse.choose(dialect)
    return try $taskDialect.withValue(dialect, operation: operation)
  }

  /// Runs `operation` with `dialect` as the ``current`` one.
  public static func withValue<Result: Sendable>(
    _ dialect: SQLDialect, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    DialectUse.choose(dialect)
    return try await $taskDialect.withValue(dialect, operation: operation)
  }

  /// Whether PostgreSQL's dialect is current. (Read it only where the dialects differ.)
  @inlinable
  public static var isPostgres: Bool { current == .postgres }
}

/// Whether any task of the process ever chose another dialect than SQLite's.
@usableFromInline
enum DialectUse {
  @usableFromInline
  static var anyOtherChosen: Bool {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
      return Flag.value.load(ordering: .relaxed)
    }
    return true
  }

  static func choose(_ dialect: SQLDialect) {
    guard dialect != .sqlite else { return }
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
      Flag.value.store(true, ordering: .relaxed)
    }
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
  @usableFromInline
  enum Flag {
    @usableFromInline static let value = Atomic<Bool>(false)
  }
}

extension QueryFragment {
  /// A fragment standing for a feature the current dialect does not have: it binds an invalid
  /// value, so that running the statement fails with `message` before it reaches the database.
  ///
  /// PostgreSQL has no `GLOB`, no FTS5 `MATCH`, no `INSERT OR …`: statements that use them are
  /// refused, naming the feature and what to use instead.
  @usableFromInline
  package static func unsupported(_ feature: String, instead alternative: String) -> QueryFragment {
    var fragment = QueryFragment()
    fragment.append(
      binding: .invalid(
        QueryBindingError(
          "\(feature) has no \(SQLDialect.current.displayName) form: \(alternative)")))
    return fragment
  }
}

extension QueryFragment {
  /// FTS5's `MATCH`, refused on PostgreSQL.
  @usableFromInline
  package static var unsupportedFullTextSearch: QueryFragment {
    unsupported(
      "FTS5 full-text search (MATCH)",
      instead: "use PostgreSQL's text search with #sql(\"to_tsvector(…) @@ plainto_tsquery(…)\")")
  }
}

extension SQLDialect {
  /// The dialect's name, for messages: `SQLite`, `PostgreSQL`.
  public var displayName: String {
    switch self {
    case .sqlite: return "SQLite"
    case .postgres: return "PostgreSQL"
    }
  }

  /// `IS` / `IS NOT` between two expressions: PostgreSQL spells them `IS NOT DISTINCT FROM` and
  /// `IS DISTINCT FROM`.
  @inlinable
  static func isOperator(negated: Bool) -> StaticString {
    if isPostgres {
      return negated ? "IS DISTINCT FROM" : "IS NOT DISTINCT FROM"
    }
    return negated ? "IS NOT" : "IS"
  }

  /// A Boolean constant: SQLite's `1` and `0`, PostgreSQL's `TRUE` and `FALSE`.
  @inlinable
  static func booleanLiteral(_ value: Bool) -> String {
    if isPostgres { return value ? "TRUE" : "FALSE" }
    return value ? "1" : "0"
  }
}
