/// An `INSERT` of one or more rows into a table.
///
/// ```swift
/// Reminder.insert { Reminder.Draft(title: "Get haircut", priority: .medium) }
/// // INSERT INTO "reminders" ("id", "title", "priority") VALUES (NULL, 'Get haircut', 2)
/// ```
///
/// Every writable column is listed, and a draft's missing primary key is inserted as `NULL`, so
/// the database assigns it and the SQL text is the same for every row count of one.
public struct Insert<Into: Table>: Statement, Sendable {
  public typealias QueryValue = Void

  /// The values of each row, in ``TableSchema/writableColumns`` order.
  public var rows: [[QueryBinding]]

  /// An insert of rows of bindings.
  @inlinable
  public init(rows: [[QueryBinding]]) {
    self.rows = rows
  }

  /// Renders nothing when there are no rows: executing it does nothing.
  @inlinable
  public func write(to fragment: inout QueryFragment) {
    guard !rows.isEmpty else { return }
    let schema = Into.schema
    fragment.sql.append("INSERT INTO ")
    fragment.sql.append(schema.quotedName)
    fragment.sql.append(" ")
    fragment.sql.append(schema.insertColumnsSQL)
    fragment.sql.append("\nVALUES ")
    for (index, row) in rows.enumerated() {
      if index > 0 { fragment.sql.append(", ") }
      fragment.sql.append(schema.insertPlaceholdersSQL)
      fragment.bindings.append(contentsOf: row)
    }
  }
}

/// Collects the rows of an insert: one value per line, `if`, `for`.
@resultBuilder
public enum InsertValuesBuilder<Value> {
  @inlinable public static func buildExpression(_ value: Value) -> [Value] { [value] }
  @inlinable public static func buildExpression(_ values: [Value]) -> [Value] { values }
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
    Insert(rows: rows().map(\.queryBindings))
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts: rows whose primary key the database may assign.
  @inlinable
  public static func insert(@InsertValuesBuilder<Draft> _ rows: () -> [Draft]) -> Insert<Self> {
    Insert(rows: rows().map(\.queryBindings))
  }
}
