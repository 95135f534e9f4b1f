import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// JSONB columns and the jsonb functions, built once at the top level and run on both databases:
// a `BLOB` of JSONB on SQLite, a `jsonb` column on PostgreSQL.

@Table("notebooks") struct Notebook: Equatable, Codable {
  let id: Int
  var title = ""
  @Column(as: [String].JSONBRepresentation.self) var tags: [String] = []
  @Column(as: [String: Int]?.JSONBRepresentation.self) var counts: [String: Int]?
}

let notebookRows = [
  Notebook(id: 1, title: "Home", tags: ["milk", "eggs"], counts: ["milk": 2]),
  Notebook(id: 2, title: "Work", tags: [], counts: nil),
]
let insertNotebooks = Notebook.insert { notebookRows }
let allNotebooks = Notebook.order { $0.id }
let appendToNotebooks = Notebook.update {
  $0.tags = $0.tags.jsonAppend("bread")
  $0.counts = $0.counts.jsonbSet("$.bread", to: 1)
}
let notebooksAsJSONB = Notebook.select { $0.jsonbGroupArray(order: $0.id) }
let notebookPieces = Notebook.where { $0.id == 1 }.select {
  ($0.jsonbObject(), $0.tags.jsonbRemove("$[0]"), $0.tags.jsonbExtract("$", as: [String].self))
}
let notebookTags = Notebook.join(jsonEach: { $0.tags }).order { notebook, tag in
  (notebook.id, tag.key)
}
.select { $1.value }
let notebookTagCounts = Notebook.order { $0.id }.select {
  ($0.tags.jsonbEach().count(), $0.tags.jsonbEach().where { $0.value == "eggs" }.exists())
}

@Suite("JSONB on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct JSONBCrossDialectTests {
  static let sqliteHasJSONBFunctions = Database.sqliteVersionNumber >= 3_045_000

  @Test func jsonbColumnsAndFunctions() async throws {
    let sqlite = try Database()
    try sqlite.execute(
      sql: """
        CREATE TABLE "notebooks" (
          "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "tags" BLOB NOT NULL, "counts" BLOB
        ) STRICT
        """)
    try insertNotebooks.execute(sqlite)
    #expect(try allNotebooks.fetchAll(sqlite) == notebookRows)
    try await PostgresTestServer.withDatabase { postgres in
      try await postgres.write { db in
        try await db.execute(
          sql: """
            CREATE TABLE "notebooks" (
              "id" integer PRIMARY KEY, "title" text NOT NULL, "tags" jsonb NOT NULL,
              "counts" jsonb
            )
            """)
        try await insertNotebooks.execute(db)
      }
      #expect(try await postgres.read { try await allNotebooks.fetchAll($0) } == notebookRows)
      let typeOfTags = SQLQueryExpression<String>(
        #"SELECT jsonb_typeof("tags") FROM "notebooks" WHERE "id" = 1"#)
      let stored = try await postgres.read { try await typeOfTags.fetchOne($0) }
      #expect(stored == "array")

      try await postgres.write { try await appendToNotebooks.execute($0) }
      let updated = try await postgres.read { try await allNotebooks.fetchAll($0) }
      #expect(updated.map(\.tags) == [["milk", "eggs", "bread"], ["bread"]])
      #expect(updated.map(\.counts) == [["milk": 2, "bread": 1], nil])
      let arrays = try await postgres.read { try await notebooksAsJSONB.fetchAll($0) }
      #expect(arrays.map(\.queryOutput) == [updated])
      let pieces = try await postgres.read { try await notebookPieces.fetchOne($0) }
      #expect(pieces?.0.queryOutput == updated[0])
      #expect(pieces?.1.queryOutput == ["eggs", "bread"])
      #expect(pieces?.2?.queryOutput == ["milk", "eggs", "bread"])
      let tags = try await postgres.read { try await notebookTags.fetchAll($0) }
      #expect(tags == ["milk", "eggs", "bread", "bread"])
      let counts = try await postgres.read { try await notebookTagCounts.fetchAll($0) }
      #expect(counts.map(\.0) == [3, 1] && counts.map(\.1) == [true, false])

      // SQLite runs the jsonb functions from 3.45 on, with the same results.
      guard Self.sqliteHasJSONBFunctions else { return }
      try appendToNotebooks.execute(sqlite)
      #expect(try allNotebooks.fetchAll(sqlite) == updated)
      #expect(try notebooksAsJSONB.fetchAll(sqlite).map(\.queryOutput) == [updated])
      let sqlitePieces = try notebookPieces.fetchOne(sqlite)
      #expect(sqlitePieces?.1.queryOutput == ["eggs", "bread"])
      #expect(try notebookTags.fetchAll(sqlite) == tags)
      let sqliteCounts = try notebookTagCounts.fetchAll(sqlite)
      #expect(sqliteCounts.map(\.0) == [3, 1] && sqliteCounts.map(\.1) == [true, false])
    }
  }
}

// Paths named by the columns of a row stored as JSON.

@Table("writers") struct Writer: Equatable, Codable {
  let id: Int
  var name = ""
  var isVerified = false
  @Column(as: [String].JSONRepresentation.self) var aliases: [String] = []
}

@Table("articles") struct Article: Equatable {
  let id: Int
  @Column(as: Writer.JSONRepresentation.self) var writer: Writer
}

let insertArticles = Article.insert {
  Article(id: 1, writer: Writer(id: 7, name: "Blob", isVerified: true, aliases: ["B", "Blobby"]))
  Article(id: 2, writer: Writer(id: 8, name: "Ada", isVerified: false, aliases: []))
}
let writerNames = Article.order { $0.id }.select {
  ($0.writer.jsonExtract(\.name), $0.writer.jsonExtract(\.isVerified))
}
let articlesByAlias = Article.where {
  $0.writer.jsonEach(\.aliases).where { $0.value == "Blobby" }.exists()
}
.select { $0.id }
let aliasCounts = Article.order { $0.id }.select { $0.writer.jsonEach(\.aliases).count() }

@Suite("JSON paths by column on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct JSONPathsByColumnTests {
  @Test func pathsNamedByTheStoredRowsColumns() async throws {
    let sqlite = try Database()
    try sqlite.execute(
      sql: #"CREATE TABLE "articles" ("id" INTEGER PRIMARY KEY, "writer" TEXT NOT NULL) STRICT"#)
    try insertArticles.execute(sqlite)
    try await PostgresTestServer.withDatabase { postgres in
      try await postgres.write { db in
        try await db.execute(
          sql: #"CREATE TABLE "articles" ("id" integer PRIMARY KEY, "writer" jsonb NOT NULL)"#)
        try await insertArticles.execute(db)
      }
      let names =
        [try writerNames.fetchAll(sqlite)]
        + [try await postgres.read { try await writerNames.fetchAll($0) }]
      for fetched in names {
        #expect(fetched.map(\.0) == ["Blob", "Ada"])
        #expect(fetched.map(\.1) == [true, false])
      }
      #expect(try articlesByAlias.fetchAll(sqlite) == [1])
      #expect(try await postgres.read { try await articlesByAlias.fetchAll($0) } == [1])
      #expect(try aliasCounts.fetchAll(sqlite) == [2, 0])
      #expect(try await postgres.read { try await aliasCounts.fetchAll($0) } == [2, 0])
    }
  }
}
