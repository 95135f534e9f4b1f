import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// Rows written as expressions (`Columns`) and groups as insert columns, built once at the top
// level and run on both databases.

/// Two enrollments by a composite key's group as one insert column, one a row of expressions.
let enrollmentsByGroupColumn = Enrollment.insert {
  ($0.id, $0.grade)
} values: {
  (Enrollment.ID(courseID: 5, studentID: 1), "E")
  (Enrollment.ID(courseID: 5, studentID: 2), "F")
}
/// A row of a table written as expressions, beside a full row.
let enrollmentColumnsRow = Enrollment.insert {
  Enrollment(id: Enrollment.ID(courseID: 6, studentID: 1), grade: "G")
  Enrollment.Columns(
    id: Enrollment.ID.Columns(courseID: 6, studentID: #sql("1 + 1")), grade: #sql("lower('H')"))
}
/// A table's `Columns` selected from another table's rows.
let enrollmentCopies = Enrollment.where { $0.grade == "A" }
  .select { Enrollment.Columns(id: $0.id, grade: $0.grade.lower()) }
/// An enum table's case written as an expression.
let noticeOfExpression = Notice.insert {
  Notice.Columns.text(#sql("upper('milk')"))
  Notice.Columns.reading(Reading.Columns(amount: 2, unit: "l"))
}

@Suite("Rows as expressions on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct RowsAsExpressionsTests {
  @Test func rowsOfExpressionsAndGroupColumnsGiveTheSameRows() async throws {
    #expect(
      enrollmentColumnsRow.sql(for: .postgres) == """
        INSERT INTO "enrollments" ("courseID", "studentID", "grade")
        VALUES ($1, $2, $3), ($4, 1 + 1, lower('H'))
        """)
    let sqlite = try Database()
    try sqlite.execute(sql: EnrollmentData.sqliteSchema)
    try sqlite.execute(sql: NoticeData.sqliteSchema)
    try Enrollment.insert { EnrollmentData.rows }.execute(sqlite)
    try enrollmentsByGroupColumn.execute(sqlite)
    try enrollmentColumnsRow.execute(sqlite)
    try noticeOfExpression.execute(sqlite)
    let sqliteRows = try Enrollment.order { ($0.id.courseID, $0.id.studentID) }.fetchAll(sqlite)
    let sqliteCopies = try enrollmentCopies.fetchAll(sqlite)
    let sqliteNotices = try Notice.all.fetchAll(sqlite)

    let (postgresRows, postgresCopies, postgresNotices) =
      try await PostgresTestServer
      .withDatabase { postgres in
        try await postgres.write { db in
          try await db.execute(sql: EnrollmentData.postgresSchema)
          try await db.execute(sql: NoticeData.postgresSchema)
          try await Enrollment.insert { EnrollmentData.rows }.execute(db)
          try await enrollmentsByGroupColumn.execute(db)
          try await enrollmentColumnsRow.execute(db)
          try await noticeOfExpression.execute(db)
          return (
            try await Enrollment.order { ($0.id.courseID, $0.id.studentID) }.fetchAll(db),
            try await enrollmentCopies.fetchAll(db), try await Notice.all.fetchAll(db)
          )
        }
      }
    #expect(
      sqliteRows.suffix(4).map(\.grade) == ["E", "F", "G", "h"])
    #expect(sqliteRows.last?.id == Enrollment.ID(courseID: 6, studentID: 2))
    #expect(postgresRows == sqliteRows)
    #expect(sqliteCopies == [Enrollment(id: Enrollment.ID(courseID: 1, studentID: 1), grade: "a")])
    #expect(postgresCopies == sqliteCopies)
    #expect(sqliteNotices == [.text("MILK"), .reading(Reading(amount: 2, unit: "l"))])
    #expect(postgresNotices == sqliteNotices)
  }
}
