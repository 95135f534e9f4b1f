// Aggregate functions, with `DISTINCT`, `FILTER (WHERE …)` and `ORDER BY` where SQLite has them.

/// An aggregate call such as `count("id")` or `sum("price")`, which can be filtered and, for
/// the aggregates whose result depends on the order of their input, ordered.
public struct AggregateFunction<QueryValue>: QueryExpression, Sendable {
  /// The call up to its closing parenthesis: `group_concat("title", ?`.
  @usableFromInline var call: QueryFragment
  @usableFromInline var ordering: QueryFragment?
  @usableFromInline var filter: QueryFragment?
  /// What the aggregate gives for no rows, when another dialect's form gives `NULL` where
  /// SQLite's gives a value (PostgreSQL's `jsonb_agg`: `[]`): that dialect renders
  /// `coalesce(call, value)`.
  @usableFromInline var whenEmpty: String?

  /// A call of `name` with `arguments`: `name(arguments)`.
  init(_ name: String, _ arguments: QueryFragment) {
    var call = QueryFragment(sql: name)
    call.append(sql: "(")
    call.append(arguments)
    self.call = call
  }

  /// A call written up to its closing parenthesis: `"mode"(DISTINCT "priority"`.
  init(call: QueryFragment) {
    self.call = call
  }

  /// A call the dialects spell differently.
  init(_ aggregate: AggregateForm, whenEmpty: String? = nil) {
    self.call = .form(.aggregate(aggregate))
    self.whenEmpty = whenEmpty
  }

  /// Counts only rows matching `condition`: `count(*) FILTER (WHERE …)`.
  ///
  /// `SQLFunctions.count().filter($0.isCompleted)` renders `count(*) FILTER (WHERE "reminders"."isCompleted")`.
  public func filter(_ condition: some QueryExpression<Bool>) -> Self {
    var copy = self
    copy.filter = condition.queryFragment
    return copy
  }

  public func write(to fragment: inout QueryFragment) {
    write(to: &fragment, over: nil)
  }

  /// Writes the call, followed by `OVER window` when it runs as a window function.
  func write(to fragment: inout QueryFragment, over window: QueryFragment?) {
    if whenEmpty != nil { fragment.append(form: .whenEmptyOpen) }
    fragment.append(call)
    if let ordering {
      fragment.append(sql: " ORDER BY ")
      fragment.append(ordering)
    }
    fragment.append(sql: ")")
    if let filter {
      fragment.append(sql: " FILTER (WHERE ")
      fragment.append(filter)
      fragment.append(sql: ")")
    }
    if let window {
      fragment.append(sql: " OVER ")
      fragment.append(window)
    }
    if let whenEmpty { fragment.append(form: .whenEmptyClose(whenEmpty)) }
  }
}

extension AggregateFunction {
  /// Reads the rows in this order, for the aggregates whose result depends on it
  /// (`group_concat`, `json_group_array`, `json_group_object`):
  /// `group_concat("title", ', ' ORDER BY "title" DESC)`.
  ///
  /// Needs SQLite 3.44 or later; an earlier SQLite rejects the statement when it prepares it
  /// (`near "ORDER": syntax error`), and so does every SQLite for `count(*)`. Check
  /// `Database.sqliteVersionNumber` if you must support both.
  ///
  /// ```swift
  /// Book.group { $0.shelfID }
  ///   .select { $0.title.groupConcat(", ").order(by: $0.pages.desc(), $0.title) }
  /// ```
  ///
  /// `$0.title.groupConcat(", ").order(by: $0.title.desc())` renders `group_concat("reminders"."title", ', ' ORDER BY "reminders"."title" DESC)`.
  public func order(by terms: any QueryExpression...) -> Self {
    var copy = self
    var ordering = copy.ordering ?? QueryFragment()
    for term in terms { SelectClauses.appendTerm(term, to: &ordering) }
    copy.ordering = ordering
    return copy
  }
}

