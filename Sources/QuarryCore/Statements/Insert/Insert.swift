/// An `INSERT` into a table: drafts, full rows, chosen columns with values, or the rows of a
/// select; with conflict resolution and upserts.
///
/// ```swift
/// Reminder.insert { Reminder.Draft(title: "Milk") }
/// ```
/// ```sql
/// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
/// VALUES (NULL, 'Milk', 0, NULL, 1)
/// ```
///
/// Every writable column is listed, and a draft's missing primary key is inserted as `NULL`, so
/// the database assigns it and every one-row insert into a table has the same SQL text.
public struct Insert<Into: Table>: Statement, Sendable {
  public typealias QueryValue = Void

  /// `INSERT OR …`
  ///
  /// ```swift
  /// RemindersList.insert(or: .replace) { RemindersList(id: 1, title: "House") }
  /// ```
  /// ```sql
  /// INSERT OR REPLACE INTO "remindersLists" ("id", "title")
  /// VALUES (1, 'House')
  /// ```
  public var conflictResolution: ConflictResolution?
  /// The inserted rows.
  @usableFromInline package var source: InsertSource
  /// The column list and the upsert clause, which most inserts don't have. Behind one optional
  /// reference, so that an insert stays small: the optimizer then moves a one-row insert around
  /// in registers instead of copying it through memory.
  @usableFromInline var clauses: Clauses?

  /// The column list, `("title", "priority")`; nil for every writable column.
  @inlinable
  package var columnList: String? {
    get { clauses?.columnList }
    set { clauses = Clauses.make(columnList: newValue, onConflict: onConflict) }
  }

  /// The upsert clause, as a value until the insert renders.
  @inlinable
  package var onConflict: OnConflict? {
    get { clauses?.onConflict }
    set { clauses = Clauses.make(columnList: columnList, onConflict: newValue) }
  }

  /// The upsert clause, rendered: `ON CONFLICT (…) DO UPDATE SET …` or `DO NOTHING`.
  ///
  /// `RemindersList.insert { RemindersList(id: 1, title: "Home") }.onConflictDoNothing().upsert!`
  /// renders `ON CONFLICT DO NOTHING`.
  package var upsert: QueryFragment? {
    guard let onConflict else { return nil }
    var fragment = QueryFragment()
    onConflict.write(to: &fragment)
    return fragment
  }

  /// An insert's column list and upsert clause. Immutable: setting either makes a new one.
  @usableFromInline
  final class Clauses: Sendable {
    @usableFromInline let columnList: String?
    @usableFromInline let onConflict: OnConflict?

    @inlinable
    init(columnList: String?, onConflict: OnConflict?) {
      self.columnList = columnList
      self.onConflict = onConflict
    }

    /// The clauses; nil when there are none, so that the insert stays a plain one.
    @inlinable
    static func make(columnList: String?, onConflict: OnConflict?) -> Clauses? {
      columnList == nil && onConflict == nil
        ? nil : Clauses(columnList: columnList, onConflict: onConflict)
    }
  }

  /// An insert of rows of values, or of a select.
  @inlinable
  package init(
    or conflictResolution: ConflictResolution? = nil, columnList: String? = nil,
    source: InsertSource
  ) {
    self.conflictResolution = conflictResolution
    self.source = source
    clauses = Clauses.make(columnList: columnList, onConflict: nil)
  }

  /// An insert of `rowCount` rows whose values follow each other in `bindings`.
  ///
  /// ```swift
  /// Insert<RemindersList>(bindings: [.int(3), .text("Errands"), .int(4), .text("Trips")], rowCount: 2)
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (3, 'Errands'), (4, 'Trips')
  /// ```
  @inlinable
  public init(bindings: [QueryBinding], rowCount: Int) {
    self.init(source: .values(bindings, rowCount: rowCount))
  }

  /// An insert of full rows or drafts, kept as they are: a driver binds their values straight
  /// into its statement.
  /// (Rows written as expressions, `Book.Columns(…)`, are rendered instead, each row with its
  /// parentheses.)
  @inlinable
  init<Row: WritableRow>(or conflictResolution: ConflictResolution?, _ rows: InsertValues<Row>) {
    self.conflictResolution = conflictResolution
    if case .mixed(let items) = rows, items.contains(where: \.isExpressions) {
      self.source = .rendered(Self.render(items), rowCount: items.count)
    } else {
      self.source = .rows(InsertRows(rows))
    }
  }

