import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("A one-column insert of an expression")
struct OneColumnInsertTests {
  @Test func aTypedExpressionAloneIsARow() throws {
    let upper: SQLQueryExpression<String> = #sql("upper('toast')")
    let insert = UpsertNote.insert {
      $0.title
    } values: {
      upper
    }
    assertSQL(
      insert,
      """
      INSERT INTO "parityNotes" ("title")
      VALUES (upper('toast'))
      """)
    let db = try parityNotesDatabase()
    try insert.execute(db)
    #expect(try UpsertNote.find(3).select { $0.title }.fetchOne(db) == "TOAST")
  }

  @Test func aSubqueryAloneIsARow() throws {
    let insert = UpsertNote.insert {
      $0.title
    } values: {
      UpsertNote.where { $0.id == 1 }.select { $0.title.upper() }
    }
    assertSQL(
      insert,
      """
      INSERT INTO "parityNotes" ("title")
      VALUES ((SELECT upper("parityNotes"."title") FROM "parityNotes"
      WHERE ("parityNotes"."id" = 1)))
      """)
    let db = try parityNotesDatabase()
    try insert.execute(db)
    #expect(try UpsertNote.find(3).select { $0.title }.fetchOne(db) == "MILK")
    // Beside a Swift value in another row, which stays a bound value.
    let rows = UpsertNote.insert {
      $0.title
    } values: {
      #sql("'Scone'")
      "Bun"
    }
    #expect(rows.query.bindings == [.text("Bun")])
    try rows.execute(db)
    #expect(
      try UpsertNote.where { $0.id > 3 }.order { $0.id }.select { $0.title }.fetchAll(db)
        == ["Scone", "Bun"])
  }
}
