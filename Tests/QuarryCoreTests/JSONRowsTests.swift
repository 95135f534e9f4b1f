import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// Whole rows as JSON: `jsonObject()` and `jsonGroupArray()` of a table, decoded through the
/// table's own decoder.
@Suite("Rows as JSON")
struct JSONRowsTests {
  @Table("lists") struct List: Codable, Equatable {
    let id: Int
    var title = ""
  }

  @Table("items") struct Entry: Codable, Equatable {
    let id: Int
    var listID: Int
    var title = ""
    var isDone = false
    var due: Date?
    @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
    var checksum: [UInt8]?
  }

  @Selection struct ListWithEntries: Equatable {
    let title: String
    @Column(as: [JSONRowsTests.Entry].JSONRepresentation.self) let items: [JSONRowsTests.Entry]
  }

  static let items = [
    Entry(
      id: 1, listID: 1, title: "Milk", isDone: true,
      due: Date(timeIntervalSince1970: 1_769_854_830.5), tags: ["home", "errands"],
      checksum: [0x00, 0xCA, 0xFE]),
    Entry(id: 2, listID: 1, title: "Eggs \"large\""),
    Entry(id: 3, listID: 2, title: "Report", tags: ["work"], checksum: []),
  ]

  static func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "lists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL) STRICT;
        CREATE TABLE "items" (
          "id" INTEGER PRIMARY KEY, "listID" INTEGER NOT NULL, "title" TEXT NOT NULL,
          "isDone" INTEGER NOT NULL, "due" TEXT, "tags" TEXT NOT NULL, "checksum" BLOB
        ) STRICT;
        INSERT INTO "lists" VALUES (1, 'Home'), (2, 'Work'), (3, 'Empty');
        """)
    try Entry.insert { items }.execute(db)
    return db
  }

  /// Each list with its items in one statement; a list without items gets none, and every
  /// column (a `Bool`, a `Date`, a `NULL`, a JSON column, bytes) reads back as inserted.
  @Test func listsWithTheirItems() throws {
    let db = try Self.database()
    let rows = try assertQuery(
      List.group { $0.id }.leftJoin(Entry.all) { $0.id == $1.listID }
        .order { list, _ in list.id }
        .select { ListWithEntries.Columns(title: $0.title, items: $1.jsonGroupArray()) },
      db: db,
      sql: """
        SELECT "lists"."title" AS "title", json_group_array(json_object('id', "items"."id", \
        'listID', "items"."listID", 'title', "items"."title", 'isDone', "items"."isDone", \
        'due', "items"."due", 'tags', "items"."tags", \
        'checksum', CASE WHEN "items"."checksum" IS NULL THEN NULL ELSE hex("items"."checksum") END)) \
        FILTER (WHERE ("items"."id" IS NOT NULL)) AS "items"
        FROM "lists"
        LEFT JOIN "items" ON ("lists"."id" = "items"."listID")
        GROUP BY "lists"."id"
        ORDER BY "lists"."id"
        """)
    // (Without `ORDER BY` in the aggregate, which needs SQLite 3.44, the rows come in any order.)
    let sorted = rows.map {
      ListWithEntries(title: $0.title, items: $0.items.sorted { $0.id < $1.id })
    }
    #expect(
      sorted == [
        ListWithEntries(title: "Home", items: Array(Self.items[0...1])),
        ListWithEntries(title: "Work", items: [Self.items[2]]),
        ListWithEntries(title: "Empty", items: []),
      ])
  }

  /// `distinct`, `filter` and `order` of a column's and of a table's array.
  @Test func distinctFilteredAndOrderedArrays() throws {
    let db = try Self.database()
    let lists = try assertQuery(
      Entry.select { $0.listID.jsonGroupArray(distinct: true, filter: $0.id > 1) }, db: db,
      sql: """
        SELECT json_group_array(DISTINCT "items"."listID") FILTER (WHERE ("items"."id" > 1))
        FROM "items"
        """)
    #expect(lists.map(\.queryOutput) == [[1, 2]])
    let done = try assertQuery(
      Entry.select { $0.jsonGroupArray(filter: $0.isDone) }, db: db,
      sql: """
        SELECT json_group_array(json_object('id', "items"."id", 'listID', "items"."listID", \
        'title', "items"."title", 'isDone', "items"."isDone", 'due', "items"."due", \
        'tags', "items"."tags", \
        'checksum', CASE WHEN "items"."checksum" IS NULL THEN NULL ELSE hex("items"."checksum") END)) \
        FILTER (WHERE "items"."isDone")
        FROM "items"
        """)
    #expect(done.map(\.queryOutput) == [[Self.items[0]]])
    // `ORDER BY` inside an aggregate needs SQLite 3.44: its SQL is checked here.
    assertSQL(
      List.select { $0.jsonGroupArray(order: $0.title.desc()) },
      """
      SELECT json_group_array(json_object('id', "lists"."id", 'title', "lists"."title") \
      ORDER BY "lists"."title" DESC)
      FROM "lists"
      """)
  }

  /// One row as a JSON object; an outer join's missing row is `NULL`, not an object of nulls.
  @Test func oneRowAsAnObject() throws {
    let db = try Self.database()
    let objects = try assertQuery(
      List.leftJoin(Entry.where { $0.id == 3 }) { $0.id == $1.listID }.order { list, _ in list.id }
        .select { ($0.jsonObject(), $1.jsonObject()) },
      db: db,
      sql: """
        SELECT json_object('id', "lists"."id", 'title', "lists"."title"), \
        CASE WHEN ("items"."id" IS NOT NULL) THEN json_object('id', "items"."id", \
        'listID', "items"."listID", 'title', "items"."title", 'isDone', "items"."isDone", \
        'due', "items"."due", 'tags', "items"."tags", \
        'checksum', CASE WHEN "items"."checksum" IS NULL THEN NULL ELSE hex("items"."checksum") END) END
        FROM "lists"
        LEFT JOIN "items" ON (("lists"."id" = "items"."listID") AND ("items"."id" = 3))
        ORDER BY "lists"."id"
        """)
    #expect(
      objects.map(\.0.queryOutput) == [
        List(id: 1, title: "Home"), List(id: 2, title: "Work"), List(id: 3, title: "Empty"),
      ])
    #expect(objects.map { $0.1?.queryOutput } == [nil, Self.items[2], nil])
    let aliased = List.aliased("l").columns.jsonObject()
    assertSQL(
      Values(aliased), #"SELECT json_object('id', "l"."id", 'title', "l"."title")"#)
  }

  /// Rows stored in a column as JSON are written as their columns and read back the same way;
  /// rows stored by `Codable` before still read.
  @Test func rowsStoredAsJSON() throws {
    let db = try Database()
    try db.execute(
      sql: #"CREATE TABLE "boards" ("id" INTEGER PRIMARY KEY, "pinned" TEXT NOT NULL)"#)
    try Board.insert { Board(id: 1, pinned: Self.items) }.execute(db)
    let stored = try #sql(#"SELECT "pinned" FROM "boards""#, as: String.self).fetchOne(db)
    #expect(stored?.contains(#""checksum":"00CAFE""#) == true)
    #expect(try Board.find(1).fetchOne(db)?.pinned == Self.items)

    let codable = String(
      decoding: try JSONEncoder().encode([List(id: 7, title: "Old")]), as: UTF8.self)
    try #sql("INSERT INTO \"boards\" VALUES (2, \(codable))").execute(db)
    let lists = try #sql(
      #"SELECT "pinned" FROM "boards" WHERE "id" = 2"#, as: [List].JSONRepresentation.self
    ).fetchOne(db)
    #expect(lists?.queryOutput == [List(id: 7, title: "Old")])
  }

  /// A JSON row whose column has the wrong type is a decoding error naming the column.
  @Test func aWrongColumnIsAClearError() throws {
    let db = try Database()
    #expect {
      try #sql(#"SELECT '[{"id": 1, "title": 2}]'"#, as: [List].JSONRepresentation.self)
        .fetchOne(db)
    } throws: { error in
      let text = "\(error)"
      return text.contains(#"found JSON 2 in the row's "title" (String)"#)
    }
    #expect(throws: QueryDecodingError.self) {
      try #sql(#"SELECT '[{"id": 1'"#, as: [List].JSONRepresentation.self).fetchOne(db)
    }
  }

  @Table("boards") struct Board {
    let id: Int
    @Column(as: [JSONRowsTests.Entry].JSONRepresentation.self) var pinned: [JSONRowsTests.Entry]
  }
}
