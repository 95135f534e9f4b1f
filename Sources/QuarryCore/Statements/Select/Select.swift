/// A `SELECT` statement over a table, decoding rows of `QueryValue`.
public struct Select<QueryValue, From: Table>: SelectStatement, Sendable {
  /// The selected result columns (one fragment each, or nil for every column of `From`), and
  /// whether the select is `SELECT DISTINCT`: one stored value, so that a select has three.
  /// (With four, the optimizer left a copy of the whole select, and a destroy of it, after
  /// every initializer a caller inlined.)
  @usableFromInline var shape: (terms: [QueryFragment]?, isDistinct: Bool)

  /// The selected result columns, one fragment each, or nil for every column of `From`.
  @inlinable package var selectionTerms: [QueryFragment]? { shape.terms }
  /// The selected columns, or nil for every column of `From`.
  ///
  /// `Reminder.select { ($0.id, $0.title) }.selection!` renders
  /// `"reminders"."id", "reminders"."title"`.
  package var selection: QueryFragment? {
    guard let selectionTerms else { return nil }
    var selection = QueryFragment()
    selection.append(selectionTerms, separator: ", ")
    return selection
  }
  /// Whether the select is `SELECT DISTINCT`.
  @inlinable public var isDistinct: Bool {
    get { shape.isDistinct }
    set { shape.isDistinct = newValue }
  }
  /// The `WHERE` clause.
  ///
  /// ```swift
  /// RemindersList.select { $0.title }.where { $0.id == 1 }.filter
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."id", "remindersLists"."title"
  /// FROM "remindersLists"
  /// WHERE ("remindersLists"."id" = 1)
  /// ```
  @usableFromInline package var filter: Where<From>
  /// `GROUP BY`, `HAVING`, `ORDER BY`, `LIMIT`.
  public var clauses: SelectClauses

  /// A select of `selection` (every column when nil), one result value, from the rows `filter`
  /// keeps.
  ///
  /// ```swift
  /// Select<String, Reminder>(selection: "\(Reminder.columns.title)", filter: Reminder.where { $0.isCompleted })
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE "reminders"."isCompleted"
  /// ```
  @inlinable
  public init(selection: QueryFragment? = nil, filter: consuming Where<From> = Where()) {
    let clauses = filter.applyDefaultScope()
    self.shape = (selection.map { [$0] }, false)
    self.filter = filter
    self.clauses = clauses ?? SelectClauses()
  }

  init<Other>(_ other: Select<Other, From>, terms: [QueryFragment]?) {
    self.shape = (terms, other.isDistinct)
    self.filter = other.filter
    self.clauses = other.clauses
  }

  /// Adds a predicate, joined to earlier ones with `AND`.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.where { $0.priority == 3 }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE ("reminders"."priority" = 3)
  /// ```
  public consuming func `where`<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (From.TableColumns) -> Predicate
  ) -> Self {
    filter = filter.where(predicate)
    return self
  }

  /// Removes duplicate rows: `SELECT DISTINCT`.
  ///
  /// `Reminder.select { $0.priority }.distinct()` renders `SELECT DISTINCT "reminders"."priority" FROM "reminders"`.
  public consuming func distinct(_ isDistinct: Bool = true) -> Self {
    self.isDistinct = isDistinct
    return self
  }

  /// The table, when every column of it is selected: the result columns are its columns.
  @inlinable
  public var resultColumnsTable: String? { selectionTerms == nil ? From.schema.name : nil }

  /// The table's columns, which query closures receive.
  @inlinable
  public var clauseColumns: From.TableColumns { From.columns }

  @inlinable
  public func writeStatement(to fragment: inout QueryFragment) {
    let schema = From.schema
    if filter.isPrimaryKeyLookup, selectionTerms == nil, !isDistinct, fragment.isEmpty,
      clauses.isEmpty, let byKey = schema.selectByPrimaryKeyUTF8
    {
      // `find(_:)` as it is: the schema's pre-rendered select, marked so that a driver keeps
      // its statement with Quarry's own.
      fragment = QueryFragment(
        utf8: byKey, bindings: filter.predicates.values,
        placeholders: schema.selectByPrimaryKeyPlaceholders, preRendered: .selectByPrimaryKey)
      return
    }
    if selectionTerms == nil, !isDistinct {
      let predicates = filter.predicates
      if let clauseByteCount = clauses.literalByteCount {
        // The table's select, the filter's text and the clauses in one copy; then the
        // filter's values and the limit's.
        let keyword: StaticString = "\nWHERE "
        let filterStart = fragment.text.count + schema.selectUTF8.count + keyword.utf8CodeUnitCount
        let filterByteCount =
          predicates.isEmpty ? 0 : keyword.utf8CodeUnitCount + predicates.text.count
        let limitCount = clauses.limit == nil ? 0 : 1
        if fragment.values.capacity == 0 {
          fragment.reserveBindingCapacity(predicates.values.count + limitCount)
        }
        fragment.appendText(
          byteCount: schema.selectUTF8.count + filterByteCount + clauseByteCount
        ) { cursor in
          cursor.write(schema.selectUTF8)
          if filterByteCount > 0 {
            cursor.write(keyword)
            cursor.write(predicates.text)
          }
          clauses.writeLiterals(to: &cursor)
        }
        if filterByteCount > 0 {
          fragment.appendBindingsAndForms(of: predicates, shiftedBy: filterStart)
        }
        if case .value(let count) = clauses.limit {
          fragment.bind(.int(Int64(count)), at: fragment.text.count - 1)
        }
        return
      }
      if fragment.isEmpty {
        // Start from the pre-rendered text, with room for every clause: one allocation for the
        // text and one for the bindings, never a growth.
        fragment.reserveCapacity(
          schema.selectUTF8.count + predicates.text.count + 8 + clauses.byteCount)
        fragment.reserveBindingCapacity(predicates.values.count + clauses.bindingCount)
      }
      fragment.append(utf8: schema.selectUTF8)
    } else {
      fragment.append(sql: isDistinct ? "SELECT DISTINCT " : "SELECT ")
      if let selectionTerms {
        fragment.append(selectionTerms, separator: ", ")
      } else {
        fragment.append(sql: schema.selectionSQL)
      }
      fragment.append(sql: "\nFROM ")
      fragment.append(sql: schema.quotedName)
    }
    filter.writeClause(to: &fragment)
    clauses.write(to: &fragment)
  }
}

