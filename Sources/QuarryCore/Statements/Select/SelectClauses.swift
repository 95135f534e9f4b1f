/// The clauses every `SELECT` shares after its `WHERE`: `GROUP BY`, `HAVING`, `ORDER BY`,
/// `LIMIT` and `OFFSET`. Opaque outside Quarry: a table's default scope carries them, and
/// only the statement that holds them renders them.
public struct SelectClauses: Sendable {
  /// The `ORDER BY` terms; nil for none. The order and the limit, the clauses selects have
  /// most, are kept in the value itself: they need no box, and nil costs nothing to copy or
  /// release.
  @usableFromInline var orderingTerms: Ordering?
  /// The `LIMIT` value; nil for none.
  @usableFromInline package var limit: Term?
  /// `GROUP BY`, `HAVING` and `OFFSET`, in one box shared by copies until one of them
  /// changes: nil while none is set.
  @usableFromInline var others: OtherClauses?

  /// The `ORDER BY` terms.
  @usableFromInline
  enum Ordering: Sendable {
    /// One column of the table, under the table's name, with its direction if one is written:
    /// the order most selects have, kept as the column's static name instead of as text in a
    /// buffer of its own.
    case column(StaticString, OrderingDirection)
    /// Terms, comma-separated.
    case terms(QueryFragment)
  }

  /// Whether there is an `ORDER BY` term.
  @inlinable package var isOrdered: Bool {
    switch orderingTerms {
    case .none: false
    case .column: true
    case .terms(let terms): !terms.isEmpty
    }
  }

  /// The `ORDER BY` terms, comma-separated; empty for none.
  @usableFromInline package var ordering: QueryFragment {
    get {
      var terms = QueryFragment()
      writeOrdering(to: &terms)
      return terms
    }
    _modify {
      var terms: QueryFragment
      if case .terms(let written) = orderingTerms {
        terms = written
      } else {
        terms = ordering
      }
      // Held here alone while it changes: appended to in place, not copied.
      orderingTerms = nil
      yield &terms
      orderingTerms = .terms(terms)
    }
  }

  /// Adds an `ORDER BY` term: the first, when it is a column of the table, as the column's
  /// name.
  @inlinable
  mutating func appendOrderingTerm<Term: QueryAssignable>(_ term: Term) {
    if orderingTerms == nil, let column = Term.self as? any OrderableColumn.Type,
      let (name, direction) = column.orderedName(of: term)
    {
      orderingTerms = .column(name, direction)
    } else {
      Self.appendTerm(term, to: &ordering)
    }
  }

  /// Appends the `ORDER BY` terms, comma-separated.
  @inlinable
  func writeOrdering(to fragment: inout QueryFragment) {
    switch orderingTerms {
    case .none: break
    case .column(let name, let direction):
      fragment.append(literal: name)
      direction.write(to: &fragment)
    case .terms(let terms): fragment.append(terms)
    }
  }

  /// The `GROUP BY` terms, comma-separated; empty for none.
  package var grouping: QueryFragment {
    get { others?.grouping ?? QueryFragment() }
    _modify {
      let others = uniqueOthers()
      if others.grouping == nil { others.grouping = QueryFragment() }
      yield &others.grouping!
    }
  }
  /// The `HAVING` predicates, joined with `AND`; empty for none.
  package var having: QueryFragment {
    get { others?.having ?? QueryFragment() }
    _modify {
      let others = uniqueOthers()
      if others.having == nil { others.having = QueryFragment() }
      yield &others.having!
    }
  }
  /// The `OFFSET` value; nil for none.
  @inlinable package var offset: Term? {
    get { others?.offset }
    _modify { yield &uniqueOthers().offset }
  }

  /// The box, made first or copied when shared, so that it can change.
  @usableFromInline
  mutating func uniqueOthers() -> OtherClauses {
    if others == nil {
      others = OtherClauses()
    } else if !isKnownUniquelyReferenced(&others) {
      others = OtherClauses(copying: others!)
    }
    return others!
  }

  /// The clauses a select has less often. Changed only through a unique reference
  /// (``uniqueOthers()``), which is also why their accesses need no exclusivity check at run
  /// time. A clause never set is nil, which costs nothing to copy or release.
  @usableFromInline
  final class OtherClauses: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var grouping: QueryFragment?
    @exclusivity(unchecked) @usableFromInline var having: QueryFragment?
    @exclusivity(unchecked) @usableFromInline var offset: Term?

    init() {}

    init(copying other: OtherClauses) {
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
    guard !isOrdered, limit == nil else { return false }
    guard let others else { return true }
    return others.grouping?.isEmpty ?? true && others.having?.isEmpty ?? true
      && others.offset == nil
  }

