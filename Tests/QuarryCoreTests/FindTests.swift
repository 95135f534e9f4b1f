import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("find renders the schema's pre-rendered select")
struct FindTests {
  @Test func findIsTheSameSQLAsItsWhereClause() throws {
    let db = try labelsDatabase()
    let byKey = ShelfLabel.find(2)
    let spelledOut = ShelfLabel.where { $0.id == 2 }
    let sql = """
      SELECT "shelf_labels"."label_id", "shelf_labels"."text"
      FROM "shelf_labels"
      WHERE ("shelf_labels"."label_id" = 2)
      """
    assertSQL(byKey, sql)
    assertSQL(spelledOut, sql)
    // The very bytes the schema keeps, so the statement cache finds them by identity.
    let schema = ShelfLabel.schema
    #expect(byKey.query.utf8 == schema.selectByPrimaryKeyUTF8)
    #expect(byKey.query.bindings.elementsEqual([.int(2)]))
    #expect(schema.primaryKeyQualifiedNameUTF8 == Array(#""shelf_labels"."label_id""#.utf8))
    #expect(try byKey.fetchOne(db) == ShelfLabel(id: 2, text: "poetry"))
    #expect(try spelledOut.fetchOne(db) == ShelfLabel(id: 2, text: "poetry"))
    #expect(try ShelfLabel.find(9).fetchOne(db) == nil)
    #expect(LogLine.schema.selectByPrimaryKeyUTF8 == nil)
  }

  @Test func findWithMoreClausesRendersThemAll() throws {
    let db = try labelsDatabase()
    let filtered = ShelfLabel.find(1).where { $0.text == "poetry" }
    assertSQL(
      filtered,
      """
      SELECT "shelf_labels"."label_id", "shelf_labels"."text"
      FROM "shelf_labels"
      WHERE ("shelf_labels"."label_id" = 1) AND ("shelf_labels"."text" = 'poetry')
      """)
    #expect(try filtered.fetchAll(db).isEmpty)

    let limited = ShelfLabel.find(3).limit(1)
    assertSQL(
      limited,
      """
      SELECT "shelf_labels"."label_id", "shelf_labels"."text"
      FROM "shelf_labels"
      WHERE ("shelf_labels"."label_id" = 3)
      LIMIT 1
      """)
    #expect(try limited.fetchAll(db).elementsEqual([ShelfLabel(id: 3, text: "history")]))

    let text = ShelfLabel.find(3).select { $0.text }
    assertSQL(
      text,
      #"SELECT "shelf_labels"."text" FROM "shelf_labels" WHERE ("shelf_labels"."label_id" = 3)"#)
    #expect(try text.fetchOne(db) == "history")

    // As a subquery, the select renders inside the outer statement, not as the whole text.
    let inner = ShelfLabel.find(1).select { $0.id }
    let outer = ShelfLabel.where { $0.id.in(inner) }.select { $0.text }
    assertSQL(
      outer,
      """
      SELECT "shelf_labels"."text" FROM "shelf_labels" WHERE ("shelf_labels"."label_id" IN (\
      SELECT "shelf_labels"."label_id" FROM "shelf_labels" WHERE ("shelf_labels"."label_id" = 1)))
      """)
    #expect(try outer.fetchAll(db).elementsEqual(["fiction"]))
  }

  @Test func findThenUpdateAndDelete() throws {
    let db = try labelsDatabase()
    try ShelfLabel.find(1).update { $0.text = "novels" }.execute(db)
    #expect(try ShelfLabel.find(1).fetchOne(db)?.text == "novels")
    try ShelfLabel.find(1).delete().execute(db)
    #expect(try ShelfLabel.find(1).fetchOne(db) == nil)
    #expect(try ShelfLabel.count().fetchOne(db) == 2)
  }
}
