/// The clauses every `SELECT` shares after its `WHERE`: `GROUP BY`, `HAVING`, `ORDER BY`,
/// `LIMIT` and `OFFSET`, each stored rendered.
public struct SelectClauses: Sendable {
  /// The `GROUP BY` terms, comma-separated; empty for none.
  @usableFromInline package var grouping = QueryFragment()
  /// The `HAVING` predicates, joined with `AND`; empty for none.
  @usableFromInline package var having = QueryFragment()
  /// The `ORDER BY` terms, comma-separated; empty for none.
  @usableFromInline package var ordering = QueryFragment()
  /// The `LIMIT` value; nil for none.
  @usableFromInline package var limit: Term?
  /// The `OFFSET` value; nil for none.
  @usableFromInline package var offset: Term?

  /// A `LIMIT` or `OFFSET` value: a Swift integer, bound, or an expression.
  public enum Term: Sendable {
    /// A bound integer.
    case value(Int)
    /// An SQL expression.
    case expression(QueryFragment)

    @inlinable
    func write(to fragment: inout QueryFragment) {
      switch self {
      case .value(let value): fragment.append(binding: .int(Int64(value)))
      case .expression(let expression): fragment.append(expression)
      }
    }
  }

  /// No clauses.
  @inlinable
  public init() {}

  /// Whether there are no clauses.
  @inlinable
  public var isEmpty: Bool {
    grouping.isEmpty && having.isEmpty && ordering.isEmpty && limit == nil && offset == nil
  }

  /// Appends a term to a comma-separated list.
  @inlinable
  static func appendTerm(_ term: some QueryAssignable, to list: inout QueryFragment) {
    if list.isEmpty {
      // Room for a few terms: one allocation instead of a growth per term.
      list.reserveCapacity(64)
    } else {
      list.append(literal: ", ")
    }
    term.write(to: &list)
  }

  /// Appends a predicate to an `AND`-joined list.
  @inlinable
  static func appendPredicate(_ predicate: some QueryExpression, to list: inout QueryFragment) {
    if list.isEmpty { list.reserveCapacity(64) }
    list.appendConjunct(predicate)
  }

  /// An upper bound of the bytes ``write(to:)`` appends.
  @inlinable
  var byteCount: Int {
    grouping.text.count + having.text.count + ordering.text.count + 48
  }

  /// The number of values ``write(to:)`` binds.
  @inlinable
  var bindingCount: Int {
    grouping.values.count + having.values.count + ordering.values.count
      + (limit == nil && offset == nil ? 0 : 2)
  }

  /// Writes the clauses that are present.
  @inlinable
  public func write(to fragment: inout QueryFragment) {
    if !grouping.isEmpty {
      fragment.append(literal: "\nGROUP BY ")
      fragment.append(grouping)
    }
    if !having.isEmpty {
      fragment.append(literal: "\nHAVING ")
      fragment.append(having)
    }
    if !ordering.isEmpty {
      fragment.append(literal: "\nORDER BY ")
      fragment.append(ordering)
    }
    guard limit != nil || offset != nil else { return }
    fragment.append(literal: "\nLIMIT ")
    // An offset without a limit: SQLite's "no limit" is a negative one, PostgreSQL's `ALL`.
    (limit ?? .expression(.form(.noLimit))).write(to: &fragment)
    if let offset {
      fragment.append(literal: " OFFSET ")
      offset.write(to: &fragment)
    }
  }
}
