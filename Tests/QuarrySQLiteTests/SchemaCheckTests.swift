import Quarry
import QuarrySQLite
import Testing

@Suite("Schema check")
struct SchemaCheckTests {
  @Test func tableMacroDescribesColumns() {
    #expect(
      DriftAuthor.schema.columns == [
        .init("id", type: .integer, nullable: false, primaryKey: true),
        .init("name", type: .text, nullable: false),
        .init("born", type: .integer, nullable: true),
        .init("rating", type: .real, nullable: false),
        .init("avatar", type: .blob, nullable: true),
        .init("status", type: .any, nullable: true),
      ])
  }

  @Test func matchingSchemaHasNoDifferences() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "driftAuthors" (
          "id" INTEGER PRIMARY KEY,
          "name" TEXT NOT NULL,
          "born" INTEGER,
          "rating" REAL NOT NULL,
          "avatar" BLOB,
          "status" TEXT,
          "notes" TEXT,
          "created" TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
        ) STRICT;
        CREATE TABLE "drift_labels" (
          "code" TEXT PRIMARY KEY NOT NULL, "DISPLAY_NAME" VARCHAR(9) NOT NULL
        );
        """)
    #expect(try db.schemaDifferences(DriftAuthor.self, DriftLabel.self) == [])
    try db.checkSchema(DriftAuthor.self, DriftLabel.self)
  }

  @Test func reportsEveryDifference() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "driftAuthors" (
          "id" TEXT,
          "name" INTEGER,
          "born" INTEGER NOT NULL,
          "avatar" BLOB,
          "status" ANYTHING,
          "extra" TEXT NOT NULL
        )
        """)
    #expect(
      try db.schemaDifferences(DriftAuthor.self, DriftLabel.self) == [
        .incompatibleType(
          table: "driftAuthors", column: "id", declaredType: "TEXT", swiftType: .integer),
        .nullableColumn(table: "driftAuthors", column: "id"),
        .notPrimaryKey(table: "driftAuthors", column: "id"),
        .incompatibleType(
          table: "driftAuthors", column: "name", declaredType: "INTEGER", swiftType: .text),
        .nullableColumn(table: "driftAuthors", column: "name"),
        .notNullColumn(table: "driftAuthors", column: "born"),
        .missingColumn(table: "driftAuthors", column: "rating"),
        .unmappedRequiredColumn(table: "driftAuthors", column: "extra"),
        .missingTable(table: "drift_labels"),
      ])
  }

  @Test func compositeKeyMatchesEveryColumnOfTheKey() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "driftEnrollments" (
          "courseID" INTEGER NOT NULL, "studentID" INTEGER NOT NULL, "grade" TEXT NOT NULL,
          PRIMARY KEY ("courseID", "studentID")
        ) STRICT
        """)
    #expect(
      DriftEnrollment.schema.columns == [
        .init("courseID", type: .integer, nullable: false, primaryKey: true),
        .init("studentID", type: .integer, nullable: false, primaryKey: true),
        .init("grade", type: .text, nullable: false),
      ])
    #expect(try db.schemaDifferences(DriftEnrollment.self) == [])
    try db.checkSchema(DriftEnrollment.self)
  }

  @Test func compositeKeyThatDiffersIsADrift() throws {
    // The database's key is one of the group's columns: the other isn't part of it.
    let narrower = try Database()
    try narrower.execute(
      sql: """
        CREATE TABLE "driftEnrollments" (
          "courseID" INTEGER NOT NULL PRIMARY KEY, "studentID" INTEGER NOT NULL,
          "grade" TEXT NOT NULL
        )
        """)
    #expect(
      try narrower.schemaDifferences(DriftEnrollment.self) == [
        .notPrimaryKey(table: "driftEnrollments", column: "studentID")
      ])
    // The database's key has a column the group doesn't: the Swift key names no one row.
    let wider = try Database()
    try wider.execute(
      sql: """
        CREATE TABLE "driftEnrollments" (
          "courseID" INTEGER NOT NULL, "studentID" INTEGER NOT NULL, "grade" TEXT NOT NULL,
          PRIMARY KEY ("courseID", "studentID", "grade")
        )
        """)
    let differences = try wider.schemaDifferences(DriftEnrollment.self)
    #expect(
      differences == [
        .primaryKeyHasMoreColumns(
          table: "driftEnrollments", swiftKey: ["courseID", "studentID"],
          databaseKey: ["courseID", "studentID", "grade"])
      ])
    #expect(
      differences.first?.description
        == "driftEnrollments: the primary key is (courseID, studentID, grade), but the Swift "
        + "primary key is (courseID, studentID)")
    #expect(throws: SchemaMismatchError.self) { try wider.checkSchema(DriftEnrollment.self) }
  }

  @Test func strictTablesFollowStrictTypes() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "driftAuthors" (
          "id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "born" INT, "rating" INTEGER NOT NULL,
          "avatar" ANY, "status" BLOB
        ) STRICT
        """)
    #expect(
      try db.schemaDifferences(DriftAuthor.self) == [
        .incompatibleType(
          table: "driftAuthors", column: "rating", declaredType: "INTEGER", swiftType: .real)
      ])
  }

  @Test func affinityRules() {
    #expect(TypeAffinity(declaredType: "BIGINT") == .integer)
    #expect(TypeAffinity(declaredType: "VARCHAR(20)") == .text)
    #expect(TypeAffinity(declaredType: "") == .blob)
    #expect(TypeAffinity(declaredType: "DOUBLE PRECISION") == .real)
    #expect(TypeAffinity(declaredType: "DECIMAL(10,2)") == .numeric)
    #expect(TypeAffinity(declaredType: "FLOATING POINT") == .integer)  // "INT" wins
    #expect(TypeAffinity.numeric.canHold(.integer))
    #expect(!TypeAffinity.real.canHold(.integer))
    #expect(!TypeAffinity.numeric.canHold(.text))
    #expect(TypeAffinity.text.canHold(.blob))
  }

  @Test func thrownErrorListsDifferences() throws {
    let queue = try DatabaseQueue()
    let error = #expect(throws: SchemaMismatchError.self) {
      try queue.checkSchema(DriftLabel.self)
    }
    #expect(error?.differences == [.missingTable(table: "drift_labels")])
    #expect(
      error?.description == """
        the database schema differs from the Swift tables:
          drift_labels: no such table
        """)
  }

  @Test func generatedColumnsOnBothSides() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "drift_totals" (
          "id" INTEGER PRIMARY KEY,
          "price" INTEGER NOT NULL,
          "total" INTEGER NOT NULL,
          "label" TEXT GENERATED ALWAYS AS ('#' || "id") VIRTUAL,
          "doubled" INTEGER GENERATED ALWAYS AS ("price" * 2) STORED,
          "halved" INTEGER AS ("price" / 2)
        )
        """)
    let differences = try db.schemaDifferences(DriftTotal.self)
    #expect(
      differences == [
        .notGeneratedColumn(table: "drift_totals", column: "total"),
        .nullableColumn(table: "drift_totals", column: "label"),
        .nullableColumn(table: "drift_totals", column: "doubled"),
        .generatedColumn(table: "drift_totals", column: "doubled", storage: .stored),
        .nullableColumn(table: "drift_totals", column: "halved"),
        .generatedColumn(table: "drift_totals", column: "halved", storage: .virtual),
      ])
    #expect(
      differences.map(\.description) == [
        "drift_totals.total: the Swift property is generated, but the column is not "
          + "GENERATED ALWAYS AS (…)",
        "drift_totals.label: accepts NULL, but the Swift property is not optional",
        "drift_totals.doubled: accepts NULL, but the Swift property is not optional",
        "drift_totals.doubled: GENERATED ALWAYS AS (…) STORED, but the Swift property is "
          + "written (mark it @Column(generated: .stored))",
        "drift_totals.halved: accepts NULL, but the Swift property is not optional",
        "drift_totals.halved: GENERATED ALWAYS AS (…) VIRTUAL, but the Swift property is "
          + "written (mark it @Column(generated: .virtual))",
      ])
    // The same table with the generated columns where Swift expects them matches, and a
    // generated column Swift doesn't map at all is fine: it is never written.
    try db.execute(
      sql: """
        DROP TABLE "drift_totals";
        CREATE TABLE "drift_totals" (
          "id" INTEGER PRIMARY KEY,
          "price" INTEGER NOT NULL,
          "total" INTEGER NOT NULL GENERATED ALWAYS AS ("price" + 1) STORED,
          "label" TEXT NOT NULL AS ('#' || "id"),
          "doubled" INTEGER NOT NULL DEFAULT 0,
          "halved" INTEGER NOT NULL DEFAULT 0,
          "extra" INTEGER NOT NULL AS ("price" * 3)
        );
        INSERT INTO "drift_totals" ("price") VALUES (10);
        """)
    try db.checkSchema(DriftTotal.self)
    #expect(try db.fetchOne(Int.self, sql: #"SELECT "total" FROM "drift_totals""#) == 11)
    #expect(try db.fetchOne(String.self, sql: #"SELECT "label" FROM "drift_totals""#) == "#1")

    // Generated on both sides, stored on one and virtual on the other.
    try db.execute(
      sql: """
        DROP TABLE "drift_totals";
        CREATE TABLE "drift_totals" (
          "id" INTEGER PRIMARY KEY,
          "price" INTEGER NOT NULL,
          "total" INTEGER NOT NULL AS ("price" + 1) VIRTUAL,
          "label" TEXT NOT NULL AS ('#' || "id") STORED,
          "doubled" INTEGER NOT NULL DEFAULT 0,
          "halved" INTEGER NOT NULL DEFAULT 0
        )
        """)
    let storage = try db.schemaDifferences(DriftTotal.self)
    #expect(
      storage == [
        .generatedStorageDiffers(
          table: "drift_totals", column: "total", expected: .stored, actual: .virtual),
        .generatedStorageDiffers(
          table: "drift_totals", column: "label", expected: .virtual, actual: .stored),
      ])
    #expect(
      storage.first?.description
        == "drift_totals.total: GENERATED ALWAYS AS (…) VIRTUAL, but the Swift property says "
        + "@Column(generated: .stored)")
  }

  @Test func foreignKeysThatCannotWork() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "books" ("id" INTEGER PRIMARY KEY, "isbn" TEXT UNIQUE, "title" TEXT);
        CREATE TABLE "notes" ("body" TEXT);
        CREATE TABLE "drift_loans" (
          "id" INTEGER PRIMARY KEY,
          "bookID" INTEGER REFERENCES "books",
          "isbn" TEXT REFERENCES "books" ("isbn"),
          "shelfID" INTEGER REFERENCES "shelves" ("id"),
          "copy" INTEGER REFERENCES "books" ("copy"),
          "title" TEXT REFERENCES "books" ("title"),
          "note" TEXT REFERENCES "notes"
        )
        """)
    let differences = try db.schemaDifferences(DriftLoan.self)
    #expect(
      Set(differences) == [
        .foreignKeyToMissingTable(
          table: "drift_loans", columns: ["shelfID"], referencedTable: "shelves"),
        .foreignKeyToMissingColumn(
          table: "drift_loans", columns: ["copy"], referencedTable: "books",
          referencedColumns: ["copy"]),
        .foreignKeyToNonUniqueColumns(
          table: "drift_loans", columns: ["title"], referencedTable: "books",
          referencedColumns: ["title"]),
        .foreignKeyToMissingColumn(
          table: "drift_loans", columns: ["note"], referencedTable: "notes",
          referencedColumns: []),
      ])
    #expect(differences.count == 4)
    #expect(
      Set(differences.map(\.description)) == [
        "drift_loans(shelfID): foreign key to shelves, which does not exist",
        "drift_loans(copy): foreign key to books(copy), which does not exist",
        "drift_loans(title): foreign key to books(title), which is neither its primary key "
          + "nor UNIQUE (foreign key mismatch)",
        "drift_loans(note): foreign key to the primary key of notes, which has none",
      ])
    // Enforced, such keys make every write to the table fail.
    try db.execute(sql: "PRAGMA foreign_keys = ON")
    try db.execute(sql: #"INSERT INTO "books" ("id", "isbn") VALUES (1, 'x')"#)
    let error = #expect(throws: DatabaseError.self) {
      try db.execute(sql: #"INSERT INTO "drift_loans" ("bookID", "isbn") VALUES (1, 'x')"#)
    }
    #expect(error?.message.contains("foreign key mismatch") == true)
    // Fixed, the keys are fine.
    try db.execute(
      sql: """
        PRAGMA foreign_keys = OFF;
        DROP TABLE "drift_loans";
        CREATE TABLE "shelves" ("id" INTEGER PRIMARY KEY);
        CREATE TABLE "drift_loans" (
          "id" INTEGER PRIMARY KEY,
          "bookID" INTEGER REFERENCES "books",
          "isbn" TEXT REFERENCES "books" ("ISBN"),
          "shelfID" INTEGER REFERENCES "shelves" ("id")
        );
        PRAGMA foreign_keys = ON;
        """)
    try db.checkSchema(DriftLoan.self)
    try db.execute(sql: #"INSERT INTO "drift_loans" ("bookID", "isbn") VALUES (1, 'x')"#)
    #expect(throws: DatabaseError.self) {
      try db.execute(sql: #"INSERT INTO "drift_loans" ("bookID") VALUES (2)"#)
    }
  }
}
