import QuarrySQLText

/// An `INSERT` into a table: drafts, full rows, chosen columns with values, or the rows of a
/// select; with conflict resolution and upserts.
///
/// ```swift
/// Reminder.insert { Reminder.Draft(title: "Get haircut", priority: .medium) }
/// // INSERT INTO "reminders" ("id", "title", "priority") VALUES (NULL, 'Get haircut', 1)
/// ```
///
/// Every writable column is listed, and a draft's missing primary key is inserted as `NULL`, so
/// the database assigns it and every one-row insert into a table has the same SQL text.
public struct Insert<Into: Table>: Statement, Sendable {
  public typealias QueryValue = Void

  /// `INSERT OR …`
  public var conflictResolution: ConflictResolution?
  /// The inserted rows.
  @usableFromInline package var source: InsertSource
  /// The column list and the upsert clause, which most inserts don't have. Behind one optional
  /// reference, so that an insert stays small: the optimizer then moves a one-row insert around
  /// in registers instead of copying it through memory.
  @usableFromInline var clauses: Clauses?

  /// The column list, `("title", "priority")`; nil for every writable column.
  @inlinable
  public var columnList: String? {
    get { clauses?.columnList }
    set { clauses = Clauses.make(columnList: newValue, upsert: upsert) }
  }

  /// The upsert clause: `ON CONFLICT (…) DO UPDATE SET …` or `DO NOTHING`.
  @inlinable
  public var upsert: QueryFragment? {
    get { clauses?.upsert }
    set { clauses = Clauses.make(columnList: columnList, upsert: newValue) }
  }

  /// An insert's column list and upsert clause. Immutable: setting either makes a new one.
  @usableFromInline
  final class Clauses: Sendable {
    @usableFromInline let columnList: String?
    @usableFromInline let upsert: QueryFragment?

    @inlinable
    init(columnList: String?, upsert: QueryFragment?) {
      self.columnList = columnList
      self.upsert = upsert
    }

    /// The clauses; nil when there are none, so that the insert stays a plain one.
    @inlinable
    static func make(columnList: String?, upsert: QueryFragment?) -> Clauses? {
      columnList == nil && upsert == nil ? nil : Clauses(columnList: columnList, upsert: upsert)
    }
  }

  /// An insert of rows of values, or of a select.
  @inlinable
  package init(
    or conflictResolution: ConflictResolution? = nil, columnList: String? = nil, source: InsertSource
  ) {
    self.conflictResolution = conflictResolution
    self.source = source
    clauses = Clauses.make(columnList: columnList, upsert: nil)
  }

  /// An insert of `rowCount` rows whose values follow each other in `bindings`.
  @inlinable
  public init(bindings: [QueryBinding], rowCount: Int) {
    self.init(source: .values(bindings, rowCount: rowCount))
  }

  /// An insert of full rows or drafts, kept as they are: a driver binds their values straight
  /// into its statement.
  @inlinable
  init<Row: WritableRow>(or conflictResolution: ConflictResolution?, _ rows: InsertValues<Row>) {
    self.conflictResolution = conflictResolution
    self.source = .rows(InsertRows(rows))
  }

  /// Whether the statement is the table's pre-rendered one-row insert
  /// (``TableSchema/insertRowUTF8``): one row of values, no conflict clause, every column.
  @inlinable
  package var isPlainOneRowInsert: Bool {
    guard conflictResolution == nil, clauses == nil else { return false }
    return source.rowCount == 1
  }

  /// ` ("a", "b")\nVALUES (?, ?), (?, ?)` and the bindings.
  @inlinable
  static func writeValues(
    _ bindings: [QueryBinding], rowCount: Int, columnList: String?,
    to fragment: inout QueryFragment
  ) {
    fragment.append(sql: " ")
    fragment.append(sql: columnList ?? Into.schema.insertColumnsSQL)
    let columnCount = rowCount == 0 ? 0 : bindings.count / rowCount
    let placeholders =
      "(" + Array(repeating: "?", count: columnCount).joined(separator: ", ") + ")"
    fragment.append(sql: "\nVALUES ")
    for index in 0..<rowCount {
      if index > 0 { fragment.append(sql: ", ") }
      fragment.append(sql: placeholders)
    }
    fragment.append(bindingsOfPlaceholders: bindings)
  }

