// A fixture `quarry-schema check` reads (not compiled): @Selection groups a table holds, with
// known mistakes.
import Foundation
import Quarry
import QuarrySQLite

@Selection
struct Timestamps {
  var createdAt: Date
  var updatedAt: Date
}

@Selection
struct Span {
  var startDay: Int
  var endDay: Int
}

@CasePathable @Selection
enum Attachment {
  case note(String)
  case image(Data)
}

@Selection
final class Totals {
  var count = 0
}

@Table("remindersLists")
struct RemindersList {
  let id: Int
  var name: String
  let timestamps: Timestamps
  var holiday: Span?
  var attachment: Attachment
}

@Table
enum Post {
  case note(String)
  case span(Span)
}

func makeMigrator() -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create lists") { db in
    try #sql(
      """
      CREATE TABLE "remindersLists" (
        "id" INTEGER PRIMARY KEY,
        "name" TEXT NOT NULL,
        "createdAt" TEXT NOT NULL,
        "startDay" INTEGER NOT NULL,
        "endDay" INTEGER,
        "note" TEXT,
        "image" BLOB
      )
      """
    ).execute(db)
    try #sql(
      """
      CREATE TABLE "posts" ("note" TEXT, "startDay" INTEGER NOT NULL)
      """
    ).execute(db)
  }
  return migrator
}
