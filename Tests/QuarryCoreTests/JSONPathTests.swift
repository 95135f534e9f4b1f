import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// JSON paths written as key paths, through members (columns of a `@Table` stored as JSON) and
/// array indexes, at any depth: read, walked, measured and changed.
@Suite("JSON paths from key paths")
struct JSONPathTests {
  @Table("links") struct Link: Codable, Equatable {
    var homepage = ""
    var isPrimary = false
    @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
  }

  @Table("authors") struct Author: Codable, Equatable {
    let id: Int
    var name = ""
    var nickname: String?
    @Column(as: [String].JSONRepresentation.self) var aliases: [String] = []
    @Column(as: [JSONPathTests.Link].JSONRepresentation.self) var links: [JSONPathTests.Link] = []
    var tenure = JSONPathTests.Tenure(since: 2020)
  }

  /// A group of columns in the author's JSON: `"since"` and `"until_year"`.
  @Selection struct Tenure: Codable, Equatable {
    var since: Int
    @Column("until_year") var until: Int?
  }

  /// Dictionaries stored as JSON, their keys named in paths.
  @Table("shelves") struct Shelf: Equatable {
    let id: Int
    @Column(as: [String: [String]].JSONRepresentation.self) var bins: [String: [String]] = [:]
    @Column(as: [String: Int].JSONRepresentation.self) var counts: [String: Int] = [:]
  }

  @Table("posts") struct Post: Equatable {
    let id: Int
    @Column(as: JSONPathTests.Author.JSONRepresentation.self) var author: JSONPathTests.Author
    @Column(as: [[Int]].JSONRepresentation.self) var grid: [[Int]] = []
  }

  static let posts = [
    Post(
      id: 1,
      author: Author(
        id: 7, name: "Blob", aliases: ["B", "Blobby"],
        links: [
          Link(homepage: "blob.example", isPrimary: true, tags: ["home", "blog"]),
          Link(homepage: "blob.dev"),
        ]),
      grid: [[1, 2], [3, 4]]),
    Post(
      id: 2,
      author: Author(
        id: 8, name: "Ada", nickname: "Countess", tenure: Tenure(since: 1843, until: 1852))),
  ]

