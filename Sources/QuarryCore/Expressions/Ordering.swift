/// A term of an `ORDER BY` clause: an expression and its direction.
public struct OrderingTerm: QueryExpression {
  public typealias QueryValue = Void

  @usableFromInline var expression: QueryFragment
  @usableFromInline var direction: String

  @inlinable
  init(_ expression: some QueryExpression, direction: String) {
    self.expression = expression.queryFragment
    self.direction = direction
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    fragment.append(expression)
    fragment.sql.append(" ")
    fragment.sql.append(direction)
  }
}

extension QueryExpression {
  /// Orders by this expression, smallest first: `"title" ASC`.
  @inlinable
  public func asc() -> OrderingTerm { OrderingTerm(self, direction: "ASC") }

  /// Orders by this expression, largest first: `"title" DESC`.
  @inlinable
  public func desc() -> OrderingTerm { OrderingTerm(self, direction: "DESC") }
}
