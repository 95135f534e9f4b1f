// Arithmetic, bitwise, string concatenation and NULL-handling operators. Each has a form for two
// expressions and one for an expression and a Swift value of its type.

/// Marks the numeric Swift types SQL arithmetic applies to.
public protocol QueryNumeric: QueryBindable {}
extension Int: QueryNumeric {}
extension Int64: QueryNumeric {}
extension Int32: QueryNumeric {}
extension Double: QueryNumeric {}
extension Float: QueryNumeric {}
extension Optional: QueryNumeric where Wrapped: QueryNumeric {}

/// Marks the integer Swift types SQL bitwise operators apply to.
public protocol QueryInteger: QueryNumeric {}
extension Int: QueryInteger {}
extension Int64: QueryInteger {}
extension Int32: QueryInteger {}
extension Optional: QueryInteger where Wrapped: QueryInteger {}

extension QueryExpression where QueryValue: QueryNumeric {
  /// `lhs + rhs`
  @inlinable
  public static func + (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<
    QueryValue
  > {
    SQLQueryExpression("(\(lhs) + \(rhs))")
  }
  /// `lhs + ?`
  @inlinable
  public static func + (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) + \(rhs))")
  }
  /// `lhs - rhs`
  @inlinable
  public static func - (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<
    QueryValue
  > {
    SQLQueryExpression("(\(lhs) - \(rhs))")
  }
  /// `lhs - ?`
  @inlinable
  public static func - (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) - \(rhs))")
  }
  /// `lhs * rhs`
  @inlinable
  public static func * (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<
    QueryValue
  > {
    SQLQueryExpression("(\(lhs) * \(rhs))")
  }
  /// `lhs * ?`
  @inlinable
  public static func * (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) * \(rhs))")
  }
  /// `lhs / rhs` (integer division for integers, as in SQLite)
  @inlinable
  public static func / (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<
    QueryValue
  > {
    SQLQueryExpression("(\(lhs) / \(rhs))")
  }
  /// `lhs / ?`
  @inlinable
  public static func / (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) / \(rhs))")
  }
  /// `-operand`
  @inlinable
  public static prefix func - (operand: Self) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(-\(operand))")
  }
}

extension QueryExpression where QueryValue: QueryInteger {
  /// `lhs % rhs`
  @inlinable
  public static func % (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<
    QueryValue
  > {
    SQLQueryExpression("(\(lhs) % \(rhs))")
  }
  /// `lhs % ?`
  @inlinable
  public static func % (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) % \(rhs))")
  }
  /// `lhs & rhs`
  @inlinable
  public static func & (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<
    QueryValue
  > {
    SQLQueryExpression("(\(lhs) & \(rhs))")
  }
  /// `lhs & ?`
  @inlinable
  public static func & (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) & \(rhs))")
  }
  /// `lhs | rhs`
  @inlinable
  public static func | (lhs: Self, rhs: some QueryExpression<QueryValue>) -> SQLQueryExpression<
    QueryValue
  > {
    SQLQueryExpression("(\(lhs) | \(rhs))")
  }
  /// `lhs | ?`
  @inlinable
  public static func | (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) | \(rhs))")
  }
  /// `lhs << ?`
  @inlinable
  public static func << (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) << \(rhs))")
  }
  /// `lhs >> ?`
  @inlinable
  public static func >> (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) >> \(rhs))")
  }
  /// Bitwise exclusive or, which SQLite lacks: `(~(lhs & rhs) & (lhs | rhs))`.
  @inlinable
  public static func ^ (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(~(\(lhs) & \(rhs)) & (\(lhs) | \(rhs)))")
  }
  /// `~operand`
  @inlinable
  public static prefix func ~ (operand: Self) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(~\(operand))")
  }
}

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

extension QueryExpression where QueryValue: QueryText {
  /// String concatenation: `lhs || rhs`.
  @inlinable
  public static func + (lhs: Self, rhs: some QueryExpression<QueryValue>)
    -> SQLQueryExpression<QueryValue>
  {
    SQLQueryExpression("(\(lhs) || \(rhs))")
  }
  /// String concatenation after a value: `? || rhs`.
  @inlinable
  public static func + (lhs: String, rhs: Self) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) || \(rhs))")
  }

  /// String concatenation with a value: `lhs || ?`.
  @inlinable
  public static func + (lhs: Self, rhs: String) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression("(\(lhs) || \(rhs))")
  }
}

/// `coalesce(lhs, ?)`: the value, or `rhs` where it is `NULL`.
@inlinable
public func ?? <LHS: QueryExpression, Wrapped: QueryBindable>(lhs: LHS, rhs: Wrapped)
  -> SQLQueryExpression<Wrapped> where LHS.QueryValue == Wrapped?
{
  SQLQueryExpression("coalesce(\(lhs), \(rhs))")
}

/// `coalesce(lhs, rhs)`
@inlinable
public func ?? <LHS: QueryExpression, RHS: QueryExpression>(lhs: LHS, rhs: RHS)
  -> SQLQueryExpression<RHS.QueryValue> where LHS.QueryValue == RHS.QueryValue?
{
  SQLQueryExpression("coalesce(\(lhs), \(rhs))")
}

extension QueryExpression {
  /// `lhs IS rhs`: equality in which `NULL IS NULL` is true.
  @inlinable
  public func `is`(_ other: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>>
  where QueryValue: QueryBindable {
    BinaryOperation(self, "IS", BoundValue(other))
  }

  /// `lhs IS NOT rhs`
  @inlinable
  public func isNot(_ other: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>>
  where QueryValue: QueryBindable {
    BinaryOperation(self, "IS NOT", BoundValue(other))
  }

  /// `lhs IS rhs` for two expressions.
  @inlinable
  public func `is`<Other: QueryExpression<QueryValue>>(_ other: Other)
    -> BinaryOperation<Bool, Self, Other>
  {
    BinaryOperation(self, "IS", other)
  }

  /// `lhs IS NOT rhs` for two expressions.
  @inlinable
  public func isNot<Other: QueryExpression<QueryValue>>(_ other: Other)
    -> BinaryOperation<Bool, Self, Other>
  {
    BinaryOperation(self, "IS NOT", other)
  }
}
