/// SQL written by hand, with a Swift result type: what `#sql` produces.
///
/// As an expression it can stand in a query (`Reminder.where { #sql("\($0.title) LIKE 'A%'") }`);
/// as a statement it runs on its own and decodes rows of `QueryValue`
/// (`#sql("SELECT \(Reminder.columns.title) FROM \(Reminder.self)", as: String.self)`).
public struct SQLQueryExpression<QueryValue>: Statement, Sendable {
  /// The SQL and its bindings.
  ///
  /// `SQLQueryExpression<Bool>("\($0.title) = \("Milk")").fragment` renders
  /// `"reminders"."title" = 'Milk'`.
  public var fragment: QueryFragment

  /// Wraps a fragment, giving it a result type.
  ///
  /// `SQLQueryExpression("length(\($0.title))", as: Int.self)` renders `length("reminders"."title")`.
  @inlinable
  public init(_ fragment: QueryFragment, as type: QueryValue.Type = QueryValue.self) {
    self.fragment = fragment
  }

  /// Wraps a fragment written in `dialect`: what `#sql(…, dialect: .postgres)` expands to. The
  /// dialect tells the macro which checks apply; the fragment runs as written.
  ///
  /// `SQLQueryExpression("upper(\($0.title))", as: String.self, dialect: .sqlite)` renders
  /// `upper("reminders"."title")`.
  @inlinable
  public init(
    _ fragment: QueryFragment, as type: QueryValue.Type = QueryValue.self, dialect: SQLDialect
  ) {
    self.fragment = fragment
  }

  /// The SQL as written: hand-written SQL is never parenthesized for you.
  @inlinable
  public func write(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }

  /// The SQL as written.
  @inlinable
  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }
}
