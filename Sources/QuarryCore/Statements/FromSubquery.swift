// A subquery in FROM, named by a `@Table` type, as common table expressions are.

extension Table {
  /// `SELECT … FROM (select) AS "table"`: a select over the rows of a subquery, whose columns
  /// this type describes, in order.
  ///
  /// SQLite has no column list for a subquery's alias, so the subquery names its columns with
  /// a common table expression of this type, and its own column names don't matter:
  ///
  /// ```swift
  /// @Table("shelfStats") struct ShelfStat { var shelfID: Int?; var books: Int }
  /// ShelfStat.from(Book.group { $0.shelfID }.select { ($0.shelfID, $0.id.count()) })
  ///   .where { $0.books > 1 }
  ///   .select { $0.shelfID }
  /// // SELECT "shelfStats"."shelfID"
  /// // FROM (
  /// //   WITH "shelfStats" ("shelfID", "books") AS (SELECT "books"."shelfID", count("books"."id") …)
  /// //   SELECT * FROM "shelfStats"
  /// // ) AS "shelfStats"
  /// // WHERE ("shelfStats"."books" > 1)
  /// ```
  ///
  /// A subquery with another number of columns than the type fails when SQLite prepares the
  /// statement (`table shelfStats has 1 values for 2 columns`).
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
