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

  /// The dialect statements built and rendered by the current task are written in.
  @TaskLocal public static var current: SQLDialect = .sqlite

  /// Runs `operation` with `dialect` as the ``current`` one.
  public static func withValue<Result>(
    _ dialect: SQLDialect, operation: () throws -> Result
  ) rethrows -> Result {
    try $current.withValue(dialect, operation: operation)
  }

  /// Whether PostgreSQL's dialect is current. (A task-local read: call it only where the
  /// dialects differ, never on a path both take.)
  @inlinable
  public static var isPostgres: Bool { current == .postgres }
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
