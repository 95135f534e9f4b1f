/// An `UPDATE` of a table: `Reminder.update { $0.isCompleted = true }.where { $0.id == 1 }`.
public struct Update<Base: Table>: Statement, Sendable {
  public typealias QueryValue = Void

  /// The conflict resolution, `UPDATE OR …`.
  ///
  /// `Reminder.update(or: .ignore) { $0.title = "Milk" }` renders
  /// `UPDATE OR IGNORE "reminders" SET "title" = 'Milk'`.
  public var conflictResolution: ConflictResolution?
  /// The `SET` assignments, comma-separated.
  ///
  /// `RemindersList.update { $0.title = "Home" }.assignments` renders `"title" = 'Home'`.
  @usableFromInline package var assignments: QueryFragment
  /// The rows to update.
  ///
  /// ```swift
  /// RemindersList.update { $0.title = "Home" }.where { $0.id == 1 }.filter
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."id", "remindersLists"."title"
  /// FROM "remindersLists"
  /// WHERE ("remindersLists"."id" = 1)
  /// ```
  @usableFromInline package var filter: Where<Base>

  /// An update of the rows `filter` keeps.
  ///
  /// `Update(assignments: "\(quote: "title") = \("Milk")", filter: Reminder.where { $0.id == 1 })`
  /// renders `UPDATE "reminders" SET "title" = 'Milk' WHERE ("reminders"."id" = 1)`.
  public init(
    or conflictResolution: ConflictResolution? = nil, assignments: QueryFragment,
    filter: Where<Base>
  ) {
    self.conflictResolution = conflictResolution
    self.assignments = assignments
    self.filter = filter
    _ = self.filter.applyDefaultScope()
  }

  /// Restricts the update to rows matching a predicate, joined to earlier ones with `AND`.
  ///
  /// ```swift
  /// Reminder.update { $0.isCompleted = true }.where { $0.id == 1 }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "isCompleted" = 1
  /// WHERE ("reminders"."id" = 1)
  /// ```
  public consuming func `where`<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (Base.TableColumns) -> Predicate
  ) -> Self {
    filter = filter.where(predicate)
    return self
  }

  /// Renders nothing when nothing is assigned: executing it does nothing.
  public func writeStatement(to fragment: inout QueryFragment) {
    guard !assignments.isEmpty else { return }
    fragment.append(sql: "UPDATE ")
    if let conflictResolution { fragment.append(sql: "OR \(conflictResolution.rawValue) ") }
    fragment.append(sql: Base.schema.quotedName)
    fragment.append(sql: "\nSET ")
    fragment.append(assignments)
    filter.writeClause(to: &fragment)
  }
}

/// The assignments of an update, written as property assignments:
///
/// ```swift
/// Reminder.update {
///   $0.title = "Groceries"
///   $0.priority += 1
///   $0.isCompleted.toggle()
///   $0.title = $0.title.upper()
/// }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "title" = upper('Groceries'), "priority" = ("reminders"."priority" + 1), "isCompleted" = (NOT "reminders"."isCompleted")
/// ```
///
/// A column assigned twice is set once: the second assignment reads the first one's value
/// (`$0.title` after `$0.title = "Groceries"` is `'Groceries'`), as Swift code would.
@dynamicMemberLookup
public struct Updates<Base: Table> {
  @usableFromInline var columns: [String] = []
  @usableFromInline var values: [QueryFragment] = []
  /// The alias the updated table has, which columns read in assignments are qualified with.
  @usableFromInline var alias: String?

  init() {}

  @usableFromInline
  init(alias: String) {
    self.alias = alias
  }

