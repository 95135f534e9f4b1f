/// Several expressions compared as one row value: `row($0.remindersListID, $0.id) < (2, 1)` renders
/// `(("reminders"."remindersListID", "reminders"."id") < (2, 1))`, which compares the first elements, then
/// the second where the first are equal (SQLite 3.15 and later). It orders (`<`, `<=`, `>`,
/// `>=`); equality has no row form here, since compared columns one by one say the same thing.
public struct RowValue<QueryValue>: QueryExpression {
  /// `(a, b, …)`
  @usableFromInline var fragment: QueryFragment
  /// Writes a tuple of values as `(?, ?, …)`.
  @usableFromInline var writeValues: (QueryValue, inout QueryFragment) -> Void

  init(
    _ fragment: QueryFragment, writeValues: @escaping (QueryValue, inout QueryFragment) -> Void
  ) {
    self.fragment = fragment
    self.writeValues = writeValues
  }

  public func write(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }

  /// `(row) op (?, ?, …)`
  func compare(_ operator: StaticString, _ values: QueryValue) -> SQLQueryExpression<Bool> {
    var fragment = QueryFragment()
    fragment.append(byte: UInt8(ascii: "("))
    fragment.append(self.fragment)
    fragment.append(byte: UInt8(ascii: " "))
    fragment.append(literal: `operator`)
    fragment.append(byte: UInt8(ascii: " "))
    writeValues(values, &fragment)
    fragment.append(byte: UInt8(ascii: ")"))
    return SQLQueryExpression(operand: fragment)
  }

  /// `(row) < (?, …)`
  ///
  /// `row($0.remindersListID, $0.id) < (2, 1)` renders `(("reminders"."remindersListID", "reminders"."id") < (2, 1))`.
  public static func < (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> {
    lhs.compare("<", rhs)
  }

  /// `(row) <= (?, …)`
  ///
  /// `row($0.remindersListID, $0.id) <= (2, 1)` renders `(("reminders"."remindersListID", "reminders"."id") <= (2, 1))`.
  public static func <= (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> {
    lhs.compare("<=", rhs)
  }

  /// `(row) > (?, …)`
  ///
  /// `row($0.remindersListID, $0.id) > (1, 1)` renders `(("reminders"."remindersListID", "reminders"."id") > (1, 1))`.
  public static func > (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> {
    lhs.compare(">", rhs)
  }

  /// `(row) >= (?, …)`
  ///
  /// `row($0.remindersListID, $0.id) >= (1, 1)` renders `(("reminders"."remindersListID", "reminders"."id") >= (1, 1))`.
  public static func >= (lhs: Self, rhs: QueryValue) -> SQLQueryExpression<Bool> {
    lhs.compare(">=", rhs)
  }
}

/// A row value of two expressions, to compare with a tuple: `row($0.shelfID, $0.pages) < (2, 0)`.
///
/// `row($0.remindersListID, $0.id) < (2, 1)` renders `(("reminders"."remindersListID", "reminders"."id") < (2, 1))`.
public func row<A: QueryBindable, B: QueryBindable>(
  _ a: some QueryExpression<A>, _ b: some QueryExpression<B>
) -> RowValue<(A, B)> {
  RowValue("(\(a), \(b))") { values, fragment in
    fragment.append(sql: "(")
    BoundValue(values.0).write(to: &fragment)
    fragment.append(sql: ", ")
    BoundValue(values.1).write(to: &fragment)
    fragment.append(sql: ")")
  }
}

/// A row value of three expressions, to compare with a tuple.
///
/// `row($0.remindersListID, $0.priority, $0.id) > (1, 3, 1)` renders `(("reminders"."remindersListID", "reminders"."priority", "reminders"."id") > (1, 3, 1))`.
public func row<A: QueryBindable, B: QueryBindable, C: QueryBindable>(
  _ a: some QueryExpression<A>, _ b: some QueryExpression<B>, _ c: some QueryExpression<C>
) -> RowValue<(A, B, C)> {
  RowValue("(\(a), \(b), \(c))") { values, fragment in
    fragment.append(sql: "(")
    BoundValue(values.0).write(to: &fragment)
    fragment.append(sql: ", ")
    BoundValue(values.1).write(to: &fragment)
    fragment.append(sql: ", ")
    BoundValue(values.2).write(to: &fragment)
    fragment.append(sql: ")")
  }
}
