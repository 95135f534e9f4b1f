/// A `DELETE` from a table: `Reminder.delete().where { $0.isCompleted }`.
public struct Delete<From: Table>: Statement, Sendable {
  public typealias QueryValue = Void

  /// The rows to delete.
  ///
  /// ```swift
  /// RemindersList.where { $0.id == 2 }.delete().filter
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."id", "remindersLists"."title"
  /// FROM "remindersLists"
  /// WHERE ("remindersLists"."id" = 2)
  /// ```
  @usableFromInline package var filter: Where<From>

  /// A delete of the rows `filter` keeps.
  ///
  /// `Delete(filter: Reminder.where { $0.isCompleted })` renders
  /// `DELETE FROM "reminders" WHERE "reminders"."isCompleted"`.
  public init(filter: Where<From> = Where()) {
    self.filter = filter
    _ = self.filter.applyDefaultScope()
  }

  /// Restricts the delete to rows matching a predicate, joined to earlier ones with `AND`.
  ///
  /// ```swift
  /// Reminder.delete().where { $0.id == 1 }
  /// ```
  /// ```sql
  /// DELETE FROM "reminders"
  /// WHERE ("reminders"."id" = 1)
  /// ```
  public func `where`<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (From.TableColumns) -> Predicate
  ) -> Self {
    Delete(filter: filter.where(predicate))
  }

  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(sql: "DELETE FROM ")
    fragment.append(sql: From.schema.quotedName)
    filter.writeClause(to: &fragment)
  }
}

extension Table {
  /// Deletes every row: `DELETE FROM "reminders"`.
  ///
  /// `Reminder.delete()` renders `DELETE FROM "reminders"`.
  public static func delete() -> Delete<Self> { Delete() }
}

extension Where {
  /// Deletes the filtered rows.
  ///
  /// `Reminder.where(\.isCompleted).delete()` renders
  /// `DELETE FROM "reminders" WHERE "reminders"."isCompleted"`.
  public func delete() -> Delete<From> { Delete(filter: self) }
}
