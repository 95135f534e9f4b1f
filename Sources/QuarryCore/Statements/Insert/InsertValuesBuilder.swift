/// The rows an ``InsertValuesBuilder`` collected, in order. A single row is kept as it is, with
/// no array: most inserts write one row.
public enum InsertValues<Value> {
  /// One row.
  case one(Value)
  /// Rows in order.
  case many([Value])
  /// Rows in order, not all given as a `Value`: full rows beside drafts, or rows holding SQL
  /// expressions.
  case mixed([InsertRow<Value>])

  /// The rows given as a `Value`, in order (a mixed list's other rows are not among them).
  @inlinable
  public var rows: [Value] {
    switch self {
    case .one(let row): return [row]
    case .many(let rows): return rows
    case .mixed(let rows):
      return rows.compactMap { row in
        guard case .value(let value) = row else { return nil }
        return value
      }
    }
  }

  /// Every row, in order, each as an ``InsertRow``.
  @inlinable
  public var items: [InsertRow<Value>] {
    switch self {
    case .one(let row): return [.value(row)]
    case .many(let rows): return rows.map { .value($0) }
    case .mixed(let rows): return rows
    }
  }

  /// The number of rows.
  @inlinable
  public var count: Int {
    switch self {
    case .one: return 1
    case .many(let rows): return rows.count
    case .mixed(let rows): return rows.count
    }
  }

  /// `parts` one after the other: a plain list unless one of them is mixed.
  @inlinable
  static func joined(_ parts: [InsertValues<Value>]) -> InsertValues<Value> {
    var values: [Value] = []
    for part in parts {
      switch part {
      case .one(let row): values.append(row)
      case .many(let rows): values.append(contentsOf: rows)
      case .mixed: return .mixed(parts.flatMap(\.items))
      }
    }
    return .many(values)
  }
}

/// A row of a mixed ``InsertValues`` list.
public enum InsertRow<Value> {
  /// A row given as a `Value`.
  case value(Value)
  /// A full row of the table, beside drafts: it binds the same columns.
  case row(any WritableRow)
  /// A row holding SQL expressions, rendered with its parentheses: `(?, datetime('now'))`.
  case expressions(QueryFragment)
}

/// Collects the rows of an insert: one value per line, `if`, `for`.
///
/// A draft's rows may include full rows (`Reminder(id: 1, …)` beside `Reminder.Draft(…)`), and
/// a row of chosen columns may hold SQL expressions as well as Swift values:
/// `("Milk", #sql("datetime('now')"))`.
@resultBuilder
public enum InsertValuesBuilder<Value> {
  @inlinable
  public static func buildExpression(_ value: Value) -> InsertValues<Value> { .one(value) }
  @inlinable
  public static func buildExpression(_ values: [Value]) -> InsertValues<Value> { .many(values) }

  /// A row of chosen columns holding SQL expressions (any expression of each column's type):
  /// `("Milk", #sql("datetime('now')"))`. (Disfavored: a row of Swift values alone stays a row of
  /// values, bound as they are.)
  @_disfavoredOverload
  @inlinable
  public static func buildExpression<each Expression: QueryAssignable>(
    _ row: (repeat each Expression)
  ) -> InsertValues<Value>
  where
    Value == (repeat (each Expression).QueryValue),
    repeat (each Expression).QueryValue: QueryBindable
  {
    var fragment = QueryFragment(sql: "(")
    var isFirst = true
    for expression in repeat each row {
      if !isFirst { fragment.append(sql: ", ") }
      isFirst = false
      expression.write(to: &fragment)
    }
    fragment.append(sql: ")")
    return .mixed([.expressions(fragment)])
  }

  @inlinable
  public static func buildBlock(_ rows: InsertValues<Value>) -> InsertValues<Value> { rows }
  @inlinable
  public static func buildBlock(_ rows: InsertValues<Value>...) -> InsertValues<Value> {
    .joined(rows)
  }
  @inlinable
  public static func buildArray(_ rows: [InsertValues<Value>]) -> InsertValues<Value> {
    .joined(rows)
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

extension InsertValuesBuilder where Value: QueryBindable {
  /// The value of a single chosen column, an SQL expression of its type:
  /// `Reminder.insert { $0.title } values: { #sql("upper('milk')") }`.
  @_disfavoredOverload
  @inlinable
  public static func buildExpression(_ expression: some QueryExpression<Value>) -> InsertValues<
    Value
  > {
    var fragment = QueryFragment(sql: "(")
    expression.write(to: &fragment)
    fragment.append(sql: ")")
    return .mixed([.expressions(fragment)])
  }
}

extension InsertValuesBuilder where Value: PrimaryKeyedTable {
  /// A draft beside full rows: `Reminder(id: 1, …)` and `Reminder.Draft(title: …)` in one
  /// insert. Its missing primary key inserts `NULL`, so the database assigns it.
  @inlinable
  public static func buildExpression(_ draft: Value.Draft) -> InsertValues<Value> {
    .mixed([.row(draft)])
  }

  /// Drafts beside full rows.
  @inlinable
  public static func buildExpression(_ drafts: [Value.Draft]) -> InsertValues<Value> {
    .mixed(drafts.map { .row($0) })
  }
}