extension QueryExpression {
  /// `count(expression)`, or `count(DISTINCT expression)`: the number of non-`NULL` values.
  ///
  /// `$0.id.count()` renders `count("reminders"."id")`.
  ///
  /// `$0.priority.count(distinct: true)` renders `count(DISTINCT "reminders"."priority")`.
  public func count(distinct: Bool = false) -> AggregateFunction<Int> {
    AggregateFunction("count", "\(raw: distinct ? "DISTINCT " : "")\(self)")
  }

  /// `count(expression) FILTER (WHERE condition)`: the non-`NULL` values of the rows matching
  /// `condition`, `$0.id.count(filter: $0.isCompleted)`.
  ///
  /// `$0.id.count(filter: $0.isCompleted)` renders `count("reminders"."id") FILTER (WHERE "reminders"."isCompleted")`.
  public func count(distinct: Bool = false, filter condition: some QueryExpression<Bool>)
    -> AggregateFunction<Int>
  {
    count(distinct: distinct).filter(condition)
  }

  /// `max(expression)`: `NULL` for no rows.
  ///
  /// `$0.priority.max()` renders `max("reminders"."priority")`.
  public func max() -> AggregateFunction<QueryValue?> { AggregateFunction("max", "\(self)") }

  /// `min(expression)`: `NULL` for no rows.
  ///
  /// `$0.priority.min()` renders `min("reminders"."priority")`.
  public func min() -> AggregateFunction<QueryValue?> { AggregateFunction("min", "\(self)") }

  /// `group_concat(expression, ?)`; `.order(by:)` orders the values (SQLite 3.44 and later).
  ///
  /// `$0.title.groupConcat(", ")` renders `group_concat("reminders"."title", ', ')`.
  ///
  /// `$0.title.groupConcat(distinct: true)` renders `group_concat(DISTINCT "reminders"."title")`.
  public func groupConcat(
    _ separator: String = ",", distinct: Bool = false
  ) -> AggregateFunction<String?> {
    AggregateFunction(
      .groupConcat(queryFragment, separator: "\(separator)", distinct: distinct))
  }

  /// `group_concat(expression, separator)` with a separator computed per row.
  ///
  /// `$0.title.groupConcat($0.title.substr(1, 1))` renders `group_concat("reminders"."title", substr("reminders"."title", 1, 1))`.
  public func groupConcat(_ separator: some QueryExpression<String>) -> AggregateFunction<String?> {
    AggregateFunction(
      .groupConcat(queryFragment, separator: separator.queryFragment, distinct: false))
  }
}

extension QueryExpression where QueryValue: QueryNumeric {
  /// `sum(expression)`: `NULL` for no rows.
  ///
  /// `$0.priority.sum()` renders `sum("reminders"."priority")`.
  public func sum(distinct: Bool = false) -> AggregateFunction<QueryValue?> {
    AggregateFunction("sum", "\(raw: distinct ? "DISTINCT " : "")\(self)")
  }

  /// `total(expression)`, or `total(DISTINCT expression)`: like `sum`, but 0.0 for no rows.
  ///
  /// `$0.priority.total()` renders `total("reminders"."priority")`.
  public func total(distinct: Bool = false) -> AggregateFunction<Double> {
    AggregateFunction(.total(queryFragment, distinct: distinct), whenEmpty: "0.0")
  }

  /// `avg(expression)`: `NULL` for no rows.
  ///
  /// `$0.priority.avg()` renders `avg("reminders"."priority")`.
  public func avg(distinct: Bool = false) -> AggregateFunction<Double?> {
    AggregateFunction("avg", "\(raw: distinct ? "DISTINCT " : "")\(self)")
  }
}

extension SQLFunctions {
  /// `count(*)`: the number of rows.
  ///
  /// `SQLFunctions.count()` renders `count(*)`.
  public static func count() -> AggregateFunction<Int> { AggregateFunction("count", "*") }
}
