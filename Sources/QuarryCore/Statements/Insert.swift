/// An `INSERT` of one or more rows into a table.
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

  /// The values of every row, one after the other, each in ``TableSchema/writableColumns``
  /// order.
  public var bindings: [QueryBinding]
  /// The number of rows.
  public var rowCount: Int

  /// An insert of `rowCount` rows whose values follow each other in `bindings`.
  @inlinable
  public init(bindings: [QueryBinding], rowCount: Int) {
    self.bindings = bindings
    self.rowCount = rowCount
  }

  /// An insert of full rows or drafts.
  @inlinable
  init(_ rows: [some Any], bindings: (Int) -> [QueryBinding]) {
    if rows.count == 1 {
      self.init(bindings: bindings(0), rowCount: 1)
      return
    }
    var all: [QueryBinding] = []
    all.reserveCapacity(rows.count * Into.schema.writableColumns.count)
    for index in rows.indices { all.append(contentsOf: bindings(index)) }
    self.init(bindings: all, rowCount: rows.count)
  }

  /// Renders nothing when there are no rows: executing it does nothing.
  @inlinable
  public func write(to fragment: inout QueryFragment) {
    guard rowCount > 0 else { return }
    let schema = Into.schema
    if rowCount == 1, fragment.isEmpty {
      // The common case reuses the pre-rendered text as it is: no copying, and the driver's
      // statement cache recognizes the very same string.
      fragment.utf8 = schema.insertRowUTF8
      fragment.bindings = bindings
      return
    }
    fragment.append(sql: "INSERT INTO ")
    fragment.append(sql: schema.quotedName)
    fragment.append(sql: " ")
    fragment.append(sql: schema.insertColumnsSQL)
    fragment.append(sql: "\nVALUES ")
    for index in 0..<rowCount {
      if index > 0 { fragment.append(sql: ", ") }
      fragment.append(sql: schema.insertPlaceholdersSQL)
    }
    fragment.bindings.append(contentsOf: bindings)
  }
}

/// Collects the rows of an insert: one value per line, `if`, `for`.
@resultBuilder
public enum InsertValuesBuilder<Value> {
  @inlinable public static func buildExpression(_ value: Value) -> [Value] { [value] }
  @inlinable public static func buildExpression(_ values: [Value]) -> [Value] { values }
  @inlinable public static func buildBlock(_ rows: [Value]) -> [Value] { rows }
  @inlinable public static func buildBlock(_ rows: [Value]...) -> [Value] { rows.flatMap { $0 } }
  @inlinable public static func buildArray(_ rows: [[Value]]) -> [Value] { rows.flatMap { $0 } }
  @inlinable public static func buildOptional(_ rows: [Value]?) -> [Value] { rows ?? [] }
  @inlinable public static func buildEither(first rows: [Value]) -> [Value] { rows }
  @inlinable public static func buildEither(second rows: [Value]) -> [Value] { rows }
}

extension Table {
  /// Inserts full rows, primary key included.
  @inlinable
  public static func insert(@InsertValuesBuilder<Self> _ rows: () -> [Self]) -> Insert<Self> {
    let rows = rows()
    return Insert(rows) { rows[$0].queryBindings }
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts: rows whose primary key the database may assign.
  @inlinable
  public static func insert(@InsertValuesBuilder<Draft> _ rows: () -> [Draft]) -> Insert<Self> {
    let rows = rows()
    return Insert(rows) { rows[$0].queryBindings }
  }
}
