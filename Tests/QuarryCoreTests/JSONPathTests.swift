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
    Post(id: 2, author: Author(id: 8, name: "Ada", nickname: "Countess")),
  ]

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
}