  /// The `SET` assignments, comma-separated. A column assigned twice keeps its last value.
  ///
  /// `Reminder.update { $0.title = "Milk"; $0.priority = 2 }.assignments` renders
  /// `"title" = 'Milk', "priority" = 2`.
  public var assignments: QueryFragment {
    var fragment = QueryFragment()
    for (index, column) in columns.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      fragment.append(identifier: column)
      fragment.append(sql: " = ")
      fragment.append(values[index])
    }
    return fragment
  }

  /// A column, to assign a value or an expression to, or to read in an expression:
  /// `$0.title = "Groceries"`, `$0.title = $0.title.upper()`, `$0.count += 1`.
  ///
  /// ```swift
  /// Reminder.update { $0.remindersListID += 1 }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "remindersListID" = ("reminders"."remindersListID" + 1)
  /// ```
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> any QueryAssignable<Value> {
    get { current(Base.columns[keyPath: keyPath]) }
    set { assign(Base.columns[keyPath: keyPath].name, newValue) }
  }

  /// An optional column, assigned a non-optional value: `$0.note = "Call back"`.
  ///
  /// `Reminder.update { $0.priority = 3 }` renders `UPDATE "reminders" SET "priority" = 3`.
  public subscript<Wrapped>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Wrapped?>>
  ) -> any QueryAssignable<Wrapped> {
    get { current(Base.columns[keyPath: keyPath]).wrapped(as: Wrapped.self) }
    set { assign(Base.columns[keyPath: keyPath].name, newValue) }
  }

  /// A numeric column, which can also be negated: `$0.balance.negate()`.
  ///
  /// `Reminder.update { $0.remindersListID = $0.remindersListID * 2 }` renders
  /// `UPDATE "reminders" SET "remindersListID" = ("reminders"."remindersListID" * 2)`.
  public subscript<Value: QueryNumeric>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> SQLQueryExpression<Value> {
    get { current(Base.columns[keyPath: keyPath]) }
    set { assign(Base.columns[keyPath: keyPath].name, newValue) }
  }

  /// A `Bool` column, which can also be toggled: `$0.isFlagged.toggle()`.
  ///
  /// `Reminder.update { $0.isCompleted = !$0.isCompleted }` renders
  /// `UPDATE "reminders" SET "isCompleted" = (NOT "reminders"."isCompleted")`.
  public subscript(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Bool>>
  ) -> SQLQueryExpression<Bool> {
    get { current(Base.columns[keyPath: keyPath]) }
    set { assign(Base.columns[keyPath: keyPath].name, newValue) }
  }

  /// A text column, which can also be appended to: `$0.title.append("!")`.
  ///
  /// `Reminder.update { $0.title = $0.title.lower() }` renders
  /// `UPDATE "reminders" SET "title" = lower("reminders"."title")`.
  public subscript(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, String>>
  ) -> SQLQueryExpression<String> {
    get { current(Base.columns[keyPath: keyPath]) }
    set { assign(Base.columns[keyPath: keyPath].name, newValue) }
  }

  /// A `@Selection` group of columns, assigned a whole value: `$0.kind = .note("Hi")` sets every
  /// column of the group (`NULL` in the columns of an enum's other cases). Reading it gives
  /// `nil`: an update cannot know the group's current value.
  ///
  /// `Trip.update { $0.snooze = Snooze(untilDay: 4) }` renders
  /// `UPDATE "trips" SET "untilDay" = 4`.
  public subscript<Value: Selection>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, ColumnGroup<Base, Value>>
  ) -> Value? {
    get { nil }
    set { assign(group: Base.columns[keyPath: keyPath], newValue) }
  }

  /// A `@Selection` group of columns, whose columns are assigned one by one:
  /// `$0.timestamps.updatedAt = date`.
  ///
  /// `Trip.update { $0.schedule.note = "Porto" }` renders `UPDATE "trips" SET "note" = 'Porto'`.
  public subscript<Value: Selection>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, ColumnGroup<Base, Value>>
  ) -> GroupUpdates<Base, Value> {
    get { GroupUpdates(updates: self, group: Base.columns[keyPath: keyPath]) }
    set { self = newValue.updates }
  }

  /// The column's value as assigned so far, or the column itself.
  func current<Value>(_ column: TableColumn<Base, Value>) -> SQLQueryExpression<Value> {
    if let index = columns.firstIndex(of: column.name) {
      // Any expression may have been assigned: parenthesized where it stands beside others.
      return SQLQueryExpression(compound: values[index])
    }
    guard let alias else { return SQLQueryExpression(operand: column.queryFragment) }
    return SQLQueryExpression(operand: "\(quote: alias).\(quote: column.name)")
  }

  /// Assigns a whole value to every column of a group.
  mutating func assign<Value: Selection>(group: ColumnGroup<Base, Value>, _ value: Value?) {
    // `nil` binds `NULL` to every column: an optional group is a selection too.
    for (column, binding) in zip(Value.selectionColumns, value.queryBindings) {
      assign(column.name, binding: binding)
    }
  }

  /// Assigns a bound value to the column named `column`.
  @usableFromInline
  mutating func assign(_ column: String, binding: QueryBinding) {
    var value = QueryFragment()
    value.append(binding: binding)
    assign(column, SQLQueryExpression<Void>(operand: value))
  }

  /// Assigns a value or an expression to the column named `column`, as `$0.column = value`
  /// does: a later assignment of the same column replaces it.
  ///
  /// `Reminder.update { $0.assign("priority", 2) }` renders
  /// `UPDATE "reminders" SET "priority" = 2`.
  public mutating func assign(_ column: String, _ value: some QueryAssignable) {
    set(column, value.queryFragment)
    // A `@Table` enum's row holds one case: setting a case's column clears the other cases'.
    guard let cases = Base.schema.cases,
      let assigned = cases.firstIndex(where: { $0.columns.contains { $0.name == column } })
    else { return }
    for (index, other) in cases.enumerated() where index != assigned {
      for column in other.columns { set(column.name, QueryFragment(sql: "NULL")) }
    }
  }

  /// Sets the column named `column` to `value`, replacing an earlier assignment of it.
  private mutating func set(_ column: String, _ value: QueryFragment) {
    if let index = columns.firstIndex(of: column) {
      values[index] = value
    } else {
      columns.append(column)
      values.append(value)
    }
  }
}

