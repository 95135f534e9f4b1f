/// A term of an `ORDER BY` clause: an expression and its direction.
public struct OrderingTerm<Base: QueryExpression>: QueryExpression {
  public typealias QueryValue = Void

  /// The expression to order by.
  public var base: Base
  /// `.ascending` or `.descending`. (Not text: a term over a column holds nothing to release,
  /// and an `ORDER BY` reads its direction without comparing strings.)
  @usableFromInline let ordering: OrderingDirection

  /// `ASC` or `DESC`.
  public var direction: String { ordering == .descending ? "DESC" : "ASC" }

  @inlinable
  init(_ base: Base, _ ordering: OrderingDirection) {
    self.base = base
    self.ordering = ordering
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    base.write(to: &fragment)
    ordering.write(to: &fragment)
  }
}

extension QueryExpression {
  /// Orders by this expression, smallest first: `"title" ASC`.
  ///
  /// `$0.title.asc()` renders `"reminders"."title" ASC`.
  public func asc() -> OrderingTerm<Self> { OrderingTerm(self, .ascending) }

  /// Orders by this expression, largest first: `"title" DESC`.
  ///
  /// `$0.title.desc()` renders `"reminders"."title" DESC`.
  @inlinable
  public func desc() -> OrderingTerm<Self> { OrderingTerm(self, .descending) }
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

/// The direction written after a column in `ORDER BY`: none, `ASC` or `DESC`.
@usableFromInline
enum OrderingDirection: Sendable {
  case unstated, ascending, descending

  /// What is written after the term: nothing, ` ASC` or ` DESC`.
  @inlinable
  var literal: StaticString {
    switch self {
    case .unstated: ""
    case .ascending: " ASC"
    case .descending: " DESC"
    }
  }

  @inlinable
  func write(to fragment: inout QueryFragment) {
    if self != .unstated { fragment.append(literal: literal) }
  }
}

/// A term that may be a column of a table under the table's own name, maybe in a direction:
/// an `ORDER BY` keeps such a term as the column's static name, in no buffer of its own.
@usableFromInline
protocol OrderableColumn {
  /// The column's qualified, quoted name and the direction; nil when the term is not that.
  var orderedName: (StaticString, OrderingDirection)? { get }
}

extension OrderableColumn {
  /// ``orderedName`` of `term`, a value of this type. (Asked of the type, not of the value
  /// cast to an existential: that would box the value.)
  @inlinable
  static func orderedName(of term: some Any) -> (StaticString, OrderingDirection)? {
    (term as? Self)?.orderedName
  }
}

extension TableColumn: OrderableColumn {
  @inlinable
  var orderedName: (StaticString, OrderingDirection)? {
    literalQualifiedName.map { ($0, .unstated) }
  }
}

extension OrderingTerm: OrderableColumn where Base: OrderableColumn {
  @inlinable
  var orderedName: (StaticString, OrderingDirection)? {
    guard let (name, unstated) = base.orderedName, unstated == .unstated else { return nil }
    return (name, ordering)
  }
}