  /// Renders nothing when there are no rows: executing it does nothing.
  @inlinable
  public func write(to fragment: inout QueryFragment) {
    let schema = Into.schema
    if isPlainOneRowInsert, fragment.isEmpty {
      // The common case is the schema's pre-rendered text as it is, marked so that a driver
      // keeps its statement with Quarry's own.
      let bindings: [QueryBinding]
      switch source {
      case .rows(let rows): bindings = rows.queryBindings
      case .values(let values, _): bindings = values
      case .select, .defaultValues: bindings = []
      }
      fragment = QueryFragment(
        utf8: schema.insertRowUTF8, bindings: bindings, preRendered: .insertRow)
      return
    }
    guard source.rowCount != 0 else { return }
    fragment.append(sql: "INSERT ")
    if let conflictResolution { fragment.append(sql: "OR \(conflictResolution.rawValue) ") }
    fragment.append(sql: "INTO ")
    fragment.append(sql: schema.quotedName)
    switch source {
    case .values(let bindings, let rowCount):
      Self.writeValues(bindings, rowCount: rowCount, columnList: columnList, to: &fragment)
    case .rows(let rows):
      Self.writeValues(
        rows.queryBindings, rowCount: rows.count, columnList: columnList, to: &fragment)
    case .select(let select):
      fragment.append(sql: " ")
      fragment.append(sql: columnList ?? schema.insertColumnsSQL)
      fragment.append(sql: "\n")
      fragment.append(select)
      // SQLite needs a WHERE before an upsert clause to parse a select's end.
      if upsert != nil { fragment.append(sql: "\nWHERE 1") }
    case .defaultValues:
      fragment.append(sql: " DEFAULT VALUES")
    }
    if let upsert {
      fragment.append(sql: "\n")
      fragment.append(upsert)
    }
  }

  /// On a conflict with the `target` columns' uniqueness, updates the existing row instead:
  /// `ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title"`. The closure gets the
  /// assignments and the values that were to be inserted (`excluded`).
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    var updates = Updates<Into>()
    assignments(&updates, Excluded())
    var clause = QueryFragment(sql: "ON CONFLICT ")
    clause.append(Self.conflictTarget(target))
    clause.append(sql: " DO UPDATE SET ")
    clause.append(updates.assignments)
    upsert = clause
    return self
  }

  /// On a conflict with the `target` columns' uniqueness (any constraint when omitted), skips
  /// the row: `ON CONFLICT DO NOTHING`.
  @inlinable
  public consuming func onConflictDoNothing<each Value>(
    _ target: ((Into.TableColumns) -> (repeat TableColumn<Into, each Value>))? = nil
  ) -> Self {
    var clause = QueryFragment(sql: "ON CONFLICT ")
    if let target { clause.append(Self.conflictTarget(target)); clause.append(sql: " ") }
    clause.append(sql: "DO NOTHING")
    upsert = clause
    return self
  }

  /// `("a", "b")`: a conflict target names columns without their table.
  @inlinable
  static func conflictTarget<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>)
  ) -> QueryFragment {
    var names: [String] = []
    for column in repeat each target(Into.columns) { names.append(quoteIdentifier(column.name)) }
    return QueryFragment(sql: "(" + names.joined(separator: ", ") + ")")
  }
}

/// Where an insert's rows come from. (Not nested in the generic `Insert`, so it stays a plain
/// enum the optimizer handles without runtime metadata.)
@usableFromInline
package enum InsertSource: Sendable {
  /// `count` rows of values, one after the other.
  case values([QueryBinding], rowCount: Int)
  /// Full rows or drafts, as they were given.
  case rows(InsertRows)
  /// The rows of a select.
  case select(QueryFragment)
  /// One row of default values.
  case defaultValues
}

extension InsertSource {
  /// The number of rows of values; nil for a select and default values.
  @inlinable
  package var rowCount: Int? {
    switch self {
    case .values(_, let rowCount): return rowCount
    case .rows(let rows): return rows.count
    case .select, .defaultValues: return nil
    }
  }
}

/// The rows of an insert, full rows or drafts, kept as they were given so that a driver binds
/// their values straight into a prepared statement (``bind(to:)``), with no array of bindings.
///
/// `@unchecked Sendable`: the rows are never mutated, only read to bind or render their values,
/// which `@Table` makes values of `QueryBindable` column types.
@usableFromInline
package struct InsertRows: @unchecked Sendable {
  @usableFromInline let storage: any InsertRowStorage

  /// The number of rows.
  @usableFromInline package let count: Int

  /// Keeps `rows`.
  @inlinable
  package init<Row: WritableRow>(_ rows: [Row]) {
    storage = RowArray(rows)
    count = rows.count
  }

  /// Keeps the rows a builder collected; a single row is kept without an array.
  @inlinable
  package init<Row: WritableRow>(_ values: InsertValues<Row>) {
    switch values {
    case .one(let row):
      storage = SingleRow(row)
      count = 1
    case .many(let rows):
      storage = RowArray(rows)
      count = rows.count
    }
  }

  /// Hands every value of every row to `binder`, in placeholder order.
  @inlinable
  package func bind(to binder: any QueryBinder) throws {
    try storage.bind(to: binder)
  }

  /// Every value of every row, in placeholder order.
  @inlinable
  package var queryBindings: [QueryBinding] {
    QueryBindingCollector.collect { try storage.bind(to: $0) }
  }
}

/// The rows behind ``InsertRows``: an existential keeps the row type out of `Insert`'s. A class,
/// so that copying and destroying an insert is one reference count operation, whatever the row.
@usableFromInline
protocol InsertRowStorage: AnyObject {
  func bind(to binder: any QueryBinder) throws
}

