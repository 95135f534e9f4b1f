import QuarrySQLText

/// A `SELECT` over two joined tables.
///
/// ```swift
/// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
///   .where { reminder, _ in !reminder.isCompleted }
///   .select { ($0.title, $1.title) }
/// ```
/// ```sql
/// SELECT "reminders"."title", "remindersLists"."title"
/// FROM "reminders"
/// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
/// WHERE (NOT "reminders"."isCompleted")
/// ```
///
/// Query closures receive both tables' columns, `$0` and `$1` (name them, as above, where a
/// closure reads only the first). In a left join the right table's
/// columns are optional (and its rows decode as `nil` where nothing matched); in a right join
/// the left table's; in a full join both.
public struct JoinSelect<QueryValue, Columns: Sendable>: SelectStatement, Sendable {
  /// The columns handed to query closures.
  public var columns: Columns
  /// The selected columns.
  ///
  /// `Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($1.title, $0.title) }.selection`
  /// renders `"remindersLists"."title", "reminders"."title"`.
  @usableFromInline package var selection: QueryFragment
  /// `FROM … JOIN … ON …`
  ///
  /// `Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.source` renders
  /// `FROM "reminders" JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")`.
  @usableFromInline package var source: QueryFragment
  /// The `WHERE` predicates, joined with `AND`.
  ///
  /// `Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.where { r, _ in !r.isCompleted }.predicates`
  /// renders `(NOT "reminders"."isCompleted")`.
  @usableFromInline package var predicates: QueryFragment
  /// `GROUP BY`, `HAVING`, `ORDER BY`, `LIMIT`.
  public var clauses = SelectClauses()
  /// Whether the select is `SELECT DISTINCT`.
  public var isDistinct = false
  /// The call of a table-valued function this select reads alone, when it is one
  /// (`call(_:)`): what a join of the select names, `"pragma_table_info"('reminders')`.
  @usableFromInline package var tableFunctionCall: QueryFragment?

  @usableFromInline
  init(columns: Columns, selection: QueryFragment, source: QueryFragment, predicates: QueryFragment)
  {
    self.columns = columns
    self.selection = selection
    self.source = source
    self.predicates = predicates
  }

  /// Adds a predicate, joined to earlier ones with `AND`.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.where { $1.title == "Work" }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// WHERE ("remindersLists"."title" = 'Work')
  /// ```
  public consuming func `where`<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (Columns) -> Predicate
  ) -> Self {
    SelectClauses.appendPredicate(predicate(columns), to: &predicates)
    return self
  }

  /// Removes duplicate rows: `SELECT DISTINCT`.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { $1.title }.distinct()
  /// ```
  /// ```sql
  /// SELECT DISTINCT "remindersLists"."title"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ```
  public consuming func distinct(_ isDistinct: Bool = true) -> Self {
    self.isDistinct = isDistinct
    return self
  }

  /// Carries a select's filter, clauses and `DISTINCT` over to the join that follows it:
  /// `Reminder.where { … }.order { … }.join(…)`. Its predicates come first in `WHERE`.
  @usableFromInline
  consuming func following<From: Table, Value>(_ select: Select<Value, From>) -> Self {
    if !select.filter.predicates.isEmpty {
      var combined = select.filter.predicates
      if !predicates.isEmpty {
        combined.append(sql: " AND ")
        combined.append(predicates)
      }
      predicates = combined
    }
    clauses = select.clauses
    isDistinct = select.isDistinct
    return self
  }

  /// The joined tables' columns, which query closures receive.
  public var clauseColumns: Columns { columns }

  /// Chooses one column to select.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { $1.title }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ```
  public func select<Column: QueryAssignable>(
    _ column: (Columns) -> Column
  ) -> JoinSelect<Column.QueryValue, Columns> {
    var copy = JoinSelect<Column.QueryValue, Columns>(
      columns: columns, selection: column(columns).queryFragment, source: source,
      predicates: predicates)
    copy.clauses = clauses
    copy.isDistinct = isDistinct
    return copy
  }

  /// Chooses the columns to select: `.select { ($0.title, $1.title) }`.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ```
  public func select<each Column: QueryAssignable>(
    _ selected: (Columns) -> (repeat each Column)
  ) -> JoinSelect<(repeat (each Column).QueryValue), Columns> {
    var selection = QueryFragment()
    for column in repeat each selected(columns) { SelectClauses.appendTerm(column, to: &selection) }
    var copy = JoinSelect<(repeat (each Column).QueryValue), Columns>(
      columns: columns, selection: selection, source: source, predicates: predicates)
    copy.clauses = clauses
    copy.isDistinct = isDistinct
    return copy
  }

  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(sql: isDistinct ? "SELECT DISTINCT " : "SELECT ")
    fragment.append(selection)
    fragment.append(source)
    if !predicates.isEmpty {
      fragment.append(sql: "\nWHERE ")
      fragment.append(predicates)
    }
    clauses.write(to: &fragment)
  }
}

