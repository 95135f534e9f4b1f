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
  public let fragment: QueryFragment
  /// Whether the SQL stands as one operand beside others (`AND`): known where Quarry wrote it,
  /// read from the text where a user did.
  @usableFromInline package var delimitation: Delimitation

  /// Wraps a fragment, giving it a result type.
  ///
  /// `SQLQueryExpression("length(\($0.title))", as: Int.self)` renders `length("reminders"."title")`.
  public init(_ fragment: QueryFragment, as type: QueryValue.Type = QueryValue.self) {
    self.fragment = fragment
    self.delimitation = .userText
  }

  /// Wraps SQL that Quarry wrote as one operand: a call, or an operation in parentheses.
  package init(operand fragment: QueryFragment) {
    self.fragment = fragment
    self.delimitation = .operand
  }

  /// Wraps SQL that Quarry wrote as several operands (`a AND b`, `(a, b) = (1, 2)`): it is
  /// parenthesized beside others.
  package init(compound fragment: QueryFragment) {
    self.fragment = fragment
    self.delimitation = .compound
  }

  /// Wraps `expression`'s SQL, delimited as `expression` is.
  package init(rendering expression: some QueryAssignable) {
    self.fragment = expression.queryFragment
    self.delimitation = Delimitation.of(expression)
  }

  /// Wraps a fragment written in `dialect`: what `#sql(…, dialect: .postgres)` expands to. The
  /// dialect tells the macro which checks apply; the fragment runs as written.
  ///
  /// `SQLQueryExpression("upper(\($0.title))", as: String.self, dialect: .sqlite)` renders
  /// `upper("reminders"."title")`.
  public init(
    _ fragment: QueryFragment, as type: QueryValue.Type = QueryValue.self, dialect: SQLDialect
  ) {
    self.fragment = fragment
    self.delimitation = .userText
  }

  /// The same SQL, delimited the same way, with another result type.
  package func wrapped<Other>(as type: Other.Type = Other.self) -> SQLQueryExpression<Other> {
    var other = SQLQueryExpression<Other>(operand: fragment)
    other.delimitation = delimitation
    return other
  }

  /// Hand-written SQL may be several operands: each value says.
  public static var rendersDelimited: Bool { false }

  /// The SQL as written: hand-written SQL is never parenthesized for you.
  public func write(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }

  /// The SQL as written.
  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }
}

/// Whether an expression's SQL stands as one operand beside others, so that `… AND (a OR b)`
/// keeps its meaning without parentheses around `"t"."c"` or `lower("t"."c")`.
@usableFromInline
package enum Delimitation: UInt8, Sendable {
  /// One operand, as Quarry wrote it: never parenthesized again.
  case operand
  /// Several operands, as Quarry wrote them: parenthesized beside others.
  case compound
  /// Text a user wrote (`#sql`): the text itself says.
  case userText

  /// How `expression` is delimited: by its type, or by the value of a hand-written one.
  @inlinable
  package static func of<Expression: QueryAssignable>(_ expression: Expression) -> Delimitation {
    if Expression.rendersDelimited { return .operand }
    return (expression as? any DelimitedByValue)?.delimitation ?? .compound
  }
}

/// An expression whose values, not its type, know how they are delimited.
@usableFromInline
package protocol DelimitedByValue {
  /// How this value's SQL is delimited.
  var delimitation: Delimitation { get }
}

extension SQLQueryExpression: DelimitedByValue {}
