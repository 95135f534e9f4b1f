import QuarrySQLText

extension Insert {
  /// On a conflict with the `target` columns' uniqueness, updates the existing row instead:
  /// `ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title"`. The closure gets the
  /// assignments and the values that were to be inserted (`excluded`).
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflict { $0.id } doUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
  /// ```
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    onConflict = Self.doUpdate(target: Self.conflictTarget(target), assignments)
    return self
  }

  /// On a conflict with the `target` columns' uniqueness, updates the existing row instead:
  /// `.onConflict { $0.id } doUpdate: { $0.title += " copy" }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflict { $0.id } doUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>) -> Void
  ) -> Self {
    onConflict = Self.doUpdate(target: Self.conflictTarget(target), { row, _ in assignments(&row) })
    return self
  }

  /// On a conflict with the uniqueness the `target` columns have in the rows matching a
  /// predicate (a partial unique index), updates the existing row instead:
  /// `ON CONFLICT ("title") WHERE … DO UPDATE SET …`.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(title: "Groceries") }.onConflict { $0.title } where: { !$0.isCompleted } doUpdate: { $0.priority = $1.priority }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (NULL, 'Groceries', 0, NULL, 1)
  /// ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO UPDATE SET "priority" = excluded."priority"
  /// ```
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>,
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    onConflict = Self.doUpdate(
      target: Self.conflictTarget(target, where: targetFilter(Into.columns)), assignments)
    return self
  }

  /// On a conflict with the uniqueness the `target` columns have in the rows matching a
  /// predicate (a partial unique index), updates the existing row instead.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(title: "Groceries") }
  ///   .onConflict { $0.title } where: { !$0.isCompleted } doUpdate: { $0.priority = 1 }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (NULL, 'Groceries', 0, NULL, 1)
  /// ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO UPDATE SET "priority" = 1
  /// ```
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>,
    doUpdate assignments: (inout Updates<Into>) -> Void
  ) -> Self {
    onConflict = Self.doUpdate(
      target: Self.conflictTarget(target, where: targetFilter(Into.columns)),
      { row, _ in assignments(&row) })
    return self
  }

  /// On a conflict with the `target` columns' uniqueness, updates the existing row when it
  /// matches a predicate: `ON CONFLICT ("id") DO UPDATE SET … WHERE …`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflict { $0.id } doUpdate: { $0.name = $1.name } where: { $0.name != "" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name" WHERE ("tags"."name" <> '')
  /// ```
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    onConflict = Self.doUpdate(
      target: Self.conflictTarget(target), assignments, where: updateFilter(Into.columns))
    return self
  }

  /// On a conflict with the `target` columns' uniqueness, updates the existing row when it
  /// matches a predicate: `.onConflict { $0.id } doUpdate: { $0.count += 1 } where: { $0.isOn }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflict { $0.id } doUpdate: { $0.name += "!" } where: { $0.name != "" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!') WHERE ("tags"."name" <> '')
  /// ```
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    onConflict = Self.doUpdate(
      target: Self.conflictTarget(target), { row, _ in assignments(&row) },
      where: updateFilter(Into.columns))
    return self
  }

  /// On a conflict with the uniqueness the `target` columns have in the rows matching a
  /// predicate, updates the existing row when it matches another:
  /// `ON CONFLICT ("title") WHERE … DO UPDATE SET … WHERE …`.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(title: "Groceries") }.onConflict { $0.title } where: { !$0.isCompleted } doUpdate: { $0.priority = $1.priority } where: { $0.priority == nil }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (NULL, 'Groceries', 0, NULL, 1)
  /// ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO UPDATE SET "priority" = excluded."priority" WHERE ("reminders"."priority" IS NULL)
  /// ```
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>,
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    onConflict = Self.doUpdate(
      target: Self.conflictTarget(target, where: targetFilter(Into.columns)), assignments,
      where: updateFilter(Into.columns))
    return self
  }

  /// On a conflict with the uniqueness the `target` columns have in the rows matching a
  /// predicate, updates the existing row when it matches another.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(title: "Groceries") }.onConflict { $0.title } where: { !$0.isCompleted } doUpdate: { $0.priority = 1 } where: { $0.priority == nil }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (NULL, 'Groceries', 0, NULL, 1)
  /// ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO UPDATE SET "priority" = 1 WHERE ("reminders"."priority" IS NULL)
  /// ```
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>,
    doUpdate assignments: (inout Updates<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    onConflict = Self.doUpdate(
      target: Self.conflictTarget(target, where: targetFilter(Into.columns)),
      { row, _ in assignments(&row) }, where: updateFilter(Into.columns))
    return self
  }

  /// On a conflict with any uniqueness constraint, updates the existing row instead:
  /// `ON CONFLICT DO UPDATE SET …` (SQLite 3.35 and later). The closure gets the assignments
  /// and the values that were to be inserted (`excluded`).
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoUpdate { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = excluded."name"
  /// ```
  public consuming func onConflictDoUpdate(
    _ assignments: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    onConflict = Self.doUpdate(target: nil, assignments)
    return self
  }

  /// On a conflict with any uniqueness constraint, updates the existing row instead:
  /// `.onConflictDoUpdate { $0.title += " copy" }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoUpdate { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  public consuming func onConflictDoUpdate(_ assignments: (inout Updates<Into>) -> Void) -> Self {
    onConflict = Self.doUpdate(target: nil, { row, _ in assignments(&row) })
    return self
  }

  /// On a conflict with any uniqueness constraint, updates the existing row when it matches a
  /// predicate: `ON CONFLICT DO UPDATE SET … WHERE …`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoUpdate { $0.name = $1.name } where: { $0.name != "" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = excluded."name" WHERE ("tags"."name" <> '')
  /// ```
  public consuming func onConflictDoUpdate(
    _ assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    onConflict = Self.doUpdate(target: nil, assignments, where: updateFilter(Into.columns))
    return self
  }

  /// On a conflict with any uniqueness constraint, updates the existing row when it matches a
  /// predicate: `.onConflictDoUpdate { $0.count += 1 } where: { $0.isOn }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoUpdate { $0.name += "!" } where: { $0.name != "" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!') WHERE ("tags"."name" <> '')
  /// ```
  public consuming func onConflictDoUpdate(
    _ assignments: (inout Updates<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    onConflict = Self.doUpdate(
      target: nil, { row, _ in assignments(&row) }, where: updateFilter(Into.columns))
    return self
  }

  /// On a conflict with the `target` columns' uniqueness (any constraint when omitted), skips
  /// the row: `ON CONFLICT ("name") DO NOTHING`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoNothing { $0.id }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO NOTHING
  /// ```
  public consuming func onConflictDoNothing<each Value>(
    _ target: ((Into.TableColumns) -> (repeat TableColumn<Into, each Value>))? = nil
  ) -> Self {
    onConflict = OnConflict(target: target.map { Self.conflictTarget($0) })
    return self
  }

  /// On a conflict with any uniqueness constraint, skips the row: `ON CONFLICT DO NOTHING`.
  ///
  /// `Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoNothing()` renders `INSERT INTO "tags" ("id", "name") VALUES ('a', 'errands') ON CONFLICT DO NOTHING`.
  public consuming func onConflictDoNothing() -> Self {
    onConflict = OnConflict(target: nil)
    return self
  }

  /// On a conflict with the uniqueness the `target` columns have in the rows matching a
  /// predicate (a partial unique index), skips the row: `ON CONFLICT ("a") WHERE … DO NOTHING`.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(title: "Groceries") }
  ///   .onConflictDoNothing { $0.title } where: { !$0.isCompleted }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (NULL, 'Groceries', 0, NULL, 1)
  /// ON CONFLICT ("title") WHERE (NOT "reminders"."isCompleted") DO NOTHING
  /// ```
  public consuming func onConflictDoNothing<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    onConflict = OnConflict(target: Self.conflictTarget(target, where: targetFilter(Into.columns)))
    return self
  }

  /// `ON CONFLICT [target] DO UPDATE SET … [WHERE …]`, or `DO NOTHING` when nothing is
  /// assigned (`SET` needs an assignment).
  static func doUpdate(
    target: OnConflict.Target?, _ assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    where updateFilter: (any QueryExpression<Bool>)? = nil
  ) -> OnConflict {
    var updates = Updates<Into>()
    assignments(&updates, Excluded())
    var clause = OnConflict(target: target)
    clause.assignments = updates.assignments
    if !clause.assignments.isEmpty, let updateFilter {
      clause.updateFilter.appendConjunct(updateFilter)
    }
    return clause
  }

  /// The target of `ON CONFLICT`: columns, and the predicate of the partial unique index they
  /// are unique in, if any.
  static func conflictTarget<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    where filter: (any QueryExpression<Bool>)? = nil
  ) -> OnConflict.Target {
    var names: [String] = []
    for column in repeat each target(Into.columns) { names.append(quoteIdentifier(column.name)) }
    var predicate = QueryFragment()
    if let filter { predicate.appendConjunct(filter) }
    return OnConflict.Target(columns: names, filter: predicate)
  }
}

