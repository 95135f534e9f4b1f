import QuarrySQLText

// What a join adds, whichever statement it follows: a table's rows (`RemindersList.all`,
// `RemindersList.where { … }`), the table under an alias (`Employee.aliased("m")`), one
// select of a table (a table-valued function's call, an aliased table's filtered rows), or
// `json_each` of a JSON column. Every join, from a table, a select, a filter, an alias or a
// join of two tables, goes through the one builder below, `JoinSelect.joining`.

/// A table that a join adds: a table's rows (`RemindersList.all`, `RemindersList.where { … }`),
/// the table under an alias (`Employee.aliased("managers")`), a select of a table's rows with
/// an order or a limit (a subquery), or a table-valued function's `call(…)`.
///
/// ```swift
/// Reminder.where { !$0.isCompleted }.leftJoin(Reminder.aliased("p")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
/// ```
/// ```sql
/// SELECT "reminders"."title", "p"."title"
/// FROM "reminders"
/// LEFT JOIN "reminders" AS "p" ON ("reminders"."priority" = "p"."priority")
/// WHERE (NOT "reminders"."isCompleted")
/// ```
public protocol JoinSource<Base>: Sendable {
  /// The table whose columns the join's closures receive.
  associatedtype Base: Table
  /// The table as a join adds it.
  var joinedTable: JoinedTable<Base> { get }
}

/// A table as a join adds it: what follows the join's keyword, the columns the join's
/// closures receive, and the table's own filter.
public struct JoinedTable<Base: Table>: Sendable {
  /// `"employees"`, `"employees" AS "m"`, a function's call, or `(SELECT …) AS "t"`.
  @usableFromInline package var item: QueryFragment
  /// The columns, qualified by the table's name or its alias.
  @usableFromInline package var columns: Base.TableColumns
  /// The table's own filter, if any: in the join's condition, so that an outer join still
  /// keeps the other side's unmatched rows; in `WHERE` for a cross join or a filter that
  /// keeps no row.
  @usableFromInline package var filter: SQLQueryExpression<Bool>?
  /// Whether the filter keeps no row (`Table.none`): a join of it keeps none either,
  /// whichever side keeps unmatched rows, as in StructuredQueries.
  @usableFromInline package var keepsNoRow = false

  @usableFromInline
  package init(
    item: QueryFragment, columns: Base.TableColumns, filter: SQLQueryExpression<Bool>? = nil
  ) {
    self.item = item
    self.columns = columns
    self.filter = filter
  }

  /// `(SELECT …) AS "reminders"`: a select of the table's rows, named like the table, whose
  /// columns are the table's.
  @usableFromInline
  static func subquery(_ select: some SelectStatement) -> Self {
    var item: QueryFragment = "(\(statement: select)) AS "
    item.append(sql: Base.schema.quotedUnqualifiedName)
    return JoinedTable(item: item, columns: Base.columns)
  }

  /// The columns where an outer join may find no row: each one optional.
  @usableFromInline
  var nullableColumns: NullableColumns<Base> { NullableColumns(columns) }
}

extension Where: JoinSource {
  /// The table, its filter (with its default scope) in the join's condition.
  public var joinedTable: JoinedTable<From> {
    let filter = withDefaultScope()
    var joined = JoinedTable<From>(
      item: QueryFragment(sql: From.schema.quotedName), columns: From.columns,
      filter: filter.predicates.isEmpty ? nil : filter.predicate)
    joined.keepsNoRow = filter.isNone
    return joined
  }
}

extension Select: JoinSource where QueryValue == From {
  /// A select of whole rows: the table and its filter when nothing else changes which rows
  /// join (an order alone doesn't, as in a table's own `all`); with a limit, an offset, a
  /// group, `DISTINCT` or chosen columns, a subquery named like the table.
  ///
  /// ```swift
  /// RemindersList.join(Reminder.order { $0.id.desc() }.limit(2)) { $0.id == $1.remindersListID }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title", "reminders"."title"
  /// FROM "remindersLists"
  /// JOIN (SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"
  /// FROM "reminders"
  /// ORDER BY "reminders"."id" DESC
  /// LIMIT 2) AS "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
  /// ```
  public var joinedTable: JoinedTable<From> {
    guard selectionTerms != nil || isDistinct || clauses.changesRows else {
      return filter.joinedTable
    }
    return .subquery(self)
  }
}

extension TableAlias: JoinSource {
  /// `"employees" AS "m"`, its columns qualified by the alias.
  public var joinedTable: JoinedTable<Base> {
    JoinedTable(item: item, columns: columns)
  }
}

extension JoinSelect: JoinSource where QueryValue: Table, Columns == QueryValue.TableColumns {
  public typealias Base = QueryValue

  /// A table-valued function's call as it is, its filter in the join's condition; any other
  /// select of one table as a subquery named like the table.
  public var joinedTable: JoinedTable<QueryValue> {
    if let tableFunctionCall, clauses.isEmpty, !isDistinct {
      return JoinedTable(
        item: tableFunctionCall, columns: QueryValue.columns,
        filter: predicates.isEmpty ? nil : SQLQueryExpression(compound: predicates))
    }
    return .subquery(self)
  }
}

extension Table {
  /// The table alone, as the left side of a join: `FROM "reminders"`, every column selected.
  @usableFromInline
  static var joinStart: JoinSelect<Self, TableColumns> {
    JoinSelect(
      columns: columns, selection: QueryFragment(sql: schema.selectionSQL),
      source: QueryFragment(sql: "\nFROM " + schema.quotedName), predicates: QueryFragment())
  }
}

