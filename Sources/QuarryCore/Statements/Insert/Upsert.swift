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
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    upsert = Self.doUpdate(target: Self.conflictTarget(target), assignments)
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
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>) -> Void
  ) -> Self {
    upsert = Self.doUpdate(target: Self.conflictTarget(target), { row, _ in assignments(&row) })
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
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>,
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    upsert = Self.doUpdate(
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
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>,
    doUpdate assignments: (inout Updates<Into>) -> Void
  ) -> Self {
    upsert = Self.doUpdate(
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
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    upsert = Self.doUpdate(
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
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    upsert = Self.doUpdate(
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
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>,
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    upsert = Self.doUpdate(
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
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>,
    doUpdate assignments: (inout Updates<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    upsert = Self.doUpdate(
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
  @inlinable
  public consuming func onConflictDoUpdate(
    _ assignments: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    upsert = Self.doUpdate(target: nil, assignments)
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
  @inlinable
  public consuming func onConflictDoUpdate(_ assignments: (inout Updates<Into>) -> Void) -> Self {
    upsert = Self.doUpdate(target: nil, { row, _ in assignments(&row) })
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
  @inlinable
  public consuming func onConflictDoUpdate(
    _ assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    upsert = Self.doUpdate(target: nil, assignments, where: updateFilter(Into.columns))
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
  @inlinable
  public consuming func onConflictDoUpdate(
    _ assignments: (inout Updates<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    upsert = Self.doUpdate(
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
  @inlinable
  public consuming func onConflictDoNothing<each Value>(
    _ target: ((Into.TableColumns) -> (repeat TableColumn<Into, each Value>))? = nil
  ) -> Self {
    var clause = QueryFragment(sql: "ON CONFLICT ")
    if let target {
      clause.append(Self.conflictTarget(target))
      clause.append(sql: " ")
    }
    clause.append(sql: "DO NOTHING")
    upsert = clause
    return self
  }

  /// On a conflict with any uniqueness constraint, skips the row: `ON CONFLICT DO NOTHING`.
  ///
  /// `Tag.insert { Tag(id: "a", name: "errands") }.onConflictDoNothing()` renders `INSERT INTO "tags" ("id", "name") VALUES ('a', 'errands') ON CONFLICT DO NOTHING`.
  @inlinable
  public consuming func onConflictDoNothing() -> Self {
    upsert = QueryFragment(sql: "ON CONFLICT DO NOTHING")
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
  @inlinable
  public consuming func onConflictDoNothing<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    @PredicateBuilder where targetFilter: (Into.TableColumns) -> some QueryExpression<Bool>
  ) -> Self {
    var clause = QueryFragment(sql: "ON CONFLICT ")
    clause.append(Self.conflictTarget(target, where: targetFilter(Into.columns)))
    clause.append(sql: " DO NOTHING")
    upsert = clause
    return self
  }

  /// `ON CONFLICT [target] DO UPDATE SET … [WHERE …]`, or `DO NOTHING` when nothing is
  /// assigned (`SET` needs an assignment).
  @inlinable
  static func doUpdate(
    target: QueryFragment?, _ assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    where updateFilter: (any QueryExpression<Bool>)? = nil
  ) -> QueryFragment {
    var updates = Updates<Into>()
    assignments(&updates, Excluded())
    var clause = QueryFragment(sql: "ON CONFLICT ")
    if let target {
      clause.append(target)
      clause.append(sql: " ")
    }
    let set = updates.assignments
    guard !set.isEmpty else {
      clause.append(sql: "DO NOTHING")
      return clause
    }
    clause.append(sql: "DO UPDATE SET ")
    clause.append(set)
    if let updateFilter { appendWhere(updateFilter, to: &clause) }
    return clause
  }

  /// `("a", "b")`, then ` WHERE …` when there is a filter that renders anything: a conflict
  /// target names columns without their table.
  @inlinable
  static func conflictTarget<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    where filter: (any QueryExpression<Bool>)? = nil
  ) -> QueryFragment {
    var names: [String] = []
    for column in repeat each target(Into.columns) { names.append(quoteIdentifier(column.name)) }
    var fragment = QueryFragment(sql: "(" + names.joined(separator: ", ") + ")")
    if let filter { appendWhere(filter, to: &fragment) }
    return fragment
  }

  /// ` WHERE …`, unless the predicate renders nothing (an empty `where` closure).
  @inlinable
  static func appendWhere(_ predicate: some QueryExpression<Bool>, to fragment: inout QueryFragment)
  {
    var condition = QueryFragment()
    condition.appendConjunct(predicate)
    guard !condition.isEmpty else { return }
    fragment.append(sql: " WHERE ")
    fragment.append(condition)
  }
}

/// The values an upsert was about to insert: `excluded."title"`.
@dynamicMemberLookup
public struct Excluded<Base: Table>: Sendable {
  @inlinable
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
  @inlinable
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression("excluded.\(quote: Base.columns[keyPath: keyPath].name)")
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts, or updates the rows whose primary key they already have:
  /// `ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title", …`.
  ///
  /// ```swift
  /// Reminder.upsert { Reminder.Draft(id: 1, title: "Milk") }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title", "isCompleted" = excluded."isCompleted", "priority" = excluded."priority", "remindersListID" = excluded."remindersListID"
  /// ```
  @inlinable
  public static func upsert(
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>
  ) -> Insert<Self> {
    var insert = Insert<Self>(or: nil, rows())
    var clause = QueryFragment(sql: "ON CONFLICT (")
    var assignments: [String] = []
    for column in schema.writableColumns {
      let name = quoteIdentifier(column.name)
      if column.isPrimaryKey {
        clause.append(sql: name)
      } else {
        assignments.append("\(name) = excluded.\(name)")
      }
    }
    // A table of nothing but its primary key has nothing to update: the row is kept.
    clause.append(
      sql: assignments.isEmpty
        ? ") DO NOTHING" : ") DO UPDATE SET " + assignments.joined(separator: ", "))
    insert.upsert = clause
    return insert
  }
}

// MARK: Upserts spelled as part of the insert

extension Table {
  /// Inserts full rows, or on a conflict with any uniqueness constraint updates the existing
  /// row: `Reminder.insert { reminder } onConflictDoUpdate: { $0.title += " copy" }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") } onConflictDoUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  @inlinable
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>,
    onConflictDoUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflictDoUpdate(assignments)
  }

  /// Inserts full rows, or on a conflict with any uniqueness constraint updates the existing
  /// row from the values that were to be inserted: `onConflictDoUpdate: { $0.title = $1.title }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") } onConflictDoUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = excluded."name"
  /// ```
  @inlinable
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>,
    onConflictDoUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflictDoUpdate(assignments)
  }

  /// Inserts full rows, or on a conflict with the `target` columns' uniqueness updates the
  /// existing row: `Reminder.insert { reminder } onConflict: { $0.id } doUpdate: { … }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") } onConflict: { $0.id } doUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  @inlinable
  public static func insert<each Target>(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflict(target, doUpdate: assignments)
  }

  /// Inserts full rows, or on a conflict with the `target` columns' uniqueness updates the
  /// existing row from the values that were to be inserted.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") } onConflict: { $0.id } doUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
  /// ```
  @inlinable
  public static func insert<each Target>(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflict(target, doUpdate: assignments)
  }

  /// Inserts values into chosen columns, or on a conflict with any uniqueness constraint
  /// updates the existing row.
  ///
  /// ```swift
  /// Tag.insert { ($0.id, $0.name) } values: { ("a", "errands") } onConflictDoUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  @inlinable
  public static func insert<each Value: QueryBindable>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>),
    @InsertValuesBuilder<(repeat each Value)> values: () -> InsertValues<(repeat each Value)>,
    onConflictDoUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, columns, values: values).onConflictDoUpdate(assignments)
  }

  /// Inserts values into chosen columns, or on a conflict with any uniqueness constraint
  /// updates the existing row from the values that were to be inserted.
  ///
  /// ```swift
  /// Tag.insert { ($0.id, $0.name) } values: { ("a", "errands") } onConflictDoUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = excluded."name"
  /// ```
  @inlinable
  public static func insert<each Value: QueryBindable>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>),
    @InsertValuesBuilder<(repeat each Value)> values: () -> InsertValues<(repeat each Value)>,
    onConflictDoUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, columns, values: values).onConflictDoUpdate(assignments)
  }

  /// Inserts values into chosen columns, or on a conflict with the `target` columns'
  /// uniqueness updates the existing row.
  ///
  /// ```swift
  /// Tag.insert { ($0.id, $0.name) } values: { ("a", "errands") } onConflict: { $0.id } doUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  @inlinable
  public static func insert<each Value: QueryBindable, each Target>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>),
    @InsertValuesBuilder<(repeat each Value)> values: () -> InsertValues<(repeat each Value)>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, columns, values: values)
      .onConflict(target, doUpdate: assignments)
  }

  /// Inserts values into chosen columns, or on a conflict with the `target` columns'
  /// uniqueness updates the existing row from the values that were to be inserted.
  ///
  /// ```swift
  /// Tag.insert { ($0.id, $0.name) } values: { ("a", "errands") } onConflict: { $0.id } doUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
  /// ```
  @inlinable
  public static func insert<each Value: QueryBindable, each Target>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>),
    @InsertValuesBuilder<(repeat each Value)> values: () -> InsertValues<(repeat each Value)>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, columns, values: values)
      .onConflict(target, doUpdate: assignments)
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts, or on a conflict with any uniqueness constraint updates the existing row:
  /// `Reminder.insert { draft } onConflictDoUpdate: { $0.title += " copy" }`.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(id: 1, title: "Milk") } onConflictDoUpdate: { $0.title += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT DO UPDATE SET "title" = ("reminders"."title" || '!')
  /// ```
  @inlinable
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>,
    onConflictDoUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflictDoUpdate(assignments)
  }

  /// Inserts drafts, or on a conflict with any uniqueness constraint updates the existing row
  /// from the values that were to be inserted.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(id: 1, title: "Milk") } onConflictDoUpdate: { $0.title = $1.title }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT DO UPDATE SET "title" = excluded."title"
  /// ```
  @inlinable
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>,
    onConflictDoUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflictDoUpdate(assignments)
  }

  /// Inserts drafts, or on a conflict with the `target` columns' uniqueness updates the
  /// existing row: `Reminder.insert { draft } onConflict: { $0.id } doUpdate: { … }`.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(id: 1, title: "Milk") } onConflict: { $0.id } doUpdate: { $0.title += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT ("id") DO UPDATE SET "title" = ("reminders"."title" || '!')
  /// ```
  @inlinable
  public static func insert<each Target>(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflict(target, doUpdate: assignments)
  }

  /// Inserts drafts, or on a conflict with the `target` columns' uniqueness updates the
  /// existing row from the values that were to be inserted.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(id: 1, title: "Milk") } onConflict: { $0.id } doUpdate: { $0.title = $1.title }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title"
  /// ```
  @inlinable
  public static func insert<each Target>(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflict(target, doUpdate: assignments)
  }
}
