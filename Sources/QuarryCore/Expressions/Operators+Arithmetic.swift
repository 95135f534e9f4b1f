// Arithmetic, bitwise, string concatenation and NULL-handling operators. Each has a form for two
// expressions and one for an expression and a Swift value of its type.
//
// They are free functions over `some QueryExpression<Value>` rather than static members of
// `QueryExpression`: the type checker then settles each operand's type before it tries the
// operators around it, so long chains (`($0.name ?? "") + " " + … `) check in milliseconds and a
// mismatched operand fails without trying every combination of overloads.

/// Marks the numeric Swift types SQL arithmetic applies to.
public protocol QueryNumeric: QueryBindable {
  /// What `/` and `%` by an expression give: SQLite divides by zero into `NULL`, so `Int?` for
  /// `Int` (and `Int?` for `Int?`).
  associatedtype NullableValue: QueryBindable = Self?
}
extension Int: QueryNumeric {}
extension Int64: QueryNumeric {}
extension Int32: QueryNumeric {}
extension Double: QueryNumeric {}
extension Float: QueryNumeric {}
extension Optional: QueryNumeric where Wrapped: QueryNumeric {
  public typealias NullableValue = Self
}

/// Marks the integer Swift types SQL bitwise operators apply to.
public protocol QueryInteger: QueryNumeric {}
extension Int: QueryInteger {}
extension Int64: QueryInteger {}
extension Int32: QueryInteger {}
extension Optional: QueryInteger where Wrapped: QueryInteger {}

/// `(lhs op rhs)`: what every binary operator here renders.
func infix<Value>(
  _ lhs: some QueryAssignable, _ operator: StaticString, _ rhs: some QueryAssignable,
  as type: Value.Type = Value.self
) -> SQLQueryExpression<Value> {
  var fragment = QueryFragment()
  fragment.append(byte: UInt8(ascii: "("))
  lhs.write(to: &fragment)
  fragment.append(byte: UInt8(ascii: " "))
  fragment.append(literal: `operator`)
  fragment.append(byte: UInt8(ascii: " "))
  rhs.write(to: &fragment)
  fragment.append(byte: UInt8(ascii: ")"))
  return SQLQueryExpression(operand: fragment)
}

/// Stops a division or remainder by a zero value: SQLite would give `NULL`, which the
/// non-optional result type can't hold. (Swift's own integer division traps the same way.)
func checkDivisor(_ value: some QueryBindable, _ operator: StaticString) {
  switch value.queryBinding {
  case .int(0), .double(0):
    preconditionFailure(
      "\(`operator`) by zero: SQLite gives NULL, which this non-optional result can't hold; "
        + "divide by an expression (`\(`operator`) BoundValue(0)`) for an optional result")
  default:
    break
  }
}

// MARK: Arithmetic

/// `lhs + rhs`
///
/// `$0.id + $0.remindersListID` renders `("reminders"."id" + "reminders"."remindersListID")`.
public func + <Value: QueryNumeric>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  infix(lhs, "+", rhs)
}

/// `lhs + ?`
///
/// `$0.id + 1` renders `("reminders"."id" + 1)`.
public func + <Value: QueryNumeric>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  infix(lhs, "+", rhs)
}

/// `lhs - rhs`
///
/// `$0.id - $0.remindersListID` renders `("reminders"."id" - "reminders"."remindersListID")`.
public func - <Value: QueryNumeric>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  infix(lhs, "-", rhs)
}

/// `lhs - ?`
///
/// `$0.id - 1` renders `("reminders"."id" - 1)`.
public func - <Value: QueryNumeric>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  infix(lhs, "-", rhs)
}

/// `lhs * rhs`
///
/// `$0.id * $0.remindersListID` renders `("reminders"."id" * "reminders"."remindersListID")`.
public func * <Value: QueryNumeric>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  infix(lhs, "*", rhs)
}

/// `lhs * ?`
///
/// `$0.id * 2` renders `("reminders"."id" * 2)`.
public func * <Value: QueryNumeric>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  infix(lhs, "*", rhs)
}

