import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// A primary key of several columns: a `@Selection` group as the table's `id`.
@Suite("Composite primary keys")
struct CompositeKeyTests {
  let first = Enrollment.ID(courseID: 1, studentID: 1)
  let second = Enrollment.ID(courseID: 1, studentID: 2)
  let third = Enrollment.ID(courseID: 2, studentID: 1)

  @Test func everyColumnOfTheGroupIsPartOfTheKey() {
    let schema = Enrollment.schema
    #expect(schema.columns.map(\.name) == ["courseID", "studentID", "grade"])
    #expect(schema.columns.map(\.isPrimaryKey) == [true, true, false])
    #expect((Enrollment.self as Any.Type) is any PrimaryKeyedTable.Type)
    #expect(Enrollment.PrimaryKey.self == Enrollment.ID.self)
    // No one-column lookup to pre-render: the key is compared as a row value.
    #expect(schema.selectByPrimaryKeyUTF8 == nil)
    #expect(schema.primaryKeyWritableIndices == [0, 1])
  }

  @Test func findComparesEveryKeyColumn() throws {
    let db = try enrollmentsDatabase()
    let byKey = Enrollment.find(second)
    let sql = """
      SELECT "enrollments"."courseID", "enrollments"."studentID", "enrollments"."grade"
      FROM "enrollments"
      WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 2))
      """
    assertSQL(byKey, sql)
    assertSQL(Enrollment.where { $0.id == second }, sql)
    assertSQL(Enrollment.where { $0.primaryKey == second }, sql)
    #expect(try byKey.fetchOne(db) == Enrollment(id: second, grade: "B"))
    #expect(try Enrollment.find(Enrollment.ID(courseID: 2, studentID: 2)).fetchOne(db) == nil)

    let grade = Enrollment.where { $0.grade != "" }.find(third).select { $0.grade }
    assertSQL(
      grade,
      """
      SELECT "enrollments"."grade" FROM "enrollments"
      WHERE ("enrollments"."grade" <> '')
      AND (("enrollments"."courseID", "enrollments"."studentID") = (2, 1))
      """)
    #expect(try grade.fetchOne(db) == "C")
    let selected = Enrollment.select { $0.grade }.find(first)
    assertSQL(
      selected,
      """
      SELECT "enrollments"."grade" FROM "enrollments"
      WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 1))
      """)
    #expect(try selected.fetchOne(db) == "A")
  }

  @Test func findOfSeveralKeysIsARowValueInAValuesList() throws {
    let db = try enrollmentsDatabase()
    let byKeys = Enrollment.find([first, third]).select { $0.grade }
    let sql = """
      SELECT "enrollments"."grade" FROM "enrollments"
      WHERE (("enrollments"."courseID", "enrollments"."studentID") IN (VALUES (1, 1), (2, 1)))
      """
    assertSQL(byKeys, sql)
    assertSQL(Enrollment.where { $0.id.in([first, third]) }.select { $0.grade }, sql)
    #expect(try byKeys.fetchAll(db).sorted() == ["A", "C"])

    let none = Enrollment.find([Enrollment.ID]()).select { $0.grade }
    assertSQL(none, #"SELECT "enrollments"."grade" FROM "enrollments" WHERE 0"#)
    #expect(try none.fetchAll(db).isEmpty)

    let subquery = Enrollment.find(Enrollment.where { $0.grade == "B" }.select { $0.id })
      .select { $0.grade }
    assertSQL(
      subquery,
      """
      SELECT "enrollments"."grade" FROM "enrollments"
      WHERE (("enrollments"."courseID", "enrollments"."studentID") IN (\
      SELECT "enrollments"."courseID", "enrollments"."studentID" FROM "enrollments"
      WHERE ("enrollments"."grade" = 'B')))
      """)
    #expect(try subquery.fetchAll(db) == ["B"])
  }

  @Test func findUnderAnAlias() throws {
    let db = try enrollmentsDatabase()
    let aliased = Enrollment.aliased("e").find(third).select { $0.grade }
    assertSQL(
      aliased,
      """
      SELECT "e"."grade" FROM "enrollments" AS "e"
      WHERE (("e"."courseID", "e"."studentID") = (2, 1))
      """)
    #expect(try aliased.fetchOne(db) == "C")
  }

  @Test func updateAndDeleteOfARowMatchEveryKeyColumn() throws {
    let db = try enrollmentsDatabase()
    let update = Enrollment.update(Enrollment(id: second, grade: "A+"))
    assertSQL(
      update,
      """
      UPDATE "enrollments" SET "grade" = 'A+'
      WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 2))
      """)
    try update.execute(db)
    #expect(try Enrollment.find(second).fetchOne(db)?.grade == "A+")
    #expect(try Enrollment.find(first).fetchOne(db)?.grade == "A")

    let delete = Enrollment.delete(Enrollment(id: first, grade: "A"))
    assertSQL(
      delete,
      """
      DELETE FROM "enrollments"
      WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 1))
      """)
    try delete.execute(db)
    #expect(try Enrollment.select { $0.id }.fetchAll(db) == [second, third])
  }

  @Test func upsertTargetsEveryKeyColumn() throws {
    let db = try enrollmentsDatabase()
    let upsert = Enrollment.upsert {
      Enrollment.Draft(id: first, grade: "A-")
      Enrollment.Draft(id: Enrollment.ID(courseID: 3, studentID: 1), grade: "D")
    }
    assertSQL(
      upsert,
      """
      INSERT INTO "enrollments" ("courseID", "studentID", "grade")
      VALUES (1, 1, 'A-'), (3, 1, 'D')
      ON CONFLICT ("courseID", "studentID") DO UPDATE SET "grade" = excluded."grade"
      """)
    try upsert.execute(db)
    #expect(try Enrollment.count().fetchOne(db) == 4)
    #expect(try Enrollment.find(first).fetchOne(db)?.grade == "A-")
    #expect(try Enrollment.find(Enrollment.ID(courseID: 3, studentID: 1)).fetchOne(db) != nil)
  }

  @Test func draftsInsertTheirKey() throws {
    let db = try enrollmentsDatabase()
    let key = Enrollment.ID(courseID: 2, studentID: 2)
    let insert = Enrollment.insert { Enrollment.Draft(id: key, grade: "B") }
    assertSQL(
      insert,
      """
      INSERT INTO "enrollments" ("courseID", "studentID", "grade")
      VALUES (2, 2, 'B')
      """)
    try insert.execute(db)
    #expect(try Enrollment.find(key).fetchOne(db) == Enrollment(id: key, grade: "B"))

    let rows = Enrollment.insert {
      Enrollment(id: Enrollment.ID(courseID: 4, studentID: 1), grade: "C")
    }
    try rows.execute(db)
    #expect(try Enrollment.count().fetchOne(db) == 5)

    // A draft's key is optional, as for any table, but nothing assigns a composite key: a
    // draft without one inserts `NULL`s, which the key's `NOT NULL` refuses.
    let keyless = Enrollment.insert { Enrollment.Draft(grade: "F") }
    assertSQL(
      keyless,
      """
      INSERT INTO "enrollments" ("courseID", "studentID", "grade")
      VALUES (NULL, NULL, 'F')
      """)
    #expect(throws: DatabaseError.self) { try keyless.execute(db) }
  }

  @Test func returningTheKeyDecodesTheGroup() throws {
    let db = try enrollmentsDatabase()
    let key = Enrollment.ID(courseID: 5, studentID: 6)
    let inserted = Enrollment.insert { Enrollment.Draft(id: key, grade: "E") }
      .returning { $0.id }
    #expect(try inserted.fetchAll(db) == [key])
  }
}
