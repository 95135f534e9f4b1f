// A subquery in FROM, named by a `@Table` type, as common table expressions are.

extension Table {
  /// `SELECT … FROM (select) AS "table"`: a select over the rows of a subquery, whose columns
  /// this type describes, in order.
  ///
  /// SQLite has no column list for a subquery's alias, so the subquery names its columns with
  /// a common table expression of this type, and its own column names don't matter:
  ///
  /// ```swift
  /// @Table("listStats") struct ListStat { var remindersListID: Int; var reminders: Int }
  /// ```
  ///
  /// ```swift
  /// ListStat.from(Reminder.group { $0.remindersListID }.select { ($0.remindersListID, $0.id.count()) })
  ///   .where { $0.reminders > 1 }
  ///   .select { $0.remindersListID }
  /// ```
  /// ```sql
  /// SELECT "listStats"."remindersListID"
  /// FROM (
  /// WITH "listStats" ("remindersListID", "reminders") AS (
  /// SELECT "reminders"."remindersListID", count("reminders"."id")
  /// FROM "reminders"
  /// GROUP BY "reminders"."remindersListID"
  /// )
  /// SELECT * FROM "listStats"
  /// ) AS "listStats"
  /// WHERE ("listStats"."reminders" > 1)
  /// ```
  ///
  /// A subquery with another number of columns than the type fails when SQLite prepares the
  /// statement (`table listStats has 1 values for 2 columns`).
  ///
  /// ```swift
  /// OpenReminder.from(Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title) }).where { $0.id > 1 }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "openReminders"."title"
  /// FROM (
  /// WITH "openReminders" ("id", "title") AS (
  /// SELECT "reminders"."id", "reminders"."title"
  /// FROM "reminders"
  /// WHERE (NOT "reminders"."isCompleted")
  /// )
  /// SELECT * FROM "openReminders"
  /// ) AS "openReminders"
  /// WHERE ("openReminders"."id" > 1)
  /// ```
  public static func from(_ select: some Statement) -> JoinSelect<Self, TableColumns> {
    let name = schema.quotedName
    var source: QueryFragment = "\nFROM (\n  WITH "
    source.append(commonTable(Self.self, select))
    source.append(sql: "\n  SELECT * FROM \(name)\n) AS \(name)")
    return JoinSelect(
      columns: columns, selection: QueryFragment(sql: schema.selectionSQL), source: source,
      predicates: QueryFragment())
  }
}
