/// A `SELECT` from a table or a join: the clauses after its `WHERE` (``SelectClauses``) are
/// built by the same methods, written once here.
///
/// ```swift
/// Reminder.all.order { $0.title }.limit(10)
/// Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }.group { $1.id }
/// ```
public protocol SelectStatement: Statement {
  /// What query closures receive: a table's columns, or a tuple of a join's.
  associatedtype ClauseColumns

  /// The columns handed to query closures.
  var clauseColumns: ClauseColumns { get }

  /// `GROUP BY`, `HAVING`, `ORDER BY`, `LIMIT`: opaque, changed only by this protocol's
  /// methods and rendered only by the statement.
  var clauses: SelectClauses { get set }
}

extension SelectStatement {
  /// Adds an ordering term: `.order { $0.title.desc() }`.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.order { $0.title.desc() }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// ORDER BY "reminders"."title" DESC
  /// ```
  @inlinable
  public consuming func order<Term: QueryExpression>(
    by term: (ClauseColumns) -> Term
  ) -> Self {
    clauses.appendOrderingTerm(term(clauseColumns))
    return self
  }

  /// Adds ordering terms: `.order { ($0.isCompleted, $0.title.desc()) }`.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.order { ($0.isCompleted, $0.title) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// ORDER BY "reminders"."isCompleted", "reminders"."title"
  /// ```
  public consuming func order<each Term: QueryExpression>(
    by terms: (ClauseColumns) -> (repeat each Term)
  ) -> Self {
    for term in repeat each terms(clauseColumns) {
      clauses.appendOrderingTerm(term)
    }
    return self
  }

  /// Groups rows: `.group { $0.listID }` or `.group { ($0.listID, $0.isCompleted) }`.
  ///
  /// ```swift
  /// Reminder.select { ($0.remindersListID, $0.id.count()) }.group { $0.remindersListID }
  /// ```
  /// ```sql
  /// SELECT "reminders"."remindersListID", count("reminders"."id")
  /// FROM "reminders"
  /// GROUP BY "reminders"."remindersListID"
  /// ```
  public consuming func group<each Term: QueryExpression>(
    by terms: (ClauseColumns) -> (repeat each Term)
  ) -> Self {
    for term in repeat each terms(clauseColumns) {
      SelectClauses.appendTerm(term, to: &clauses.grouping)
    }
    return self
  }

  /// Keeps groups matching a predicate: `.having { $0.id.count() > 2 }`.
  ///
  /// ```swift
  /// Reminder.group { $0.remindersListID }.having { $0.id.count() > 1 }.select { $0.remindersListID }
  /// ```
  /// ```sql
  /// SELECT "reminders"."remindersListID"
  /// FROM "reminders"
  /// GROUP BY "reminders"."remindersListID"
  /// HAVING (count("reminders"."id") > 1)
  /// ```
  public consuming func having<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (ClauseColumns) -> Predicate
  ) -> Self {
    SelectClauses.appendPredicate(predicate(clauseColumns), to: &clauses.having)
    return self
  }

  /// Returns at most `count` rows, skipping `offset` rows first: `.limit(10, offset: 20)`, or
  /// `.limit(10).offset(20)`. A `nil` leaves that clause as it was, so `.limit(2).limit(nil)`
  /// still returns two rows.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.limit(10, offset: 20)
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// LIMIT 10 OFFSET 20
  /// ```
  @inlinable
  public consuming func limit(_ count: Int?, offset: Int? = nil) -> Self {
    if let count { clauses.limit = .value(count) }
    if let offset { clauses.offset = .value(offset) }
    return self
  }

  /// Returns at most as many rows as an expression says: `.limit { _ in #sql("2 * 3") }`.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.limit { _ in Reminder.count().subquery() }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// LIMIT (SELECT count(*)
  /// FROM "reminders")
  /// ```
  public consuming func limit(_ count: (ClauseColumns) -> some QueryExpression<Int>) -> Self {
    clauses.limit = .expression(count(clauseColumns).queryFragment)
    return self
  }

  /// Skips `offset` rows first; with no limit, returns every row after them. A `nil` leaves the
  /// offset as it was.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.offset(20)
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// LIMIT -1 OFFSET 20
  /// ```
  public consuming func offset(_ offset: Int?) -> Self {
    if let offset { clauses.offset = .value(offset) }
    return self
  }

  /// Skips as many rows as an expression says.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.limit(10).offset { _ in Reminder.count().subquery() }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// LIMIT 10 OFFSET (SELECT count(*)
  /// FROM "reminders")
  /// ```
  public consuming func offset(_ offset: (ClauseColumns) -> some QueryExpression<Int>) -> Self {
    clauses.offset = .expression(offset(clauseColumns).queryFragment)
    return self
  }
}
