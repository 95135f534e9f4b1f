// Window functions: `row_number() OVER (PARTITION BY … ORDER BY … ROWS …)`.

/// The window a window function or aggregate runs over.
///
/// ```swift
/// SQLFunctions.rank().over(Window.partition(by: $0.remindersListID).order(by: $0.priority))
/// ```
/// ```sql
/// rank() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."priority")
/// ```
public struct Window: Sendable {
  @usableFromInline var partitions: [QueryFragment] = []
  @usableFromInline var orderings: [QueryFragment] = []
  @usableFromInline var frame: String?

  /// An empty window: the whole result set.
  ///
  /// `SQLFunctions.count().over(Window())` renders `count(*) OVER ()`.
  public init() {}

  /// A window partitioned by `expressions`.
  ///
  /// `SQLFunctions.rank().over(Window.partition(by: $0.remindersListID).order(by: $0.priority))` renders `rank() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."priority")`.
  public static func partition(by expressions: any QueryExpression...) -> Window {
    var window = Window()
    window.partitions = expressions.map(\.queryFragment)
    return window
  }

  /// A window ordered by `terms`.
  ///
  /// `SQLFunctions.rowNumber().over(Window.order(by: $0.title))` renders `row_number() OVER (ORDER BY "reminders"."title")`.
  public static func order(by terms: any QueryExpression...) -> Window {
    var window = Window()
    window.orderings = terms.map(\.queryFragment)
    return window
  }

  /// Adds ordering terms.
  ///
  /// `SQLFunctions.rank().over(Window.partition(by: $0.remindersListID).order(by: $0.priority))` renders `rank() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."priority")`.
  public func order(by terms: any QueryExpression...) -> Window {
    var copy = self
    copy.orderings += terms.map(\.queryFragment)
    return copy
  }

  /// Sets the frame, written as SQL: `"ROWS BETWEEN 1 PRECEDING AND CURRENT ROW"`.
  ///
  /// `$0.id.sum().over(Window.order(by: $0.id).frame("ROWS BETWEEN 1 PRECEDING AND CURRENT ROW"))` renders `sum("reminders"."id") OVER (ORDER BY "reminders"."id" ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)`.
  public func frame(_ sql: String) -> Window {
    var copy = self
    copy.frame = sql
    return copy
  }

  var fragment: QueryFragment {
    var fragment: QueryFragment = "("
    var clauses: [QueryFragment] = []
    if !partitions.isEmpty {
      var clause: QueryFragment = "PARTITION BY "
      clause.append(partitions, separator: ", ")
      clauses.append(clause)
    }
    if !orderings.isEmpty {
      var clause: QueryFragment = "ORDER BY "
      clause.append(orderings, separator: ", ")
      clauses.append(clause)
    }
    if let frame { clauses.append(QueryFragment(sql: frame)) }
    fragment.append(clauses, separator: " ")
    fragment.append(sql: ")")
    return fragment
  }
}

/// A window function before its `OVER` clause: `rank()`, `lag("price")`, or an aggregate.
public struct WindowFunction<QueryValue>: Sendable {
  @usableFromInline var call: QueryFragment

  @usableFromInline
  init(_ call: QueryFragment) { self.call = call }

  /// `function OVER (window)`
  ///
  /// `$0.title.lastValue().over()` renders `last_value("reminders"."title") OVER ()`.
  public func over(_ window: Window = Window()) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: "\(call) OVER \(window.fragment)")
  }
}

extension AggregateFunction {
  /// The aggregate as a window function: `sum("price") OVER (…)`.
  ///
  /// `$0.id.sum().over(Window.order(by: $0.id).frame("ROWS BETWEEN 1 PRECEDING AND CURRENT ROW"))` renders `sum("reminders"."id") OVER (ORDER BY "reminders"."id" ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)`.
  public func over(_ window: Window = Window()) -> SQLQueryExpression<QueryValue> {
    var fragment = QueryFragment()
    write(to: &fragment, over: window.fragment)
    return SQLQueryExpression(operand: fragment)
  }
}

extension SQLFunctions {
  /// `row_number()`: 1, 2, 3… within the partition.
  ///
  /// `SQLFunctions.rowNumber().over(Window.order(by: $0.title))` renders `row_number() OVER (ORDER BY "reminders"."title")`.
  public static func rowNumber() -> WindowFunction<Int> { WindowFunction("row_number()") }
  /// `rank()`: ties share a rank, leaving gaps.
  ///
  /// `SQLFunctions.rank().over(Window.partition(by: $0.remindersListID).order(by: $0.priority))` renders `rank() OVER (PARTITION BY "reminders"."remindersListID" ORDER BY "reminders"."priority")`.
  public static func rank() -> WindowFunction<Int> { WindowFunction("rank()") }
  /// `dense_rank()`: ties share a rank, without gaps.
  ///
  /// `SQLFunctions.denseRank().over(Window.order(by: $0.priority.desc()))` renders `dense_rank() OVER (ORDER BY "reminders"."priority" DESC)`.
  public static func denseRank() -> WindowFunction<Int> { WindowFunction("dense_rank()") }
  /// `ntile(?)`: the bucket, 1 through `buckets`.
  ///
  /// `SQLFunctions.ntile(2).over(Window.order(by: $0.id))` renders `ntile(2) OVER (ORDER BY "reminders"."id")`.
  public static func ntile(_ buckets: Int) -> WindowFunction<Int> {
    WindowFunction("ntile(\(IntegerArgument(buckets)))")
  }
}

extension QueryExpression {
  /// `lag(expression, ?)`: the value `offset` rows before, `NULL` before the first.
  ///
  /// `$0.title.lag().over(Window.order(by: $0.id))` renders `lag("reminders"."title", 1) OVER (ORDER BY "reminders"."id")`.
  public func lag(_ offset: Int = 1) -> WindowFunction<QueryValue?> {
    WindowFunction("lag(\(self), \(IntegerArgument(offset)))")
  }
  /// `lead(expression, ?)`: the value `offset` rows after, `NULL` after the last.
  ///
  /// `$0.title.lead(2).over(Window.order(by: $0.id))` renders `lead("reminders"."title", 2) OVER (ORDER BY "reminders"."id")`.
  public func lead(_ offset: Int = 1) -> WindowFunction<QueryValue?> {
    WindowFunction("lead(\(self), \(IntegerArgument(offset)))")
  }
  /// `first_value(expression)`
  ///
  /// `$0.title.firstValue().over(Window.partition(by: $0.remindersListID))` renders `first_value("reminders"."title") OVER (PARTITION BY "reminders"."remindersListID")`.
  public func firstValue() -> WindowFunction<QueryValue> { WindowFunction("first_value(\(self))") }
  /// `last_value(expression)`
  ///
  /// `$0.title.lastValue().over()` renders `last_value("reminders"."title") OVER ()`.
  public func lastValue() -> WindowFunction<QueryValue> { WindowFunction("last_value(\(self))") }
}
