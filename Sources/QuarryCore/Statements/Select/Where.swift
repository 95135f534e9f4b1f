/// A table filtered by a `WHERE` clause: `Reminder.where { !$0.isCompleted }`.
///
/// On its own it selects every column of the matching rows; it also starts a `SELECT` with
/// other columns, an `UPDATE` or a `DELETE` of those rows. Several `where` calls are joined
/// with `AND`.
public struct Where<From: Table>: Statement, Sendable {
  public typealias QueryValue = From

  /// The predicates, already joined with `AND`; empty when unfiltered.
  @usableFromInline package var predicates: QueryFragment
  /// Whether ``predicates`` is `find(_:)`'s comparison of the primary key with one value, and
  /// nothing else: a select of it renders the schema's pre-rendered select by primary key.
  @inlinable package var isPrimaryKeyLookup: Bool {
    get { flags & 1 != 0 }
    set { flags = newValue ? flags | 1 : flags & ~1 }
  }
  /// Whether ``predicates`` is one operand that no neighbouring operator can split (one
  /// delimited predicate, or an `OR` in parentheses), known from how it was built: `or` writes
  /// it as it is, and parenthesizes anything else.
  @inlinable package var isOneOperand: Bool {
    get { flags & 2 != 0 }
    set { flags = newValue ? flags | 2 : flags & ~2 }
  }
  /// Whether the filter started from `Table.none`: it keeps no row, whatever is added to it,
  /// and a join of it keeps none either, whichever side keeps unmatched rows.
  @inlinable package var isNone: Bool {
    get { flags & 4 != 0 }
    set { flags = newValue ? flags | 4 : flags & ~4 }
  }
  /// Whether the table's default scope (a type's own ``Table/all``) is left out: the filter
  /// started from ``Table/unscoped``, or the scope was applied to it already.
  @inlinable package var skipsDefaultScope: Bool {
    get { flags & 8 != 0 }
    set { flags = newValue ? flags | 8 : flags & ~8 }
  }
  /// The four flags above, in one byte: a filter stays as small as its predicates and a byte.
  @usableFromInline var flags: UInt8 = 0

  /// An unfiltered table.
  ///
  /// ```swift
  /// Where<RemindersList>()
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."id", "remindersLists"."title"
  /// FROM "remindersLists"
  /// ```
  @inlinable
  public init() {
    predicates = QueryFragment()
  }

