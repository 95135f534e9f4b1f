import Quarry
import QuarrySQLite

// The tables the articles share, as "Getting started" declares them.

@Table
struct RemindersList: Equatable, Sendable {
  let id: Int
  var title = ""
}

@Table
struct Reminder: Equatable, Sendable {
  let id: Int
  var title = ""
  @Column("is_completed")
  var isCompleted = false
  var priority: Priority?
  var remindersListID: Int
}

enum Priority: Int, QueryBindable, Sendable {
  case low = 1, medium, high
}

/// The migrations "Getting started" registers.
func remindersMigrator() -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create reminders") { db in
    try #sql(
      """
      CREATE TABLE "remindersLists" (
        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        "title" TEXT NOT NULL DEFAULT ''
      ) STRICT;
      CREATE TABLE "reminders" (
        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        "title" TEXT NOT NULL DEFAULT '',
        "is_completed" INTEGER NOT NULL DEFAULT 0,
        "priority" INTEGER,
        "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists" ("id") ON DELETE CASCADE
      ) STRICT
      """
    ).execute(db)
  }
  return migrator
}

/// A queue in memory, migrated, with two lists and four reminders.
func sampleQueue() throws -> DatabaseQueue {
  let queue = try DatabaseQueue()
  try remindersMigrator().migrate(queue)
  try queue.write { db in
    try RemindersList.insert {
      RemindersList.Draft(title: "Home")
      RemindersList.Draft(title: "Work")
    }.execute(db)
    try Reminder.insert {
      Reminder.Draft(title: "Groceries", priority: .high, remindersListID: 1)
      Reminder.Draft(title: "Haircut", isCompleted: true, remindersListID: 1)
      Reminder.Draft(title: "Report", priority: .medium, remindersListID: 2)
      Reminder.Draft(title: "Call Ada", remindersListID: 2)
    }.execute(db)
  }
  return queue
}
