import Quarry
import QuarrySQLite

@Table
package struct RemindersList: Sendable {
  package let id: Int
  package var title = ""
}

@Table
package struct Reminder: Sendable {
  package let id: Int
  package var title = ""
  @Column("is_completed")
  package var isCompleted = false
  package var priority: Priority?
  package var remindersListID: Int
}

package enum Priority: Int, QueryBindable, Sendable {
  case low = 1, medium, high
}

/// A row of the per-list summary: a query's own row type.
@Selection
package struct ListSummary: Sendable {
  package let list: String
  package let open: Int
  package let total: Int
}

/// The common table expression of open reminders.
@Table("openReminders")
package struct OpenReminder: Sendable {
  package let id: Int
  package var title = ""
  package var remindersListID: Int
}

/// The demo's schema, written as `#sql` migrations.
package let demoMigrator: DatabaseMigrator = {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create reminders lists and reminders") { db in
    try #sql(
      """
      CREATE TABLE "remindersLists" (
        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        "title" TEXT NOT NULL DEFAULT ''
      ) STRICT
      """
    ).execute(db)
    try #sql(
      """
      CREATE TABLE "reminders" (
        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        "title" TEXT NOT NULL DEFAULT '',
        "is_completed" INTEGER NOT NULL DEFAULT 0,
        "priority" INTEGER,
        "remindersListID" INTEGER NOT NULL
          REFERENCES "remindersLists"("id") ON DELETE CASCADE
      ) STRICT
      """
    ).execute(db)
    try #sql(
      """
      CREATE INDEX "index_reminders_on_remindersListID" ON "reminders"("remindersListID")
      """
    ).execute(db)
  }
  return migrator
}()

/// Inserts the demo's rows into an empty database.
package func seedDemoData(_ db: Database) throws {
  guard try RemindersList.count().fetchOne(db) == 0 else { return }
  try demoListsInsert.execute(db)
  try demoRemindersInsert.execute(db)
}

/// The demo's lists, on SQLite and PostgreSQL alike.
package var demoListsInsert: Insert<RemindersList> {
  RemindersList.insert {
    RemindersList.Draft(title: "Personal")
    RemindersList.Draft(title: "Work")
  }
}

/// The demo's reminders, on SQLite and PostgreSQL alike.
package var demoRemindersInsert: Insert<Reminder> {
  Reminder.insert {
    Reminder.Draft(title: "Get haircut", priority: .medium, remindersListID: 1)
    Reminder.Draft(title: "Groceries", priority: .high, remindersListID: 1)
    Reminder.Draft(title: "Call accountant", isCompleted: true, remindersListID: 1)
    Reminder.Draft(title: "Review pull request", priority: .high, remindersListID: 2)
    Reminder.Draft(title: "Book flights", isCompleted: true, priority: .low, remindersListID: 2)
    Reminder.Draft(title: "Write release notes", priority: .low, remindersListID: 2)
  }
}