/// `lhs / rhs` (integer division for integers, as in SQLite). Optional: SQLite gives `NULL`
/// where `rhs` is 0.
///
/// `$0.id / $0.remindersListID` renders `("reminders"."id" / "reminders"."remindersListID")`.
public func / <Value: QueryNumeric>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value.NullableValue> {
  infix(lhs, "/", rhs)
}

/// `lhs / ?`: not optional, since the divisor is known not to be 0. Dividing by a zero value
/// traps, as Swift's integer division does.
///
/// `$0.id / 2` renders `("reminders"."id" / 2)`.
public func / <Value: QueryNumeric>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  checkDivisor(rhs, "/")
  return infix(lhs, "/", rhs)
}

/// `+operand`: the operand unchanged (SQLite's unary plus is a no-op).
///
/// `+$0.id` renders `(+"reminders"."id")`.
public prefix func + <Value: QueryNumeric>(operand: some QueryExpression<Value>)
  -> SQLQueryExpression<Value>
{
  SQLQueryExpression(operand: "(+\(operand))")
}

/// `-operand`
///
/// `-$0.id` renders `(-"reminders"."id")`.
public prefix func - <Value: QueryNumeric>(operand: some QueryExpression<Value>)
  -> SQLQueryExpression<Value>
{
  SQLQueryExpression(operand: "(-\(operand))")
}

extension QueryExpression where QueryValue: QueryNumeric {
  /// `-expression`: the method form of prefix `-`.
  ///
  /// `$0.id.negate()` renders `(-"reminders"."id")`.
  public func negate() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: "(-\(self))")
  }
}

// MARK: Integer and bitwise

/// `lhs % rhs`. Optional: SQLite gives `NULL` where `rhs` is 0.
///
/// `$0.id % $0.remindersListID` renders `("reminders"."id" % "reminders"."remindersListID")`.
public func % <Value: QueryInteger>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value.NullableValue> {
  infix(lhs, "%", rhs)
}

/// `lhs % ?`: not optional; a zero value traps, as Swift's `%` does.
///
/// `$0.id % 2` renders `("reminders"."id" % 2)`.
public func % <Value: QueryInteger>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  checkDivisor(rhs, "%")
  return infix(lhs, "%", rhs)
}

/// `lhs & rhs`
///
/// `$0.id & $0.remindersListID` renders `("reminders"."id" & "reminders"."remindersListID")`.
public func & <Value: QueryInteger>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  infix(lhs, "&", rhs)
}

/// `lhs & ?`
///
/// `$0.id & 1` renders `("reminders"."id" & 1)`.
public func & <Value: QueryInteger>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  infix(lhs, "&", rhs)
}

/// `lhs | rhs`
///
/// `$0.id | $0.remindersListID` renders `("reminders"."id" | "reminders"."remindersListID")`.
public func | <Value: QueryInteger>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  infix(lhs, "|", rhs)
}

/// `lhs | ?`
///
/// `$0.id | 1` renders `("reminders"."id" | 1)`.
public func | <Value: QueryInteger>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  infix(lhs, "|", rhs)
}

/// `lhs << rhs`
///
/// `$0.id << $0.remindersListID` renders `("reminders"."id" << "reminders"."remindersListID")`.
public func << <Value: QueryInteger>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  infix(lhs, "<<", rhs)
}

/// `lhs << ?`
///
/// `$0.id << 1` renders `("reminders"."id" << 1)`.
public func << <Value: QueryInteger>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  infix(lhs, "<<", rhs)
}

/// `lhs >> rhs`
///
/// `$0.id >> $0.remindersListID` renders `("reminders"."id" >> "reminders"."remindersListID")`.
public func >> <Value: QueryInteger>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  infix(lhs, ">>", rhs)
}

/// `lhs >> ?`
///
/// `$0.id >> 1` renders `("reminders"."id" >> 1)`.
public func >> <Value: QueryInteger>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  infix(lhs, ">>", rhs)
}

