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
    joining(.inner, other.name, Other.schema, other.columns, on(columns, other.columns))
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
    return joining(.left, other.name, Other.schema, right, on(columns, right))
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
      .inner, nil, Other.schema, Other.columns, on(columns, Other.columns),
      filter: other.joinFilter)
  }

  func joining<OtherColumns: QueryExpression, Value>(
    _ kind: JoinKind, _ otherAlias: String?, _ other: TableSchema, _ otherColumns: OtherColumns,
    _ on: some QueryExpression<Bool>,
    filter: (condition: QueryFragment, predicates: QueryFragment) = (
      QueryFragment(), QueryFragment()
    )
  ) -> JoinSelect<Value, (AliasedColumns<Base>, OtherColumns)> {
    var source = fromClause
    // The joined table's own filter belongs to the join condition, as in other joins.
    source.appendJoin(kind, other, alias: otherAlias, on: on, filter: filter.condition)
    var selection = columns.queryFragment
    selection.append(sql: ", ")
    otherColumns.write(to: &selection)
    return JoinSelect(
      columns: (columns, otherColumns), selection: selection, source: source,
      predicates: filter.predicates)
  }
}

extension TableAlias where Base: PrimaryKeyedTable {
  /// The row with the given primary key, under the alias: `WHERE ("e"."id" = ?)`.
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
    let key = Base.columns.primaryKey.name
    let alias = name
    return all.where { _ in
      SQLQueryExpression<Bool>("(\(quote: alias).\(quote: key) = \(primaryKey))")
    }
  }
}
