/// Something that renders to SQL and has a static Swift result type: a column, a bound value,
/// an operator applied to expressions, a statement.
public protocol QueryExpression<QueryValue>: QueryAssignable {}

/// Anything that can be assigned to a column holding `QueryValue`: a Swift value (bound) or an
/// SQL expression. The type of `$0.title` in an update closure.
public protocol QueryAssignable<QueryValue> {
  /// The Swift type of the value this produces in SQL.
  associatedtype QueryValue

  /// Appends the SQL and bindings to `fragment`.
  func write(to fragment: inout QueryFragment)

  /// Whether every value of this type renders as one operand that no neighbouring operator
  /// can split (a column, a placeholder, a parenthesized operation): then it is never
  /// parenthesized again beside others. False by default: then it is parenthesized beside
  /// others (hand-written SQL, `#sql`, is read to decide).
  static var rendersDelimited: Bool { get }
}

extension QueryAssignable {
  /// Not known: parenthesized beside others.
  @inlinable
  public static var rendersDelimited: Bool { false }
}

extension QueryAssignable {
  /// The expression rendered on its own.
  ///
  /// `($0.priority ?? 0).queryFragment` renders `coalesce("reminders"."priority", 0)`.
  public var queryFragment: QueryFragment {
    var fragment = QueryFragment()
    write(to: &fragment)
    return fragment
  }
}

/// A Swift value used inside an expression: it renders as a `?` placeholder and a binding, or
/// as `NULL` when it is `nil`, so comparing with `nil` is written `IS NULL`.
public struct BoundValue<QueryValue: QueryBindable>: QueryExpression {
  /// The value that is bound.
  public var value: QueryValue

  /// Wraps a value so it can stand in an expression.
  ///
  /// `BoundValue("Milk") + $0.title` renders `('Milk' || "reminders"."title")`.
  @inlinable
  public init(_ value: QueryValue) {
    self.value = value
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    let binding = value.queryBinding
    if binding.isNull {
      fragment.append(literal: "NULL")
    } else {
      fragment.append(binding: binding)
    }
  }

  /// A placeholder.
  @inlinable
  public static var rendersDelimited: Bool { true }
}

/// Two expressions joined by an infix operator, rendered in parentheses: `("a" = ?)`.
public struct BinaryOperation<QueryValue, LHS: QueryExpression, RHS: QueryExpression>:
  QueryExpression
{
  /// The left operand.
  public var lhs: LHS
  /// The SQL operator, such as `=`, `AND`, `IS`. (A `StaticString`: an operation on trivial
  /// operands, such as a column and a number, then holds nothing to release.)
  public var `operator`: StaticString
  /// The right operand.
  public var rhs: RHS

  /// Joins two expressions with an SQL operator.
  ///
  /// `BinaryOperation<Bool, _, _>($0.title, "GLOB", BoundValue("C*"))` renders
  /// `("reminders"."title" GLOB 'C*')`.
  @inlinable
  public init(_ lhs: LHS, _ operator: StaticString, _ rhs: RHS) {
    self.lhs = lhs
    self.operator = `operator`
    self.rhs = rhs
  }

  /// Whether the operator is `IS` or `IS NOT` between two expressions, which the dialects
  /// spell differently. (A trivial value, so the operation stays cheap to copy.)
  @usableFromInline var isOperator: IsOperator = .none

  /// `lhs IS rhs` or `lhs IS NOT rhs`, which other dialects spell their own way.
  init(_ lhs: LHS, _ isOperator: IsOperator, _ rhs: RHS) {
    self.init(lhs, isOperator == .isNot ? "IS NOT" : "IS", rhs)
    self.isOperator = isOperator
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    let name = self.operator
    if isOperator == .none, let column = LHS.self as? any LiteralColumn.Type,
      let lhsName = column.literalQualifiedName(of: lhs)
    {
      // A column of the table and the operator in one copy: `("items"."price" > `.
      let byteCount = lhsName.utf8CodeUnitCount + name.utf8CodeUnitCount + 3
      fragment.appendText(byteCount: byteCount) { cursor in
        cursor.write(byte: UInt8(ascii: "("))
        cursor.write(lhsName)
        cursor.write(byte: UInt8(ascii: " "))
        cursor.write(name)
        cursor.write(byte: UInt8(ascii: " "))
      }
      fragment.appendOperand(rhs)
      fragment.append(byte: UInt8(ascii: ")"))
      return
    }
    fragment.append(byte: UInt8(ascii: "("))
    fragment.appendOperand(lhs)
    switch isOperator {
    case .none:
      // The operator and its spaces in one copy.
      fragment.appendText(byteCount: name.utf8CodeUnitCount + 2) { cursor in
        cursor.write(byte: UInt8(ascii: " "))
        cursor.write(name)
        cursor.write(byte: UInt8(ascii: " "))
      }
    case .is, .isNot:
      fragment.append(byte: UInt8(ascii: " "))
      fragment.append(form: .isOperator(negated: isOperator == .isNot))
      fragment.append(byte: UInt8(ascii: " "))
    }
    fragment.appendOperand(rhs)
    fragment.append(byte: UInt8(ascii: ")"))
  }

  /// Parenthesized.
  @inlinable
  public static var rendersDelimited: Bool { true }
}

/// A prefix operator applied to an expression, rendered in parentheses: `(NOT "a")`.
public struct UnaryOperation<QueryValue, Operand: QueryExpression>: QueryExpression {
  /// The SQL operator, such as `NOT`.
  public var `operator`: StaticString
  /// The operand.
  public var operand: Operand

  /// Applies an SQL prefix operator to an expression.
  ///
  /// `UnaryOperation<Int?, _>("-", $0.priority)` renders `(- "reminders"."priority")`.
  public init(_ operator: StaticString, _ operand: Operand) {
    self.operator = `operator`
    self.operand = operand
  }

  public func write(to fragment: inout QueryFragment) {
    fragment.append(byte: UInt8(ascii: "("))
    fragment.append(literal: self.operator)
    fragment.append(byte: UInt8(ascii: " "))
    fragment.appendOperand(operand)
    fragment.append(byte: UInt8(ascii: ")"))
  }

  /// Parenthesized.
  public static var rendersDelimited: Bool { true }
}

/// Whether a ``BinaryOperation`` is `IS` or `IS NOT` between two expressions.
@usableFromInline
enum IsOperator: UInt8, Sendable {
  case none, `is`, isNot
}
