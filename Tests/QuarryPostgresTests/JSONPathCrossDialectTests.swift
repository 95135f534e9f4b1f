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
  var term = Term(since: 2020)
}

/// A group of columns in a byline's JSON: `"since"` and `"until_year"`.
@Selection struct Term: Equatable, Codable {
  var since: Int
  @Column("until_year") var until: Int?
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

// Paths by a dictionary's key and into a `@Selection` group, `jsonAppend` at a path, and the
// `jsonb_*` functions at key paths (on PostgreSQL, and on SQLite 3.45 or later).
@Table("cupboards") struct Cupboard: Equatable {
  let id: Int
  @Column(as: [String: [String]].JSONRepresentation.self) var bins: [String: [String]] = [:]
  @Column(as: [String: Int].JSONRepresentation.self) var counts: [String: Int] = [:]
  @Column(as: Byline.JSONRepresentation.self) var byline: Byline
  @Column(as: Byline.JSONBRepresentation.self) var archive: Byline
  @Column(as: [String: [String]].JSONBRepresentation.self) var stock: [String: [String]] = [:]
}

let cupboards = [
  Cupboard(
    id: 1, bins: ["tools": ["saw"]], counts: ["home": 2, #"a\b"#: 3],
    byline: Byline(id: 7, name: "Blob"),
    archive: Byline(id: 7, name: "Blob", sites: [Site(homepage: "blob.example")]),
    stock: ["tools": ["saw"]]),
  Cupboard(
    id: 2, bins: ["tools": []], counts: ["home": 0],
    byline: Byline(id: 8, name: "Ada", nickname: "Countess", term: Term(since: 1843, until: 1852)),
    archive: Byline(id: 8, name: "Ada", nickname: "Countess"), stock: ["tools": []]),
]
let insertCupboards = Cupboard.insert { cupboards }
let allCupboards = Cupboard.order { $0.id }
let cupboardPaths = Cupboard.order { $0.id }.select {
  (
    $0.counts.jsonExtract(\.["home"]), $0.counts.jsonExtract(\.[#"a\b"#]),
    $0.bins.jsonExtract(\.["tools"][0]), $0.byline.jsonExtract(\.term.until),
    $0.bins.jsonArrayLength(\.["tools"])
  )
}
let changeCupboards = Cupboard.update {
  $0.bins = $0.bins.jsonAppend(\.["tools"], "drill")
  $0.counts = $0.counts.jsonSet(\.["away"], 1).jsonRemove(\.[#"a\b"#])
  $0.byline = $0.byline.jsonSet(\.term.until, Int?(2030)).jsonReplace(\.term.since, 2021)
}
let cupboardJSONB = Cupboard.order { $0.id }.select {
  (
    $0.archive.jsonbExtract(\.name), $0.archive.jsonbExtract(\.term.since),
    $0.stock.jsonbExtract(\.["tools"]), $0.archive.jsonbExtract(\.sites[0])
  )
}
let cupboardSiteCounts = Cupboard.order { $0.id }.select { $0.archive.jsonbEach(\.sites).count() }
let changeCupboardsJSONB = Cupboard.update {
  $0.archive = $0.archive.jsonbRemove(\.nickname).jsonbSet(\.name, "Bee")
    .jsonbInsert(\.nickname, "B").jsonbReplace(\.term.since, 2021)
  $0.stock = $0.stock.jsonbAppend(\.["tools"], "drill")
}

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

  /// A dictionary's key and a group's column render as members of PostgreSQL's `jsonpath`
  /// (a backslash doubled), and of its `text[]` path in a mutation (the backslash single).
  @Test func keysAndGroupsRenderForPostgreSQL() {
    let rendered = Cupboard.select { $0.counts.jsonExtract(\.[#"a\b"#]) }.query
      .rendered(for: .postgres)
    #expect(
      rendered.sql == """
        SELECT CAST((jsonb_path_query_first(CAST("cupboards"."counts" AS jsonb), \
        CAST(? AS jsonpath)) #>> '{}') AS bigint)
        FROM "cupboards"
        """)
    #expect(rendered.bindings == [.text(#"$."a\\b""#)])
    let removal = Cupboard.update { $0.counts = $0.counts.jsonRemove(\.[#"a\b"#]) }.query
      .rendered(for: .postgres)
    #expect(removal.bindings == [.text(#"{"a\\b"}"#)])
    let group = Cupboard.select { $0.archive.jsonbExtract(\.term.since) }.query
      .rendered(for: .postgres)
    #expect(group.bindings == [.text(#"$."since""#)])
  }

  @Test func keysGroupsAndJSONBPathsReadAndChangeAlike() async throws {
    let sqlite = try Database()
    try sqlite.execute(
      sql: #"""
        CREATE TABLE "cupboards" (
          "id" INTEGER PRIMARY KEY, "bins" TEXT NOT NULL, "counts" TEXT NOT NULL,
          "byline" TEXT NOT NULL, "archive" BLOB NOT NULL, "stock" BLOB NOT NULL
        ) STRICT
        """#)
    try insertCupboards.execute(sqlite)
    let sqliteHasJSONB = Database.sqliteVersionNumber >= 3_045_000
    try await PostgresTestServer.withDatabase { postgres in
      try await postgres.write { db in
        try await db.execute(
          sql: #"""
            CREATE TABLE "cupboards" ("id" integer PRIMARY KEY, "bins" jsonb NOT NULL,
              "counts" jsonb NOT NULL, "byline" jsonb NOT NULL, "archive" jsonb NOT NULL,
              "stock" jsonb NOT NULL)
            """#)
        try await insertCupboards.execute(db)
      }
      #expect(try await postgres.read { try await allCupboards.fetchAll($0) } == cupboards)
      let read = [
        try cupboardPaths.fetchAll(sqlite),
        try await postgres.read { try await cupboardPaths.fetchAll($0) },
      ]
      for rows in read {
        #expect(rows.map(\.0) == [2, 0])
        #expect(rows.map(\.1) == [3, nil])
        #expect(rows.map(\.2) == ["saw", nil])
        #expect(rows.map { $0.3.flatMap { $0 } } == [nil, 1852])
        #expect(rows.map(\.4) == [1, 0])
      }
      try changeCupboards.execute(sqlite)
      try await postgres.write { try await changeCupboards.execute($0) }
      let changed = [
        try allCupboards.fetchAll(sqlite),
        try await postgres.read { try await allCupboards.fetchAll($0) },
      ]
      for rows in changed {
        #expect(rows.map(\.bins) == [["tools": ["saw", "drill"]], ["tools": ["drill"]]])
        #expect(rows.map(\.counts) == [["home": 2, "away": 1], ["home": 0, "away": 1]])
        #expect(
          rows.map(\.byline.term) == [
            Term(since: 2021, until: 2030), Term(since: 2021, until: 2030),
          ])
      }

      // The jsonb functions: on PostgreSQL, and on SQLite where it has them.
      var jsonbReads = [try await postgres.read { try await cupboardJSONB.fetchAll($0) }]
      if sqliteHasJSONB { jsonbReads.append(try cupboardJSONB.fetchAll(sqlite)) }
      for rows in jsonbReads {
        #expect(rows.map(\.0) == ["Blob", "Ada"])
        #expect(rows.map(\.1) == [2020, 2020])
        #expect(rows.map { $0.2?.queryOutput } == [["saw"], []])
        #expect(rows.map { $0.3?.queryOutput } == [Site(homepage: "blob.example"), nil])
      }
      var siteCounts = [try await postgres.read { try await cupboardSiteCounts.fetchAll($0) }]
      if sqliteHasJSONB { siteCounts.append(try cupboardSiteCounts.fetchAll(sqlite)) }
      for counts in siteCounts { #expect(counts == [1, 0]) }
      try await postgres.write { try await changeCupboardsJSONB.execute($0) }
      if sqliteHasJSONB { try changeCupboardsJSONB.execute(sqlite) }
      var jsonbChanged = [try await postgres.read { try await allCupboards.fetchAll($0) }]
      if sqliteHasJSONB { jsonbChanged.append(try allCupboards.fetchAll(sqlite)) }
      for rows in jsonbChanged {
        #expect(rows.map(\.archive.name) == ["Bee", "Bee"])
        #expect(rows.map(\.archive.nickname) == ["B", "B"])
        #expect(rows.map(\.archive.term.since) == [2021, 2021])
        #expect(rows.map(\.archive.sites) == cupboards.map(\.archive.sites))
        #expect(rows.map(\.stock) == [["tools": ["saw", "drill"]], ["tools": ["drill"]]])
      }
    }
  }
}
