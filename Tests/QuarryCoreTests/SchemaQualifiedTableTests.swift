import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// `@Table(schema:)`: a table of an attached database (or of `main`, named so) is qualified by
/// its schema wherever its name appears.
@Suite("Tables in a schema")
struct SchemaQualifiedTableTests {
  @Test func theSchemaQualifiesTheTableAndItsColumns() {
    #expect(ArchivedNote.schema.quotedName == #""archive"."notes""#)
    #expect(ArchivedNote.schema.schemaName == "archive")
    #expect(ArchivedNote.tableName == "notes")
    #expect(ArchivedNote.columns.title.qualifiedName == #""archive"."notes"."title""#)
    #expect(Counter.schema.schemaName == nil)
  }

  @Test func selectsReadTheAttachedDatabase() throws {
    let db = try archiveDatabase()
    let titles = try assertQuery(
      ArchivedNote.where { $0.counterID == 2 }.order { $0.id }.select { $0.title }, db: db,
      sql: """
        SELECT "archive"."notes"."title" FROM "archive"."notes"
        WHERE ("archive"."notes"."counterID" = 2) ORDER BY "archive"."notes"."id"
        """)
    #expect(titles == ["Older", "Oldest"])
    // Whole rows (a STRICT table of the attached database) and `find`.
    assertSQL(
      ArchivedNote.all,
      #"SELECT "archive"."notes"."id", "archive"."notes"."title", "archive"."notes"."counterID" FROM "archive"."notes""#
    )
    #expect(
      try ArchivedNote.order { $0.id }.fetchAll(db).map(\.title) == ["Old", "Older", "Oldest"])
    assertSQL(
      ArchivedNote.find(2),
      """
      SELECT "archive"."notes"."id", "archive"."notes"."title", "archive"."notes"."counterID"
      FROM "archive"."notes" WHERE ("archive"."notes"."id" = 2)
      """)
    #expect(
      try ArchivedNote.find(2).fetchOne(db) == ArchivedNote(id: 2, title: "Older", counterID: 2))
    // `main`'s table of the same name is another table.
    assertSQL(MainNote.select { $0.title }, #"SELECT "main"."notes"."title" FROM "main"."notes""#)
    #expect(try MainNote.select { $0.title }.fetchAll(db) == ["New"])
  }

  @Test func writesChangeTheAttachedDatabase() throws {
    let db = try archiveDatabase()
    let insert = ArchivedNote.insert { ArchivedNote.Draft(title: "Newest", counterID: 1) }
      .returning(\.id)
    assertSQL(
      insert,
      """
      INSERT INTO "archive"."notes" ("id", "title", "counterID") VALUES (NULL, 'Newest', 1)
      RETURNING "notes"."id"
      """)
    #expect(try insert.fetchAll(db) == [4])

    let update = ArchivedNote.where { $0.title == "Old" }.update { $0.counterID += 1 }
    assertSQL(
      update,
      """
      UPDATE "archive"."notes" SET "counterID" = ("archive"."notes"."counterID" + 1)
      WHERE ("archive"."notes"."title" = 'Old')
      """)
    try update.execute(db)
    #expect(try ArchivedNote.find(1).fetchOne(db)?.counterID == 2)

    let delete = ArchivedNote.where { $0.counterID == 2 }.delete()
    assertSQL(
      delete,
      #"DELETE FROM "archive"."notes" WHERE ("archive"."notes"."counterID" = 2)"#)
    try delete.execute(db)
    #expect(try ArchivedNote.select { $0.title }.fetchAll(db) == ["Newest"])
    // `main`'s table was not touched.
    #expect(try MainNote.count().fetchOne(db) == 1)
  }

  @Test func joinsAndAliasesQualifyTheTable() throws {
    let db = try archiveDatabase()
    let joined = ArchivedNote.join(Counter.all) { $0.counterID == $1.id }
      .order { note, _ in note.id }
      .select { note, counter in (note.title, counter.name) }
    let rows = try assertQuery(
      joined, db: db,
      sql: """
        SELECT "archive"."notes"."title", "counters"."name" FROM "archive"."notes"
        JOIN "counters" ON ("archive"."notes"."counterID" = "counters"."id")
        ORDER BY "archive"."notes"."id"
        """)
    #expect(rows.map(\.0) == ["Old", "Older", "Oldest"])
    #expect(rows.map(\.1) == ["a", "b", "b"])

    // The same table under an alias, joined to itself.
    let pairs = ArchivedNote.join(ArchivedNote.aliased("other")) {
      $0.counterID == $1.counterID && $0.id < $1.id
    }
    .select { ($0.title, $1.title) }
    let pairRows = try assertQuery(
      pairs, db: db,
      sql: """
        SELECT "archive"."notes"."title", "other"."title" FROM "archive"."notes"
        JOIN "archive"."notes" AS "other"
        ON (("archive"."notes"."counterID" = "other"."counterID")
        AND ("archive"."notes"."id" < "other"."id"))
        """)
    #expect(pairRows.count == 1)
    #expect(pairRows.first?.0 == "Older" && pairRows.first?.1 == "Oldest")
  }

  /// Columns under another qualifier replace the schema-qualified name as a whole: each
  /// column, a group of them, the whole row and hand-written SQL over them.
  @Test func qualifiedColumnsReplaceTheWholeQualifiedName() {
    let columns = ArchivedNote.TableColumns(qualifier: ColumnQualifier("a"))
    #expect(columns.columnQualifier == ColumnQualifier("a"))
    #expect(columns.title.queryFragment.sql == #""a"."title""#)
    #expect(columns.title.qualifiedName == #""a"."title""#)
    #expect(
      (columns.title == "x").queryFragment.sql == #"("a"."title" = ?)"#)
    let names: [String] = ArchivedNote.schema.columns.map { column in #""a"."\#(column.name)""# }
    #expect(columns.queryFragment.sql == names.joined(separator: ", "))
    let handWritten: QueryFragment = "\(columns.title) = \(7) AND \(ArchivedNote.columns.id) > 0"
    #expect(handWritten.sql == #""a"."title" = ? AND "archive"."notes"."id" > 0"#)
    #expect(ArchivedNote.columns.columnQualifier == .table)
    #expect(ArchivedNote.columns.title.qualifiedName == #""archive"."notes"."title""#)
  }
}
