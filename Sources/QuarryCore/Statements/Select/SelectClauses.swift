/// The clauses every `SELECT` shares after its `WHERE`: `GROUP BY`, `HAVING`, `ORDER BY`,
/// `LIMIT` and `OFFSET`. Opaque outside Quarry: a table's default scope carries them, and
/// only the statement that holds them renders them.
public struct SelectClauses: Sendable {
  /// The clauses, in one box shared by copies until one of them changes: a select without
  /// them holds nil, and copying a select retains one reference for all of them.
  @usableFromInline var storage: Storage?

  /// The `GROUP BY` terms, comma-separated; empty for none.
  package var grouping: QueryFragment {
    get { storage?.grouping ?? QueryFragment() }
    _modify {
      let storage = uniqueStorage()
      if storage.grouping == nil { storage.grouping = QueryFragment() }
      yield &storage.grouping!
    }
  }
  /// The `HAVING` predicates, joined with `AND`; empty for none.
  package var having: QueryFragment {
    get { storage?.having ?? QueryFragment() }
    _modify {
      let storage = uniqueStorage()
      if storage.having == nil { storage.having = QueryFragment() }
      yield &storage.having!
    }
  }
  /// The `ORDER BY` terms, comma-separated; empty for none.
  @inlinable package var ordering: QueryFragment {
    get { storage?.ordering ?? QueryFragment() }
    _modify {
      let storage = uniqueStorage()
      if storage.ordering == nil { storage.ordering = QueryFragment() }
      yield &storage.ordering!
    }
  }
  /// The `LIMIT` value; nil for none.
  @inlinable package var limit: Term? {
    get { storage?.limit }
    _modify { yield &uniqueStorage().limit }
  }
  /// The `OFFSET` value; nil for none.
  @inlinable package var offset: Term? {
    get { storage?.offset }
    _modify { yield &uniqueStorage().offset }
  }

  /// The box, made first or copied when shared, so that it can change.
  @inlinable
  mutating func uniqueStorage() -> Storage {
    if storage == nil {
      storage = Storage()
    } else if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(copying: storage!)
    }
    return storage!
  }

  /// The clauses' values. Changed only through a unique reference (``uniqueStorage()``), which
  /// is also why their accesses need no exclusivity check at run time. A clause never set is
  /// nil, which costs nothing to copy or release.
  @usableFromInline
  final class Storage: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var grouping: QueryFragment?
    @exclusivity(unchecked) @usableFromInline var having: QueryFragment?
    @exclusivity(unchecked) @usableFromInline var ordering: QueryFragment?
    @exclusivity(unchecked) @usableFromInline var limit: Term?
    @exclusivity(unchecked) @usableFromInline var offset: Term?

    @inlinable
    init() {}

    @inlinable
    init(copying other: Storage) {
      grouping = other.grouping
      having = other.having
      ordering = other.ordering
      limit = other.limit
      offset = other.offset
    }
  }

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
  package init() {}

  /// Removes the `ORDER BY` terms, if any.
  mutating func removeOrdering() {
    guard storage?.ordering != nil else { return }
    uniqueStorage().ordering = nil
  }

  /// Whether there are no clauses.
  @inlinable
  package var isEmpty: Bool {
    guard let storage else { return true }
    return storage.grouping?.isEmpty ?? true && storage.having?.isEmpty ?? true
      && storage.ordering?.isEmpty ?? true && storage.limit == nil && storage.offset == nil
  }

  /// Whether the clauses change which rows there are (`GROUP BY`, `HAVING`, `LIMIT`, `OFFSET`),
  /// not only their order.
  package var changesRows: Bool {
    guard let storage else { return false }
    return !(storage.grouping?.isEmpty ?? true) || !(storage.having?.isEmpty ?? true)
      || storage.limit != nil || storage.offset != nil
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
    guard let storage else { return 0 }
    return (storage.grouping?.text.count ?? 0) + (storage.having?.text.count ?? 0)
      + (storage.ordering?.text.count ?? 0) + 48
  }

  /// The number of values ``write(to:)`` binds.
  @inlinable
  var bindingCount: Int {
    guard let storage else { return 0 }
    return (storage.grouping?.values.count ?? 0) + (storage.having?.values.count ?? 0)
      + (storage.ordering?.values.count ?? 0)
      + (storage.limit == nil && storage.offset == nil ? 0 : 2)
  }

  /// Writes the clauses that are present.
  @inlinable
  package func write(to fragment: inout QueryFragment) {
    guard let storage else { return }
    let limit = storage.limit
    let offset = storage.offset
    if let grouping = storage.grouping, !grouping.isEmpty {
      fragment.append(literal: "\nGROUP BY ")
      fragment.append(grouping)
    }
    if let having = storage.having, !having.isEmpty {
      fragment.append(literal: "\nHAVING ")
      fragment.append(having)
    }
    if let ordering = storage.ordering, !ordering.isEmpty {
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