/// Bitwise exclusive or, which SQLite lacks: `(~(lhs & rhs) & (lhs | rhs))`.
///
/// `$0.id ^ $0.remindersListID` renders `(~("reminders"."id" & "reminders"."remindersListID") & ("reminders"."id" | "reminders"."remindersListID"))`.
public func ^ <Value: QueryInteger>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  SQLQueryExpression(operand: "(~(\(lhs) & \(rhs)) & (\(lhs) | \(rhs)))")
}

/// Bitwise exclusive or with a value: `(~(lhs & ?) & (lhs | ?))`.
///
/// `$0.id ^ 1` renders `(~("reminders"."id" & 1) & ("reminders"."id" | 1))`.
public func ^ <Value: QueryInteger>(lhs: some QueryExpression<Value>, rhs: Value)
  -> SQLQueryExpression<Value>
{
  SQLQueryExpression(operand: "(~(\(lhs) & \(rhs)) & (\(lhs) | \(rhs)))")
}

/// `~operand`
///
/// `~$0.id` renders `(~"reminders"."id")`.
public prefix func ~ <Value: QueryInteger>(operand: some QueryExpression<Value>)
  -> SQLQueryExpression<Value>
{
  SQLQueryExpression(operand: "(~\(operand))")
}

// MARK: Text

/// Marks the Swift types SQL's text functions and `||` apply to: `String`, and `String?`, for
/// which `NULL` in gives `NULL` out.
public protocol QueryText: QueryBindable {
  /// What counting functions (`length`, `instr`) return: `Int`, or `Int?` for `String?`.
  associatedtype CountValue: QueryBindable
}
extension String: QueryText {
  public typealias CountValue = Int
}
extension Optional: QueryText where Wrapped == String {
  public typealias CountValue = Int?
}

/// String concatenation: `lhs || rhs`.
///
/// `$0.title + $0.title` renders `("reminders"."title" || "reminders"."title")`.
public func + <Value: QueryText>(
  lhs: some QueryExpression<Value>, rhs: some QueryExpression<Value>
) -> SQLQueryExpression<Value> {
  infix(lhs, "||", rhs)
}

/// String concatenation of optional text and text: `lhs || rhs`, `NULL` where `lhs` is
/// `NULL` (as SQLite gives), so the result is optional: `$0.name + $0.title`.
///
/// `$0.title.nullif("") + $0.title` renders `(nullif("reminders"."title", '') || "reminders"."title")`.
public func + (lhs: some QueryExpression<String?>, rhs: some QueryExpression<String>)
  -> SQLQueryExpression<String?>
{
  infix(lhs, "||", rhs)
}

/// String concatenation of text and optional text: `lhs || rhs`, `NULL` where `rhs` is `NULL`.
///
/// `$0.title + $0.title.nullif("")` renders `("reminders"."title" || nullif("reminders"."title", ''))`.
public func + (lhs: some QueryExpression<String>, rhs: some QueryExpression<String?>)
  -> SQLQueryExpression<String?>
{
  infix(lhs, "||", rhs)
}

/// String concatenation after a value: `? || rhs`.
///
/// `"#" + $0.title` renders `('#' || "reminders"."title")`.
public func + <Value: QueryText>(lhs: String, rhs: some QueryExpression<Value>)
  -> SQLQueryExpression<Value>
{
  infix(lhs, "||", rhs)
}

/// String concatenation with a value: `lhs || ?`.
///
/// `$0.title + "!"` renders `("reminders"."title" || '!')`.
public func + <Value: QueryText>(lhs: some QueryExpression<Value>, rhs: String)
  -> SQLQueryExpression<Value>
{
  infix(lhs, "||", rhs)
}

// MARK: NULL

/// Marks the optional Swift types an expression can hold, `Wrapped?`, so an operator can name
/// the wrapped type (`??` takes a `Wrapped` fallback).
public protocol QueryOptional: QueryBindable {
  /// The type of the value when it is not `NULL`.
  associatedtype Wrapped: QueryBindable
}
extension Optional: QueryOptional where Wrapped: QueryBindable {}

