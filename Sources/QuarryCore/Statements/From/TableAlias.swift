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

  static func aliasedSource(
    _ kind: JoinKind, _ aliasName: String, _ other: TableSchema, _ on: some QueryExpression<Bool>
  ) -> QueryFragment {
    var source: QueryFragment = "\nFROM \(raw: schema.quotedName)"
    source.appendJoin(kind, other, alias: aliasName, on: on, filter: QueryFragment())
    return source
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
    let source = aliasedSource(.inner, other.name, Other.schema, on(columns, other.columns))
    return JoinSelect(
      columns: (columns, other.columns), selection: aliasedSelection(other), source: source,
      predicates: QueryFragment())
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
    let source = aliasedSource(.left, other.name, Other.schema, on(columns, right))
    return JoinSelect(
      columns: (columns, right), selection: aliasedSelection(other), source: source,
      predicates: QueryFragment())
  }
}
