// A fixture `quarry-schema check` reads (not compiled): the migrations that build the schema.
import QuarrySQLite

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
  migrator.registerMigration("Index titles") { db in
    try #sql("CREATE INDEX \"reminders_by_title\" ON \"reminders\"(titel)").execute(db)
  }
  return migrator
}
