// The comparison operators spelled as methods, as StructuredQueries writes them today
// (`$0.id.eq(1)`, `$0.priority.gte(2)`, `$0.id.notIn([1, 2])`). Each renders the SQL of its
// operator: `eq` is `==`, so `eq(nil)` is `IS NULL`.

extension QueryExpression where QueryValue: QueryBindable {
  /// `self = value`, as `==`; `eq(nil)` gives `IS NULL`.
  ///
  /// `$0.title.eq("Milk")` renders `("reminders"."title" = 'Milk')`.
  public func eq(_ value: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>> {
    self == value
  }

  /// `self = other`, as `==`.
  ///
  /// `$0.priority.eq($0.remindersListID)` renders `("reminders"."priority" = "reminders"."remindersListID")`.
  public func eq<Other: QueryExpression>(_ other: Other) -> BinaryOperation<Bool, Self, Other>
  where
    Other.QueryValue: QueryBindable,
    QueryValue.ComparableValue == Other.QueryValue.ComparableValue
  {
    self == other
  }

  /// `self <> value`, as `!=`; `neq(nil)` gives `IS NOT NULL`.
  ///
  /// `$0.title.neq("Milk")` renders `("reminders"."title" <> 'Milk')`.
  public func neq(_ value: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>> {
    self != value
  }

  /// `self <> other`, as `!=`.
  ///
  /// `$0.priority.neq($0.remindersListID)` renders `("reminders"."priority" <> "reminders"."remindersListID")`.
  public func neq<Other: QueryExpression>(_ other: Other) -> BinaryOperation<Bool, Self, Other>
  where
    Other.QueryValue: QueryBindable,
    QueryValue.ComparableValue == Other.QueryValue.ComparableValue
  {
    self != other
  }

  /// `self < value`, as `<`.
  ///
  /// `$0.id.lt(3)` renders `("reminders"."id" < 3)`.
  public func lt(_ value: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>> {
    self < value
  }

  /// `self <= value`, as `<=`.
  ///
  /// `$0.id.lte(3)` renders `("reminders"."id" <= 3)`.
  public func lte(_ value: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>> {
    self <= value
  }

  /// `self > value`, as `>`.
  ///
  /// `$0.id.gt(3)` renders `("reminders"."id" > 3)`.
  public func gt(_ value: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>> {
    self > value
  }

  /// `self >= value`, as `>=`.
  ///
  /// `$0.id.gte(3)` renders `("reminders"."id" >= 3)`.
  public func gte(_ value: QueryValue) -> BinaryOperation<Bool, Self, BoundValue<QueryValue>> {
    self >= value
  }
}

extension QueryExpression {
  /// `self < other`, as `<`.
  ///
  /// `$0.id.lt($0.remindersListID)` renders `("reminders"."id" < "reminders"."remindersListID")`.
  public func lt<Other: QueryExpression<QueryValue>>(_ other: Other)
    -> BinaryOperation<Bool, Self, Other>
  {
    self < other
  }

  /// `self <= other`, as `<=`.
  ///
  /// `$0.id.lte($0.remindersListID)` renders `("reminders"."id" <= "reminders"."remindersListID")`.
  public func lte<Other: QueryExpression<QueryValue>>(_ other: Other)
    -> BinaryOperation<Bool, Self, Other>
  {
    self <= other
  }

  /// `self > other`, as `>`.
  ///
  /// `$0.id.gt($0.remindersListID)` renders `("reminders"."id" > "reminders"."remindersListID")`.
  public func gt<Other: QueryExpression<QueryValue>>(_ other: Other)
    -> BinaryOperation<Bool, Self, Other>
  {
    self > other
  }

  /// `self >= other`, as `>=`.
  ///
  /// `$0.id.gte($0.remindersListID)` renders `("reminders"."id" >= "reminders"."remindersListID")`.
  public func gte<Other: QueryExpression<QueryValue>>(_ other: Other)
    -> BinaryOperation<Bool, Self, Other>
  {
    self >= other
  }

  /// `expression NOT IN (?, ?, …)`: an empty list matches every row.
  ///
  /// `$0.id.notIn([1, 2, 3])` renders `("reminders"."id" NOT IN (1, 2, 3))`.
  public func notIn(_ values: some Sequence<QueryValue>) -> SQLQueryExpression<Bool>
  where QueryValue: QueryBindable {
    var fragment: QueryFragment = "(\(self) NOT IN ("
    var isFirst = true
    for value in values {
      if !isFirst { fragment.append(sql: ", ") }
      isFirst = false
      BoundValue(value).write(to: &fragment)
    }
    fragment.append(sql: "))")
    return SQLQueryExpression(operand: fragment)
  }

  /// `expression NOT IN (SELECT …)`
  ///
  /// `$0.remindersListID.notIn(RemindersList.select { $0.id })` renders `("reminders"."remindersListID" NOT IN (SELECT "remindersLists"."id" FROM "remindersLists"))`.
  public func notIn(_ subquery: some Statement<QueryValue>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(self) NOT IN \(subquery))")
  }
}

extension ColumnGroup {
  /// `(columns) = (values)`, as `==` (`IS` for an enum's cases).
  ///
  /// `Trip.where { $0.schedule.span.eq(Span(startDay: 1, endDay: 3)) }.select { $0.id }` renders
  /// `SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") = (1, 3))`.
  public func eq(_ value: Value) -> SQLQueryExpression<Bool> { self == value }

  /// `(columns) <> (values)`, as `!=` (`IS NOT` for an enum's cases).
  ///
  /// `Trip.where { $0.schedule.span.neq(Span(startDay: 1, endDay: 3)) }.select { $0.id }` renders
  /// `SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") <> (1, 3))`.
  public func neq(_ value: Value) -> SQLQueryExpression<Bool> { self != value }

  /// `(columns) < (values)`, as `<`.
  ///
  /// `Trip.where { $0.schedule.span.lt(Span(startDay: 5, endDay: 0)) }.select { $0.id }` renders
  /// `SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") < (5, 0))`.
  public func lt(_ value: Value) -> SQLQueryExpression<Bool> { self < value }

  /// `(columns) <= (values)`, as `<=`.
  ///
  /// `Trip.where { $0.schedule.span.lte(Span(startDay: 5, endDay: 9)) }.select { $0.id }` renders
  /// `SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") <= (5, 9))`.
  public func lte(_ value: Value) -> SQLQueryExpression<Bool> { self <= value }

  /// `(columns) > (values)`, as `>`.
  ///
  /// `Trip.where { $0.schedule.span.gt(Span(startDay: 1, endDay: 3)) }.select { $0.id }` renders
  /// `SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") > (1, 3))`.
  public func gt(_ value: Value) -> SQLQueryExpression<Bool> { self > value }

  /// `(columns) >= (values)`, as `>=`.
  ///
  /// `Trip.where { $0.schedule.span.gte(Span(startDay: 1, endDay: 4)) }.select { $0.id }` renders
  /// `SELECT "trips"."id" FROM "trips" WHERE (("trips"."startDay", "trips"."endDay") >= (1, 4))`.
  public func gte(_ value: Value) -> SQLQueryExpression<Bool> { self >= value }
}