// `??` stays a static member: its left operand's type, with the wrapped type as an associated
// type, makes it outrank the standard library's `??`, which would otherwise be tried first.
extension QueryExpression where QueryValue: QueryOptional {
  /// `coalesce(lhs, ?)`: the value, or `rhs` where it is `NULL`.
  ///
  /// `$0.priority ?? 0` renders `coalesce("reminders"."priority", 0)`.
  public static func ?? (lhs: Self, rhs: QueryValue.Wrapped)
    -> SQLQueryExpression<QueryValue.Wrapped>
  {
    SQLQueryExpression(operand: "coalesce(\(lhs), \(rhs))")
  }

  /// `coalesce(lhs, rhs)`, with a fallback that is never `NULL`.
  ///
  /// `$0.priority ?? $0.id` renders `coalesce("reminders"."priority", "reminders"."id")`.
  public static func ?? (lhs: Self, rhs: some QueryExpression<QueryValue.Wrapped>)
    -> SQLQueryExpression<QueryValue.Wrapped>
  {
    SQLQueryExpression(operand: "coalesce(\(lhs), \(rhs))")
  }

  /// `coalesce(lhs, rhs)`, with a fallback that may be `NULL` too.
  ///
  /// When both sides have the same Swift type (two `String?` columns), Swift's own `??` is the
  /// one chosen, with a warning that the right side is never used: give the result type,
  /// `let name: SQLQueryExpression<String?> = $0.name ?? $0.nickname`.
  ///
  /// `$0.priority ?? Reminder.where { $0.id == 1 }.select { $0.priority }.subquery()` renders `coalesce("reminders"."priority", (SELECT "reminders"."priority" FROM "reminders" WHERE ("reminders"."id" = 1)))`.
  public static func ?? (lhs: Self, rhs: some QueryExpression<QueryValue>)
    -> SQLQueryExpression<QueryValue>
  {
    SQLQueryExpression(operand: "coalesce(\(lhs), \(rhs))")
  }
}

extension QueryExpression {
  /// `lhs IS rhs`: equality in which `NULL IS NULL` is true. `.is(nil)` tests for `NULL`.
  ///
  /// `$0.priority.is(nil)` renders `("reminders"."priority" IS NULL)`.
  public func `is`(_ other: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>>
  where QueryValue: QueryBindable {
    let binding = other.queryBinding
    guard !binding.isNull else { return BinaryOperation(self, "IS", BoundValue(other)) }
    return BinaryOperation(self, IsOperator.is, BoundValue(other))
  }

  /// `lhs IS NOT rhs`. `.isNot(nil)` tests for a value.
  ///
  /// `$0.priority.isNot(3)` renders `("reminders"."priority" IS NOT 3)`.
  public func isNot(_ other: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>>
  where QueryValue: QueryBindable {
    let binding = other.queryBinding
    guard !binding.isNull else { return BinaryOperation(self, "IS NOT", BoundValue(other)) }
    return BinaryOperation(self, IsOperator.isNot, BoundValue(other))
  }

  /// `lhs IS rhs` for two expressions.
  ///
  /// `$0.title.is($0.title.lower())` renders `("reminders"."title" IS lower("reminders"."title"))`.
  public func `is`<Other: QueryExpression<QueryValue>>(_ other: Other)
    -> BinaryOperation<Bool, Self, Other>
  {
    BinaryOperation(self, IsOperator.is, other)
  }

  /// `lhs IS NOT rhs` for two expressions.
  ///
  /// `$0.title.isNot($0.title.lower())` renders `("reminders"."title" IS NOT lower("reminders"."title"))`.
  public func isNot<Other: QueryExpression<QueryValue>>(_ other: Other)
    -> BinaryOperation<Bool, Self, Other>
  {
    BinaryOperation(self, IsOperator.isNot, other)
  }
}
