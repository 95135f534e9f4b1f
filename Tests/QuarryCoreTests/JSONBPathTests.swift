import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// The `jsonb_*` functions at a key path, on columns stored as JSONB: their SQL is checked
/// here on any SQLite; they run where SQLite has them (3.45 or later).
@Suite("JSONB functions at key paths")
struct JSONBPathTests {
  @Table("journals") struct Journal: Equatable {
    let id: Int
    @Column(as: JSONPathTests.Author.JSONBRepresentation.self) var author: JSONPathTests.Author
    @Column(as: [String: [String]].JSONBRepresentation.self) var bins: [String: [String]] = [:]
  }

  static let journals = [
    Journal(
      id: 1,
      author: JSONPathTests.Author(
        id: 7, name: "Blob", aliases: ["B"],
        links: [JSONPathTests.Link(homepage: "blob.example", isPrimary: true)]),
      bins: ["tools": ["saw"]]),
    Journal(id: 2, author: JSONPathTests.Author(id: 8, name: "Ada", nickname: "Countess")),
  ]

  static let hasJSONBFunctions = Database.sqliteVersionNumber >= 3_045_000
  static let skipped = Comment(
    rawValue: "Skipped: this SQLite (\(Database.sqliteVersion)) is older than 3.45, which added "
      + "the jsonb_* functions; their SQL is checked by readsRenderTheirSQL and "
      + "mutationsRenderTheirSQL")

  static let reads = Journal.order { $0.id }.select {
    (
      $0.author.jsonbExtract(\.name), $0.author.jsonbExtract(\.links[0]),
      $0.author.jsonbExtract(\.tenure.since), $0.bins.jsonbExtract(\.["tools"]),
      $0.author.jsonbEach(\.aliases).count()
    )
  }
  static let mutations = Journal.update {
    $0.author = $0.author.jsonbRemove(\.nickname).jsonbSet(\.name, "Bee")
      .jsonbInsert(\.nickname, "B").jsonbReplace(\.tenure.since, 2021)
    $0.bins = $0.bins.jsonbAppend(\.["tools"], "drill")
  }

  static func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "journals" (
          "id" INTEGER PRIMARY KEY, "author" BLOB NOT NULL, "bins" BLOB NOT NULL
        ) STRICT
        """)
    try Journal.insert { journals }.execute(db)
    return db
  }

  /// An array or object at the end comes back as JSONB; a scalar, or a column the row holds as
  /// JSON text, as the SQL value it is.
  @Test func readsRenderTheirSQL() {
    assertSQL(
      Self.reads,
      """
      SELECT jsonb_extract("journals"."author", '$."name"'), \
      jsonb_extract(("journals"."author" ->> '$."links"'), '$[0]'), \
      jsonb_extract("journals"."author", '$."since"'), \
      jsonb_extract("journals"."bins", '$."tools"'), \
      (SELECT count(*) FROM jsonb_each(("journals"."author" ->> '$."aliases"')))
      FROM "journals"
      ORDER BY "journals"."id"
      """)
  }

  @Test func mutationsRenderTheirSQL() {
    assertSQL(
      Self.mutations,
      """
      UPDATE "journals"
      SET "author" = jsonb_replace(jsonb_insert(jsonb_set(jsonb_remove("journals"."author", \
      '$."nickname"'), '$."name"', 'Bee'), '$."nickname"', 'B'), '$."since"', 2021), \
      "bins" = jsonb_insert("journals"."bins", '$."tools"[#]', 'drill')
      """)
    // The key-path forms return JSONB of a column of JSON text too.
    assertSQL(
      JSONPathTests.Post.update { $0.author = $0.author.jsonbSet(\.name, "Bee") },
      """
      UPDATE "posts" SET "author" = jsonb_set("posts"."author", '$."name"', 'Bee')
      """)
  }

  /// A path the row can't change in place, or that names a key with a double quote, fails
  /// before anything is sent, as the JSON forms do.
  @Test func unwritablePathsFailClearly() throws {
    let db = try Self.database()
    let throughText = Journal.update {
      $0.author = $0.author.jsonbSet(\.links[0].homepage, "blob.org")
    }
    #expect {
      try throughText.execute(db)
    } throws: { error in
      "\(error)".contains("goes through a column that the row stores as JSON text")
    }
    let quoted = Journal.select { $0.bins.jsonbExtract(\.[#"a "b""#]) }
    #expect {
      try quoted.fetchAll(db)
    } throws: { error in
      "\(error)".contains("which no SQLite JSON path can name")
    }
    #expect(try Journal.order { $0.id }.fetchAll(db) == Self.journals)
  }

  @Test(.enabled(if: hasJSONBFunctions, skipped))
  func runOnSQLite345() throws {
    let db = try Self.database()
    let rows = try Self.reads.fetchAll(db)
    #expect(rows.map(\.0) == ["Blob", "Ada"])
    #expect(rows.map { $0.1?.queryOutput } == [Self.journals[0].author.links[0], nil])
    #expect(rows.map(\.2) == [2020, 2020])
    #expect(rows.map { $0.3?.queryOutput } == [["saw"], nil])
    #expect(rows.map(\.4) == [1, 0])
    try Self.mutations.execute(db)
    let changed = try Journal.order { $0.id }.fetchAll(db)
    #expect(changed.map(\.author.name) == ["Bee", "Bee"])
    #expect(changed.map(\.author.nickname) == ["B", "B"])
    #expect(changed.map(\.author.tenure.since) == [2021, 2021])
    #expect(changed.map(\.bins) == [["tools": ["saw", "drill"]], [:]])
    let stored = try db.fetchOne(
      String.self, sql: #"SELECT typeof("author") FROM "journals" WHERE "id" = 1"#)
    #expect(stored == "blob")
  }
}
