// A fixture `quarry-schema check` reads (not compiled): composite primary keys, each table with
// its own nested `ID` group; the memberships' key differs from the database's.
import Quarry
import QuarrySQLite

@Table
struct Enrollment {
  @Selection
  struct ID: Hashable {
    let courseID: Int
    let studentID: Int
  }
  let id: ID
  var grade: String
}

@Table
struct Membership {
  @Selection
  struct ID: Hashable {
    let clubID: Int
    let memberID: Int
  }
  let id: ID
  var role: String
}

func makeMigrator() -> DatabaseMigrator {
  var migrator = DatabaseMigrator()
  migrator.registerMigration("Create join tables") { db in
    try #sql(
      """
      CREATE TABLE "enrollments" (
        "courseID" INTEGER NOT NULL,
        "studentID" INTEGER NOT NULL,
        "grade" TEXT NOT NULL,
        PRIMARY KEY ("courseID", "studentID")
      )
      """
    ).execute(db)
    try #sql(
      """
      CREATE TABLE "memberships" (
        "clubID" INTEGER NOT NULL PRIMARY KEY,
        "memberID" INTEGER NOT NULL,
        "role" TEXT NOT NULL
      )
      """
    ).execute(db)
  }
  return migrator
}