  /// Adds a predicate, joined to earlier ones with `AND`.
  ///
  /// (It consumes `self`, so a chain of calls appends to one buffer instead of copying it.)
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.where { $0.priority == nil }.count()
  /// ```
  /// ```sql
  /// SELECT count(*)
  /// FROM "reminders"
  /// WHERE "reminders"."isCompleted" AND ("reminders"."priority" IS NULL)
  /// ```
  @inlinable
  public consuming func `where`<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (From.TableColumns) -> Predicate
  ) -> Self {
    isPrimaryKeyLookup = false
    let byteCount = predicates.text.count
    if byteCount == 0 { predicates.reserveCapacity(128) }
    predicates.appendConjunct(predicate(From.columns))
    // A conjunct is delimited as it is appended: the first is one operand, a second makes two.
    if byteCount == 0 {
      isOneOperand = true
    } else if predicates.text.count > byteCount {
      isOneOperand = false
    }
    return self
  }

  /// Appends ` WHERE …` when there are predicates.
  @inlinable
  package func writeClause(to fragment: inout QueryFragment) {
    guard !predicates.isEmpty else { return }
    fragment.append(literal: "\nWHERE ")
    fragment.append(predicates)
  }

  @inlinable
  public func writeStatement(to fragment: inout QueryFragment) {
    let schema = From.schema
    if isPrimaryKeyLookup, fragment.isEmpty, let byKey = schema.selectByPrimaryKeyUTF8,
      From.defaultScope.isEmpty
    {
      // `find(_:)` as it is, without a select around it: the schema's pre-rendered select.
      fragment = QueryFragment(
        utf8: byKey, bindings: predicates.values,
        placeholders: schema.selectByPrimaryKeyPlaceholders, preRendered: .selectByPrimaryKey)
      return
    }
    Select<From, From>(filter: self).writeStatement(to: &fragment)
  }

  /// The table: every column of it is selected.
  @inlinable
  public var resultColumnsTable: String? { From.schema.name }

  /// The filtered rows, every column.
  @inlinable
  consuming func selectAll() -> Select<From, From> { Select(filter: self) }

  /// Selects one column of the filtered rows: `.select { $0.title }`.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE "reminders"."isCompleted"
  /// ```
  public consuming func select<Column: QueryAssignable>(
    _ column: (From.TableColumns) -> Column
  ) -> Select<Column.QueryValue, From> {
    Select(filter: self).select(column)
  }

  /// Selects columns of the filtered rows: `.select { ($0.id, $0.title) }`.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.select { ($0.id, $0.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id", "reminders"."title"
  /// FROM "reminders"
  /// WHERE "reminders"."isCompleted"
  /// ```
  public consuming func select<each Column: QueryAssignable>(
    _ columns: (From.TableColumns) -> (repeat each Column)
  ) -> Select<(repeat (each Column).QueryValue), From> {
    Select(filter: self).select(columns)
  }

  /// Orders the filtered rows by one term.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.order { $0.title }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// ORDER BY "reminders"."title"
  /// ```
  @inlinable
  public consuming func order<Term: QueryExpression>(
    by term: (From.TableColumns) -> Term
  ) -> Select<From, From> {
    selectAll().order(by: term)
  }

  /// Orders the filtered rows.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.order { ($0.priority, $0.title) }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// ORDER BY "reminders"."priority", "reminders"."title"
  /// ```
  public consuming func order<each Term: QueryExpression>(
    by terms: (From.TableColumns) -> (repeat each Term)
  ) -> Select<From, From> {
    selectAll().order(by: terms)
  }

  /// Removes duplicate rows: `SELECT DISTINCT`.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.distinct().select { $0.priority }
  /// ```
  /// ```sql
  /// SELECT DISTINCT "reminders"."priority"
  /// FROM "reminders"
  /// WHERE "reminders"."isCompleted"
  /// ```
  public consuming func distinct() -> Select<From, From> {
    selectAll().distinct()
  }

  /// Groups the filtered rows: `.group { $0.listID }`.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.group { $0.remindersListID }.select { ($0.remindersListID, $0.id.count()) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."remindersListID", count("reminders"."id")
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// GROUP BY "reminders"."remindersListID"
  /// ```
  public consuming func group<each Term: QueryExpression>(
    by terms: (From.TableColumns) -> (repeat each Term)
  ) -> Select<From, From> {
    selectAll().group(by: terms)
  }

  /// Limits the number of filtered rows.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.limit(2).select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// LIMIT 2
  /// ```
  public consuming func limit(_ count: Int?, offset: Int? = nil) -> Select<From, From> {
    selectAll().limit(count, offset: offset)
  }

  /// Skips `offset` of the filtered rows.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.offset(2).select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// LIMIT -1 OFFSET 2
  /// ```
  public consuming func offset(_ offset: Int?) -> Select<From, From> {
    selectAll().offset(offset)
  }

  /// Keeps groups matching a predicate: `.group { … }.having { … }`, as a select of whole rows.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.having { $0.id.count() > 1 }.select { $0.id.count() }
  /// ```
  /// ```sql
  /// SELECT count("reminders"."id")
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// HAVING (count("reminders"."id") > 1)
  /// ```
  public consuming func having<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (From.TableColumns) -> Predicate
  ) -> Select<From, From> {
    selectAll().having(predicate)
  }

  /// Returns at most as many rows as an expression says, as a select of whole rows.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.limit { _ in #sql("1 + 1", as: Int.self) }.select { $0.id }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id"
  /// FROM "reminders"
  /// WHERE "reminders"."isCompleted"
  /// LIMIT 1 + 1
  /// ```
  public consuming func limit(
    _ count: (From.TableColumns) -> some QueryExpression<Int>
  ) -> Select<From, From> {
    selectAll().limit(count)
  }

  /// Counts the filtered rows: `SELECT count(*) FROM … WHERE …`.
  ///
  /// `Reminder.where { $0.isCompleted }.count()` renders `SELECT count(*) FROM "reminders" WHERE "reminders"."isCompleted"`.
  public consuming func count() -> Select<Int, From> {
    var count = Select<Int, From>(selection: "count(*)", filter: self)
    // A default scope's ordering orders nothing here (and PostgreSQL refuses it).
    count.clauses.removeOrdering()
    return count
  }
}

