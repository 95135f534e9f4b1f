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
