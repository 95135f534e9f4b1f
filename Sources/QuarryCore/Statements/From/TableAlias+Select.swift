import QuarrySQLText

// A table under an alias on the `FROM` side: `Employee.aliased("e").where { … }`, self joins
// with both sides named, `find` on an alias.

extension TableAlias {
  /// `FROM "employees" AS "e"`
  @usableFromInline
  var fromClause: QueryFragment {
    var source = QueryFragment(sql: "\nFROM ")
    source.append(sql: Base.schema.quotedName)
    source.append(sql: " AS ")
    source.append(identifier: name)
    return source
  }

  /// Every row of the aliased table: `SELECT "e"."id", … FROM "employees" AS "e"`.
  ///
  /// ```swift
  /// Reminder.aliased("r").all.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "r"."title"
  /// FROM "reminders" AS "r"
  /// ```
  public var all: JoinSelect<Base, AliasedColumns<Base>> {
    JoinSelect(
      columns: columns, selection: columns.queryFragment, source: fromClause,
      predicates: QueryFragment())
  }

  /// Rows of the aliased table matching a predicate, whose columns are qualified by the alias.
  ///
  /// ```swift
  /// Reminder.aliased("r").where { $0.isCompleted }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "r"."title"
  /// FROM "reminders" AS "r"
  /// WHERE "r"."isCompleted"
  /// ```
  public func `where`<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (AliasedColumns<Base>) -> Predicate
  ) -> JoinSelect<Base, AliasedColumns<Base>> {
    all.where(predicate)
  }

  /// `FROM "employees" AS "e" JOIN "employees" AS "m" ON …`: two aliased tables.
  ///
  /// ```swift
  /// Reminder.aliased("r").join(Reminder.aliased("s")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "s"."title"
  /// FROM "reminders" AS "r"
  /// JOIN "reminders" AS "s" ON ("r"."priority" = "s"."priority")
  /// ```
  public func join<Other: Table, On: QueryExpression<Bool>>(
    _ other: TableAlias<Other>, on: (AliasedColumns<Base>, AliasedColumns<Other>) -> On
  ) -> JoinSelect<(Base, Other), (AliasedColumns<Base>, AliasedColumns<Other>)> {
    joining(.inner, columns, other.name, Other.schema, other.columns, on(columns, other.columns))
  }

  /// `FROM "employees" AS "e" LEFT JOIN "employees" AS "m" ON …`: the right side is optional.
  ///
  /// ```swift
  /// Reminder.aliased("r").leftJoin(Reminder.aliased("s")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "s"."title"
  /// FROM "reminders" AS "r"
  /// LEFT JOIN "reminders" AS "s" ON ("r"."priority" = "s"."priority")
  /// ```
  public func leftJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: TableAlias<Other>, on: (AliasedColumns<Base>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Base, Other?), (AliasedColumns<Base>, NullableColumns<Other>)> {
    let right = NullableColumns<Other>(Other.columns, alias: other.name)
    return joining(.left, columns, other.name, Other.schema, right, on(columns, right))
  }

  /// `FROM "employees" AS "e" JOIN "departments" ON …`: an aliased table and another.
  ///
  /// ```swift
  /// Reminder.aliased("r").join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
  /// ```
  public func join<Other: Table, On: QueryExpression<Bool>>(
    _ other: Where<Other>, on: (AliasedColumns<Base>, Other.TableColumns) -> On
  ) -> JoinSelect<(Base, Other), (AliasedColumns<Base>, Other.TableColumns)> {
    joining(
      .inner, columns, nil, Other.schema, Other.columns, on(columns, Other.columns),
      filter: other.joinFilter)
  }

  /// `FROM "employees" AS "e" RIGHT JOIN "employees" AS "m" ON …`: the left side is optional.
  ///
  /// ```swift
  /// Reminder.aliased("r").rightJoin(Reminder.aliased("s")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "s"."title"
  /// FROM "reminders" AS "r"
  /// RIGHT JOIN "reminders" AS "s" ON ("r"."priority" = "s"."priority")
  /// ```
  public func rightJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: TableAlias<Other>, on: (NullableColumns<Base>, AliasedColumns<Other>) -> On
  ) -> JoinSelect<(Base?, Other), (NullableColumns<Base>, AliasedColumns<Other>)> {
    let left = NullableColumns<Base>(Base.columns, alias: name)
    return joining(.right, left, other.name, Other.schema, other.columns, on(left, other.columns))
  }

  /// `FROM "employees" AS "e" FULL JOIN "employees" AS "m" ON …`: both sides are optional.
  ///
  /// ```swift
  /// Reminder.aliased("r").fullJoin(Reminder.aliased("s")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "s"."title"
  /// FROM "reminders" AS "r"
  /// FULL JOIN "reminders" AS "s" ON ("r"."priority" = "s"."priority")
  /// ```
  public func fullJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: TableAlias<Other>, on: (NullableColumns<Base>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Base?, Other?), (NullableColumns<Base>, NullableColumns<Other>)> {
    let left = NullableColumns<Base>(Base.columns, alias: name)
    let right = NullableColumns<Other>(Other.columns, alias: other.name)
    return joining(.full, left, other.name, Other.schema, right, on(left, right))
  }

  /// `FROM "employees" AS "e" CROSS JOIN "employees" AS "m"`: every pair of rows.
  ///
  /// ```swift
  /// Reminder.aliased("r").crossJoin(Reminder.aliased("s")).select { ($0.id, $1.id) }
  /// ```
  /// ```sql
  /// SELECT "r"."id", "s"."id"
  /// FROM "reminders" AS "r"
  /// CROSS JOIN "reminders" AS "s"
  /// ```
  public func crossJoin<Other: Table>(
    _ other: TableAlias<Other>
  ) -> JoinSelect<(Base, Other), (AliasedColumns<Base>, AliasedColumns<Other>)> {
    joining(.cross, columns, other.name, Other.schema, other.columns, BoundValue<Bool>?.none)
  }

  /// `FROM "employees" AS "e" LEFT JOIN "departments" ON …`: the other table is optional.
  ///
  /// ```swift
  /// Reminder.aliased("r").leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// LEFT JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
  /// ```
  public func leftJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: Where<Other>, on: (AliasedColumns<Base>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Base, Other?), (AliasedColumns<Base>, NullableColumns<Other>)> {
    let right = NullableColumns<Other>(Other.columns)
    return joining(
      .left, columns, nil, Other.schema, right, on(columns, right), filter: other.joinFilter)
  }

  /// `FROM "employees" AS "e" RIGHT JOIN "departments" ON …`: the aliased table is optional.
  ///
  /// ```swift
  /// Reminder.aliased("r").rightJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// RIGHT JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
  /// ```
  public func rightJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: Where<Other>, on: (NullableColumns<Base>, Other.TableColumns) -> On
  ) -> JoinSelect<(Base?, Other), (NullableColumns<Base>, Other.TableColumns)> {
    let left = NullableColumns<Base>(Base.columns, alias: name)
    return joining(
      .right, left, nil, Other.schema, Other.columns, on(left, Other.columns),
      filter: other.joinFilter)
  }

  /// `FROM "employees" AS "e" FULL JOIN "departments" ON …`: both tables are optional.
  ///
  /// ```swift
  /// Reminder.aliased("r").fullJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// FULL JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
  /// ```
  public func fullJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: Where<Other>, on: (NullableColumns<Base>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Base?, Other?), (NullableColumns<Base>, NullableColumns<Other>)> {
    let left = NullableColumns<Base>(Base.columns, alias: name)
    let right = NullableColumns<Other>(Other.columns)
    return joining(
      .full, left, nil, Other.schema, right, on(left, right), filter: other.joinFilter)
  }

  /// `FROM "employees" AS "e" CROSS JOIN "departments"`: every pair of rows; the other table's
  /// filter goes to `WHERE`.
  ///
  /// ```swift
  /// Reminder.aliased("r").crossJoin(RemindersList.all).select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// CROSS JOIN "remindersLists"
  /// ```
  public func crossJoin<Other: Table>(
    _ other: Where<Other>
  ) -> JoinSelect<(Base, Other), (AliasedColumns<Base>, Other.TableColumns)> {
    joining(
      .cross, columns, nil, Other.schema, Other.columns, BoundValue<Bool>?.none,
      filter: (QueryFragment(), other.predicates))
  }

  /// The aliased table joined to `other` (under `otherAlias`, if any), `left` and `otherColumns`
  /// being the sides' columns as the join's kind makes them (optional on an outer side).
  func joining<LeftColumns: QueryExpression, OtherColumns: QueryExpression, Value>(
    _ kind: JoinKind, _ left: LeftColumns, _ otherAlias: String?, _ other: TableSchema,
    _ otherColumns: OtherColumns, _ on: (some QueryExpression<Bool>)?,
    filter: (condition: QueryFragment, predicates: QueryFragment) = (
      QueryFragment(), QueryFragment()
    )
  ) -> JoinSelect<Value, (LeftColumns, OtherColumns)> {
    var source = fromClause
    // The joined table's own filter belongs to the join condition, as in other joins.
    source.appendJoin(kind, other, alias: otherAlias, on: on, filter: filter.condition)
    var selection = left.queryFragment
    selection.append(sql: ", ")
    otherColumns.write(to: &selection)
    return JoinSelect(
      columns: (left, otherColumns), selection: selection, source: source,
      predicates: filter.predicates)
  }
}

