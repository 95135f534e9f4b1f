import QuarrySQLText

/// A table under another name, to join a table with itself:
/// `Employee.leftJoin(Employee.aliased("managers")) { $0.managerID == $1.id }`.
///
/// Its columns are the table's own `TableColumns`, each qualified by the alias, so query
/// closures read them as they read the table's.
public struct TableAlias<Base: Table>: Sendable {
  /// The alias.
  public let name: String

  /// The columns under the alias: `"managers"."id"`.
  ///
  /// `Reminder.aliased("r").columns.title` renders `"r"."title"`.
  public var columns: Base.TableColumns { Base.TableColumns(qualifier: ColumnQualifier(name)) }
}

extension Table {
  /// This table under another name, for self joins.
  ///
  /// ```swift
  /// Reminder.aliased("r").where { $0.isCompleted }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "r"."title"
  /// FROM "reminders" AS "r"
  /// WHERE "r"."isCompleted"
  /// ```
  public static func aliased(_ name: String) -> TableAlias<Self> { TableAlias(name: name) }
}

// A table under an alias on the `FROM` side: `Employee.aliased("e").where { … }`, its joins
// (through its `all`, a select of one table), `find` on an alias.

extension TableAlias {
  /// `"employees" AS "e"`: what follows `FROM` or a join's keyword.
  var item: QueryFragment {
    var item = QueryFragment(sql: Base.schema.quotedName)
    item.append(sql: " AS ")
    item.append(identifier: name)
    return item
  }

  /// `FROM "employees" AS "e"`
  @usableFromInline
  var fromClause: QueryFragment {
    var source = QueryFragment(sql: "\nFROM ")
    source.append(item)
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
  public var all: JoinSelect<Base, Base.TableColumns> {
    let columns = self.columns
    return JoinSelect(
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
    @PredicateBuilder _ predicate: (Base.TableColumns) -> Predicate
  ) -> JoinSelect<Base, Base.TableColumns> {
    all.where(predicate)
  }

  /// `FROM "reminders" AS "r" JOIN …`: the aliased table joined with another table, an alias
  /// or a function's call.
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
    _ other: some JoinSource<Other>, on: (Base.TableColumns, Other.TableColumns) -> On
  ) -> JoinSelect<(Base, Other), (Base.TableColumns, Other.TableColumns)> {
    all.join(other, on: on)
  }

  /// `FROM "reminders" AS "r" LEFT JOIN …`: the other side is optional.
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
    _ other: some JoinSource<Other>, on: (Base.TableColumns, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Base, Other?), (Base.TableColumns, NullableColumns<Other>)> {
    all.leftJoin(other, on: on)
  }

  /// `FROM "reminders" AS "r" RIGHT JOIN …`: the aliased side is optional.
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
    _ other: some JoinSource<Other>, on: (NullableColumns<Base>, Other.TableColumns) -> On
  ) -> JoinSelect<(Base?, Other), (NullableColumns<Base>, Other.TableColumns)> {
    all.rightJoin(other, on: on)
  }

  /// `FROM "reminders" AS "r" FULL JOIN …`: both sides are optional.
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
    _ other: some JoinSource<Other>, on: (NullableColumns<Base>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Base?, Other?), (NullableColumns<Base>, NullableColumns<Other>)> {
    all.fullJoin(other, on: on)
  }

  /// `FROM "reminders" AS "r" CROSS JOIN …`: every pair of rows.
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
    _ other: some JoinSource<Other>
  ) -> JoinSelect<(Base, Other), (Base.TableColumns, Other.TableColumns)> {
    all.crossJoin(other)
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
  public func find(_ primaryKey: Base.PrimaryKey) -> JoinSelect<Base, Base.TableColumns> {
    all.where { $0.primaryKey.equals(key: primaryKey) }
  }
}
