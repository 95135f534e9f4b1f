// `map` and `flatMap` of an optional expression: the expression unwrapped, transformed, and
// `NULL` where it is `NULL`, as `Optional.map` and `Optional.flatMap` are in Swift.

extension QueryExpression where QueryValue: QueryOptional {
  /// The transform of the unwrapped value, or `NULL` where the value is `NULL`: `CASE WHEN x IS
  /// NULL THEN NULL ELSE transform(x) END`.
  ///
  /// `$0.priority.map { $0 * 2 }` renders `CASE WHEN "reminders"."priority" IS NULL THEN NULL ELSE ("reminders"."priority" * 2) END`.
  public func map<Result>(
    _ transform: (SQLQueryExpression<QueryValue.Wrapped>) -> some QueryExpression<Result>
  ) -> SQLQueryExpression<Result?> {
    let value = queryFragment
    let transformed = transform(SQLQueryExpression(rendering: self))
    return SQLQueryExpression(
      operand: "CASE WHEN \(value) IS NULL THEN NULL ELSE \(transformed) END")
  }

  /// The transform of the unwrapped value, itself optional: SQL's functions and operators give
  /// `NULL` for a `NULL` argument, so the transform is written as it is.
  ///
  /// `$0.priority.flatMap { $0.max() }` renders `max("reminders"."priority")`.
  public func flatMap<Result>(
    _ transform: (SQLQueryExpression<QueryValue.Wrapped>) -> some QueryExpression<Result?>
  ) -> SQLQueryExpression<Result?> {
    SQLQueryExpression(rendering: transform(SQLQueryExpression(rendering: self)))
  }
}
