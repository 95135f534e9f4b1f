// Aggregate functions, with `DISTINCT`, `FILTER (WHERE …)` and `ORDER BY` where SQLite has them.

/// An aggregate call such as `count("id")` or `sum("price")`, which can be filtered.
public struct AggregateFunction<QueryValue>: QueryExpression, Sendable {
  @usableFromInline var call: QueryFragment
  @usableFromInline var filter: QueryFragment?

  @inlinable
  init(_ call: QueryFragment) {
    self.call = call
  }

  /// Counts only rows matching `condition`: `count(*) FILTER (WHERE …)`.
  @inlinable
  public func filter(_ condition: some QueryExpression<Bool>) -> Self {
    var copy = self
    copy.filter = condition.queryFragment
    return copy
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    fragment.append(call)
    if let filter {
      fragment.append(sql: " FILTER (WHERE ")
      fragment.append(filter)
      fragment.append(sql: ")")
    }
  }
}

extension QueryExpression {
  /// `count(expression)`, or `count(DISTINCT expression)`: the number of non-`NULL` values.
  @inlinable
  public func count(distinct: Bool = false) -> AggregateFunction<Int> {
    AggregateFunction("count(\(raw: distinct ? "DISTINCT " : "")\(self))")
  }

  /// `max(expression)`: `NULL` for no rows.
  @inlinable
  public func max() -> AggregateFunction<QueryValue?> { AggregateFunction("max(\(self))") }

  /// `min(expression)`: `NULL` for no rows.
  @inlinable
  public func min() -> AggregateFunction<QueryValue?> { AggregateFunction("min(\(self))") }

  /// `group_concat(expression, ?)`, optionally ordered (SQLite 3.44 and later accept the
  /// `ORDER BY`; earlier versions reject it).
  @inlinable
  public func groupConcat(
    _ separator: String = ",", distinct: Bool = false
  ) -> AggregateFunction<String?> {
    if distinct {
      // SQLite allows DISTINCT only with the default separator.
      return AggregateFunction("group_concat(DISTINCT \(self))")
    }
    return AggregateFunction("group_concat(\(self), \(separator))")
  }
}

extension QueryExpression where QueryValue: QueryNumeric {
  /// `sum(expression)`: `NULL` for no rows.
  @inlinable
  public func sum(distinct: Bool = false) -> AggregateFunction<QueryValue?> {
    AggregateFunction("sum(\(raw: distinct ? "DISTINCT " : "")\(self))")
  }

  /// `total(expression)`: like `sum`, but 0.0 for no rows.
  @inlinable
  public func total() -> AggregateFunction<Double> { AggregateFunction("total(\(self))") }

  /// `avg(expression)`: `NULL` for no rows.
  @inlinable
  public func avg(distinct: Bool = false) -> AggregateFunction<Double?> {
    AggregateFunction("avg(\(raw: distinct ? "DISTINCT " : "")\(self))")
  }
}

extension SQLFunctions {
  /// `count(*)`: the number of rows.
  public static func count() -> AggregateFunction<Int> { AggregateFunction("count(*)") }
}