extension Select where QueryValue == From {
  /// Chooses one column to select: `.select { $0.title }`.
  ///
  /// `Reminder.select { $0.title }` renders `SELECT "reminders"."title" FROM "reminders"`.
  ///
  /// (A single column has its own overload so its row type is plainly the column's type.)
  public func select<Column: QueryAssignable>(
    _ column: (From.TableColumns) -> Column
  ) -> Select<Column.QueryValue, From> {
    Select<Column.QueryValue, From>(self, terms: [column(From.columns).queryFragment])
  }

  /// Chooses the columns to select: `.select { ($0.id, $0.title) }`.
  ///
  /// ```swift
  /// Reminder.order { $0.title }.select { ($0.id, $0.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id", "reminders"."title"
  /// FROM "reminders"
  /// ORDER BY "reminders"."title"
  /// ```
  public func select<each Column: QueryAssignable>(
    _ columns: (From.TableColumns) -> (repeat each Column)
  ) -> Select<(repeat (each Column).QueryValue), From> {
    var terms: [QueryFragment] = []
    for column in repeat each columns(From.columns) { terms.append(column.queryFragment) }
    return Select<(repeat (each Column).QueryValue), From>(self, terms: terms)
  }
}

extension Select {
  /// Adds columns to those already selected:
  /// `Reminder.select { $0.id }.select { $0.title }` selects `(Int, String)`.
  ///
  /// (Disfavored: on a select of whole rows, such as `Reminder.order { … }`, the first
  /// `select` chooses the columns instead.)
  ///
  /// ```swift
  /// Reminder.select { $0.id }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id", "reminders"."title"
  /// FROM "reminders"
  /// ```
  @_disfavoredOverload
  public func select<each Value, each Column: QueryAssignable>(
    _ columns: (From.TableColumns) -> (repeat each Column)
  ) -> Select<(repeat each Value, repeat (each Column).QueryValue), From>
  where QueryValue == (repeat each Value) {
    var terms = selectionTerms ?? [QueryFragment(sql: From.schema.selectionSQL)]
    for column in repeat each columns(From.columns) { terms.append(column.queryFragment) }
    return Select<(repeat each Value, repeat (each Column).QueryValue), From>(self, terms: terms)
  }
}

/// A `SELECT` of values without a table: `Values(1, "a")` renders `SELECT 1, 'a'`.
public struct Values<QueryValue>: Statement, Sendable {
  @usableFromInline var selection: QueryFragment

  /// The row of `values`, each a Swift value (bound) or an expression.
  ///
  /// `Values(true, 1.5, SQLFunctions.now)` renders `SELECT 1, 1.5, 'now'`.
  public init<each Value: QueryAssignable>(_ values: repeat each Value)
  where QueryValue == (repeat (each Value).QueryValue) {
    var selection = QueryFragment()
    for value in repeat each values { SelectClauses.appendTerm(value, to: &selection) }
    self.selection = selection
  }

  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(sql: "SELECT ")
    fragment.append(selection)
  }
}