/// The columns of a `@Selection` group in an update: `$0.timestamps.updatedAt = date`.
@dynamicMemberLookup
public struct GroupUpdates<Base: Table, Value: Selection> {
  var updates: Updates<Base>
  let group: ColumnGroup<Base, Value>
  /// The columns an assignment through the group sets to `NULL`: when the group is a case of
  /// an enum, the other cases' columns, so that the row holds one case.
  var otherCasesColumns: [String] = []

  /// The columns to set to `NULL` when `member` is assigned: the other cases' when `Value` is
  /// an enum and `member` one of its cases, and those this group clears itself.
  func columnsCleared(by member: StaticString) -> [String] {
    guard let cases = Value.selectionCases else { return otherCasesColumns }
    let name = member.description
    return otherCasesColumns
      + cases.filter { $0.name != name }.flatMap { $0.columns.map(\.name) }
  }

  /// Sets `columns` to `NULL`.
  mutating func clear(_ columns: [String]) {
    for column in columns { updates.assign(column, binding: .null) }
  }

  /// A column of the group, to assign or to read in an expression.
  ///
  /// `Trip.update { $0.schedule.note += "!" }` renders
  /// `UPDATE "trips" SET "note" = ("trips"."note" || '!')`.
  public subscript<Member: QueryBindable>(
    dynamicMember keyPath: KeyPath<Value.SelectionMembers, SelectionMember<Member>>
  ) -> any QueryAssignable<Member> {
    get { updates.current(group[dynamicMember: keyPath]) }
    set {
      let member = Value.selectionMembers[keyPath: keyPath].name
      updates.assign(group[dynamicMember: keyPath].name, newValue)
      clear(columnsCleared(by: member))
    }
  }

  /// An optional column of the group, assigned a non-optional value.
  ///
  /// `Trip.update { $0.snooze.untilDay = 7 }` renders `UPDATE "trips" SET "untilDay" = 7`.
  public subscript<Wrapped: QueryBindable>(
    dynamicMember keyPath: KeyPath<Value.SelectionMembers, SelectionMember<Wrapped?>>
  ) -> any QueryAssignable<Wrapped> {
    get { updates.current(group[dynamicMember: keyPath]).wrapped(as: Wrapped.self) }
    set {
      let member = Value.selectionMembers[keyPath: keyPath].name
      updates.assign(group[dynamicMember: keyPath].name, newValue)
      clear(columnsCleared(by: member))
    }
  }

