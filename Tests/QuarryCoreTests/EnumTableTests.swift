import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// `@Table` enums (a table whose rows each hold one case), enum cases reached through outer
// joins and `Columns`, labeled case values and optional representations.

private let cat = EnumTables.Photo(caption: "A cat", url: URL(string: "https://example.com/c")!)
private let site = URL(string: "https://example.com")!
private let day1 = Date(timeIntervalSince1970: 1_700_000_000)
private let day2 = Date(timeIntervalSince1970: 1_700_086_400)

@Suite("@Table enums and enum cases through joins")
struct EnumTableTests {
  typealias Post = EnumTables.Post

  /// The four posts, one of each case.
  func posts() throws -> Database {
    let db = try Database()
    try db.execute(sql: EnumTables.postsTable)
    try Post.insert {
      Post.photo(cat)
      Post.note("Hi")
      Post.link(site)
      Post.tags(["a", "b"])
    }.execute(db)
    return db
  }

  @Test func theSchemaIsTheCasesColumns() {
    #expect(Post.tableName == "posts")
    #expect(Post.schema.columns.map(\.name) == ["caption", "url", "note", "linkURL", "tags"])
    #expect(Post.schema.columns.allSatisfy { $0.isNullable == true })
    #expect(Post.schema.cases?.map(\.name) == ["photo", "note", "link", "tags"])
    #expect(Post.schema.columns[4].type == .text)
  }