/// An upsert clause, as a value until the insert renders: `ON CONFLICT ("id") [WHERE …]
/// DO UPDATE SET … [WHERE …]`, or `DO NOTHING` when nothing is assigned.
public struct OnConflict: Sendable {
  /// The columns whose uniqueness is in conflict, and the predicate of the partial unique
  /// index they are unique in (empty for none).
  public struct Target: Sendable {
    /// The quoted column names.
    @usableFromInline var columns: [String]
    /// The index's predicate.
    @usableFromInline var filter: QueryFragment

    init(columns: [String], filter: QueryFragment) {
      self.columns = columns
      self.filter = filter
    }
  }

  /// What conflicts; nil for any uniqueness (`ON CONFLICT DO …`).
  @usableFromInline var target: Target?
  /// The `SET` assignments; empty for `DO NOTHING`.
  @usableFromInline var assignments = QueryFragment()
  /// The update's `WHERE`; empty for none.
  @usableFromInline var updateFilter = QueryFragment()

  init(target: Target?) {
    self.target = target
  }

  /// Appends the clause.
  @usableFromInline
  func write(to fragment: inout QueryFragment) {
    fragment.append(sql: "ON CONFLICT ")
    if let target {
      fragment.append(sql: "(" + target.columns.joined(separator: ", ") + ")")
      if !target.filter.isEmpty {
        // SQLite takes no bound value in a conflict target's predicate: they are written in.
        fragment.append(sql: " WHERE ")
        fragment.append(target.filter.inlined)
      }
      fragment.append(sql: " ")
    }
    guard !assignments.isEmpty else { return fragment.append(sql: "DO NOTHING") }
    fragment.append(sql: "DO UPDATE SET ")
    fragment.append(assignments)
    if !updateFilter.isEmpty {
      fragment.append(sql: " WHERE ")
      fragment.append(updateFilter)
    }
  }
}

/// The values an upsert was about to insert: `excluded."title"`.
@dynamicMemberLookup
public struct Excluded<Base: Table>: Sendable {
  init() {}

  /// The value that was to be inserted into a column.
  ///
  /// ```swift
  /// Reminder.insert { Reminder(id: 1, title: "Milk", priority: 2) }.onConflict { $0.id } doUpdate: { $0.priority = $1.priority }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, 2, 1)
  /// ON CONFLICT ("id") DO UPDATE SET "priority" = excluded."priority"
  /// ```
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression(operand: "excluded.\(quote: Base.columns[keyPath: keyPath].name)")
  }
}
