import QuarrySQLText

/// A column of a table, typed by the Swift value it holds.
///
/// It renders its qualified, quoted name, `"reminders"."title"`, computed once when the table's
/// columns are first used.
public struct TableColumn<Root: Table, Value: QueryBindable>: QueryExpression, Sendable {
  public typealias QueryValue = Value

  /// The column's name in the database.
  public let name: String
  /// The table-qualified, quoted name: `"reminders"."title"`.
  public let qualifiedName: String

  /// Describes the column named `name` of `Root`.
  public init(_ name: String) {
    self.name = name
    self.qualifiedName = Root.schema.quotedName + "." + quoteIdentifier(name)
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    fragment.sql.append(qualifiedName)
  }
}
