/// A column of a table, typed by the Swift value it holds.
///
/// It renders its qualified, quoted name, `"reminders"."title"`. `@Table` writes both names as
/// static strings at compile time, so columns are plain values: copying the columns of a table
/// into a query closure costs no reference counting.
public struct TableColumn<Root: Table, Value: QueryBindable>: QueryExpression, Sendable {
  public typealias QueryValue = Value

  @usableFromInline let nameLiteral: StaticString
  @usableFromInline let qualifiedNameLiteral: StaticString

  /// Describes the column `name` of `Root`, whose table-qualified, quoted name is
  /// `qualifiedName` (`"reminders"."title"`).
  @inlinable
  public init(_ name: StaticString, qualifiedName: StaticString) {
    self.nameLiteral = name
    self.qualifiedNameLiteral = qualifiedName
  }

  /// The column's name in the database.
  public var name: String { nameLiteral.description }

  /// The table-qualified, quoted name: `"reminders"."title"`.
  public var qualifiedName: String { qualifiedNameLiteral.description }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    qualifiedNameLiteral.withUTF8Buffer { fragment.utf8.append(contentsOf: $0) }
  }
}
