/// A term of an `ORDER BY` clause: an expression and its direction.
public struct OrderingTerm<Base: QueryExpression>: QueryExpression {
  public typealias QueryValue = Void

  /// The expression to order by.
  public var base: Base
  /// `ASC` or `DESC`.
  public var direction: String

  @inlinable
  init(_ base: Base, direction: String) {
    self.base = base
    self.direction = direction
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    base.write(to: &fragment)
    fragment.append(byte: UInt8(ascii: " "))
    fragment.append(sql: direction)
  }
}

extension QueryExpression {
  /// Orders by this expression, smallest first: `"title" ASC`.
  ///
  /// `$0.title.asc()` renders `"reminders"."title" ASC`.
  public func asc() -> OrderingTerm<Self> { OrderingTerm(self, direction: "ASC") }

  /// Orders by this expression, largest first: `"title" DESC`.
  ///
  /// `$0.title.desc()` renders `"reminders"."title" DESC`.
  @inlinable
  public func desc() -> OrderingTerm<Self> { OrderingTerm(self, direction: "DESC") }
}

extension OrderingTerm {
  /// Puts `NULL`s first: `"priority" DESC NULLS FIRST`.
  ///
  /// `$0.priority.desc().nullsFirst()` renders `"reminders"."priority" DESC NULLS FIRST`.
  public func nullsFirst() -> SQLQueryExpression<Void> {
    SQLQueryExpression(compound: "\(self) NULLS FIRST")
  }

  /// Puts `NULL`s last: `"priority" ASC NULLS LAST`.
  ///
  /// `$0.priority.asc().nullsLast()` renders `"reminders"."priority" ASC NULLS LAST`.
  public func nullsLast() -> SQLQueryExpression<Void> {
    SQLQueryExpression(compound: "\(self) NULLS LAST")
  }
}

/// Where `NULL`s go in an ordering: `.asc(nulls: .last)`.
public enum NullOrdering: Sendable {
  /// Before every value: `NULLS FIRST`.
  case first
  /// After every value: `NULLS LAST`.
  case last
}

extension QueryExpression {
  /// Smallest first, with `NULL`s where asked: `"priority" ASC NULLS LAST`.
  ///
  /// `$0.priority.asc(nulls: .last)` renders `"reminders"."priority" ASC NULLS LAST`.
  public func asc(nulls: NullOrdering) -> SQLQueryExpression<Void> {
    nulls == .first ? asc().nullsFirst() : asc().nullsLast()
  }

  /// Largest first, with `NULL`s where asked: `"priority" DESC NULLS FIRST`.
  ///
  /// `$0.priority.desc(nulls: .first)` renders `"reminders"."priority" DESC NULLS FIRST`.
  public func desc(nulls: NullOrdering) -> SQLQueryExpression<Void> {
    nulls == .first ? desc().nullsFirst() : desc().nullsLast()
  }
}