  static let shelves = [
    Shelf(
      id: 1, bins: ["tools": ["hammer", "saw"], "toys": []], counts: ["home": 2, #"a\b"#: 3]),
    Shelf(id: 2, bins: [:], counts: [:]),
  ]

  static func shelvesDatabase() throws -> Database {
    let db = try Database()
    try db.execute(
      sql:
        #"CREATE TABLE "shelves" ("id" INTEGER PRIMARY KEY, "bins" TEXT NOT NULL, "counts" TEXT NOT NULL) STRICT"#
    )
    try Shelf.insert { shelves }.execute(db)
    return db
  }

  static func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "posts" (
          "id" INTEGER PRIMARY KEY, "author" TEXT NOT NULL, "grid" TEXT NOT NULL
        ) STRICT
        """)
    try Post.insert { posts }.execute(db)
    return db
  }

  /// A path through a column the row stores as JSON reads that column's text again; an index
  /// past the end, or a missing member, is nil.
  @Test func extractsAtAnyDepth() throws {
    let db = try Self.database()
    let rows = try assertQuery(
      Post.order { $0.id }.select {
        (
          $0.author.jsonExtract(\.links[0].homepage),
          $0.author.jsonExtract(\.links[1].isPrimary),
          $0.author.jsonExtract(\.aliases[1]),
          $0.author.jsonExtract(\.nickname)
        )
      },
      db: db,
      sql: """
        SELECT (("posts"."author" ->> '$."links"') ->> '$[0]."homepage"'), \
        (("posts"."author" ->> '$."links"') ->> '$[1]."isPrimary"'), \
        (("posts"."author" ->> '$."aliases"') ->> '$[1]'), ("posts"."author" ->> '$."nickname"')
        FROM "posts"
        ORDER BY "posts"."id"
        """)
    #expect(rows.map(\.0) == ["blob.example", nil])
    #expect(rows.map(\.1) == [false, nil])
    #expect(rows.map(\.2) == ["Blobby", nil])
    let nicknames: [String?] = rows.map { row -> String? in row.3.flatMap { $0 } }
    #expect(nicknames == [nil, "Countess"])
  }

  /// An array stored as JSON is indexed from the column itself, and an element that is itself
  /// JSON (a row, an array) decodes as its type.
  @Test func indexesArraysAndDecodesWholeElements() throws {
    let db = try Self.database()
    let rows = try assertQuery(
      Post.where { $0.id == 1 }.select {
        (
          $0.grid.jsonExtract(\.[1][0]), $0.grid.jsonExtract(\.[0]),
          $0.author.jsonExtract(\.links[0])
        )
      },
      db: db,
      sql: """
        SELECT ("posts"."grid" ->> '$[1][0]'), ("posts"."grid" ->> '$[0]'), \
        (("posts"."author" ->> '$."links"') ->> '$[0]')
        FROM "posts"
        WHERE ("posts"."id" = 1)
        """)
    #expect(rows.map(\.0) == [3])
    #expect(rows.map { $0.1?.queryOutput } == [[1, 2]])
    #expect(rows.map { $0.2?.queryOutput } == [Self.posts[0].author.links[0]])
  }

  /// `json_each` and `json_array_length` at a path, through a column stored as JSON or not.
  @Test func walksAndMeasuresArraysAtAPath() throws {
    let db = try Self.database()
    let rows = try assertQuery(
      Post.order { $0.id }.select {
        (
          $0.author.jsonEach(\.links[0].tags).count(),
          $0.author.jsonArrayLength(\.links),
          $0.grid.jsonArrayLength(\.[1])
        )
      },
      db: db,
      sql: """
        SELECT (SELECT count(*)
        FROM json_each((("posts"."author" ->> '$."links"') ->> '$[0]."tags"'))), \
        json_array_length(("posts"."author" ->> '$."links"')), \
        json_array_length("posts"."grid", '$[1]')
        FROM "posts"
        ORDER BY "posts"."id"
        """)
    #expect(rows.map(\.0) == [2, 0])
    #expect(rows.map(\.1) == [2, 0])
    #expect(rows.map(\.2) == [2, nil])
    let tagged = try assertQuery(
      Post.where { $0.author.jsonEach(\.links[0].tags).where { $0.value == "blog" }.exists() }
        .select { $0.id },
      db: db,
      sql: """
        SELECT "posts"."id"
        FROM "posts"
        WHERE (EXISTS (SELECT "json_each"."key", "json_each"."value", "json_each"."type", \
        "json_each"."atom", "json_each"."id", "json_each"."parent", "json_each"."fullkey", \
        "json_each"."path"
        FROM json_each((("posts"."author" ->> '$."links"') ->> '$[0]."tags"'))
        WHERE ("json_each"."value" = 'blog')))
        """)
    #expect(tagged == [1])
  }

  /// The mutations change the row stored as JSON in place; a column of it stored as JSON is
  /// written as its text, as the row holds it, so the row still decodes. (A row holds its nil
  /// columns as `null`, which `json_insert` leaves: the member is removed first.)
  @Test func mutatesAtAPath() throws {
    let db = try Self.database()
    try Post.update { $0.author = $0.author.jsonRemove(\.nickname) }.execute(db)
    let update = Post.update {
      $0.author = $0.author.jsonSet(\.name, "Bee").jsonInsert(\.nickname, "B")
        .jsonReplace(\.aliases, [String].JSONRepresentation(queryOutput: ["Beatrice"]))
    }
    assertSQL(
      update,
      """
      UPDATE "posts" SET "author" = json_replace(json_insert(json_set("posts"."author", \
      '$."name"', 'Bee'), '$."nickname"', 'B'), '$."aliases"', '["Beatrice"]')
      """)
    try update.execute(db)
    var authors = try Post.order { $0.id }.fetchAll(db).map(\.author)
    #expect(authors.map(\.name) == ["Bee", "Bee"])
    #expect(authors.map(\.nickname) == ["B", "B"])
    #expect(authors.map(\.aliases) == [["Beatrice"], ["Beatrice"]])
    #expect(authors[0].links == Self.posts[0].author.links)

    try Post.update { $0.author = $0.author.jsonSet(\.nickname, String?.none) }.execute(db)
    try Post.where { $0.id == 1 }.update { $0.grid = $0.grid.jsonSet(\.[0][1], 9) }.execute(db)
    let rows = try Post.order { $0.id }.fetchAll(db)
    authors = rows.map(\.author)
    #expect(authors.map(\.nickname) == [nil, nil])
    #expect(rows.map(\.grid) == [[[1, 9], [3, 4]], []])
  }

  /// A path through a column stored as JSON text can't be changed in place: running the
  /// mutation fails with why, before anything is sent.
  @Test func aMutationThroughAColumnsJSONTextFailsClearly() throws {
    let db = try Self.database()
    let update = Post.update {
      $0.author = $0.author.jsonSet(\.links[0].homepage, "blob.org")
    }
    do {
      try update.execute(db)
      Issue.record("The update ran")
    } catch {
      #expect("\(error)".contains("goes through a column that the row stores as JSON text"))
    }
    #expect(try Post.order { $0.id }.fetchAll(db) == Self.posts)
  }

  /// A `@Selection` group's columns sit in the row's object beside the others: a path to one
  /// is named by its column (`until_year`), read and changed as any other.
  @Test func pathsIntoAGroupUseItsColumns() throws {
    let db = try Self.database()
    let rows = try assertQuery(
      Post.order { $0.id }.select {
        ($0.author.jsonExtract(\.tenure.since), $0.author.jsonExtract(\.tenure.until))
      },
      db: db,
      sql: """
        SELECT ("posts"."author" ->> '$."since"'), ("posts"."author" ->> '$."until_year"')
        FROM "posts"
        ORDER BY "posts"."id"
        """)
    #expect(rows.map(\.0) == [2020, 1843])
    #expect(rows.map { $0.1.flatMap { $0 } } == [nil, 1852])
    let update = Post.where { $0.id == 1 }.update {
      $0.author = $0.author.jsonSet(\.tenure.until, Int?(2024)).jsonReplace(\.tenure.since, 2019)
    }
    assertSQL(
      update,
      """
      UPDATE "posts" SET "author" = json_replace(json_set("posts"."author", '$."until_year"', \
      2024), '$."since"', 2019)
      WHERE ("posts"."id" = 1)
      """)
    try update.execute(db)
    let authors = try Post.order { $0.id }.fetchAll(db).map(\.author)
    #expect(
      authors.map(\.tenure) == [Tenure(since: 2019, until: 2024), Self.posts[1].author.tenure])
  }

  /// A dictionary's key is a member of the path, `."home"` (a backslash in it doubled, as in
  /// the JSON text); a key with a double quote, which no SQLite path can name, fails clearly.
  @Test func pathsByADictionarysKey() throws {
    let db = try Self.shelvesDatabase()
    let rows = try assertQuery(
      Shelf.order { $0.id }.select {
        (
          $0.counts.jsonExtract(\.["home"]), $0.counts.jsonExtract(\.[#"a\b"#]),
          $0.bins.jsonExtract(\.["tools"][1]), $0.bins.jsonArrayLength(\.["tools"]),
          $0.bins.jsonEach(\.["tools"]).count()
        )
      },
      db: db,
      sql: #"""
        SELECT ("shelves"."counts" ->> '$."home"'), ("shelves"."counts" ->> '$."a\\b"'), \#
        ("shelves"."bins" ->> '$."tools"[1]'), json_array_length("shelves"."bins", '$."tools"'), \#
        (SELECT count(*) FROM json_each(("shelves"."bins" ->> '$."tools"')))
        FROM "shelves"
        ORDER BY "shelves"."id"
        """#)
    #expect(rows.map(\.0) == [2, nil])
    #expect(rows.map(\.1) == [3, nil])
    #expect(rows.map(\.2) == ["saw", nil])
    #expect(rows.map(\.3) == [2, nil])
    #expect(rows.map(\.4) == [2, 0])
    let whole = try Shelf.where { $0.id == 1 }.select { $0.bins.jsonExtract(\.["tools"]) }
      .fetchOne(db)
    #expect(whole??.queryOutput == ["hammer", "saw"])

    let quoted = Shelf.select { $0.counts.jsonExtract(\.[#"say "hi""#]) }
    #expect {
      try quoted.fetchAll(db)
    } throws: { error in
      "\(error)".contains(#"The JSON key 'say "hi"' holds a double quote"#)
    }
    let quotedSet = Shelf.update { $0.counts = $0.counts.jsonSet(\.[#"say "hi""#], 1) }
    #expect {
      try quotedSet.execute(db)
    } throws: { error in
      "\(error)".contains("which no SQLite JSON path can name")
    }
    #expect(try Shelf.order { $0.id }.fetchAll(db) == Self.shelves)
  }

  /// The mutations at a dictionary's key: set (creating the key), replace, remove, and append
  /// to the array there.
  @Test func mutatesAtADictionarysKey() throws {
    let db = try Self.shelvesDatabase()
    let update = Shelf.update {
      $0.counts = $0.counts.jsonSet(\.["away"], 1).jsonRemove(\.[#"a\b"#])
      $0.bins = $0.bins.jsonAppend(\.["tools"], "drill").jsonReplace(
        \.["toys"], [String].JSONRepresentation(queryOutput: ["ball"]))
    }
    assertSQL(
      update,
      #"""
      UPDATE "shelves"
      SET "counts" = json_remove(json_set("shelves"."counts", '$."away"', 1), '$."a\\b"'), \#
      "bins" = json_replace(json_insert("shelves"."bins", '$."tools"[#]', 'drill'), '$."toys"', \#
      json('["ball"]'))
      """#)
    try update.execute(db)
    let rows = try Shelf.order { $0.id }.fetchAll(db)
    #expect(rows.map(\.counts) == [["home": 2, "away": 1], ["away": 1]])
    #expect(rows.map(\.bins) == [["tools": ["hammer", "saw", "drill"], "toys": ["ball"]], [:]])
  }

  /// `jsonAppend` at a path appends to a nested array; an array a row holds as a column's JSON
  /// text can't be appended to in place, which fails clearly.
  @Test func appendsAtAPath() throws {
    let db = try Self.database()
    let append = Post.where { $0.id == 1 }.update { $0.grid = $0.grid.jsonAppend(\.[1], 5) }
    assertSQL(
      append,
      """
      UPDATE "posts" SET "grid" = json_insert("posts"."grid", '$[1][#]', 5)
      WHERE ("posts"."id" = 1)
      """)
    try append.execute(db)
    #expect(try Post.find(1).fetchOne(db)?.grid == [[1, 2], [3, 4, 5]])
    let throughText = Post.update { $0.author = $0.author.jsonAppend(\.aliases, "C") }
    #expect {
      try throughText.execute(db)
    } throws: { error in
      "\(error)".contains("goes through a column that the row stores as JSON text")
    }
  }
}
