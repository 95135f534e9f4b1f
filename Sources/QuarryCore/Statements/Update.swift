/// An `UPDATE` of a table: `Reminder.update { $0.isCompleted = true }.where { $0.id == 1 }`.
public struct Update<Base: Table>: Statement, Sendable {
  public typealias QueryValue = Void

  /// The `SET` assignments, comma-separated.
  public var assignments: QueryFragment
  /// The rows to update.
  public var filter: Where<Base>

  /// An update of the rows `filter` keeps.
  @inlinable
  public init(assignments: QueryFragment, filter: Where<Base>) {
    self.assignments = assignments
    self.filter = filter
  }

  /// Restricts the update to rows matching a predicate, joined to earlier ones with `AND`.
  @inlinable
  public consuming func `where`<Predicate: QueryExpression<Bool>>(
    _ predicate: (Base.TableColumns) -> Predicate
  ) -> Self {
    filter = filter.where(predicate)
    return self
  }

  /// Renders nothing when nothing is assigned: executing it does nothing.
  @inlinable
  public func write(to fragment: inout QueryFragment) {
    guard !assignments.isEmpty else { return }
    fragment.append(sql: "UPDATE ")
    fragment.append(sql: Base.schema.quotedName)
    fragment.append(sql: "\nSET ")
    fragment.append(assignments)
    filter.writeClause(to: &fragment)
  }
}

/// The assignments of an update, written as property assignments: `$0.title = "Groceries"`.
@dynamicMemberLookup
public struct Updates<Base: Table> {
  /// The `SET` assignments, comma-separated.
  public var assignments = QueryFragment()

  @inlinable
  init() {}

  /// Assigns a Swift value to a column: `$0.title = "Groceries"`.
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> Value {
    @available(*, unavailable, message: "Assign to a column; reading it back is not supported")
    get { fatalError("unavailable") }
    set { assign(Base.columns[keyPath: keyPath], BoundValue(newValue)) }
  }

  /// Assigns an SQL expression to a column: `$0.title = #sql("upper(\(Reminder.columns.title))")`.
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> any QueryExpression<Value> {
    get { Base.columns[keyPath: keyPath] }
    set { assign(Base.columns[keyPath: keyPath], newValue) }
  }

  mutating func assign<Value>(
    _ column: TableColumn<Base, Value>, _ value: some QueryExpression
  ) {
    if !assignments.isEmpty { assignments.append(sql: ", ") }
    assignments.append(identifier: column.name)
    assignments.append(sql: " = ")
    value.write(to: &assignments)
  }
}

extension Table {
  /// Updates every row: `Reminder.update { $0.isCompleted = true }`.
  @inlinable
  public static func update(_ assignments: (inout Updates<Self>) -> Void) -> Update<Self> {
    Where().update(assignments)
  }
}

extension Where {
  /// Updates the filtered rows.
  @inlinable
  public func update(_ assignments: (inout Updates<From>) -> Void) -> Update<From> {
    var updates = Updates<From>()
    assignments(&updates)
    return Update(assignments: updates.assignments, filter: self)
  }
}
