/// A complete SQL statement that knows the Swift type of its rows.
///
/// `Reminder.where { … }` is a statement of `Reminder` rows; `.select { ($0.id, $0.title) }`
/// makes one of `(Int, String)` rows; inserts, updates and deletes have `Void` rows. A driver
/// runs statements and decodes their rows into `QueryValue`.
public protocol Statement<QueryValue>: QueryExpression {
  /// The table whose columns, read directly (no join, view or expression in between), are all
  /// of the statement's result columns, when there is one: `Reminder.where { … }` reads the
  /// columns of `reminders`. A driver may then trust the types the database guarantees for
  /// them (a STRICT table's `NOT NULL` columns). Nil by default.
  var resultColumnsTable: String? { get }
}

extension Statement {
  /// No table's columns alone.
  @inlinable
  public var resultColumnsTable: String? { nil }
}
