import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// A composite primary key's statements, built once at the top level and run on both databases.

let enrollmentKey = Enrollment.ID(courseID: 1, studentID: 2)
let enrollmentByKey = Enrollment.find(enrollmentKey).select { $0.grade }
let enrollmentsByKeys = Enrollment.find([
  Enrollment.ID(courseID: 1, studentID: 1), Enrollment.ID(courseID: 2, studentID: 1),
])
.order { ($0.id.courseID, $0.id.studentID) }.select { $0.grade }
let enrollmentsByNoKeys = Enrollment.find([Enrollment.ID]()).select { $0.grade }
let enrollmentKeysOfB = Enrollment.find(Enrollment.where { $0.grade == "B" }.select { $0.id })
  .select { $0.id }
let enrollmentUpdate = Enrollment.update(Enrollment(id: enrollmentKey, grade: "B+"))
let enrollmentDelete = Enrollment.delete(
  Enrollment(id: Enrollment.ID(courseID: 2, studentID: 1), grade: "C"))
let enrollmentUpsert = Enrollment.upsert {
  Enrollment.Draft(id: Enrollment.ID(courseID: 1, studentID: 1), grade: "A-")
  Enrollment.Draft(id: Enrollment.ID(courseID: 3, studentID: 4), grade: "D")
}
let enrollmentsInOrder = Enrollment.order { ($0.id.courseID, $0.id.studentID) }
  .select { ($0.id.courseID, $0.id.studentID, $0.grade) }

@Suite("Composite primary keys on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct CompositeKeyCrossDialectTests {
  /// What the statements read and leave behind, as text, on one database.
  struct Outcome: Equatable {
    var found: [String] = []
    var final: [String] = []
  }

  @Test func findUpdateDeleteAndUpsertGiveTheSameRows() async throws {
    let sqlite = try Database()
    try sqlite.execute(sql: EnrollmentData.sqliteSchema)
    try Enrollment.insert { EnrollmentData.rows }.execute(sqlite)
    var onSQLite = Outcome()
    onSQLite.found.append(String(describing: try enrollmentByKey.fetchAll(sqlite)))
    onSQLite.found.append(String(describing: try enrollmentsByKeys.fetchAll(sqlite)))
    onSQLite.found.append(String(describing: try enrollmentsByNoKeys.fetchAll(sqlite)))
    onSQLite.found.append(String(describing: try enrollmentKeysOfB.fetchAll(sqlite)))
    try enrollmentUpdate.execute(sqlite)
    try enrollmentDelete.execute(sqlite)
    try enrollmentUpsert.execute(sqlite)
    onSQLite.final = try enrollmentsInOrder.fetchAll(sqlite).map { String(describing: $0) }

    let onPostgres = try await PostgresTestServer.withDatabase { postgres in
      try await postgres.write { db in
        try await db.execute(sql: EnrollmentData.postgresSchema)
        try await Enrollment.insert { EnrollmentData.rows }.execute(db)
        var outcome = Outcome()
        outcome.found.append(String(describing: try await enrollmentByKey.fetchAll(db)))
        outcome.found.append(String(describing: try await enrollmentsByKeys.fetchAll(db)))
        outcome.found.append(String(describing: try await enrollmentsByNoKeys.fetchAll(db)))
        outcome.found.append(String(describing: try await enrollmentKeysOfB.fetchAll(db)))
        try await enrollmentUpdate.execute(db)
        try await enrollmentDelete.execute(db)
        try await enrollmentUpsert.execute(db)
        outcome.final = try await enrollmentsInOrder.fetchAll(db).map { String(describing: $0) }
        return outcome
      }
    }
    #expect(
      onSQLite.found == [
        #"["B"]"#, #"["A", "C"]"#, "[]",
        #"[QuarryPostgresTests.Enrollment.ID(courseID: 1, studentID: 2)]"#,
      ])
    #expect(onSQLite.final == [#"(1, 1, "A-")"#, #"(1, 2, "B+")"#, #"(3, 4, "D")"#])
    #expect(onPostgres == onSQLite)
  }

  @Test func eachDatabaseSeesTheRowValueComparison() {
    #expect(
      enrollmentByKey.sql(for: .postgres) == """
        SELECT "enrollments"."grade"
        FROM "enrollments"
        WHERE (("enrollments"."courseID", "enrollments"."studentID") = ($1, $2))
        """)
  }
}