extension Where {
  /// The predicates as one operand: `(a AND b)`, or `1` when there are none.
  @usableFromInline
  var delimitedPredicates: QueryFragment {
    guard !predicates.isEmpty else { return .form(.boolean(true)) }
    var fragment = QueryFragment()
    fragment.append(byte: UInt8(ascii: "("))
    fragment.append(predicates)
    fragment.append(byte: UInt8(ascii: ")"))
    return fragment
  }

  @usableFromInline
  init(predicates: QueryFragment, isOneOperand: Bool = false) {
    self.predicates = predicates
    self.isOneOperand = isOneOperand
  }

  /// Rows both filters keep: `WHERE a AND b`.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.and(Reminder.where { $0.priority == 3 }).count()
  /// ```
  /// ```sql
  /// SELECT count(*)
  /// FROM "reminders"
  /// WHERE "reminders"."isCompleted" AND ("reminders"."priority" = 3)
  /// ```
  public func and(_ other: Self) -> Self {
    guard !predicates.isEmpty else { return other }
    guard !other.predicates.isEmpty else { return self }
    var combined = predicates
    combined.append(sql: " AND ")
    combined.append(other.predicates)
    var both = Where(predicates: combined)
    both.isNone = isNone || other.isNone
    // Two filters that leave the default scope out (`unscoped`) make one that does too.
    both.skipsDefaultScope = skipsDefaultScope && other.skipsDefaultScope
    return both
  }

  /// The predicates as one expression, delimited as they were built: one operand, or several
  /// `AND`-joined ones.
  @usableFromInline
  package var predicate: SQLQueryExpression<Bool> {
    isOneOperand
      ? SQLQueryExpression(operand: predicates) : SQLQueryExpression(compound: predicates)
  }

  /// The predicates as an operand of `OR`: as they are when they are one already (`"a"`,
  /// `("a" = ?)`), in parentheses otherwise (`(a AND b)`).
  @usableFromInline
  var disjunct: QueryFragment {
    isOneOperand ? predicates : delimitedPredicates
  }

  /// Rows either filter keeps: `WHERE (a OR b)`. The whole is one operand, so a predicate
  /// added after it (`AND c`), or the join condition it joins, keeps it whole. An unfiltered
  /// side adds nothing, as in StructuredQueries: `Reminder.all.or(x)` keeps the rows of `x`, so
  /// a filter can be built up from `all`, one `or` at a time.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.or(Reminder.where { $0.priority == 3 }).count()
  /// ```
  /// ```sql
  /// SELECT count(*)
  /// FROM "reminders"
  /// WHERE ("reminders"."isCompleted" OR ("reminders"."priority" = 3))
  /// ```
  public func or(_ other: Self) -> Self {
    guard !predicates.isEmpty else { return other }
    guard !other.predicates.isEmpty else { return self }
    var combined = QueryFragment()
    combined.append(byte: UInt8(ascii: "("))
    combined.append(disjunct)
    combined.append(sql: " OR ")
    combined.append(other.disjunct)
    combined.append(byte: UInt8(ascii: ")"))
    var either = Where(predicates: combined, isOneOperand: true)
    either.skipsDefaultScope = skipsDefaultScope && other.skipsDefaultScope
    return either
  }

  /// Rows the filter does not keep: `WHERE NOT (a)`.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.not().count()
  /// ```
  /// ```sql
  /// SELECT count(*)
  /// FROM "reminders"
  /// WHERE NOT ("reminders"."isCompleted")
  /// ```
  public func not() -> Self {
    var negated = QueryFragment(sql: "NOT ")
    negated.append(delimitedPredicates)
    var filter = Where(predicates: negated)
    filter.skipsDefaultScope = skipsDefaultScope
    return filter
  }

  /// Rows both filters keep.
  ///
  /// ```swift
  /// (Reminder.where { $0.isCompleted } && Reminder.where { $0.priority == 3 }).count()
  /// ```
  /// ```sql
  /// SELECT count(*)
  /// FROM "reminders"
  /// WHERE "reminders"."isCompleted" AND ("reminders"."priority" = 3)
  /// ```
  public static func && (lhs: Self, rhs: Self) -> Self { lhs.and(rhs) }

