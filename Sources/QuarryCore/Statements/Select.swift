/// A `SELECT` statement over a table, decoding rows of `QueryValue`.
public struct Select<QueryValue, From: Table>: Statement, Sendable {
  /// The selected columns, or nil for every column of `From`.
  public var selection: QueryFragment?
  /// The `WHERE` clause.
  public var filter: Where<From>
  /// The `ORDER BY` terms, comma-separated; empty for none.
  public var ordering: QueryFragment
  /// The `LIMIT` and `OFFSET` values.
  public var limit: (count: Int, offset: Int?)?

  /// A select of `selection` (every column when nil) from the rows `filter` keeps.
  @inlinable
  public init(selection: QueryFragment? = nil, filter: Where<From> = Where()) {
    self.selection = selection
    self.filter = filter
    self.ordering = QueryFragment()
    self.limit = nil
  }

  @inlinable
  init<Other>(_ other: Select<Other, From>, selection: QueryFragment?) {
    self.selection = selection
    self.filter = other.filter
    self.ordering = other.ordering
    self.limit = other.limit
  }

  /// Adds a predicate, joined to earlier ones with `AND`.
  @inlinable
  public consuming func `where`<Predicate: QueryExpression<Bool>>(
    _ predicate: (From.TableColumns) -> Predicate
  ) -> Self {
    filter = filter.where(predicate)
    return self
  }

  /// Adds an ordering term: `.order { $0.title.desc() }`.
  @inlinable
  public consuming func order<Term: QueryExpression>(
    by term: (From.TableColumns) -> Term
  ) -> Self {
    if !ordering.isEmpty { ordering.append(sql: ", ") }
    term(From.columns).write(to: &ordering)
    return self
  }

  /// Adds ordering terms: `.order { ($0.isCompleted, $0.title.desc()) }`.
  @inlinable
  public consuming func order<each Term: QueryExpression>(
    by terms: (From.TableColumns) -> (repeat each Term)
  ) -> Self {
    for term in repeat each terms(From.columns) {
      if !ordering.isEmpty { ordering.append(sql: ", ") }
      term.write(to: &ordering)
    }
    return self
  }

  /// Returns at most `count` rows, skipping `offset` rows first.
  @inlinable
  public consuming func limit(_ count: Int, offset: Int? = nil) -> Self {
    limit = (count, offset)
    return self
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    let schema = From.schema
    if let selection {
      fragment.append(sql: "SELECT ")
      fragment.append(selection)
      fragment.append(sql: "\nFROM ")
      fragment.append(sql: schema.quotedName)
    } else if fragment.isEmpty {
      // Start from the pre-rendered text, with room for the clauses: one allocation.
      fragment.reserveCapacity(schema.selectUTF8.count + 128)
      fragment.append(utf8: schema.selectUTF8)
    } else {
      fragment.append(utf8: schema.selectUTF8)
    }
    filter.writeClause(to: &fragment)
    if !ordering.isEmpty {
      fragment.append(sql: "\nORDER BY ")
      fragment.append(ordering)
    }
    if let limit {
      fragment.append(sql: "\nLIMIT ")
      fragment.append(binding: .int(Int64(limit.count)))
      if let offset = limit.offset {
        fragment.append(sql: " OFFSET ")
        fragment.append(binding: .int(Int64(offset)))
      }
    }
  }
}

extension Select where QueryValue == From {
  /// Chooses one column to select: `.select { $0.title }`.
  ///
  /// (A single column has its own overload so its row type is plainly the column's type.)
  @inlinable
  public func select<Column: QueryExpression>(
    _ column: (From.TableColumns) -> Column
  ) -> Select<Column.QueryValue, From> {
    Select<Column.QueryValue, From>(self, selection: column(From.columns).queryFragment)
  }

  /// Chooses the columns to select: `.select { ($0.id, $0.title) }`.
  @inlinable
  public func select<each Column: QueryExpression>(
    _ columns: (From.TableColumns) -> (repeat each Column)
  ) -> Select<(repeat (each Column).QueryValue), From> {
    var selection = QueryFragment()
    for column in repeat each columns(From.columns) {
      if !selection.isEmpty { selection.append(sql: ", ") }
      column.write(to: &selection)
    }
    return Select<(repeat (each Column).QueryValue), From>(self, selection: selection)
  }
}