  /// A group nested in the group (an enum case holding a `@Selection` struct), assigned a whole
  /// value. Reading it gives `nil`, as for a group of the table.
  ///
  /// `Trip.update { $0.schedule.span = Span(startDay: 2, endDay: 4) }` renders
  /// `UPDATE "trips" SET "startDay" = 2, "endDay" = 4`.
  public subscript<Member: Selection>(
    dynamicMember keyPath: KeyPath<Value.SelectionMembers, SelectionMember<Member>>
  ) -> Member? {
    get { nil }
    set {
      let nested: ColumnGroup<Base, Member> = group[dynamicMember: keyPath]
      updates.assign(group: nested, newValue)
      clear(columnsCleared(by: Value.selectionMembers[keyPath: keyPath].name))
    }
  }

  /// A group nested in the group, whose columns are assigned one by one:
  /// `$0.kind.image.caption = "Sunset"`.
  ///
  /// `Trip.update { $0.schedule.span.endDay += 1 }` renders
  /// `UPDATE "trips" SET "endDay" = ("trips"."endDay" + 1)`.
  public subscript<Member: Selection>(
    dynamicMember keyPath: KeyPath<Value.SelectionMembers, SelectionMember<Member>>
  ) -> GroupUpdates<Base, Member> {
    get {
      GroupUpdates<Base, Member>(
        updates: updates, group: group[dynamicMember: keyPath],
        otherCasesColumns: columnsCleared(by: Value.selectionMembers[keyPath: keyPath].name))
    }
    set { updates = newValue.updates }
  }
}

extension Table {
  /// Updates every row: `Reminder.update { $0.isCompleted = true }` renders
  /// `UPDATE "reminders" SET "isCompleted" = 1`.
  public static func update(
    or conflictResolution: ConflictResolution? = nil,
    _ assignments: (inout Updates<Self>) -> Void
  ) -> Update<Self> {
    Where().update(or: conflictResolution, assignments)
  }
}

extension Where {
  /// Updates the filtered rows.
  ///
  /// ```swift
  /// Reminder.where { $0.id == 1 }.update { $0.title += "!" }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "title" = ("reminders"."title" || '!')
  /// WHERE ("reminders"."id" = 1)
  /// ```
  public consuming func update(
    or conflictResolution: ConflictResolution? = nil,
    _ assignments: (inout Updates<From>) -> Void
  ) -> Update<From> {
    var updates = Updates<From>()
    assignments(&updates)
    return Update(or: conflictResolution, assignments: updates.assignments, filter: self)
  }
}

extension PrimaryKeyedTable {
  /// Updates a whole row, found by its primary key: every other column is set.
  ///
  /// `UPDATE "reminders" SET "title" = ?, … WHERE ("reminders"."id" = ?)`
  ///
  /// ```swift
  /// Reminder.update(Reminder(id: 1, title: "Milk"))
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "title" = 'Milk', "isCompleted" = 0, "priority" = NULL, "remindersListID" = 1
  /// WHERE ("reminders"."id" = 1)
  /// ```
  public static func update(_ row: Self) -> Update<Self> {
    var updates = Updates<Self>()
    let bindings = row.queryBindings
    for (index, column) in schema.writableColumns.enumerated() where !column.isPrimaryKey {
      updates.assign(column.name, binding: bindings[index])
    }
    let filter = Where<Self>(
      predicates: primaryKeyPredicate(rowBindings: bindings), isOneOperand: true)
    return Update(assignments: updates.assignments, filter: filter)
  }

  /// Deletes a row by its primary key.
  ///
  /// ```swift
  /// Reminder.delete(Reminder(id: 1))
  /// ```
  /// ```sql
  /// DELETE FROM "reminders"
  /// WHERE ("reminders"."id" = 1)
  /// ```
  public static func delete(_ row: Self) -> Delete<Self> {
    let filter = Where<Self>(
      predicates: primaryKeyPredicate(rowBindings: row.queryBindings), isOneOperand: true)
    return Delete(filter: filter)
  }

  /// The rows with the given primary keys: `WHERE "reminders"."id" IN (?, ?, …)`.
  ///
  /// ```swift
  /// Reminder.find([1, 2]).select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE ("reminders"."id" IN (1, 2))
  /// ```
  public static func find(_ primaryKeys: some Sequence<PrimaryKey>) -> Where<Self> {
    Where().where { $0.primaryKey.isIn(keys: primaryKeys) }
  }
}