/// One table's columns in a join of two, which a third table can join: the table's own
/// (``TableDefinition``, under an alias too) or, on an outer join's optional side,
/// ``NullableColumns``.
public protocol JoinedColumns: QueryExpression, Sendable {
  /// The table the columns are of.
  associatedtype Base: Table
  /// The same columns where an outer join may find no row: each one optional.
  var outerJoinColumns: NullableColumns<Base> { get }
}

extension TableDefinition {
  /// The same columns, with the same qualifier, where an outer join may find no row.
  public var outerJoinColumns: NullableColumns<QueryValue> {
    NullableColumns(QueryValue.TableColumns(qualifier: columnQualifier))
  }
}

/// A table's columns seen through an outer join: every column is optional.
///
/// As an expression it is the whole row, or `nil` where the join found none:
/// `.select { ($0, $1) }` on a left join decodes `(Shelf, Book?)`.
@dynamicMemberLookup
public struct NullableColumns<Base: Table>: JoinedColumns {
  public typealias QueryValue = Base?

  /// The underlying columns, qualified by the table's name or its alias.
  public let columns: Base.TableColumns

  init(_ columns: Base.TableColumns) {
    self.columns = columns
  }

  /// The columns as they are: already optional.
  public var outerJoinColumns: NullableColumns<Base> { self }

  /// Every column of the table, qualified by its name or alias.
  public func write(to fragment: inout QueryFragment) {
    columns.write(to: &fragment)
  }

  /// A column that is `NULL` where the join found no row.
  ///
  /// ```swift
  /// RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title", "reminders"."title"
  /// FROM "remindersLists"
  /// LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
  /// ```
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> SQLQueryExpression<Value?> {
    SQLQueryExpression(rendering: columns[keyPath: keyPath])
  }

  /// A column that is already optional stays singly optional: `$1.priority` is an `Int?`.
  ///
  /// ```swift
  /// RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.where { $1.priority == nil }.select { list, _ in list.title }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title"
  /// FROM "remindersLists"
  /// LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
  /// WHERE ("reminders"."priority" IS NULL)
  /// ```
  public subscript<Wrapped>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Wrapped?>>
  ) -> SQLQueryExpression<Wrapped?> {
    SQLQueryExpression(rendering: columns[keyPath: keyPath])
  }

  /// A computed column, declared in an extension of the table's `TableColumns`: the same SQL,
  /// made optional, as it is `NULL` where the join found no row. `$1.isPastDue` is a `Bool?`.
  ///
  /// ```swift
  /// RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select { ($0.title, $1.isUrgent) }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title", ((NOT "reminders"."isCompleted") AND ("reminders"."priority" = 3))
  /// FROM "remindersLists"
  /// LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
  /// ```
  public subscript<Member: QueryExpression>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, Member>
  ) -> SQLQueryExpression<Member.QueryValue?> {
    SQLQueryExpression(rendering: columns[keyPath: keyPath])
  }

  /// A computed column that is already optional stays singly optional.
  ///
  /// ```swift
  /// RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select { ($0.title, $1.urgency) }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title", nullif("reminders"."priority", 0)
  /// FROM "remindersLists"
  /// LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
  /// ```
  public subscript<Member: QueryExpression, Wrapped>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, Member>
  ) -> SQLQueryExpression<Wrapped?> where Member.QueryValue == Wrapped? {
    SQLQueryExpression(rendering: columns[keyPath: keyPath])
  }
}

