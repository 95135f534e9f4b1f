/// A complete SQL statement that knows the Swift type of its rows.
///
/// `Reminder.where { … }` is a statement of `Reminder` rows; `.select { ($0.id, $0.title) }`
/// makes one of `(Int, String)` rows; inserts, updates and deletes have `Void` rows. A driver
/// runs statements and decodes their rows into `QueryValue`.
///
/// A statement is also an expression: used inside another (a scalar subquery, an argument, an
/// interpolation in `#sql`) it is always parenthesized, `coalesce((SELECT …), 0)`. ``query``
/// is the statement itself, as a driver runs it.
public protocol Statement<QueryValue>: QueryExpression {
  /// The table whose columns, read directly (no join, view or expression in between), are all
  /// of the statement's result columns, when there is one: `Reminder.where { … }` reads the
  /// columns of `reminders`. A driver may then trust the types the database guarantees for
  /// them (a STRICT table's `NOT NULL` columns). Nil by default.
  var resultColumnsTable: String? { get }

  /// Appends the statement itself, unparenthesized: `SELECT … FROM …`.
  func writeStatement(to fragment: inout QueryFragment)
}

extension Statement {
  /// No table's columns alone.
  @inlinable
  public var resultColumnsTable: String? { nil }

  /// A statement as an expression is a parenthesized subquery.
  public static var rendersDelimited: Bool { true }

  /// The statement as an expression: `(SELECT …)`.
  public func write(to fragment: inout QueryFragment) {
    fragment.append(byte: UInt8(ascii: "("))
    writeStatement(to: &fragment)
    fragment.append(byte: UInt8(ascii: ")"))
  }

  /// The statement itself, unparenthesized: the SQL and bindings a driver runs.
  ///
  /// `Reminder.find(2).select { $0.title }.query` renders
  /// `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 2)`.
  public var query: QueryFragment {
    var fragment = QueryFragment()
    writeStatement(to: &fragment)
    return fragment
  }
}