extension TableAlias where Base: PrimaryKeyedTable {
  /// The row with the given primary key, under the alias: `WHERE ("e"."id" = ?)`, or for a
  /// composite key `WHERE (("e"."courseID", "e"."studentID") = (?, ?))`.
  ///
  /// ```swift
  /// Reminder.aliased("r").find(1).select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "r"."title"
  /// FROM "reminders" AS "r"
  /// WHERE ("r"."id" = 1)
  /// ```
  public func find(_ primaryKey: Base.PrimaryKey) -> JoinSelect<Base, AliasedColumns<Base>> {
    let alias = name
    let keys = Base.schema.columns.filter(\.isPrimaryKey)
    let bindings = Base.TableColumns.PrimaryKeyColumn.bindings(ofKey: primaryKey)
    // One column, `("r"."id" = ?)`; a composite key, `(("e"."a", "e"."b") = (?, ?))`.
    var predicate = QueryFragment(sql: keys.count == 1 ? "(" : "((")
    for (index, key) in keys.enumerated() {
      if index > 0 { predicate.append(sql: ", ") }
      predicate.append(identifier: alias)
      predicate.append(sql: ".")
      predicate.append(identifier: key.name)
    }
    predicate.append(sql: keys.count == 1 ? " = " : ") = (")
    for (index, binding) in bindings.enumerated() {
      if index > 0 { predicate.append(sql: ", ") }
      predicate.append(binding: binding)
    }
    predicate.append(sql: keys.count == 1 ? ")" : "))")
    return all.where { _ in SQLQueryExpression<Bool>(operand: predicate) }
  }
}
