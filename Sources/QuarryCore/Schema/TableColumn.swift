import QuarrySQLText

/// A column of a table, typed by the Swift value it holds.
///
/// It renders its qualified, quoted name, `"reminders"."title"`. `@Table` writes both names as
/// static strings at compile time, so columns are plain values: copying the columns of a table
/// into a query closure costs no reference counting. Under an alias (a ``ColumnQualifier``
/// other than the table), it renders the alias instead of the table's name: `"managers"."title"`.
public struct TableColumn<Root: Table, Value: QueryBindable>: QueryExpression, Sendable {
  public typealias QueryValue = Value

  @usableFromInline let nameLiteral: StaticString
  /// The quoted table name and a dot (`"reminders".`) for a column of a `@Selection` group,
  /// which only learns its table when the table uses it; empty otherwise.
  @usableFromInline let tablePrefixLiteral: StaticString
  @usableFromInline let qualifiedNameLiteral: StaticString
  /// What the column is qualified by: the table's name, or an alias.
  @usableFromInline var qualifier: ColumnQualifier

  /// Describes the column `name` of `Root`, whose table-qualified, quoted name is
  /// `qualifiedName` (`"reminders"."title"`), qualified by `qualifier`: the table's name, or
  /// an alias.
  ///
  /// `TableColumn<Reminder, String>("title", qualifiedName: #""reminders"."title""#)` renders
  /// `"reminders"."title"`.
  @inlinable
  public init(
    _ name: StaticString, qualifiedName: StaticString, qualifier: ColumnQualifier = .table
  ) {
    self.nameLiteral = name
    self.tablePrefixLiteral = ""
    self.qualifiedNameLiteral = qualifiedName
    self.qualifier = qualifier
  }

  /// Describes the column `name` of a group inside `Root`: it renders `tablePrefix` (the quoted
  /// table name and a dot) followed by `quotedName`.
  ///
  /// `TableColumn<Reminder, String>("title", tablePrefix: #""reminders"."#, quotedName: #""title""#)`
  /// renders `"reminders"."title"`.
  @inlinable
  public init(
    _ name: StaticString, tablePrefix: StaticString, quotedName: StaticString,
    qualifier: ColumnQualifier = .table
  ) {
    self.nameLiteral = name
    self.tablePrefixLiteral = tablePrefix
    self.qualifiedNameLiteral = quotedName
    self.qualifier = qualifier
  }

  /// Qualifies the column by `qualifier` instead: what `@Table`'s `TableColumns(qualifier:)`
  /// does to a column whose type the macro can't tell from its name.
  ///
  /// `Reminder.TableColumns(qualifier: ColumnQualifier("r")).title` renders `"r"."title"`.
  public mutating func qualify(by qualifier: ColumnQualifier) {
    self.qualifier = qualifier
  }

  /// The column's name in the database.
  public var name: String { nameLiteral.description }

  /// Whether the column renders as `name`, a qualified name in UTF-8 (`"reminders"."id"`).
  @inlinable
  func isQualifiedName(_ name: [UInt8]) -> Bool {
    qualifier.isTable && tablePrefixLiteral.utf8CodeUnitCount == 0
      && qualifiedNameLiteral.withUTF8Buffer { $0.elementsEqual(name) }
  }

  /// The qualified, quoted name: `"reminders"."title"` (`"r"."title"` under the alias `r`).
  public var qualifiedName: String {
    if let alias = qualifier.quotedName { return alias + "." + quoteIdentifier(name) }
    return tablePrefixLiteral.description + qualifiedNameLiteral.description
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    guard qualifier.isTable else { return writeUnderAlias(to: &fragment) }
    if tablePrefixLiteral.utf8CodeUnitCount != 0 {
      fragment.append(literal: tablePrefixLiteral)
    }
    fragment.append(literal: qualifiedNameLiteral)
  }

  /// `"alias"."name"`.
  @usableFromInline
  func writeUnderAlias(to fragment: inout QueryFragment) {
    fragment.append(sql: qualifiedName)
  }

  /// A qualified name.
  @inlinable
  public static var rendersDelimited: Bool { true }
}

/// A column that may be written as one literal, its qualified and quoted name: an operator
/// copies it with its own text in one piece.
@usableFromInline
protocol LiteralColumn {
  /// The column's qualified, quoted name; nil under an alias or a name prefix.
  var literalQualifiedName: StaticString? { get }
}

extension LiteralColumn {
  /// ``literalQualifiedName`` of `value`, a value of this type. (Asked of the type, not of
  /// the value cast to an existential: that would box the value.)
  @inlinable
  static func literalQualifiedName(of value: some Any) -> StaticString? {
    (value as? Self)?.literalQualifiedName
  }
}

extension TableColumn: LiteralColumn {
  @inlinable
  var literalQualifiedName: StaticString? {
    guard qualifier.isTable, tablePrefixLiteral.utf8CodeUnitCount == 0 else { return nil }
    return qualifiedNameLiteral
  }
}
