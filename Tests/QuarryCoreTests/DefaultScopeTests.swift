import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// Notes whose deleted rows every statement leaves out, newest first, unless it starts from
/// `unscoped`.
@Table("notes")
struct ScopedNote: Equatable {
  static let all = unscoped.where { !$0.isDeleted }.order { $0.id.desc() }
  let id: Int
  var title = ""
  var folderID = 1
  var isDeleted = false
}

/// The same table with its scope written as StructuredQueries' documentation once did:
/// `Self.where { … }`, a filter only.
@Table("notes")
struct LiveNote: Equatable {
  static let all = Self.where { !$0.isDeleted }
  let id: Int
  var title = ""
  var folderID = 1
  var isDeleted = false
}

@Table("folders")
struct NoteFolder: Equatable {
  let id: Int
  var name = ""
}

/// Rows 1 and 3 are live, 2 and 4 deleted; folder 1 holds 1 and 2, folder 2 holds 3 and 4.
private func notesDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "notes" (
        "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "folderID" INTEGER NOT NULL,
        "isDeleted" INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE "folders" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
      INSERT INTO "folders" VALUES (1, 'home'), (2, 'work');
      INSERT INTO "notes" VALUES (1, 'milk', 1, 0), (2, 'eggs', 1, 1), (3, 'memo', 2, 0),
        (4, 'draft', 2, 1);
      """)
  return db
}

@Suite("Default scopes: a type's own `all`")
struct DefaultScopeTests {
  @Test func selectsStartFromTheScope() throws {
    let db = try notesDatabase()
    let filtered = try assertQuery(
      ScopedNote.where { $0.id > 0 }, db: db,
      sql: """
        SELECT "notes"."id", "notes"."title", "notes"."folderID", "notes"."isDeleted"
        FROM "notes"
        WHERE (NOT "notes"."isDeleted") AND ("notes"."id" > 0)
        ORDER BY "notes"."id" DESC
        """)
    #expect(filtered.map(\.id) == [3, 1])
    let titles = try assertQuery(
      ScopedNote.select { $0.title }, db: db,
      sql: """
        SELECT "notes"."title"
        FROM "notes"
        WHERE (NOT "notes"."isDeleted")
        ORDER BY "notes"."id" DESC
        """)
    #expect(titles == ["memo", "milk"])
    // The scope's ordering comes first; the statement's own follows it.
    let ordered = try assertQuery(
      ScopedNote.order { $0.title }.select { $0.id }, db: db,
      sql: """
        SELECT "notes"."id"
        FROM "notes"
        WHERE (NOT "notes"."isDeleted")
        ORDER BY "notes"."id" DESC, "notes"."title"
        """)
    #expect(ordered == [3, 1])
    #expect(try ScopedNote.count().fetchOne(db) == 2)
    #expect(try ScopedNote.where { $0.folderID == 2 }.count().fetchOne(db) == 1)
  }

  @Test func allIsTheScopeOnceAndUnscopedIsEveryRow() throws {
    let db = try notesDatabase()
    let all = try assertQuery(
      ScopedNote.all, db: db,
      sql: """
        SELECT "notes"."id", "notes"."title", "notes"."folderID", "notes"."isDeleted"
        FROM "notes"
        WHERE (NOT "notes"."isDeleted")
        ORDER BY "notes"."id" DESC
        """)
    #expect(all.map(\.id) == [3, 1])
    let every = try assertQuery(
      ScopedNote.unscoped.order { $0.id }, db: db,
      sql: """
        SELECT "notes"."id", "notes"."title", "notes"."folderID", "notes"."isDeleted"
        FROM "notes"
        ORDER BY "notes"."id"
        """)
    #expect(every.map(\.id) == [1, 2, 3, 4])
    #expect(try ScopedNote.unscoped.where { $0.isDeleted }.count().fetchOne(db) == 2)
    // Filters combined from `unscoped` ones stay unscoped; from scoped ones, scoped.
    let deletedOrFirst = ScopedNote.unscoped.where { $0.isDeleted }
      .or(ScopedNote.unscoped.where { $0.id == 1 })
    #expect(try deletedOrFirst.count().fetchOne(db) == 3)
    #expect(try (!ScopedNote.unscoped.where { $0.id == 1 }).count().fetchOne(db) == 3)
    let scopedAnd = ScopedNote.where { $0.id > 1 }.and(ScopedNote.where { $0.id < 4 })
    #expect(try scopedAnd.fetchAll(db).map(\.id) == [3])
    // A scope written as `Self.where { … }` is applied once too.
    let live = try assertQuery(
      LiveNote.all, db: db,
      sql: """
        SELECT "notes"."id", "notes"."title", "notes"."folderID", "notes"."isDeleted"
        FROM "notes"
        WHERE (NOT "notes"."isDeleted")
        """)
    #expect(live.map(\.id).sorted() == [1, 3])
    let liveFiltered = try assertQuery(
      LiveNote.all.where { $0.folderID == 1 }, db: db,
      sql: """
        SELECT "notes"."id", "notes"."title", "notes"."folderID", "notes"."isDeleted"
        FROM "notes"
        WHERE (NOT "notes"."isDeleted") AND ("notes"."folderID" = 1)
        """)
    #expect(liveFiltered.map(\.id) == [1])
    #expect(try LiveNote.where { $0.folderID == 2 }.fetchAll(db).map(\.id) == [3])
  }

  @Test func findAndCombinedFiltersKeepTheScope() throws {
    let db = try notesDatabase()
    #expect(try ScopedNote.find(1).fetchOne(db)?.title == "milk")
    assertSQL(
      ScopedNote.find(2),
      """
      SELECT "notes"."id", "notes"."title", "notes"."folderID", "notes"."isDeleted"
      FROM "notes"
      WHERE (NOT "notes"."isDeleted") AND ("notes"."id" = 2)
      ORDER BY "notes"."id" DESC
      """)
    #expect(try ScopedNote.find(2).fetchOne(db) == nil)
    #expect(try ScopedNote.find([1, 2, 3, 4]).fetchAll(db).map(\.id) == [3, 1])
    let either = try assertQuery(
      ScopedNote.where { $0.id == 2 }.or(ScopedNote.where { $0.id == 3 }), db: db,
      sql: """
        SELECT "notes"."id", "notes"."title", "notes"."folderID", "notes"."isDeleted"
        FROM "notes"
        WHERE (NOT "notes"."isDeleted") AND (("notes"."id" = 2) OR ("notes"."id" = 3))
        ORDER BY "notes"."id" DESC
        """)
    #expect(either.map(\.id) == [3])
  }

  @Test func updatesAndDeletesChangeOnlyTheScopedRows() throws {
    let db = try notesDatabase()
    let update = ScopedNote.update { $0.title += "!" }
    assertSQL(
      update,
      """
      UPDATE "notes"
      SET "title" = ("notes"."title" || '!')
      WHERE (NOT "notes"."isDeleted")
      """)
    try update.execute(db)
    let titles = try ScopedNote.unscoped.order { $0.id }.select { $0.title }.fetchAll(db)
    #expect(titles == ["milk!", "eggs", "memo!", "draft"])

    // A row the scope leaves out is not updated, nor deleted, by its primary key.
    try ScopedNote.update(ScopedNote(id: 2, title: "changed", isDeleted: true)).execute(db)
    try ScopedNote.delete(ScopedNote(id: 4, title: "draft", folderID: 2, isDeleted: true))
      .execute(db)
    #expect(try ScopedNote.unscoped.where { $0.id == 2 }.fetchOne(db)?.title == "eggs")
    #expect(try ScopedNote.unscoped.count().fetchOne(db) == 4)

    let delete = ScopedNote.where { $0.folderID == 1 }.delete()
    assertSQL(
      delete,
      """
      DELETE FROM "notes"
      WHERE (NOT "notes"."isDeleted") AND ("notes"."folderID" = 1)
      """)
    try delete.execute(db)
    #expect(try ScopedNote.unscoped.order { $0.id }.select { $0.id }.fetchAll(db) == [2, 3, 4])
    try ScopedNote.unscoped.where { $0.isDeleted }.delete().execute(db)
    #expect(try ScopedNote.unscoped.select { $0.id }.fetchAll(db) == [3])
  }

  @Test func joinsKeepEachSidesScope() throws {
    let db = try notesDatabase()
    // The joined table's scope joins its condition, so a left join still keeps every folder.
    let perFolder = try assertQuery(
      NoteFolder.leftJoin(ScopedNote.all) { $0.id == $1.folderID }
        .order { folder, _ in folder.id }.select { ($0.name, $1.title) },
      db: db,
      sql: """
        SELECT "folders"."name", "notes"."title"
        FROM "folders"
        LEFT JOIN "notes" ON (("folders"."id" = "notes"."folderID") AND (NOT "notes"."isDeleted"))
        ORDER BY "folders"."id"
        """)
    #expect(perFolder.map(\.0) == ["home", "work"])
    #expect(perFolder.map(\.1) == ["milk", "memo"])
    // The table a join starts from keeps its scope: filter and ordering.
    let notes = try assertQuery(
      ScopedNote.join(NoteFolder.all) { $0.folderID == $1.id }.select { ($0.id, $1.name) },
      db: db,
      sql: """
        SELECT "notes"."id", "folders"."name"
        FROM "notes"
        JOIN "folders" ON ("notes"."folderID" = "folders"."id")
        WHERE (NOT "notes"."isDeleted")
        ORDER BY "notes"."id" DESC
        """)
    #expect(notes.map(\.0) == [3, 1])
    #expect(
      try ScopedNote.unscoped.join(NoteFolder.all) { $0.folderID == $1.id }.fetchAll(db).count
        == 4)
  }

  /// A join of `json_each` starts from the table's own rows too: its scope's filter and order.
  @Test func jsonEachJoinsKeepTheScope() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "taggedNotes" (
          "id" INTEGER PRIMARY KEY, "isDeleted" INTEGER NOT NULL DEFAULT 0,
          "tags" TEXT NOT NULL DEFAULT '[]'
        );
        INSERT INTO "taggedNotes" VALUES (3, 0, '[]'), (2, 1, '["c"]'), (1, 0, '["a","b"]');
        """)
    let tags: [(Int, String)] = try assertQuery(
      TaggedNote.join(jsonEach: { $0.tags }).select { ($0.id, $1.value) }, db: db,
      sql: """
        SELECT "taggedNotes"."id", "json_each"."value" FROM "taggedNotes"
        JOIN json_each("taggedNotes"."tags")
        WHERE (NOT "taggedNotes"."isDeleted")
        ORDER BY "taggedNotes"."id"
        """)
    #expect(tags.map { "\($0.0) \($0.1)" } == ["1 a", "1 b"])
    let everyNote: [(Int, String?)] = try assertQuery(
      TaggedNote.leftJoin(jsonEach: { $0.tags }).select { ($0.id, $1.value) }, db: db,
      sql: """
        SELECT "taggedNotes"."id", "json_each"."value" FROM "taggedNotes"
        LEFT JOIN json_each("taggedNotes"."tags")
        WHERE (NOT "taggedNotes"."isDeleted")
        ORDER BY "taggedNotes"."id"
        """)
    #expect(everyNote.map { "\($0.0) \($0.1 ?? "-")" } == ["1 a", "1 b", "3 -"])
  }
}

/// Notes with tags, whose deleted rows every statement leaves out, oldest first.
@Table("taggedNotes")
struct TaggedNote: Equatable {
  static let all = unscoped.where { !$0.isDeleted }.order { $0.id }
  let id: Int
  var isDeleted = false
  @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
}
