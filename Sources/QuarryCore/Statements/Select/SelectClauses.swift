/// The clauses every `SELECT` shares after its `WHERE`: `GROUP BY`, `HAVING`, `ORDER BY`,
/// `LIMIT` and `OFFSET`. Opaque outside Quarry: a table's default scope carries them, and
/// only the statement that holds them renders them.
public struct SelectClauses: Sendable {
  /// The `ORDER BY` terms, comma-separated; nil for none. The order and the limit, the
  /// clauses selects have most, are kept in the value itself: they need no box, and nil costs
  /// nothing to copy or release.
  @usableFromInline var orderingTerms: QueryFragment?
  /// The `LIMIT` value; nil for none.
  @usableFromInline package var limit: Term?
  /// `GROUP BY`, `HAVING` and `OFFSET`, in one box shared by copies until one of them
  /// changes: nil while none is set.
  @usableFromInline var groups: Groups?

  /// The `ORDER BY` terms, comma-separated; empty for none.
  @inlinable package var ordering: QueryFragment {
    get { orderingTerms ?? QueryFragment() }
    _modify {
      if orderingTerms == nil { orderingTerms = QueryFragment() }
      yield &orderingTerms!
    }
  }
  /// The `GROUP BY` terms, comma-separated; empty for none.
  package var grouping: QueryFragment {
    get { groups?.grouping ?? QueryFragment() }
    _modify {
      let groups = uniqueGroups()
      if groups.grouping == nil { groups.grouping = QueryFragment() }
      yield &groups.grouping!
    }
  }
  /// The `HAVING` predicates, joined with `AND`; empty for none.
  package var having: QueryFragment {
    get { groups?.having ?? QueryFragment() }
    _modify {
      let groups = uniqueGroups()
      if groups.having == nil { groups.having = QueryFragment() }
      yield &groups.having!
    }
  }
  /// The `OFFSET` value; nil for none.
  @inlinable package var offset: Term? {
    get { groups?.offset }
    _modify { yield &uniqueGroups().offset }
  }

  /// The box, made first or copied when shared, so that it can change.
  @usableFromInline
  mutating func uniqueGroups() -> Groups {
    if groups == nil {
      groups = Groups()
    } else if !isKnownUniquelyReferenced(&groups) {
      groups = Groups(copying: groups!)
    }
    return groups!
  }

  /// The clauses a select has less often. Changed only through a unique reference
  /// (``uniqueGroups()``), which is also why their accesses need no exclusivity check at run
  /// time. A clause never set is nil, which costs nothing to copy or release.
  @usableFromInline
  final class Groups: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var grouping: QueryFragment?
    @exclusivity(unchecked) @usableFromInline var having: QueryFragment?
    @exclusivity(unchecked) @usableFromInline var offset: Term?

    init() {}

    init(copying other: Groups) {
      grouping = other.grouping
      having = other.having
      offset = other.offset
    }
  }

  /// A `LIMIT` or `OFFSET` value: a Swift integer, bound, or an expression.
  public enum Term: Sendable {
    /// A bound integer.
    case value(Int)
    /// An SQL expression (boxed: a term stays one word).
    indirect case expression(QueryFragment)

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
  package init() {}

  /// Removes the `ORDER BY` terms, if any.
  mutating func removeOrdering() {
    orderingTerms = nil
  }

  /// Whether there are no clauses.
  @inlinable
  package var isEmpty: Bool {
    guard orderingTerms?.isEmpty ?? true, limit == nil else { return false }
    guard let groups else { return true }
    return groups.grouping?.isEmpty ?? true && groups.having?.isEmpty ?? true
      && groups.offset == nil
  }

  /// Whether the clauses change which rows there are (`GROUP BY`, `HAVING`, `LIMIT`, `OFFSET`),
  /// not only their order.
  package var changesRows: Bool {
    if limit != nil { return true }
    guard let groups else { return false }
    return !(groups.grouping?.isEmpty ?? true) || !(groups.having?.isEmpty ?? true)
      || groups.offset != nil
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
  static func appendPredicate(_ predicate: some QueryExpression, to list: inout QueryFragment) {
    if list.isEmpty { list.reserveCapacity(64) }
    list.appendConjunct(predicate)
  }

  /// An upper bound of the bytes ``write(to:)`` appends.
  @inlinable
  var byteCount: Int {
    var count = (orderingTerms?.text.count ?? 0) + 48
    if let groups {
      count += (groups.grouping?.text.count ?? 0) + (groups.having?.text.count ?? 0)
    }
    return count
  }

  /// The number of values ``write(to:)`` binds.
  @inlinable
  var bindingCount: Int {
    var count = (orderingTerms?.values.count ?? 0) + (limit == nil ? 0 : 2)
    if let groups {
      count +=
        (groups.grouping?.values.count ?? 0) + (groups.having?.values.count ?? 0)
        + (groups.offset == nil ? 0 : 2)
    }
    return count
  }

  /// Writes the clauses that are present.
  @inlinable
  package func write(to fragment: inout QueryFragment) {
    let offset = groups?.offset
    if let groups {
      if let grouping = groups.grouping, !grouping.isEmpty {
        fragment.append(literal: "\nGROUP BY ")
        fragment.append(grouping)
      }
      if let having = groups.having, !having.isEmpty {
        fragment.append(literal: "\nHAVING ")
        fragment.append(having)
      }
    }
    if let ordering = orderingTerms, !ordering.isEmpty {
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
