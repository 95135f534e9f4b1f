// `CASE base WHEN value THEN … END`: the simple form of `CASE`, which compares one expression
// with each branch's value.

extension Case {
  /// Starts `CASE base …`, whose branches compare `base` with a value:
  ///
  /// ```swift
  /// Case($0.priority).when(1, then: "low").when(2, then: "medium").else("high")
  /// // (CASE "reminders"."priority" WHEN 1 THEN 'low' WHEN 2 THEN 'medium' ELSE 'high' END)
  /// ```
  ///
  /// `Case($0.priority).when(1, then: "low").when(2, then: "medium").else("high")` renders `(CASE "reminders"."priority" WHEN 1 THEN 'low' WHEN 2 THEN 'medium' ELSE 'high' END)`.
  public init(_ base: some QueryExpression) {
    self.init()
    branches.append(sql: " ")
    base.write(to: &branches)
  }

  /// Adds `WHEN ? THEN ?`, for a `CASE` with a base.
  ///
  /// `Case($0.priority).when(1, then: "low").when(2, then: "medium").else("high")` renders `(CASE "reminders"."priority" WHEN 1 THEN 'low' WHEN 2 THEN 'medium' ELSE 'high' END)`.
  public func when(_ value: some QueryBindable, then result: QueryValue) -> Self {
    var copy = self
    copy.branches.append(" WHEN \(value) THEN \(result)")
    return copy
  }

  /// Adds `WHEN ? THEN expression`, for a `CASE` with a base.
  ///
  /// `Case($0.priority).when(3, then: $0.title.upper()).else($0.title)` renders `(CASE "reminders"."priority" WHEN 3 THEN upper("reminders"."title") ELSE "reminders"."title" END)`.
  public func when(
    _ value: some QueryBindable, then result: some QueryExpression<QueryValue>
  ) -> Self {
    var copy = self
    copy.branches.append(" WHEN \(value) THEN \(result)")
    return copy
  }
}