extension Table {
  /// `FROM self JOIN other ON …`: rows of both tables where `on` holds.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ```
  public static func join<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (TableColumns, Other.TableColumns) -> On
  ) -> JoinSelect<(Self, Other), (TableColumns, Other.TableColumns)> {
    Select<Self, Self>().join(other, on: on)
  }

  /// `FROM self LEFT JOIN other ON …`: every row of this table, and the other table's row or
  /// `nil`.
  ///
  /// ```swift
  /// RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title", "reminders"."title"
  /// FROM "remindersLists"
  /// LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
  /// ```
  public static func leftJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (TableColumns, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Self, Other?), (TableColumns, NullableColumns<Other>)> {
    Select<Self, Self>().leftJoin(other, on: on)
  }

  /// `FROM self RIGHT JOIN other ON …` (SQLite 3.39 and later).
  ///
  /// ```swift
  /// Reminder.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// RIGHT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ```
  public static func rightJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (NullableColumns<Self>, Other.TableColumns) -> On
  ) -> JoinSelect<(Self?, Other), (NullableColumns<Self>, Other.TableColumns)> {
    Select<Self, Self>().rightJoin(other, on: on)
  }

  /// `FROM self FULL JOIN other ON …` (SQLite 3.39 and later).
  ///
  /// ```swift
  /// Reminder.fullJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// FULL JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ```
  public static func fullJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (NullableColumns<Self>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(Self?, Other?), (NullableColumns<Self>, NullableColumns<Other>)> {
    Select<Self, Self>().fullJoin(other, on: on)
  }

  /// `FROM self CROSS JOIN other`: every pair of rows.
  ///
  /// ```swift
  /// Reminder.crossJoin(RemindersList.all).select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// CROSS JOIN "remindersLists"
  /// ```
  public static func crossJoin<Other: Table>(
    _ other: some JoinSource<Other>
  ) -> JoinSelect<(Self, Other), (TableColumns, Other.TableColumns)> {
    Select<Self, Self>().crossJoin(other)
  }
}

extension JoinSelect {
  /// Joins a third table: `A.join(B.all) { … }.join(C.all) { $0.id == $2.aID && $1.id == $2.bID }`.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.join(Tag.all) { $1.title == $2.name }.select { ($0.title, $2.id) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "tags"."id"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// JOIN "tags" ON ("remindersLists"."title" = "tags"."name")
  /// ```
  public consuming func join<
    A: JoinedColumns, B: JoinedColumns, C: Table, On: QueryExpression<Bool>
  >(
    _ other: some JoinSource<C>, on: (A, B, C.TableColumns) -> On
  ) -> JoinSelect<(A.QueryValue, B.QueryValue, C), (A, B, C.TableColumns)>
  where QueryValue == (A.QueryValue, B.QueryValue), Columns == (A, B) {
    let right = other.joinedTable
    let columns = (self.columns.0, self.columns.1, right.columns)
    return joining(.inner, right, columns, on: on(columns.0, columns.1, columns.2))
  }

  /// Left-joins a third table, whose columns and rows are optional.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.leftJoin(Tag.all) { $1.title == $2.name }.select { ($0.title, $2.id) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "tags"."id"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// LEFT JOIN "tags" ON ("remindersLists"."title" = "tags"."name")
  /// ```
  ///
  /// After an outer join, the optional side stays optional:
  ///
  /// ```swift
  /// RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }.leftJoin(Tag.all) { $1.title == $2.name }.select { ($0.title, $1.title, $2.name) }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."title", "reminders"."title", "tags"."name"
  /// FROM "remindersLists"
  /// LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersListID")
  /// LEFT JOIN "tags" ON ("reminders"."title" = "tags"."name")
  /// ```
  public consuming func leftJoin<
    A: JoinedColumns, B: JoinedColumns, C: Table, On: QueryExpression<Bool>
  >(
    _ other: some JoinSource<C>, on: (A, B, NullableColumns<C>) -> On
  ) -> JoinSelect<(A.QueryValue, B.QueryValue, C?), (A, B, NullableColumns<C>)>
  where QueryValue == (A.QueryValue, B.QueryValue), Columns == (A, B) {
    let right = other.joinedTable
    let columns = (self.columns.0, self.columns.1, right.nullableColumns)
    return joining(.left, right, columns, on: on(columns.0, columns.1, columns.2))
  }