/// What the join builder adds: the text after the join's keyword, the filter that goes with
/// it, and the columns it adds to the selection.
protocol JoinedItem {
  /// `"employees" AS "m"`, a function's call, `(SELECT …) AS "t"`, `json_each(…) AS "tags"`.
  var item: QueryFragment { get }
  /// The item's own filter, if any.
  var filter: SQLQueryExpression<Bool>? { get }
  /// Whether the filter keeps no row.
  var keepsNoRow: Bool { get }
  /// Appends the item's columns to a selection.
  func writeColumns(to selection: inout QueryFragment)
}

extension JoinedTable: JoinedItem {
  func writeColumns(to selection: inout QueryFragment) {
    columns.write(to: &selection)
  }
}

extension JoinSelect {
  /// Adds `kind JOIN other ON on`, and the other table's columns to the selection: the one
  /// join builder. `columns` are the closures' columns after the join.
  consuming func joining<NewValue, NewColumns>(
    _ kind: JoinKind, _ other: some JoinedItem, _ columns: NewColumns,
    on: (some QueryExpression<Bool>)?
  ) -> JoinSelect<NewValue, NewColumns> {
    source.append(literal: "\n")
    source.append(sql: kind.keyword)
    source.append(literal: " ")
    source.append(other.item)
    if let on {
      source.append(literal: " ON ")
      if let filter = other.filter, !other.keepsNoRow {
        source.append(literal: "(")
        on.write(to: &source)
        source.append(literal: " AND ")
        source.append(filter.fragment)
        source.append(literal: ")")
      } else {
        on.write(to: &source)
      }
    }
    if let filter = other.filter, on == nil || other.keepsNoRow {
      // No condition to hold it (a cross join), or a filter that keeps no row: in `WHERE`.
      if predicates.isEmpty {
        predicates = filter.fragment
      } else {
        predicates.appendConjunct(filter)
      }
    }
    selection.append(literal: ", ")
    other.writeColumns(to: &selection)
    var joined = JoinSelect<NewValue, NewColumns>(
      columns: columns, selection: selection, source: source, predicates: predicates)
    joined.clauses = clauses
    joined.isDistinct = isDistinct
    return joined
  }
}

// Joins from a select of one table: an aliased table's rows (`Employee.aliased("e").all`,
// `.where { … }`) or a table-valued function's call.

extension JoinSelect where QueryValue: Table, Columns == QueryValue.TableColumns {
  /// Joins another table: rows of both where `on` holds.
  ///
  /// ```swift
  /// Reminder.aliased("r").where { !$0.isCompleted }.join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
  /// WHERE (NOT "r"."isCompleted")
  /// ```
  public consuming func join<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (Columns, Other.TableColumns) -> On
  ) -> JoinSelect<(QueryValue, Other), (Columns, Other.TableColumns)> {
    let (left, right) = (columns, other.joinedTable)
    return joining(.inner, right, (left, right.columns), on: on(left, right.columns))
  }

  /// Left-joins another table: every row of this one, and the other's where `on` holds.
  ///
  /// ```swift
  /// Reminder.aliased("r").all.leftJoin(Reminder.aliased("p")) { $0.priority == $1.priority }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "p"."title"
  /// FROM "reminders" AS "r"
  /// LEFT JOIN "reminders" AS "p" ON ("r"."priority" = "p"."priority")
  /// ```
  public consuming func leftJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (Columns, NullableColumns<Other>) -> On
  ) -> JoinSelect<(QueryValue, Other?), (Columns, NullableColumns<Other>)> {
    let (left, right) = (columns, other.joinedTable)
    return joining(
      .left, right, (left, right.nullableColumns), on: on(left, right.nullableColumns))
  }

  /// Right-joins another table: every row of the other, and this one's where `on` holds.
  ///
  /// ```swift
  /// Reminder.aliased("r").all.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// RIGHT JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
  /// ```
  public consuming func rightJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (NullableColumns<QueryValue>, Other.TableColumns) -> On
  ) -> JoinSelect<(QueryValue?, Other), (NullableColumns<QueryValue>, Other.TableColumns)> {
    let (left, right) = (NullableColumns<QueryValue>(columns), other.joinedTable)
    return joining(.right, right, (left, right.columns), on: on(left, right.columns))
  }

  /// Full-joins another table: every row of both, matched where `on` holds.
  ///
  /// ```swift
  /// Reminder.aliased("r").all.fullJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// FULL JOIN "remindersLists" ON ("r"."remindersListID" = "remindersLists"."id")
  /// ```
  public consuming func fullJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (NullableColumns<QueryValue>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(QueryValue?, Other?), (NullableColumns<QueryValue>, NullableColumns<Other>)> {
    let (left, right) = (NullableColumns<QueryValue>(columns), other.joinedTable)
    return joining(
      .full, right, (left, right.nullableColumns), on: on(left, right.nullableColumns))
  }

  /// Cross-joins another table: every pair of rows; the other table's filter goes to `WHERE`.
  ///
  /// ```swift
  /// Reminder.aliased("r").all.crossJoin(RemindersList.where { $0.id == 1 }).select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "r"."title", "remindersLists"."title"
  /// FROM "reminders" AS "r"
  /// CROSS JOIN "remindersLists"
  /// WHERE ("remindersLists"."id" = 1)
  /// ```
  public consuming func crossJoin<Other: Table>(
    _ other: some JoinSource<Other>
  ) -> JoinSelect<(QueryValue, Other), (Columns, Other.TableColumns)> {
    let (left, right) = (columns, other.joinedTable)
    return joining(.cross, right, (left, right.columns), on: BoundValue<Bool>?.none)
  }
}
