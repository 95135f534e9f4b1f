/// Builds the predicate of a `where` or `having` closure from its statements, joined with
/// `AND`: `if`, `if let`, `switch` and `for` work as in Swift.
///
/// ```swift
/// Reminder.where {
///   !$0.isCompleted
///   if let search { $0.title.contains(search) }
///   for tag in tags { $0.tags.contains(tag) }
/// }
/// ```
///
/// A single expression passes through unchanged. A Swift `Bool` is a constant predicate
/// (`1` or `0`), and an optional `Bool` expression (a column on the outer side of a join) is
/// kept where it is true: `NULL` keeps no row, as in SQL.
@resultBuilder
public enum PredicateBuilder {
  /// A predicate expression.
  @inlinable
  public static func buildExpression<P: QueryExpression<Bool>>(_ predicate: P) -> P {
    predicate
  }

  /// An optional predicate: rows where it is `NULL` are not kept.
  ///
  /// ```swift
  /// RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.where { $1.isCompleted }.select { list, _ in list.title }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title"
  /// FROM "remindersLists"
  /// LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
  /// WHERE "reminders"."isCompleted"
  /// ```
  public static func buildExpression<P: QueryExpression<Bool?>>(
    _ predicate: P
  ) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(rendering: predicate)
  }

  /// A constant, written as a literal: `true` is written `1`, `false` `0`.
  ///
  /// `Reminder.where { _ in false }.count()` renders `SELECT count(*) FROM "reminders" WHERE 0`.
  public static func buildExpression(_ constant: Constant) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: .form(.boolean(constant.value)))
  }

  /// A `true` or `false` literal standing as a predicate.
  ///
  /// (A type of its own, which only a literal becomes: a `Bool` overload would make the type
  /// checker try Swift's own `==` on every comparison, and name it in the diagnostics of a
  /// mismatched one.)
  public struct Constant: ExpressibleByBooleanLiteral, Sendable {
    /// The literal's value.
    public var value: Bool

    /// The literal.
    public init(booleanLiteral value: Bool) {
      self.value = value
    }
  }

  /// The first predicate of a block: itself.
  @inlinable
  public static func buildPartialBlock<P: QueryExpression<Bool>>(first predicate: P) -> P {
    predicate
  }

  /// A further predicate of a block: both, `(a) AND (b)` (one alone when the other is an
  /// `if` whose condition failed).
  ///
  /// ```swift
  /// Reminder.where {
  ///   !$0.isCompleted
  ///   $0.priority == 3
  /// }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE ((NOT "reminders"."isCompleted") AND ("reminders"."priority" = 3))
  /// ```
  public static func buildPartialBlock<
    Accumulated: QueryExpression<Bool>, Next: QueryExpression<Bool>
  >(accumulated: Accumulated, next: Next) -> SQLQueryExpression<Bool> {
    var fragment = QueryFragment()
    fragment.appendDelimited(accumulated)
    let first = fragment.mark
    fragment.appendConjunct(next)
    // One side empty (an `if` without `else` that didn't run): the other, delimited as it is.
    if fragment.mark == first { return SQLQueryExpression(rendering: accumulated) }
    if first.byteCount == 0 { return SQLQueryExpression(rendering: next) }
    return SQLQueryExpression(compound: fragment)
  }

  /// No predicate: renders nothing, and the statement keeps every row.
  ///
  /// `Reminder.where { _ in }.select { $0.title }` renders `SELECT "reminders"."title" FROM "reminders"`.
  public static func buildBlock() -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: QueryFragment())
  }

  /// An `if` without `else`: the predicate when the condition held, nothing otherwise.
  ///
  /// (An existential: with a generic parameter here, the type checker can't infer the type of
  /// the `if`'s body.)
  ///
  /// With `onlyOpen` true, `Reminder.where { if onlyOpen { !$0.isCompleted } }.select { $0.id }`
  /// renders `SELECT "reminders"."id" FROM "reminders" WHERE (NOT "reminders"."isCompleted")`.
  public static func buildOptional(
    _ predicate: (any QueryExpression<Bool>)?
  ) -> SQLQueryExpression<Bool> {
    guard let predicate else { return buildBlock() }
    return SQLQueryExpression(rendering: predicate)
  }

  /// The first branch of an `if`/`else` or `switch`.
  ///
  /// ```swift
  /// Reminder.where { if onlyOpen { !$0.isCompleted } else { $0.isCompleted } }.select { $0.id }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// ```
  public static func buildEither<P: QueryExpression<Bool>>(
    first predicate: P
  ) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(rendering: predicate)
  }

  /// The second branch of an `if`/`else` or `switch`.
  ///
  /// ```swift
  /// Reminder.where { if !onlyOpen { !$0.isCompleted } else { $0.priority != nil } }.select { $0.id }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id"
  /// FROM "reminders"
  /// WHERE ("reminders"."priority" IS NOT NULL)
  /// ```
  public static func buildEither<P: QueryExpression<Bool>>(
    second predicate: P
  ) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(rendering: predicate)
  }

  /// A `for` loop: every iteration's predicate (nothing when it ran no iteration).
  ///
  /// ```swift
  /// Reminder.where { for word in ["Call", "Ada"] { $0.title.contains(word) } }.select { $0.id }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id"
  /// FROM "reminders"
  /// WHERE (("reminders"."title" LIKE '%Call%' ESCAPE '\') AND ("reminders"."title" LIKE '%Ada%' ESCAPE '\'))
  /// ```
  public static func buildArray<P: QueryExpression<Bool>>(
    _ predicates: [P]
  ) -> SQLQueryExpression<Bool> {
    var fragment = QueryFragment()
    var written: [P] = []
    for predicate in predicates {
      let before = fragment.mark
      fragment.appendConjunct(predicate)
      if fragment.mark != before { written.append(predicate) }
    }
    // One predicate that wrote anything: delimited as it is.
    guard written.count != 1 else { return SQLQueryExpression(rendering: written[0]) }
    return SQLQueryExpression(compound: fragment)
  }

  /// `if #available`: the predicate as it is.
  ///
  /// `Reminder.where { if #available(macOS 14, *) { $0.isCompleted } }.select { $0.id }` renders
  /// `SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."isCompleted"`.
  public static func buildLimitedAvailability<P: QueryExpression<Bool>>(
    _ predicate: P
  ) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(rendering: predicate)
  }
}
