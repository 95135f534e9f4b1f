import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// JSON paths written as key paths, at any depth, built once at the top level and run on both
// databases: PostgreSQL reads each SQLite path as a `jsonpath`.

@Table("sites") struct Site: Equatable, Codable {
  var homepage = ""
  var isPrimary = false
  @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
}

@Table("bylines") struct Byline: Equatable, Codable {
  let id: Int
  var name = ""
  var nickname: String?
  @Column(as: [Site].JSONRepresentation.self) var sites: [Site] = []
}

@Table("stories") struct Story: Equatable {
  let id: Int
  @Column(as: Byline.JSONRepresentation.self) var byline: Byline
  @Column(as: [[Int]].JSONRepresentation.self) var grid: [[Int]] = []
}

let stories = [
  Story(
    id: 1,
    byline: Byline(
      id: 7, name: "Blob",
      sites: [
        Site(homepage: "blob.example", isPrimary: true, tags: ["home", "blog"]),
        Site(homepage: "blob.dev"),
      ]),
    grid: [[1, 2], [3, 4]]),
  Story(id: 2, byline: Byline(id: 8, name: "Ada", nickname: "Countess")),
]
let insertStories = Story.insert { stories }
let storyPaths = Story.order { $0.id }.select {
  (
    $0.byline.jsonExtract(\.sites[0].homepage),
    $0.byline.jsonExtract(\.sites[1].isPrimary),
    $0.grid.jsonExtract(\.[1][0]),
    $0.byline.jsonArrayLength(\.sites),
    $0.byline.jsonEach(\.sites[0].tags).count()
  )
}
let storiesTaggedBlog = Story.where {
  $0.byline.jsonEach(\.sites[0].tags).where { $0.value == "blog" }.exists()
}
.select { $0.id }
let firstSites = Story.order { $0.id }.select { $0.byline.jsonExtract(\.sites[0]) }
let renameBylines = Story.update {
  $0.byline = $0.byline.jsonSet(\.name, "Bee").jsonInsert(\.nickname, "B")
}
let dropNicknames = Story.update { $0.byline = $0.byline.jsonRemove(\.nickname) }
let replaceGridCell = Story.where { $0.id == 1 }.update {
  $0.grid = $0.grid.jsonReplace(\.[0][1], 9)
}
let renameFirstSite = Story.update {
  $0.byline = $0.byline.jsonSet(\.sites[0].homepage, "blob.org")
}
let storyTitlesByID = Story.select { $0.byline.jsonExtract(\.name).jsonGroupArray() }

@Suite("JSON paths from key paths on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct JSONPathCrossDialectTests {
  /// PostgreSQL reads each SQLite path as a `jsonpath`, and a column's JSON text as `jsonb`.
  @Test func pathsRenderForPostgreSQL() {
    let deep = Story.select { $0.byline.jsonExtract(\.sites[0].homepage) }
    let rendered = deep.query.rendered(for: .postgres)
    #expect(
      rendered.sql == """
        SELECT (jsonb_path_query_first(CAST((jsonb_path_query_first(CAST("stories"."byline" AS \
        jsonb), CAST(? AS jsonpath)) #>> '{}') AS jsonb), CAST(? AS jsonpath)) #>> '{}')
        FROM "stories"
        """)
    #expect(rendered.bindings == [.text(#"$."sites""#), .text(#"$[0]."homepage""#)])
    let removal = dropNicknames.query.rendered(for: .postgres)
    #expect(
      removal.sql == """
        UPDATE "stories"
        SET "byline" = (CAST("stories"."byline" AS jsonb) #- CAST(? AS text[]))
        """)
    #expect(removal.bindings == [.text(#"{"nickname"}"#)])
  }

  @Test func pathsAtAnyDepthReadAndChangeAlike() async throws {
    let sqlite = try Database()
    try sqlite.execute(
      sql: #"""
        CREATE TABLE "stories" (
          "id" INTEGER PRIMARY KEY, "byline" TEXT NOT NULL, "grid" TEXT NOT NULL
        ) STRICT
        """#)
    try insertStories.execute(sqlite)
    try await PostgresTestServer.withDatabase { postgres in
      try await postgres.write { db in
        try await db.execute(
          sql: #"""
            CREATE TABLE "stories" ("id" integer PRIMARY KEY, "byline" jsonb NOT NULL,
              "grid" jsonb NOT NULL)
            """#)
        try await insertStories.execute(db)
      }
      let read = [
        try storyPaths.fetchAll(sqlite),
        try await postgres.read { try await storyPaths.fetchAll($0) },
      ]
      for rows in read {
        #expect(rows.map(\.0) == ["blob.example", nil])
        #expect(rows.map(\.1) == [false, nil])
        #expect(rows.map(\.2) == [3, nil])
        #expect(rows.map(\.3) == [2, 0])
        #expect(rows.map(\.4) == [2, 0])
      }
      #expect(try storiesTaggedBlog.fetchAll(sqlite) == [1])
      #expect(try await postgres.read { try await storiesTaggedBlog.fetchAll($0) } == [1])
      let sites = [
        try firstSites.fetchAll(sqlite),
        try await postgres.read { try await firstSites.fetchAll($0) },
      ]
      for fetched in sites {
        #expect(fetched.map { $0?.queryOutput } == [stories[0].byline.sites[0], nil])
      }

      // (A row holds its nil columns as `null`, which `json_insert` leaves: removed first.)
      try dropNicknames.execute(sqlite)
      try renameBylines.execute(sqlite)
      try replaceGridCell.execute(sqlite)
      try await postgres.write { db in
        try await dropNicknames.execute(db)
        try await renameBylines.execute(db)
        try await replaceGridCell.execute(db)
      }
      let changed = [
        try Story.order { $0.id }.fetchAll(sqlite),
        try await postgres.read { try await Story.order { $0.id }.fetchAll($0) },
      ]
      for rows in changed {
        #expect(rows.map(\.byline.name) == ["Bee", "Bee"])
        #expect(rows.map(\.byline.nickname) == ["B", "B"])
        #expect(rows.map(\.byline.sites) == stories.map(\.byline.sites))
        #expect(rows.map(\.grid) == [[[1, 9], [3, 4]], []])
      }
      // A mutation through a column the row stores as JSON text fails on both, saying why.
      var failures: [String] = []
      do { try renameFirstSite.execute(sqlite) } catch { failures.append("\(error)") }
      do {
        try await postgres.write { try await renameFirstSite.execute($0) }
      } catch {
        failures.append("\(error)")
      }
      #expect(failures.count == 2)
      #expect(
        failures.allSatisfy {
          $0.contains("goes through a column that the row stores as JSON text")
        },
        "\(failures)")
      let names = [
        try storyTitlesByID.fetchOne(sqlite),
        try await postgres.read { try await storyTitlesByID.fetchOne($0) },
      ]
      for fetched in names {
        #expect(fetched?.queryOutput.sorted { ($0 ?? "") < ($1 ?? "") } == ["Bee", "Bee"])
      }
    }
  }
}
