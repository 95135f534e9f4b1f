import QuarrySQLText

/// A table under another name, to join a table with itself:
/// `Employee.leftJoin(Employee.aliased("managers")) { $0.managerID == $1.id }`.
public struct TableAlias<Base: Table>: Sendable {
  /// The alias.
  public let name: String

  /// The columns under the alias: `"managers"."id"`.
  ///
  /// `Reminder.aliased("r").columns.title` renders `"r"."title"`.
  public var columns: AliasedColumns<Base> { AliasedColumns(alias: name) }
}

/// A table's columns under an alias: `"managers"."name"`; as an expression, the whole row.
@dynamicMemberLookup
public struct AliasedColumns<Base: Table>: QueryExpression, Sendable {
  public typealias QueryValue = Base

  /// The alias.
  public let alias: String
  /// The table's columns, each qualified by the alias.
  public let columns: Base.TableColumns

  /// The columns of `Base` under `alias`.
  ///
  /// `AliasedColumns<Reminder>(alias: "r").title` renders `"r"."title"`.
  public init(alias: String) {
    self.alias = alias
    self.columns = Base.TableColumns(qualifier: ColumnQualifier(alias))
  }

  /// Every column of the table, qualified by the alias: `"managers"."id", "managers"."name"`.
  public func write(to fragment: inout QueryFragment) {
    columns.write(to: &fragment)
  }

  /// A column under the alias.
  ///
  /// ```swift
  /// Reminder.join(Reminder.aliased("other")) { $0.remindersListID == $1.remindersListID && $0.id < $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "other"."title"
  /// FROM "reminders"
  /// JOIN "reminders" AS "other" ON (("reminders"."remindersListID" = "other"."remindersListID") AND ("reminders"."id" < "other"."id"))
  /// ```
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression(rendering: columns[keyPath: keyPath])
  }

  /// A computed column, declared in an extension of the table's `TableColumns`, under the
  /// alias: the columns it reads through `self` are the alias's. (A subquery inside it that
  /// reads the table through `Reminder.where { … }` reads the table itself.)
  ///
  /// `Reminder.aliased("r").columns.isUrgent` renders
  /// `((NOT "r"."isCompleted") AND ("r"."priority" = 3))`.
  public subscript<Member: QueryExpression>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, Member>
  ) -> SQLQueryExpression<Member.QueryValue> {
    SQLQueryExpression(rendering: columns[keyPath: keyPath])
  }
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

  static func aliasedSelection<Other: Table>(_ alias: TableAlias<Other>) -> QueryFragment {
    var selection = QueryFragment(sql: schema.selectionSQL + ", ")
    Other.schema.writeSelection(qualifiedBy: quoteIdentifier(alias.name), to: &selection)
    return selection
  }

  /// `FROM self <kind> JOIN other AS "alias" ON …`, `left` and `otherColumns` being the sides'
  /// columns as the join's kind makes them (optional on an outer side).
  static func joining<
    Other: Table, LeftColumns: QueryExpression, OtherColumns: QueryExpression, Value
  >(
    _ kind: JoinKind, _ left: LeftColumns, _ other: TableAlias<Other>, _ otherColumns: OtherColumns,
    _ on: (some QueryExpression<Bool>)?
  ) -> JoinSelect<Value, (LeftColumns, OtherColumns)> {
    var source: QueryFragment = "\nFROM \(raw: schema.quotedName)"
    source.appendJoin(kind, Other.schema, alias: other.name, on: on, filter: QueryFragment())
    return JoinSelect(
      columns: (left, otherColumns), selection: aliasedSelection(other), source: source,
      predicates: QueryFragment())
  }

  /// `FROM self JOIN other AS "alias" ON …`: a join with an aliased table, such as itself.
  ///
  /// ```swift
  /// Reminder.join(Reminder.aliased("other")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "other"."title"
  /// FROM "reminders"
  /// JOIN "reminders" AS "other" ON ("reminders"."priority" = "other"."priority")
  /// ```
  public static func join<Other: Table, On: QueryExpression<Bool>>(
    _ other: TableAlias<Other>, on: (TableColumns, AliasedColumns<Other>) -> On
  ) -> JoinSelect<(Self, Other), (TableColumns, AliasedColumns<Other>)> {
    joining(.inner, columns, other, other.columns, on(columns, other.columns))
  }

  /// `FROM self LEFT JOIN other AS "alias" ON …`: the aliased side is optional.
  ///
  /// ```swift
  /// Reminder.leftJoin(Reminder.aliased("other")) { $0.priority == $1.priority && $0.id != $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "other"."title"
  /// FROM "reminders"
  /// LEFT JOIN "reminders" AS "other" ON (("reminders"."priority" = "other"."priority") AND ("reminders"."id" <> "other"."id"))
  /// ```
  public static func leftJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: TableAlias<Other>, on: (TableColumns, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Self, Other?), (TableColumns, NullableColumns<Other>)> {
    let right = NullableColumns<Other>(Other.columns, alias: other.name)
    return joining(.left, columns, other, right, on(columns, right))
  }

  /// `FROM self RIGHT JOIN other AS "alias" ON …`: this table's side is optional.
  ///
  /// ```swift
  /// Reminder.rightJoin(Reminder.aliased("other")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "other"."title"
  /// FROM "reminders"
  /// RIGHT JOIN "reminders" AS "other" ON ("reminders"."priority" = "other"."priority")
  /// ```
  public static func rightJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: TableAlias<Other>, on: (NullableColumns<Self>, AliasedColumns<Other>) -> On
  ) -> JoinSelect<(Self?, Other), (NullableColumns<Self>, AliasedColumns<Other>)> {
    let left = NullableColumns<Self>(columns)
    return joining(.right, left, other, other.columns, on(left, other.columns))
  }

  /// `FROM self FULL JOIN other AS "alias" ON …`: both sides are optional.
  ///
  /// ```swift
  /// Reminder.fullJoin(Reminder.aliased("other")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "other"."title"
  /// FROM "reminders"
  /// FULL JOIN "reminders" AS "other" ON ("reminders"."priority" = "other"."priority")
  /// ```
  public static func fullJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: TableAlias<Other>, on: (NullableColumns<Self>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Self?, Other?), (NullableColumns<Self>, NullableColumns<Other>)> {
    let left = NullableColumns<Self>(columns)
    let right = NullableColumns<Other>(Other.columns, alias: other.name)
    return joining(.full, left, other, right, on(left, right))
  }

  /// `FROM self CROSS JOIN other AS "alias"`: every pair of rows.
  ///
  /// ```swift
  /// Reminder.crossJoin(Reminder.aliased("other")).select { ($0.id, $1.id) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id", "other"."id"
  /// FROM "reminders"
  /// CROSS JOIN "reminders" AS "other"
  /// ```
  public static func crossJoin<Other: Table>(
    _ other: TableAlias<Other>
  ) -> JoinSelect<(Self, Other), (TableColumns, AliasedColumns<Other>)> {
    joining(.cross, columns, other, other.columns, BoundValue<Bool>?.none)
  }
}