  /// Whether the clauses change which rows there are (`GROUP BY`, `HAVING`, `LIMIT`, `OFFSET`),
  /// not only their order.
  package var changesRows: Bool {
    if limit != nil { return true }
    guard let others else { return false }
    return !(others.grouping?.isEmpty ?? true) || !(others.having?.isEmpty ?? true)
      || others.offset != nil
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
    var count = 48
    switch orderingTerms {
    case .column(let name, _): count += name.utf8CodeUnitCount + 5  // and ` DESC` at most
    case .terms(let terms): count += terms.text.count
    case .none: break
    }
    if let others {
      count += (others.grouping?.text.count ?? 0) + (others.having?.text.count ?? 0)
    }
    return count
  }

  /// The number of values ``write(to:)`` binds.
  @inlinable
  var bindingCount: Int {
    var count = limit == nil ? 0 : 2
    if case .terms(let terms) = orderingTerms { count += terms.values.count }
    if let others {
      count +=
        (others.grouping?.values.count ?? 0) + (others.having?.values.count ?? 0)
        + (others.offset == nil ? 0 : 2)
    }
    return count
  }

  /// The bytes of the clauses' text when it is only literals: at most an `ORDER BY` of one
  /// column and a `LIMIT` of a value (its `?`); nil when there is any other clause.
  @inlinable
  var literalByteCount: Int? {
    guard others == nil else { return nil }
    var count = 0
    switch orderingTerms {
    case .none: break
    case .column(let name, let direction): count += Self.byteCount(ofOrdering: name, direction)
    case .terms: return nil
    }
    switch limit {
    case .none: break
    case .value: count += Self.limitPlaceholder.utf8CodeUnitCount
    case .expression: return nil
    }
    return count
  }

  /// Writes the text of clauses that are only literals (``literalByteCount``): the limit's
  /// value is bound to the last byte, its `?`, by the caller.
  @inlinable
  func writeLiterals(to cursor: inout TextCursor) {
    if case .column(let name, let direction) = orderingTerms {
      Self.writeOrdering(name, direction, to: &cursor)
    }
    if limit != nil { cursor.write(Self.limitPlaceholder) }
  }

  /// `LIMIT` and the `?` of a value.
  @inlinable @inline(__always)
  static var limitPlaceholder: StaticString { "\nLIMIT ?" }

  /// The bytes of `ORDER BY` one column of the table in a direction.
  @inlinable @inline(__always)
  static func byteCount(ofOrdering name: StaticString, _ direction: OrderingDirection) -> Int {
    10 + name.utf8CodeUnitCount + direction.literal.utf8CodeUnitCount
  }

  /// Writes `ORDER BY` one column of the table in a direction.
  @inlinable @inline(__always)
  static func writeOrdering(
    _ name: StaticString, _ direction: OrderingDirection, to cursor: inout TextCursor
  ) {
    cursor.write("\nORDER BY ")
    cursor.write(name)
    cursor.write(direction.literal)
  }

  /// Writes the clauses that are present.
  @inlinable
  package func write(to fragment: inout QueryFragment) {
    let offset = others?.offset
    if let others {
      if let grouping = others.grouping, !grouping.isEmpty {
        fragment.append(literal: "\nGROUP BY ")
        fragment.append(grouping)
      }
      if let having = others.having, !having.isEmpty {
        fragment.append(literal: "\nHAVING ")
        fragment.append(having)
      }
    }
    if case .column(let name, let direction) = orderingTerms {
      // A column's name and direction are literals: one copy into the text for the three.
      fragment.appendText(byteCount: Self.byteCount(ofOrdering: name, direction)) { cursor in
        Self.writeOrdering(name, direction, to: &cursor)
      }
    } else if isOrdered {
      fragment.append(literal: "\nORDER BY ")
      writeOrdering(to: &fragment)
    }
    guard limit != nil || offset != nil else { return }
    if offset == nil, case .value(let count) = limit {
      // The clause and its placeholder in one copy.
      let clause = Self.limitPlaceholder
      fragment.appendText(byteCount: clause.utf8CodeUnitCount) { $0.write(clause) }
      fragment.bind(.int(Int64(count)), at: fragment.text.count - 1)
      return
    }
    fragment.append(literal: "\nLIMIT ")
    // An offset without a limit: SQLite's "no limit" is a negative one, PostgreSQL's `ALL`.
    (limit ?? .expression(.form(.noLimit))).write(to: &fragment)
    if let offset {
      fragment.append(literal: " OFFSET ")
      offset.write(to: &fragment)
    }
  }
}