// MARK: Setters

/// Applies an operator to what a column is assigned so far.
@usableFromInline
func compound<Value>(
  _ lhs: any QueryAssignable<Value>, _ operator: String, _ rhs: some QueryAssignable
) -> any QueryAssignable<Value> {
  var fragment = QueryFragment(sql: "(")
  lhs.write(to: &fragment)
  fragment.append(sql: " \(`operator`) ")
  rhs.write(to: &fragment)
  fragment.append(sql: ")")
  return SQLQueryExpression<Value>(operand: fragment)
}

/// `column = column + ?`
///
/// ```swift
/// Reminder.update { $0.priority += 1 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" + 1)
/// ```
public func += <Value: QueryNumeric>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  lhs = compound(lhs, "+", rhs)
}
/// `column = column + expression`
///
/// ```swift
/// Reminder.update { $0.remindersListID += Reminder.count().subquery() }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "remindersListID" = ("reminders"."remindersListID" + (SELECT count(*)
/// FROM "reminders"))
/// ```
public func += <Value: QueryNumeric>(
  lhs: inout any QueryAssignable<Value>, rhs: some QueryExpression<Value>
) {
  lhs = compound(lhs, "+", rhs)
}
/// `column = column || ?`
///
/// ```swift
/// Reminder.update { $0.title += "!" }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "title" = ("reminders"."title" || '!')
/// ```
public func += (lhs: inout any QueryAssignable<String>, rhs: String) {
  lhs = compound(lhs, "||", rhs)
}
/// `column = column || expression`
///
/// ```swift
/// Reminder.update { $0.title += $0.title.lower() }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "title" = ("reminders"."title" || lower("reminders"."title"))
/// ```
public func += (lhs: inout any QueryAssignable<String>, rhs: some QueryExpression<String>) {
  lhs = compound(lhs, "||", rhs)
}
/// `column = column - ?`
///
/// ```swift
/// Reminder.update { $0.priority -= 1 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" - 1)
/// ```
public func -= <Value: QueryNumeric>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  lhs = compound(lhs, "-", rhs)
}
/// `column = column - expression`
///
/// ```swift
/// Reminder.update { $0.remindersListID -= Reminder.count().subquery() }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "remindersListID" = ("reminders"."remindersListID" - (SELECT count(*)
/// FROM "reminders"))
/// ```
public func -= <Value: QueryNumeric>(
  lhs: inout any QueryAssignable<Value>, rhs: some QueryExpression<Value>
) {
  lhs = compound(lhs, "-", rhs)
}
/// `column = column * ?`
///
/// ```swift
/// Reminder.update { $0.priority *= 2 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" * 2)
/// ```
public func *= <Value: QueryNumeric>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  lhs = compound(lhs, "*", rhs)
}
/// `column = column * expression`
///
/// ```swift
/// Reminder.update { $0.remindersListID *= Reminder.count().subquery() }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "remindersListID" = ("reminders"."remindersListID" * (SELECT count(*)
/// FROM "reminders"))
/// ```
public func *= <Value: QueryNumeric>(
  lhs: inout any QueryAssignable<Value>, rhs: some QueryExpression<Value>
) {
  lhs = compound(lhs, "*", rhs)
}
/// `column = column / ?`. Dividing by a zero value traps, as `/` does: SQLite would write
/// `NULL` into the column.
///
/// ```swift
/// Reminder.update { $0.priority /= 2 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" / 2)
/// ```
public func /= <Value: QueryNumeric>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  checkSetterDivisor(rhs, "/=")
  lhs = compound(lhs, "/", rhs)
}
/// `column = column % ?`. A remainder by a zero value traps, as `%` does: SQLite would write
/// `NULL` into the column.
///
/// ```swift
/// Reminder.update { $0.priority %= 2 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" % 2)
/// ```
public func %= <Value: QueryInteger>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  checkSetterDivisor(rhs, "%=")
  lhs = compound(lhs, "%", rhs)
}

