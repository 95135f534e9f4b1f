// `find` after a filter or a select, and `find` of the keys a subquery selects. (`Table.find`
// of a key or of keys is in `Where.swift`, beside the schema's pre-rendered lookup.)

extension PrimaryKeyedTable {
  /// The rows whose primary key a subquery selects: `WHERE "reminders"."id" IN (SELECT …)`.
  ///
  /// ```swift
  /// Reminder.find(Reminder.where { $0.priority == 3 }.select { $0.id }).select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// WHERE ("reminders"."id" IN (SELECT "reminders"."id"
  /// FROM "reminders"
  /// WHERE ("reminders"."priority" = 3)))
  /// ```
  public static func find(_ primaryKeys: some Statement<PrimaryKey>) -> Where<Self> {
    Where().where { $0.primaryKey.isIn(keys: primaryKeys) }
  }
}

extension Where where From: PrimaryKeyedTable {
  /// Keeps the row with the given primary key.
  ///
  /// `Reminder.where { $0.priority == 3 }.find(1).select { $0.title }` renders `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."priority" = 3) AND ("reminders"."id" = 1)`.
  public func find(_ primaryKey: From.PrimaryKey) -> Self {
    self.where { $0.primaryKey.equals(key: primaryKey) }
  }

  /// Keeps the rows with the given primary keys.
  ///
  /// `Reminder.where { $0.priority == 3 }.find([1, 2]).select { $0.title }` renders `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."priority" = 3) AND ("reminders"."id" IN (1, 2))`.
  public func find(_ primaryKeys: some Sequence<From.PrimaryKey>) -> Self {
    self.where { $0.primaryKey.isIn(keys: primaryKeys) }
  }

  /// Keeps the rows whose primary key a subquery selects.
  ///
  /// `Reminder.where { $0.priority == 3 }.find(RemindersList.select { $0.id }).select { $0.title }` renders `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."priority" = 3) AND ("reminders"."id" IN (SELECT "remindersLists"."id" FROM "remindersLists"))`.
  public func find(_ primaryKeys: some Statement<From.PrimaryKey>) -> Self {
    self.where { $0.primaryKey.isIn(keys: primaryKeys) }
  }
}

extension Select where From: PrimaryKeyedTable {
  /// Keeps the row with the given primary key.
  ///
  /// `Reminder.select { $0.title }.find(2)` renders `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = 2)`.
  public consuming func find(_ primaryKey: From.PrimaryKey) -> Self {
    self.where { $0.primaryKey.equals(key: primaryKey) }
  }

  /// Keeps the rows with the given primary keys.
  ///
  /// `Reminder.select { $0.title }.find([1, 3])` renders `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (1, 3))`.
  public consuming func find(_ primaryKeys: some Sequence<From.PrimaryKey>) -> Self {
    self.where { $0.primaryKey.isIn(keys: primaryKeys) }
  }

  /// Keeps the rows whose primary key a subquery selects.
  ///
  /// `Reminder.select { $0.title }.find(Reminder.where(\.isCompleted).select { $0.id })` renders `SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."isCompleted"))`.
  public consuming func find(_ primaryKeys: some Statement<From.PrimaryKey>) -> Self {
    self.where { $0.primaryKey.isIn(keys: primaryKeys) }
  }
}
