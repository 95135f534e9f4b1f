// An upsert's `DO UPDATE … WHERE` that reads the row that was to be inserted (`excluded`) as
// well as the existing one: the filter's closure takes both, as the assignments' does.

extension Insert {
  /// On a conflict with any uniqueness constraint, updates the existing row when a predicate
  /// of it and of the values that were to be inserted (`excluded`) holds.
  ///
  /// ```swift
  /// Reminder.insert { Reminder(id: 1, title: "Milk", priority: 2) }.onConflictDoUpdate { row, excluded in row.title = excluded.title } where: { row, excluded in excluded.title != row.title }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, 2, 1)
  /// ON CONFLICT DO UPDATE SET "title" = excluded."title" WHERE (excluded."title" <> "reminders"."title")
  /// ```
  public consuming func onConflictDoUpdate<Predicate: QueryExpression<Bool>>(
    _ assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns, Excluded<Into>) -> Predicate
  ) -> Self {
    onConflict = Self.doUpdate(
      target: nil, assignments, where: updateFilter(Into.columns, Excluded()))
    return self
  }

  /// On a conflict with the `target` columns' uniqueness, updates the existing row when a
  /// predicate of it and of the values that were to be inserted (`excluded`) holds.
  ///
  /// ```swift
  /// Reminder.insert { Reminder(id: 1, title: "Milk", priority: 2) }.onConflict { $0.id } doUpdate: { row, excluded in row.isCompleted = excluded.isCompleted } where: { row, excluded in row.title == excluded.title }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, 2, 1)
  /// ON CONFLICT ("id") DO UPDATE SET "isCompleted" = excluded."isCompleted" WHERE ("reminders"."title" = excluded."title")
  /// ```
  public consuming func onConflict<each Value, Predicate: QueryExpression<Bool>>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void,
    @PredicateBuilder where updateFilter: (Into.TableColumns, Excluded<Into>) -> Predicate
  ) -> Self {
    onConflict = Self.doUpdate(
      target: Self.conflictTarget(target), assignments,
      where: updateFilter(Into.columns, Excluded()))
    return self
  }
}