/// One row as ``InsertRowStorage``: the common one-row insert allocates this box and nothing
/// else.
@usableFromInline
final class SingleRow<Row: WritableRow>: InsertRowStorage {
  @usableFromInline let row: Row

  @inlinable
  init(_ row: Row) { self.row = row }

  @inlinable
  func bind(to binder: any QueryBinder) throws {
    // A protocol requirement: this generic code calls the row type's own binding code.
    try row.bind(to: binder)
  }
}

/// An array of rows as ``InsertRowStorage``.
@usableFromInline
final class RowArray<Row: WritableRow>: InsertRowStorage {
  @usableFromInline let rows: [Row]

  @inlinable
  init(_ rows: [Row]) { self.rows = rows }

  @inlinable
  func bind(to binder: any QueryBinder) throws {
    // A protocol requirement: this generic code calls the row type's own specialized loop.
    try Row.bind(rows: rows, to: binder)
  }
}

/// The values an upsert was about to insert: `excluded."title"`.
@dynamicMemberLookup
public struct Excluded<Base: Table>: Sendable {
  @inlinable
  init() {}

  /// The value that was to be inserted into a column.
  @inlinable
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression("excluded.\(quote: Base.columns[keyPath: keyPath].name)")
  }
}

/// The rows an ``InsertValuesBuilder`` collected, in order. A single row is kept as it is, with
/// no array: most inserts write one row.
public enum InsertValues<Value> {
  /// One row.
  case one(Value)
  /// Rows in order.
  case many([Value])

  /// The rows, in order.
  @inlinable
  public var rows: [Value] {
    switch self {
    case .one(let row): return [row]
    case .many(let rows): return rows
    }
  }
}

/// Collects the rows of an insert: one value per line, `if`, `for`.
@resultBuilder
public enum InsertValuesBuilder<Value> {
  @inlinable
  public static func buildExpression(_ value: Value) -> InsertValues<Value> { .one(value) }
  @inlinable
  public static func buildExpression(_ values: [Value]) -> InsertValues<Value> { .many(values) }
  @inlinable
  public static func buildBlock(_ rows: InsertValues<Value>) -> InsertValues<Value> { rows }
  @inlinable
  public static func buildBlock(_ rows: InsertValues<Value>...) -> InsertValues<Value> {
    .many(rows.flatMap(\.rows))
  }
  @inlinable
  public static func buildArray(_ rows: [InsertValues<Value>]) -> InsertValues<Value> {
    .many(rows.flatMap(\.rows))
  }
  @inlinable
  public static func buildOptional(_ rows: InsertValues<Value>?) -> InsertValues<Value> {
    rows ?? .many([])
  }
  @inlinable
  public static func buildEither(first rows: InsertValues<Value>) -> InsertValues<Value> { rows }
  @inlinable
  public static func buildEither(second rows: InsertValues<Value>) -> InsertValues<Value> { rows }
}

extension Table {
  /// Inserts full rows, primary key included.
  @inlinable
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>
  ) -> Insert<Self> {
    Insert(or: conflictResolution, rows())
  }

  /// Inserts one row of default values: `INSERT INTO "reminders" DEFAULT VALUES`.
  @inlinable
  public static func insert(or conflictResolution: ConflictResolution? = nil) -> Insert<Self> {
    Insert(or: conflictResolution, source: .defaultValues)
  }

  /// Inserts values into chosen columns:
  /// `Reminder.insert { ($0.title, $0.priority) } values: { ("Milk", .low); ("Eggs", nil) }`.
  @inlinable
  public static func insert<each Value: QueryBindable>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>),
    @InsertValuesBuilder<(repeat each Value)> values: () -> InsertValues<(repeat each Value)>
  ) -> Insert<Self> {
    let rows = values().rows
    var bindings: [QueryBinding] = []
    for row in rows {
      for value in repeat each row { bindings.append(value.queryBinding) }
    }
    return Insert(
      or: conflictResolution, columnList: columnList(columns),
      source: .values(bindings, rowCount: rows.count))
  }

  /// Inserts the rows of a select into chosen columns: `INSERT INTO … (…) SELECT …`.
  @inlinable
  public static func insert<each Value: QueryBindable>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>),
    select: () -> some Statement<(repeat each Value)>
  ) -> Insert<Self> {
    Insert(
      or: conflictResolution, columnList: columnList(columns),
      source: .select(select().queryFragment))
  }

  @inlinable
  static func columnList<each Value: QueryBindable>(
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>)
  ) -> String {
    var names: [String] = []
    for column in repeat each columns(self.columns) { names.append(quoteIdentifier(column.name)) }
    return "(" + names.joined(separator: ", ") + ")"
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts: rows whose primary key the database may assign.
  @inlinable
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>
  ) -> Insert<Self> {
    Insert(or: conflictResolution, rows())
  }

  /// Inserts drafts, or updates the rows whose primary key they already have:
  /// `ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title", …`.
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
    clause.append(sql: ") DO UPDATE SET " + assignments.joined(separator: ", "))
    insert.upsert = clause
    return insert
  }
}
