/// Two selects combined by `UNION`, `UNION ALL`, `INTERSECT` or `EXCEPT`.
public struct CompoundSelect<QueryValue>: Statement, Sendable {
  /// The combined SQL.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.union(RemindersList.select { $0.title }).fragment
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// UNION
  /// SELECT "remindersLists"."title"
  /// FROM "remindersLists"
  /// ```
  @usableFromInline package var fragment: QueryFragment

  init(_ lhs: some Statement, _ operator: String, _ rhs: some Statement) {
    fragment = QueryFragment()
    Self.writeArm(lhs, to: &fragment)
    fragment.append(sql: "\n\(`operator`)\n")
    Self.writeArm(rhs, to: &fragment)
  }

  /// Writes one side of the compound. SQLite allows `ORDER BY` and `LIMIT` only at the end of
  /// the whole compound, so a select that has them is read from as a subquery:
  /// `SELECT * FROM (SELECT … ORDER BY … LIMIT ?)`.
  @usableFromInline
  static func writeArm(_ arm: some Statement, to fragment: inout QueryFragment) {
    if let select = arm as? any SelectStatement,
      select.clauses.isOrdered || select.clauses.limit != nil
        || select.clauses.offset != nil
    {
      fragment.append(sql: "SELECT * FROM ")
      arm.write(to: &fragment)
      // PostgreSQL 15 wants every subquery in FROM named.
      fragment.append(form: .derivedTableName)
    } else {
      arm.writeStatement(to: &fragment)
    }
  }

  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }
}

extension Statement {
  /// Rows of either select, without duplicates: `… UNION …`.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.union(RemindersList.select { $0.title })
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// UNION
  /// SELECT "remindersLists"."title"
  /// FROM "remindersLists"
  /// ```
  public func union(_ other: some Statement<QueryValue>) -> CompoundSelect<QueryValue> {
    CompoundSelect(self, "UNION", other)
  }

  /// Rows of both selects, duplicates kept: `… UNION ALL …`.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.unionAll(RemindersList.select { $0.title })
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// UNION ALL
  /// SELECT "remindersLists"."title"
  /// FROM "remindersLists"
  /// ```
  public func unionAll(_ other: some Statement<QueryValue>) -> CompoundSelect<QueryValue> {
    CompoundSelect(self, "UNION ALL", other)
  }

  /// Rows found in both selects: `… INTERSECT …`.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.intersect(RemindersList.select { $0.title })
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// INTERSECT
  /// SELECT "remindersLists"."title"
  /// FROM "remindersLists"
  /// ```
  public func intersect(_ other: some Statement<QueryValue>) -> CompoundSelect<QueryValue> {
    CompoundSelect(self, "INTERSECT", other)
  }

  /// Rows of this select not found in the other: `… EXCEPT …`.
  ///
  /// ```swift
  /// Reminder.select { $0.title }.except(RemindersList.select { $0.title })
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// EXCEPT
  /// SELECT "remindersLists"."title"
  /// FROM "remindersLists"
  /// ```
  public func except(_ other: some Statement<QueryValue>) -> CompoundSelect<QueryValue> {
    CompoundSelect(self, "EXCEPT", other)
  }
}