/// Stops `/=` or `%=` by a zero value, which SQLite evaluates to `NULL`: the update would write
/// `NULL` into the column (or fail on a `NOT NULL` one).
func checkSetterDivisor(_ value: some QueryBindable, _ operator: StaticString) {
  switch value.queryBinding {
  case .int(0), .double(0):
    preconditionFailure(
      "\(`operator`) by zero: SQLite gives NULL, which would be written into the column")
  default:
    break
  }
}
/// `column = column << ?`
///
/// ```swift
/// Reminder.update { $0.priority <<= 1 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" << 1)
/// ```
public func <<= <Value: QueryInteger>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  lhs = compound(lhs, "<<", rhs)
}
/// `column = column >> ?`
///
/// ```swift
/// Reminder.update { $0.priority >>= 1 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" >> 1)
/// ```
public func >>= <Value: QueryInteger>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  lhs = compound(lhs, ">>", rhs)
}
/// `column = column & ?`
///
/// ```swift
/// Reminder.update { $0.priority &= 1 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" & 1)
/// ```
public func &= <Value: QueryInteger>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  lhs = compound(lhs, "&", rhs)
}
/// `column = column | ?`
///
/// ```swift
/// Reminder.update { $0.priority |= 1 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = ("reminders"."priority" | 1)
/// ```
public func |= <Value: QueryInteger>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  lhs = compound(lhs, "|", rhs)
}

/// `column = column ^ ?`, written `(~(column & ?) & (column | ?))`: SQLite has no XOR.
///
/// ```swift
/// Reminder.update { $0.priority ^= 1 }
/// ```
/// ```sql
/// UPDATE "reminders"
/// SET "priority" = (~("reminders"."priority" & 1) & ("reminders"."priority" | 1))
/// ```
public func ^= <Value: QueryInteger>(lhs: inout any QueryAssignable<Value>, rhs: Value) {
  lhs = SQLQueryExpression<Value>(operand: lhs.queryFragment) ^ rhs
}

extension SQLQueryExpression where QueryValue == String {
  /// `column = column || ?`: `$0.title.append("!")`.
  ///
  /// ```swift
  /// Reminder.update { $0.title.append("!") }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "title" = ("reminders"."title" || '!')
  /// ```
  public mutating func append(_ other: String) {
    self = SQLQueryExpression(operand: compound(self, "||", other).queryFragment)
  }

  /// `column = column || expression`.
  ///
  /// ```swift
  /// Reminder.update { $0.title.append($0.title.lower()) }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "title" = ("reminders"."title" || lower("reminders"."title"))
  /// ```
  public mutating func append(_ other: some QueryExpression<String>) {
    self = SQLQueryExpression(operand: compound(self, "||", other).queryFragment)
  }

  /// `column = column || ?`: `$0.title.append(contentsOf: " (copy)")`.
  ///
  /// ```swift
  /// Reminder.update { $0.title.append(contentsOf: " (copy)") }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "title" = ("reminders"."title" || ' (copy)')
  /// ```
  public mutating func append(contentsOf other: String) {
    append(other)
  }

  /// `column = column || expression`.
  ///
  /// ```swift
  /// Reminder.update { $0.title.append(contentsOf: $0.title.lower()) }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "title" = ("reminders"."title" || lower("reminders"."title"))
  /// ```
  public mutating func append(contentsOf other: some QueryExpression<String>) {
    append(other)
  }
}

extension SQLQueryExpression where QueryValue: QueryNumeric {
  /// `column = -column`, as Swift's `negate()` does to a number.
  ///
  /// ```swift
  /// Reminder.update { $0.remindersListID.negate() }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "remindersListID" = (-"reminders"."remindersListID")
  /// ```
  public mutating func negate() {
    self = -self
  }
}

extension SQLQueryExpression where QueryValue == Bool {
  /// `column = NOT column`
  ///
  /// ```swift
  /// Reminder.update { $0.isCompleted.toggle() }
  /// ```
  /// ```sql
  /// UPDATE "reminders"
  /// SET "isCompleted" = (NOT "reminders"."isCompleted")
  /// ```
  public mutating func toggle() {
    self = SQLQueryExpression(operand: "(NOT \(self))")
  }
}
