/// The SQL dialect a statement renders in: SQLite's or PostgreSQL's.
///
/// A statement is a value that knows nothing of the database that will run it: the driver
/// that runs it renders it, once, in its own dialect. Where the dialects differ (`IS` between
/// two expressions, `ILIKE`, `group_concat`, Boolean constants, JSON and date-time functions),
/// the statement keeps the construct, and each dialect spells it its own way, whenever and
/// wherever the statement was built:
///
/// ```swift
/// static let samePriority = Reminder.where { $0.priority.is($0.defaultPriority) }
/// samePriority.sql(for: .sqlite)    // … WHERE ("reminders"."priority" IS "reminders"."defaultPriority")
/// samePriority.sql(for: .postgres)  // … WHERE ("reminders"."priority" IS NOT DISTINCT FROM "reminders"."defaultPriority")
/// ```
///
/// Each dialect's spellings live in one folder (`Dialect/SQLite`, `Dialect/Postgres`).
public enum SQLDialect: String, Sendable, Hashable, CaseIterable {
  /// SQLite's dialect.
  case sqlite
  /// PostgreSQL's dialect (version 15).
  case postgres

  /// The dialect's name, for messages: `SQLite`, `PostgreSQL`.
  public var displayName: String {
    switch self {
    case .sqlite: return "SQLite"
    case .postgres: return "PostgreSQL"
    }
  }

  /// Appends the dialect's spelling of `form`.
  package func render(_ form: DialectForm, into renderer: inout SQLRenderer) {
    switch self {
    case .sqlite: renderer.append(QueryFragment.form(form))
    case .postgres: PostgresForms.render(form, into: &renderer)
    }
  }
}
