import Foundation
import Quarry
import QuarrySQLite
import Testing

/// `quarry generate`: the checked-in `Generated/GeneratedLibrary.swift` is what the tool prints
/// for ``GenerateTests/fixtureSQL``, it compiles (it is part of this target), and its types
/// read back rows written with raw SQL.
@Suite("quarry generate")
struct GenerateTests {
  /// The fixture database's schema: naming rules, affinities, nullability, primary keys
  /// (rowid, text, composite: a `@Selection` group), a generated column, an index and a view.
  static let fixtureSQL = """
    CREATE TABLE "genAuthors" (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "full_name" TEXT NOT NULL,
      "born" INTEGER,
      "rating" REAL NOT NULL DEFAULT 0
    ) STRICT;
    CREATE TABLE "gen_books" (
      "isbn" TEXT PRIMARY KEY NOT NULL,
      "author_id" INTEGER NOT NULL REFERENCES "genAuthors"("id"),
      "title" VARCHAR(200) NOT NULL,
      "price" NUMERIC,
      "is_available" BOOLEAN NOT NULL DEFAULT 1,
      "cover" BLOB,
      "class" TEXT,
      "notes",
      "title_length" INTEGER GENERATED ALWAYS AS (length("title"))
    );
    CREATE INDEX "gen_books_author" ON "gen_books"("author_id");
    CREATE TABLE "genCategories" (
      "id" INTEGER NOT NULL,
      "name" TEXT NOT NULL,
      "parentID" INTEGER,
      PRIMARY KEY ("id", "name")
    ) WITHOUT ROWID;
    CREATE VIEW "genBookTitles" AS SELECT "title" FROM "gen_books";
    """

  @Test func checkedInSourceMatchesTheGenerator() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-generate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("library.sqlite")
    do {
      let db = try Database(path: file.path)
      try db.execute(sql: Self.fixtureSQL)
    }
    let output = try runQuarrySucceeding([
      "generate", file.path, "--migration-function", "createGeneratedLibrarySchema",
    ])
    let checkedIn = try String(contentsOf: Self.checkedInSource, encoding: .utf8)
    #expect(output == checkedIn)
  }

  @Test func generatedTypesRoundTripRows() throws {
    let db = try Database()
    try createGeneratedLibrarySchema(db)
    try db.execute(
      sql: """
        INSERT INTO "genAuthors" VALUES (1, 'Ursula K. Le Guin', 1929, 4.5), (2, 'Anon', NULL, 0);
        INSERT INTO "gen_books" ("isbn", "author_id", "title", "price", "is_available", "cover",
          "class", "notes")
        VALUES ('978-0', 1, 'The Dispossessed', 9.5, 1, x'00ff', 'fiction', 'signed'),
          ('978-1', 2, 'Untitled', 10, 0, NULL, NULL, NULL);
        INSERT INTO "genCategories" VALUES (1, 'fiction', NULL), (2, 'sf', 1);
        """)
    #expect(
      try GenAuthor.all.fetchAll(db) == [
        GenAuthor(id: 1, fullName: "Ursula K. Le Guin", born: 1929, rating: 4.5),
        GenAuthor(id: 2, fullName: "Anon", born: nil, rating: 0),
      ])
    #expect(
      try GenBook.all.fetchAll(db) == [
        GenBook(
          isbn: "978-0", authorID: 1, title: "The Dispossessed", price: 9.5, isAvailable: true,
          cover: [0x00, 0xFF], class: "fiction", notes: "signed"),
        GenBook(
          isbn: "978-1", authorID: 2, title: "Untitled", price: 10, isAvailable: false,
          cover: nil, class: nil, notes: nil),
      ])
    #expect(
      try GenCategory.all.fetchAll(db) == [
        GenCategory(id: GenCategory.ID(id: 1, name: "fiction"), parentID: nil),
        GenCategory(id: GenCategory.ID(id: 2, name: "sf"), parentID: 1),
      ])
    // The composite key ("id", "name") is a `@Selection` group: the table's key.
    let sf = GenCategory.ID(id: 2, name: "sf")
    #expect(try GenCategory.find(sf).fetchOne(db)?.parentID == 1)
    try GenCategory.update(GenCategory(id: sf, parentID: nil)).execute(db)
    #expect(try GenCategory.find(sf).fetchOne(db)?.parentID == nil)
    try GenAuthor.insert { GenAuthor.Draft(fullName: "New", born: 2000, rating: 1) }.execute(db)
    #expect(try GenAuthor.find(3).fetchOne(db)?.fullName == "New")
    try db.checkSchema(GenAuthor.self, GenBook.self, GenCategory.self)
  }

  private static var checkedInSource: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Generated/GeneratedLibrary.swift")
  }
}