  /// Right-joins a third table: the first two tables' columns and rows are optional
  /// (SQLite 3.39 and later).
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.rightJoin(Tag.all) { $1.title == $2.name }.select { ($0.title, $2.id) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "tags"."id"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// RIGHT JOIN "tags" ON ("remindersLists"."title" = "tags"."name")
  /// ```
  public consuming func rightJoin<
    A: JoinedColumns, B: JoinedColumns, C: Table, On: QueryExpression<Bool>
  >(
    _ other: some JoinSource<C>,
    on: (NullableColumns<A.Base>, NullableColumns<B.Base>, C.TableColumns) -> On
  ) -> JoinSelect<
    (A.Base?, B.Base?, C),
    (NullableColumns<A.Base>, NullableColumns<B.Base>, C.TableColumns)
  > where QueryValue == (A.QueryValue, B.QueryValue), Columns == (A, B) {
    let right = other.joinedTable
    let columns = (self.columns.0.outerJoinColumns, self.columns.1.outerJoinColumns, right.columns)
    return joining(.right, right, columns, on: on(columns.0, columns.1, columns.2))
  }

  /// Full-joins a third table: every table's columns and rows are optional (SQLite 3.39 and
  /// later).
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.fullJoin(Tag.all) { $1.title == $2.name }.select { ($0.title, $2.id) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "tags"."id"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// FULL JOIN "tags" ON ("remindersLists"."title" = "tags"."name")
  /// ```
  public consuming func fullJoin<
    A: JoinedColumns, B: JoinedColumns, C: Table, On: QueryExpression<Bool>
  >(
    _ other: some JoinSource<C>,
    on: (NullableColumns<A.Base>, NullableColumns<B.Base>, NullableColumns<C>) -> On
  ) -> JoinSelect<
    (A.Base?, B.Base?, C?),
    (NullableColumns<A.Base>, NullableColumns<B.Base>, NullableColumns<C>)
  > where QueryValue == (A.QueryValue, B.QueryValue), Columns == (A, B) {
    let right = other.joinedTable
    let columns = (
      self.columns.0.outerJoinColumns, self.columns.1.outerJoinColumns, right.nullableColumns
    )
    return joining(.full, right, columns, on: on(columns.0, columns.1, columns.2))
  }

  /// Cross-joins a third table: every combination of rows.
  ///
  /// ```swift
  /// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.crossJoin(Tag.all).select { ($0.title, $2.id) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "tags"."id"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// CROSS JOIN "tags"
  /// ```
  public consuming func crossJoin<A: JoinedColumns, B: JoinedColumns, C: Table>(
    _ other: some JoinSource<C>
  ) -> JoinSelect<(A.QueryValue, B.QueryValue, C), (A, B, C.TableColumns)>
  where QueryValue == (A.QueryValue, B.QueryValue), Columns == (A, B) {
    let right = other.joinedTable
    let columns = (self.columns.0, self.columns.1, right.columns)
    return joining(.cross, right, columns, on: BoundValue<Bool>?.none)
  }
}

/// The kind of a join.
@usableFromInline
package enum JoinKind: Sendable {
  case inner, left, right, full, cross

  /// `JOIN`, `LEFT JOIN`, …
  @usableFromInline
  var keyword: String {
    switch self {
    case .inner: return "JOIN"
    case .left: return "LEFT JOIN"
    case .right: return "RIGHT JOIN"
    case .full: return "FULL JOIN"
    case .cross: return "CROSS JOIN"
    }
  }
}

// Joins after other clauses: `Reminder.where { … }.order { … }.join(RemindersList.all) { … }`.
// The select's filter stays in `WHERE`, its other clauses and `DISTINCT` carry over.

extension Select where QueryValue == From {
  /// Joins another table after this select's clauses.
  ///
  /// ```swift
  /// Reminder.order { $0.title }.join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ORDER BY "reminders"."title"
  /// ```
  public consuming func join<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (From.TableColumns, Other.TableColumns) -> On
  ) -> JoinSelect<(From, Other), (From.TableColumns, Other.TableColumns)> {
    From.joinStart.join(other, on: on).following(self)
  }

  /// Left-joins another table after this select's clauses.
  ///
  /// ```swift
  /// Reminder.order { $0.title }.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ORDER BY "reminders"."title"
  /// ```
  public consuming func leftJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (From.TableColumns, NullableColumns<Other>) -> On
  ) -> JoinSelect<(From, Other?), (From.TableColumns, NullableColumns<Other>)> {
    From.joinStart.leftJoin(other, on: on).following(self)
  }