  /// Rows either filter keeps.
  ///
  /// ```swift
  /// (Reminder.where { $0.isCompleted } || Reminder.where { $0.priority == 3 }).count()
  /// ```
  /// ```sql
  /// SELECT count(*)
  /// FROM "reminders"
  /// WHERE ("reminders"."isCompleted" OR ("reminders"."priority" = 3))
  /// ```
  public static func || (lhs: Self, rhs: Self) -> Self { lhs.or(rhs) }

  /// Rows the filter does not keep.
  ///
  /// ```swift
  /// (!Reminder.where { $0.isCompleted }).count()
  /// ```
  /// ```sql
  /// SELECT count(*)
  /// FROM "reminders"
  /// WHERE NOT ("reminders"."isCompleted")
  /// ```
  public static prefix func ! (operand: Self) -> Self { operand.not() }
}

extension Table {
  /// No row of the table: `WHERE 0`. It starts statements that find, change or delete
  /// nothing, whatever is added to them, and stands where a statement is needed but no row
  /// should come from it (an arm of a union, a common table expression).
  ///
  /// `Reminder.none.count()` renders `SELECT count(*) FROM "reminders" WHERE 0`.
  public static var none: Where<Self> {
    var nothing = Where<Self>(predicates: .form(.boolean(false)), isOneOperand: true)
    nothing.isNone = true
    return nothing
  }

  /// Rows matching a predicate: `Reminder.where { !$0.isCompleted }`.
  ///
  /// ```swift
  /// Reminder.where { !$0.isCompleted }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// ```
  @inlinable
  public static func `where`<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (TableColumns) -> Predicate
  ) -> Where<Self> {
    Where().where(predicate)
  }

  /// Selects one column of every row: `Reminder.select { $0.title }`.
  ///
  /// `Reminder.select { $0.title }` renders `SELECT "reminders"."title" FROM "reminders"`.
  public static func select<Column: QueryAssignable>(
    _ column: (TableColumns) -> Column
  ) -> Select<Column.QueryValue, Self> {
    Where().select(column)
  }

  /// Selects columns of every row: `Reminder.select { ($0.id, $0.title) }`.
  ///
  /// `Reminder.select { ($0.id, $0.title) }` renders `SELECT "reminders"."id", "reminders"."title" FROM "reminders"`.
  public static func select<each Column: QueryAssignable>(
    _ columns: (TableColumns) -> (repeat each Column)
  ) -> Select<(repeat (each Column).QueryValue), Self> {
    Where().select(columns)
  }

  /// Every row, ordered by one term: `Reminder.order { $0.title.desc() }`.
  ///
  /// ```swift
  /// Reminder.order { $0.title }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// ORDER BY "reminders"."title"
  /// ```
  public static func order<Term: QueryExpression>(
    by term: (TableColumns) -> Term
  ) -> Select<Self, Self> {
    Where().order(by: term)
  }

  /// Every row, ordered: `Reminder.order { ($0.isCompleted, $0.title.desc()) }`.
  ///
  /// ```swift
  /// Reminder.order { ($0.priority.desc(), $0.title) }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// ORDER BY "reminders"."priority" DESC, "reminders"."title"
  /// ```
  public static func order<each Term: QueryExpression>(
    by terms: (TableColumns) -> (repeat each Term)
  ) -> Select<Self, Self> {
    Where().order(by: terms)
  }

  /// Groups the rows: `Reminder.group { $0.listID }.select { ($0.listID, $0.id.count()) }`.
  ///
  /// ```swift
  /// Reminder.group { $0.remindersListID }.select { ($0.remindersListID, $0.id.count()) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."remindersListID", count("reminders"."id")
  /// FROM "reminders"
  /// GROUP BY "reminders"."remindersListID"
  /// ```
  public static func group<each Term: QueryExpression>(
    by terms: (TableColumns) -> (repeat each Term)
  ) -> Select<Self, Self> {
    Where().group(by: terms)
  }

  /// Every distinct row: `SELECT DISTINCT …`.
  ///
  /// `Reminder.distinct().select { $0.priority }` renders `SELECT DISTINCT "reminders"."priority" FROM "reminders"`.
  public static func distinct() -> Select<Self, Self> {
    Where().distinct()
  }

  /// At most `count` rows.
  ///
  /// ```swift
  /// Reminder.limit(2).select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// LIMIT 2
  /// ```
  public static func limit(_ count: Int?, offset: Int? = nil) -> Select<Self, Self> {
    Where().limit(count, offset: offset)
  }

  /// Keeps groups matching a predicate, as a select of whole rows.
  ///
  /// ```swift
  /// Reminder.having { $0.id.count() > 1 }.select { $0.id.count() }
  /// ```
  /// ```sql
  /// SELECT count("reminders"."id")
  /// FROM "reminders"
  /// HAVING (count("reminders"."id") > 1)
  /// ```
  public static func having<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (TableColumns) -> Predicate
  ) -> Select<Self, Self> {
    Where().having(predicate)
  }

  /// Returns at most as many rows as an expression says, as a select of whole rows.
  ///
  /// ```swift
  /// Reminder.limit { _ in #sql("1 + 1", as: Int.self) }.select { $0.id }
  /// ```
  /// ```sql
  /// SELECT "reminders"."id"
  /// FROM "reminders"
  /// LIMIT 1 + 1
  /// ```
  public static func limit(
    _ count: (TableColumns) -> some QueryExpression<Int>
  ) -> Select<Self, Self> {
    Where().limit(count)
  }

  /// Every row after the first `offset`.
  ///
  /// ```swift
  /// Reminder.offset(2).select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// LIMIT -1 OFFSET 2
  /// ```
  public static func offset(_ offset: Int?) -> Select<Self, Self> {
    Where().offset(offset)
  }

  /// Counts the rows: `SELECT count(*) FROM "reminders"`.
  ///
  /// `Reminder.count()` renders `SELECT count(*) FROM "reminders"`.
  public static func count() -> Select<Int, Self> {
    Where().count()
  }
}

