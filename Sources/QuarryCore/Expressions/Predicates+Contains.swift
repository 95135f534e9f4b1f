// Predicates written the way Swift spells them: `contains` on collections, statements and
// ranges, and `hasPrefix`/`hasSuffix`/`contains` on text.

extension Sequence where Element: QueryBindable {
  /// `expression IN (?, ?, …)`: `[1, 2].contains($0.id)`. An empty sequence matches nothing.
  ///
  /// `[1, 2].contains($0.id)` renders `("reminders"."id" IN (1, 2))`.
  public func contains(_ expression: some QueryExpression<Element>) -> SQLQueryExpression<Bool> {
    expression.in(self)
  }
}

extension Statement where QueryValue: QueryBindable {
  /// `expression IN (SELECT …)`: `Shelf.select(\.id).contains($0.shelfID)`, for an expression
  /// of the statement's type or its optional.
  ///
  /// `RemindersList.select { $0.id }.contains($0.remindersListID)` renders `("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists"))`.
  public func contains(_ expression: some QueryExpression<QueryValue>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(expression) IN \(self))")
  }

  /// `expression IN (SELECT …)` for an optional expression: `NULL` matches nothing.
  ///
  /// `Reminder.select { $0.id }.contains($0.priority)` renders `("reminders"."priority" IN (SELECT "reminders"."id" FROM "reminders"))`.
  public func contains(_ expression: some QueryExpression<QueryValue?>)
    -> SQLQueryExpression<Bool>
  {
    SQLQueryExpression(operand: "(\(expression) IN \(self))")
  }
}

extension ClosedRange where Bound: QueryBindable {
  /// `expression BETWEEN ? AND ?`: `(1...5).contains($0.id)`.
  ///
  /// `(1...3).contains($0.id)` renders `("reminders"."id" BETWEEN 1 AND 3)`.
  public func contains(_ expression: some QueryExpression<Bound>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(expression) BETWEEN \(lowerBound) AND \(upperBound))")
  }
}

extension Range where Bound: QueryBindable {
  /// `(expression >= ? AND expression < ?)`: `(1..<5).contains($0.id)`.
  ///
  /// `(1..<3).contains($0.id)` renders `(("reminders"."id" >= 1) AND ("reminders"."id" < 3))`.
  public func contains(_ expression: some QueryExpression<Bound>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(
      operand: "((\(expression) >= \(lowerBound)) AND (\(expression) < \(upperBound)))")
  }
}

extension QueryExpression where QueryValue == String {
  /// Whether the text starts with `prefix`, compared exactly: `(instr(expression, ?) = 1)`.
  ///
  /// Unlike a `LIKE 'prefix%'` pattern, case counts (`"Dune"` doesn't start with `"du"`) and
  /// `%` and `_` are plain characters.
  ///
  /// `$0.title.hasPrefix("Call")` renders `(instr("reminders"."title", 'Call') = 1)`.
  public func hasPrefix(_ prefix: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(form: .function(.instr))(\(self), \(prefix)) = 1)")
  }

  /// Whether the text ends with `suffix`, compared exactly:
  /// `(substr(expression, length(expression) - length(?) + 1) = ?)`. Case counts, and `%` and
  /// `_` are plain characters.
  ///
  /// `$0.title.hasSuffix("s")` renders `(substr("reminders"."title", ((length("reminders"."title") - length('s')) + 1)) = 's')`.
  public func hasSuffix(_ suffix: String) -> SQLQueryExpression<Bool> {
    // (`length` of an untyped parameter is ambiguous in PostgreSQL: its form casts it.)
    SQLQueryExpression(
      operand:
        "(substr(\(self), ((length(\(self)) - length(\(form: .typed("\(suffix)", .text)))) + 1)) = \(suffix))"
    )
  }

  /// `expression LIKE '%' || ? || '%'` for a substring: `%`, `_` and `\` in it are escaped.
  ///
  /// `$0.title.contains("Call Ada".prefix(4))` renders `("reminders"."title" LIKE '%Call%' ESCAPE '\')`.
  public func contains(_ substring: Substring) -> SQLQueryExpression<Bool> {
    contains(String(substring))
  }
}
