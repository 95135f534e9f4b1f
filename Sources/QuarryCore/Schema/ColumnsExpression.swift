/// A row written as SQL, one expression or value per property: the `Columns` that `@Table` and
/// `@Selection` generate (`Book.Columns(id: 9, title: #sql("upper('emma')"))`). It renders each
/// expression named as its column and decodes as its type; ``values`` is the same row unnamed,
/// which an insert writes. It is also an argument wherever a row is: a `@Selection` property,
/// `Values`, a Swift function's argument.
///
/// ```swift
/// RemindersList.insert { RemindersList.Columns(id: 7, title: #sql("upper('atlas')")) }
/// ```
/// ```sql
/// INSERT INTO "remindersLists" ("id", "title")
/// VALUES (7, upper('atlas'))
/// ```
public protocol ColumnsExpression: QueryExpression {
  /// The expressions, comma-separated in column order, without names; a table's generated
  /// columns, which the database computes, are left out.
  var values: QueryFragment { get }
}

extension MacroSupport {
  /// Appends one property's expression to a type's `Columns`: to its selection, named as its
  /// column (`quotedName`, nil for a `@Selection` group, whose columns name themselves), and,
  /// unless the database generates the column, to its values (a group's unnamed).
  ///
  /// `MacroSupport.appendTerm("Emma", named: #""title""#, selection: &selection, values: &values)`
  /// makes `selection` `'Emma' AS "title"` and `values` `'Emma'`.
  public static func appendTerm(
    _ term: some QueryAssignable, named quotedName: String?, isInserted: Bool = true,
    selection: inout QueryFragment, values: inout QueryFragment
  ) {
    var expression = QueryFragment()
    term.write(to: &expression)
    if !selection.isEmpty { selection.append(sql: ", ") }
    selection.append(expression)
    if let quotedName {
      selection.append(sql: " AS ")
      selection.append(sql: quotedName)
    }
    guard isInserted else { return }
    if !values.isEmpty { values.append(sql: ", ") }
    // A group's own `Columns` name their columns: their unnamed values go in instead.
    if quotedName == nil, let group = term as? any ColumnsExpression {
      values.append(group.values)
    } else {
      values.append(expression)
    }
  }
}

extension InsertValuesBuilder where Value: Table {
  /// A row written as expressions, one per column: `Book.Columns(id: 9, title: #sql(…))`,
  /// beside rows and drafts. It writes every writable column, the primary key included.
  ///
  /// ```swift
  /// RemindersList.insert {
  ///   RemindersList.Draft(title: "Errands")
  ///   RemindersList.Columns(id: 9, title: #sql("upper('trips')"))
  /// }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("id", "title")
  /// VALUES (NULL, 'Errands'), (9, upper('trips'))
  /// ```
  public static func buildExpression<Row: ColumnsExpression>(_ row: Row) -> InsertValues<Value>
  where Row.QueryValue == Value {
    var fragment = QueryFragment(sql: "(")
    fragment.append(row.values)
    fragment.append(sql: ")")
    return .mixed([.expressions(fragment)])
  }
}