extension PrimaryKeyedTable {
  /// The row with the given primary key: `WHERE "reminders"."id" = ?`.
  ///
  /// ```swift
  /// Reminder.find(1).select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE ("reminders"."id" = 1)
  /// ```
  @inlinable
  public static func find(_ primaryKey: PrimaryKey) -> Where<Self> {
    // A one-column key's filter is the schema's pre-rendered predicate, which a select of it
    // alone turns into the schema's select by primary key.
    columns.primaryKey.filter(key: primaryKey)
  }

  /// The rows whose primary key columns hold `bindings` (a row's values, in
  /// ``TableSchema/writableColumns`` order): `("reminders"."id" = ?)` or, for a composite key,
  /// `(("enrollments"."courseID", "enrollments"."studentID") = (?, ?))`.
  static func primaryKeyPredicate(rowBindings bindings: [QueryBinding]) -> QueryFragment {
    let schema = Self.schema
    if let index = schema.primaryKeyWritableIndex, let predicate = schema.primaryKeyPredicateUTF8 {
      return QueryFragment(
        utf8: predicate, bindings: [bindings[index]],
        placeholders: schema.primaryKeyPredicatePlaceholders)
    }
    return schema.compositeKeyPredicate(bindings)
  }
}

extension PrimaryKeyedTable where PrimaryKey: QueryRepresentable {
  /// The row with the given primary key, stored through its `@Column(as:)` representation:
  /// `Device.find(uuid)` for a key stored as 16 bytes.
  ///
  /// ```swift
  /// Device.find(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!).select { $0.name }
  /// ```
  /// ```sql
  /// SELECT "devices"."name"
  /// FROM "devices"
  /// WHERE ("devices"."id" = X'DEADBEEF000040008000000000000001')
  /// ```
  public static func find(_ primaryKey: PrimaryKey.QueryOutput) -> Where<Self> {
    find(PrimaryKey(queryOutput: primaryKey))
  }

  /// The rows with the given primary keys, stored through their representation.
  ///
  /// ```swift
  /// Device.find([UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!]).select { $0.name }
  /// ```
  /// ```sql
  /// SELECT "devices"."name"
  /// FROM "devices"
  /// WHERE ("devices"."id" IN (X'DEADBEEF000040008000000000000001'))
  /// ```
  public static func find(_ primaryKeys: some Sequence<PrimaryKey.QueryOutput>) -> Where<Self> {
    find(primaryKeys.map(PrimaryKey.init(queryOutput:)))
  }
}
