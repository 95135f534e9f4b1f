import Quarry
import QuarrySQLite
import Testing

@Table
struct DriftAuthor: Sendable {
  let id: Int
  var name: String
  var born: Int?
  var rating: Double
  var avatar: [UInt8]?
  var status: DriftStatus?
}

enum DriftStatus: String, QueryBindable, Sendable {
  case active, retired
}

@Table("drift_labels")
struct DriftLabel {
  @Column(primaryKey: true)
  let code: String
  @Column("display_name")
  var displayName: String
}

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
}
