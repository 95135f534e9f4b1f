// A fixture `quarry-schema check` reads (not compiled): migrations, a table and literals that
// agree.
import Quarry
import QuarrySQLite

@Table
struct Reminder {
  let id: Int
  var title: String
  var isCompleted: Bool
}

func makeMigrator() -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create reminders") { db in
    try #sql(
      """
      CREATE TABLE "reminders" (
        "id" INTEGER PRIMARY KEY,
        "title" TEXT NOT NULL,
        "isCompleted" INTEGER NOT NULL DEFAULT 0
      )
      """
    ).execute(db)
  }
  return migrator
}

let open = #sql(
  "SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE NOT \(Reminder.columns.isCompleted)",
  as: String.self)
let count = #sql("SELECT count(*) FROM reminders WHERE title LIKE \(pattern)", as: Int.self)

// A table holding @Selection groups: their columns are the table's, all nullable in an optional
// group.
@Selection
struct Timestamps {
  var createdAt: Date
  var updatedAt: Date?
}

@Selection
struct Span {
  var startDay: Int
  var endDay: Int
}

@Table("tags")
struct Tag {
  let id: Int
  var timestamps: Timestamps
  var span: Span?
}

func makeTagsMigrator() -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create tags") { db in
    try #sql(
      """
      CREATE TABLE "tags" (
        "id" INTEGER PRIMARY KEY,
        "createdAt" TEXT NOT NULL,
        "updatedAt" TEXT,
        "startDay" INTEGER,
        "endDay" INTEGER
      )
      """
    ).execute(db)
  }
  return migrator
}
