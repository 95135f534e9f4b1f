import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("An upsert's update filter reads the excluded row")
struct UpsertExcludedFilterTests {
  /// Only a higher priority replaces the stored one.
  static func raise(_ id: Int, to priority: Int) -> Insert<UpsertNote> {
    UpsertNote.insert {
      UpsertNote.Draft(id: id, title: "Milk", priority: priority)
    }
    .onConflict {
      $0.id
    } doUpdate: { row, excluded in
      row.priority = excluded.priority
    } where: { row, excluded in
      excluded.priority > row.priority
    }
  }

  @Test func aTargetedUpdateComparesTheExcludedRowWithTheExistingOne() throws {
    assertSQL(
      Self.raise(1, to: 5),
      """
      INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
      VALUES (1, 'Milk', 5, '', 0)
      ON CONFLICT ("id") DO UPDATE SET "priority" = excluded."priority"
      WHERE (excluded."priority" > "parityNotes"."priority")
      """)
    let db = try parityNotesDatabase()
    try Self.raise(1, to: 5).execute(db)
    #expect(try UpsertNote.find(1).select { $0.priority }.fetchOne(db) == 5)
    // A lower priority leaves the row as it is.
    try Self.raise(1, to: 3).execute(db)
    #expect(try UpsertNote.find(1).select { $0.priority }.fetchOne(db) == 5)
  }

  @Test func anUntargetedUpdateComparesTheExcludedRowWithTheExistingOne() throws {
    let rename = UpsertNote.insert {
      UpsertNote.Draft(id: 2, title: "Oat milk")
    }
    .onConflictDoUpdate { row, excluded in
      row.title = excluded.title
    } where: { row, excluded in
      row.isArchived && excluded.title != row.title
    }
    assertSQL(
      rename,
      """
      INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
      VALUES (2, 'Oat milk', 0, '', 0)
      ON CONFLICT DO UPDATE SET "title" = excluded."title"
      WHERE ("parityNotes"."isArchived" AND (excluded."title" <> "parityNotes"."title"))
      """)
    let db = try parityNotesDatabase()
    try rename.execute(db)
    #expect(try UpsertNote.find(2).select { $0.title }.fetchOne(db) == "Oat milk")
    // Row 1 is not archived: the filter keeps it from the update.
    try UpsertNote.insert { UpsertNote.Draft(id: 1, title: "Soy milk") }
      .onConflictDoUpdate { row, excluded in
        row.title = excluded.title
      } where: { row, _ in
        row.isArchived
      }
      .execute(db)
    #expect(try UpsertNote.find(1).select { $0.title }.fetchOne(db) == "Milk")
  }
}