  /// Right-joins another table after this select's clauses (SQLite 3.39 and later).
  ///
  /// ```swift
  /// Reminder.order { $0.title }.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// RIGHT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ORDER BY "reminders"."title"
  /// ```
  public consuming func rightJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (NullableColumns<From>, Other.TableColumns) -> On
  ) -> JoinSelect<(From?, Other), (NullableColumns<From>, Other.TableColumns)> {
    From.joinStart.rightJoin(other, on: on).following(self)
  }

  /// Full-joins another table after this select's clauses (SQLite 3.39 and later).
  ///
  /// ```swift
  /// Reminder.order { $0.title }.fullJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// FULL JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// ORDER BY "reminders"."title"
  /// ```
  public consuming func fullJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (NullableColumns<From>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(From?, Other?), (NullableColumns<From>, NullableColumns<Other>)> {
    From.joinStart.fullJoin(other, on: on).following(self)
  }

  /// Cross-joins another table after this select's clauses.
  ///
  /// ```swift
  /// Reminder.order { $0.title }.crossJoin(RemindersList.all).select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// CROSS JOIN "remindersLists"
  /// ORDER BY "reminders"."title"
  /// ```
  public consuming func crossJoin<Other: Table>(
    _ other: some JoinSource<Other>
  ) -> JoinSelect<(From, Other), (From.TableColumns, Other.TableColumns)> {
    From.joinStart.crossJoin(other).following(self)
  }
}

extension Where {
  /// Joins another table to the filtered rows: `Reminder.where { … }.join(…) { … }`.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.join(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// WHERE (NOT "reminders"."isCompleted")
  /// ```
  public consuming func join<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (From.TableColumns, Other.TableColumns) -> On
  ) -> JoinSelect<(From, Other), (From.TableColumns, Other.TableColumns)> {
    selectAll().join(other, on: on)
  }

  /// Left-joins another table to the filtered rows.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.leftJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// LEFT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// WHERE (NOT "reminders"."isCompleted")
  /// ```
  public consuming func leftJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (From.TableColumns, NullableColumns<Other>) -> On
  ) -> JoinSelect<(From, Other?), (From.TableColumns, NullableColumns<Other>)> {
    selectAll().leftJoin(other, on: on)
  }

  /// Right-joins another table to the filtered rows (SQLite 3.39 and later).
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.rightJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// RIGHT JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// WHERE (NOT "reminders"."isCompleted")
  /// ```
  public consuming func rightJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (NullableColumns<From>, Other.TableColumns) -> On
  ) -> JoinSelect<(From?, Other), (NullableColumns<From>, Other.TableColumns)> {
    selectAll().rightJoin(other, on: on)
  }

  /// Full-joins another table to the filtered rows (SQLite 3.39 and later).
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.fullJoin(RemindersList.all) { $0.remindersListID == $1.id }.select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// FULL JOIN "remindersLists" ON ("reminders"."remindersListID" = "remindersLists"."id")
  /// WHERE (NOT "reminders"."isCompleted")
  /// ```
  public consuming func fullJoin<Other: Table, On: QueryExpression<Bool>>(
    _ other: some JoinSource<Other>, on: (NullableColumns<From>, NullableColumns<Other>) -> On
  ) -> JoinSelect<(From?, Other?), (NullableColumns<From>, NullableColumns<Other>)> {
    selectAll().fullJoin(other, on: on)
  }

  /// Cross-joins another table to the filtered rows.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.crossJoin(RemindersList.all).select { ($0.title, $1.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "remindersLists"."title"
  /// FROM "reminders"
  /// CROSS JOIN "remindersLists"
  /// WHERE (NOT "reminders"."isCompleted")
  /// ```
  public consuming func crossJoin<Other: Table>(
    _ other: some JoinSource<Other>
  ) -> JoinSelect<(From, Other), (From.TableColumns, Other.TableColumns)> {
    selectAll().crossJoin(other)
  }
}