  /// Rows of every writable column, some of them written as expressions: `(?, ?), (7, upper(…))`.
  /// A `NULL` primary key is a ``DialectForm/missingKey``, as in ``writeValues``.
  @usableFromInline
  static func render<Row: WritableRow>(_ rows: [InsertRow<Row>]) -> QueryFragment {
    let key = Into.schema.primaryKeyWritableIndex
    var fragment = QueryFragment()
    for (index, row) in rows.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      switch row {
      case .value(let row): appendRow(row.queryBindings[...], key: key, to: &fragment)
      case .row(let row): appendRow(row.queryBindings[...], key: key, to: &fragment)
      case .expressions(let expressions): fragment.append(expressions)
      }
    }
    return fragment
  }

  /// Whether the statement is the table's pre-rendered one-row insert
  /// (``TableSchema/insertRowUTF8``): one row of values, no conflict clause, every column.
  @inlinable
  package var isPlainOneRowInsert: Bool {
    guard conflictResolution == nil, clauses == nil else { return false }
    switch source {
    case .rows(let rows): return rows.count == 1
    case .values(_, let rowCount): return rowCount == 1
    case .rendered, .select, .defaultValues: return false
    }
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
    if columnList == nil, let key = Into.schema.primaryKeyWritableIndex,
      Self.hasMissingKey(bindings, key: key, columnCount: columnCount)
    {
      Self.writeValuesWithDefaultKeys(bindings, key: key, columnCount: columnCount, to: &fragment)
      return
    }
    fragment.append(sql: "\nVALUES ")
    fragment.appendRows(of: bindings, rowCount: rowCount)
  }

  /// Whether a row's primary key is `NULL`: the database assigns it (SQLite for `NULL`,
  /// PostgreSQL's identity and serial keys for `DEFAULT`).
  @inlinable
  static func hasMissingKey(_ bindings: [QueryBinding], key: Int, columnCount: Int) -> Bool {
    guard columnCount > key else { return false }
    var index = key
    while index < bindings.count {
      if bindings[index].isNull { return true }
      index += columnCount
    }
    return false
  }

  /// `\nVALUES (?, ?), (?, ?)` where each `NULL` primary key is a ``DialectForm/missingKey``:
  /// SQLite binds `NULL`, PostgreSQL writes `DEFAULT`.
  @usableFromInline
  static func writeValuesWithDefaultKeys(
    _ bindings: [QueryBinding], key: Int, columnCount: Int, to fragment: inout QueryFragment
  ) {
    fragment.append(sql: "\nVALUES ")
    for start in stride(from: 0, to: bindings.count, by: columnCount) {
      if start > 0 { fragment.append(sql: ", ") }
      appendRow(bindings[start..<start + columnCount], key: key, to: &fragment)
    }
  }

  /// `(?, ?)`: one row's values, its `NULL` primary key (at `key`) a ``DialectForm/missingKey``.
  @usableFromInline
  static func appendRow(
    _ bindings: ArraySlice<QueryBinding>, key: Int?, to fragment: inout QueryFragment
  ) {
    for (column, binding) in bindings.enumerated() {
      fragment.append(sql: column == 0 ? "(" : ", ")
      if column == key, binding.isNull {
        fragment.append(form: .missingKey)
      } else {
        fragment.append(binding: binding)
      }
    }
    fragment.append(sql: ")")
  }

  /// Renders nothing when there are no rows: executing it does nothing.
  @inlinable
  public func writeStatement(to fragment: inout QueryFragment) {
    let schema = Into.schema
    if isPlainOneRowInsert, fragment.isEmpty {
      // The common case is the schema's pre-rendered text as it is, marked so that a driver
      // keeps its statement with Quarry's own.
      let bindings: [QueryBinding]
      switch source {
      case .rows(let rows): bindings = rows.queryBindings
      case .values(let values, _): bindings = values
      case .rendered, .select, .defaultValues: bindings = []
      }
      fragment = QueryFragment(
        utf8: schema.insertRowUTF8, bindings: bindings,
        placeholders: schema.insertRowPlaceholders, preRendered: .insertRow)
      if let key = schema.primaryKeyWritableIndex,
        Self.hasMissingKey(bindings, key: key, columnCount: bindings.count)
      {
        // The key's `?` (bound to NULL) is SQLite's spelling: the text stays pre-rendered.
        fragment.forms = schema.insertRowMissingKeyForms
      }
      return
    }
    guard source.rowCount != 0 else { return }
    fragment.append(sql: "INSERT ")
    if let conflictResolution {
      fragment.append(form: .conflictResolution(conflictResolution.rawValue))
    }
    fragment.append(sql: "INTO ")
    fragment.append(sql: schema.quotedName)
    switch source {
    case .values(let bindings, let rowCount):
      Self.writeValues(bindings, rowCount: rowCount, columnList: columnList, to: &fragment)
    case .rows(let rows):
      Self.writeValues(
        rows.queryBindings, rowCount: rows.count, columnList: columnList, to: &fragment)
    case .rendered(let rows, _):
      fragment.append(sql: " ")
      fragment.append(sql: columnList ?? schema.insertColumnsSQL)
      fragment.append(sql: "\nVALUES ")
      fragment.append(rows)
    case .select(let select):
      fragment.append(sql: " ")
      fragment.append(sql: columnList ?? schema.insertColumnsSQL)
      fragment.append(sql: "\n")
      if onConflict == nil {
        fragment.append(select)
      } else {
        fragment.append(form: .upsertSelect(select))
      }
    case .defaultValues:
      fragment.append(sql: " DEFAULT VALUES")
    }
    if let onConflict {
      fragment.append(sql: "\n")
      onConflict.write(to: &fragment)
    }
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
  /// `count` rows rendered with their parentheses, comma-separated: `(?, datetime('now')), …`.
  case rendered(QueryFragment, rowCount: Int)
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
    case .rendered(_, let rowCount): return rowCount
    case .select, .defaultValues: return nil
    }
  }
}