  @Test func insertWritesOneCaseAndSelectDecodesIt() throws {
    let insert = Post.insert {
      Post.note("Hi")
      Post.Draft(.photo(cat))
    }
    assertSQL(
      insert,
      """
      INSERT INTO "posts" ("caption", "url", "note", "linkURL", "tags")
      VALUES (NULL, NULL, 'Hi', NULL, NULL), ('A cat', 'https://example.com/c', NULL, NULL, NULL)
      """)
    let db = try posts()
    try insert.execute(db)
    let all = try assertQuery(
      Post.all, db: db,
      sql: """
        SELECT "posts"."caption", "posts"."url", "posts"."note", "posts"."linkURL", "posts"."tags"
        FROM "posts"
        """)
    #expect(
      all == [.photo(cat), .note("Hi"), .link(site), .tags(["a", "b"]), .note("Hi"), .photo(cat)])
  }

  @Test func casesAreColumnsInFilters() throws {
    let db = try posts()
    let notes = try assertQuery(
      Post.where { $0.note == "Hi" }, db: db,
      sql: """
        SELECT "posts"."caption", "posts"."url", "posts"."note", "posts"."linkURL", "posts"."tags"
        FROM "posts" WHERE ("posts"."note" = 'Hi')
        """)
    #expect(notes == [.note("Hi")])
    let captions = try assertQuery(
      Post.where { $0.photo.isNot(nil) }.select { $0.photo.caption }, db: db,
      sql: """
        SELECT "posts"."caption" FROM "posts"
        WHERE (("posts"."caption", "posts"."url") IS NOT (NULL, NULL))
        """)
    #expect(captions == ["A cat"])
    #expect(try Post.where { $0.link != nil }.count().fetchOne(db) == 1)
    let photos = try Post.select { $0.photo }.fetchAll(db)
    #expect(photos == [cat, nil, nil, nil])
  }

  /// Setting one case's column sets the other cases' columns to `NULL`: the row holds that case.
  @Test func updatesKeepOneCase() throws {
    let db = try posts()
    let update = Post.where { $0.note == "Hi" }.update { $0.link = site }
    assertSQL(
      update,
      """
      UPDATE "posts"
      SET "linkURL" = 'https://example.com', "caption" = NULL, "url" = NULL, "note" = NULL, "tags" = NULL
      WHERE ("posts"."note" = 'Hi')
      """)
    try update.execute(db)
    let group = Post.where { $0.tags.isNot(nil) }.update {
      $0.photo.caption = "New"
      $0.photo.url = site
    }
    assertSQL(
      group,
      """
      UPDATE "posts"
      SET "caption" = 'New', "note" = NULL, "linkURL" = NULL, "tags" = NULL, "url" = 'https://example.com'
      WHERE ("posts"."tags" IS NOT NULL)
      """)
    try group.execute(db)
    let photo = EnumTables.Photo(caption: "New", url: site)
    #expect(try Post.all.fetchAll(db) == [.photo(cat), .link(site), .link(site), .photo(photo)])
  }

  /// A case's columns through an outer join are optional, and so is the group of a case.
  @Test func caseMembersThroughALeftJoin() throws {
    typealias Attachment = EnumTable.Attachment
    let db = try library()
    try db.execute(
      sql: """
        CREATE TABLE "attachments" ("id" INTEGER PRIMARY KEY, "link" TEXT, "note" TEXT, "image" TEXT);
        INSERT INTO "attachments" ("id", "note") VALUES (2, 'Good');
        INSERT INTO "attachments" ("id", "link") VALUES (3, 'https://example.com');
        """)
    let rows = try assertQuery(
      Book.leftJoin(Attachment.all) { $0.id == $1.id }.order { book, _ in book.id }.limit(3)
        .select { ($0.title, $1.kind.note, $1.kind) },
      db: db,
      sql: """
        SELECT "books"."title", "attachments"."note", "attachments"."link", \
        "attachments"."note", "attachments"."image"
        FROM "books"
        LEFT JOIN "attachments" ON ("books"."id" = "attachments"."id")
        ORDER BY "books"."id"
        LIMIT 3
        """)
    #expect(rows.map(\.0) == ["Dune", "Emma", "Cosmos"])
    #expect(rows.map(\.1) == [nil, "Good", nil])
    #expect(rows.map(\.2) == [nil, .note("Good"), .link(site)])
    let filtered = try Book.leftJoin(Attachment.all) { $0.id == $1.id }
      .where { $1.kind.link.isNot(nil) }.select { book, _ in book.id }.fetchAll(db)
    #expect(filtered == [3])
  }

  /// A `@Table` enum outer-joined: its cases' columns are optional, its rows too.
  @Test func tableEnumThroughALeftJoin() throws {
    let db = try library()
    try db.execute(sql: EnumTables.postsTable)
    try Post.insert {
      Post.note("Dune")
      Post.photo(EnumTables.Photo(caption: "Emma", url: site))
    }.execute(db)
    let rows = try assertQuery(
      Book.leftJoin(Post.all) { book, post in
        let isNote = book.title == post.note
        return isNote || book.title == post.photo.caption
      }
      .where { book, _ in book.id <= 3 }.order { book, _ in book.id }
      .select { ($1.note, $1.photo.url, $1) },
      db: db,
      sql: """
        SELECT "posts"."note", "posts"."url", "posts"."caption", "posts"."url", "posts"."note", \
        "posts"."linkURL", "posts"."tags"
        FROM "books"
        LEFT JOIN "posts" ON (("books"."title" = "posts"."note") OR ("books"."title" = "posts"."caption"))
        WHERE ("books"."id" <= 3)
        ORDER BY "books"."id"
        """)
    #expect(rows.map(\.0) == ["Dune", nil, nil])
    #expect(rows.map(\.1) == [nil, site, nil])
    #expect(
      rows.map(\.2) == [.note("Dune"), .photo(EnumTables.Photo(caption: "Emma", url: site)), nil])
  }

  /// An enum's `Columns` make a row of one case from an expression; `NULL` in the others.
  @Test func enumColumnsSelectOneCase() throws {
    let db = try posts()
    let kinds = try assertQuery(
      Values(EnumTable.Attachment.Kind.Columns.note("Hello")), db: db,
      sql: """
        SELECT NULL AS "link", 'Hello' AS "note", NULL AS "image"
        """)
    #expect(kinds == [.note("Hello")])
    let rows = try assertQuery(
      Post.where { $0.note != nil }.select {
        Post.Columns.photo(
          EnumTables.Photo.Columns(caption: $0.note ?? "", url: BoundValue(site)))
      },
      db: db,
      sql: """
        SELECT coalesce("posts"."note", '') AS "caption", 'https://example.com' AS "url", \
        NULL AS "note", NULL AS "linkURL", NULL AS "tags"
        FROM "posts" WHERE ("posts"."note" IS NOT NULL)
        """)
    #expect(rows == [.photo(EnumTables.Photo(caption: "Hi", url: site))])
  }

  /// `case interval(startDate: Date)`: the value's label is the case's, its column the case's
  /// name; an optional enum's cases and groups are reached by dot syntax.
  @Test func labeledCaseValueInAnOptionalEnum() throws {
    typealias Record = EnumTables.Record
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "records" (
          "id" INTEGER PRIMARY KEY, "moment" TEXT, "interval" TEXT, "spanStart" TEXT, "spanEnd" TEXT
        ) STRICT
        """)
    let span = Record.Span(startDate: day1, endDate: day2)
    try Record.insert {
      Record.Draft(time: .interval(startDate: day2))
      Record.Draft(time: .span(span))
      Record.Draft(time: nil)
      Record.Draft(time: .moment(day1))
    }.execute(db)
    let ordered = try assertQuery(
      Record.order { ($0.time.interval.desc(), $0.time.span.startDate, $0.id) }, db: db,
      sql: """
        SELECT "records"."id", "records"."moment", "records"."interval", "records"."spanStart", \
        "records"."spanEnd"
        FROM "records"
        ORDER BY "records"."interval" DESC, "records"."spanStart", "records"."id"
        """)
    #expect(
      ordered.map(\.time) == [.interval(startDate: day2), nil, .moment(day1), .span(span)])
    let intervals = try Record.where { $0.time.interval.isNot(nil) }.select { $0.id }.fetchAll(db)
    #expect(intervals == [1])
  }

  /// `@Column(as: [UInt8]?.JSONRepresentation.self)`: `NULL` reads as nil, JSON text as bytes.
  @Test func optionalJSONRepresentationOfBytes() throws {
    typealias Item = EnumTables.Item
    let db = try Database()
    try db.execute(sql: #"CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "data" BLOB)"#)
    try db.execute(sql: #"INSERT INTO "items" ("id", "data") VALUES (1, NULL), (2, '[42]')"#)
    let insert = Item.insert { Item.Draft(id: 3, data: [1, 2]) }
    assertSQL(insert, #"INSERT INTO "items" ("id", "data") VALUES (3, '[1,2]')"#)
    try insert.execute(db)
    let data: [[UInt8]?] = [nil, [42], [1, 2]]
    #expect(try Item.order { $0.id }.fetchAll(db).map(\.data) == data)
  }

  @Test func aRowOfNoCaseIsADecodingError() throws {
    let db = try Database()
    try db.execute(sql: EnumTables.postsTable)
    try db.execute(sql: #"INSERT INTO "posts" DEFAULT VALUES"#)
    #expect {
      try Post.all.fetchAll(db)
    } throws: { error in
      "\(error)".contains(
        "found NULL in the columns of every case: caption, url, note, linkURL, tags")
    }
  }
}
