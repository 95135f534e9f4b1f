import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

extension Item.TableColumns {
  /// A computed column, reached from a draft's columns as from the table's.
  var isCheap: some QueryExpression<Bool> { price < 2 }
}

@Suite("Drafts as tables: a draft reads its base table's rows")
struct DraftTableTests {
  @Test func whereSelectAndAllReadTheBaseTable() throws {
    let db = try itemsDatabase()
    let drafts = try assertQuery(
      Item.Draft.where { $0.isDone }.order { $0.id }, db: db,
      sql: """
        SELECT "items"."id", "items"."name", "items"."is_done", "items"."rank", "items"."price",
          "items"."tag"
        FROM "items"
        WHERE "items"."is_done"
        ORDER BY "items"."id"
        """)
    #expect(
      drafts == [
        Item.Draft(id: 2, name: "bread", isDone: true, rank: 1, price: 3),
        Item.Draft(id: 4, name: "dates", isDone: true, price: 4),
      ])
    let names = try assertQuery(
      Item.Draft.select { $0.name }.where { $0.rank != nil }.order { $0.rank }, db: db,
      sql: """
        SELECT "items"."name"
        FROM "items"
        WHERE ("items"."rank" IS NOT NULL)
        ORDER BY "items"."rank"
        """)
    #expect(names == ["bread", "apple", "cheese"])
    let all: [Item.Draft] = try Item.Draft.all.fetchAll(db)
    #expect(all.map(\.id) == [1, 2, 3, 4])
    #expect(try Item.Draft.count().fetchOne(db) == 4)
    let cheap = try assertQuery(
      Item.Draft.where { $0.isCheap }.select { $0.name }, db: db,
      sql: """
        SELECT "items"."name"
        FROM "items"
        WHERE ("items"."price" < 2.0)
        """)
    #expect(cheap == ["apple"])
  }

  @Test func findByTheBaseTablesKey() throws {
    let db = try itemsDatabase()
    let found = try assertQuery(
      Item.Draft.find(3), db: db,
      sql: """
        SELECT "items"."id", "items"."name", "items"."is_done", "items"."rank", "items"."price",
          "items"."tag"
        FROM "items"
        WHERE ("items"."id" = 3)
        """)
    #expect(found == [Item.Draft(id: 3, name: "cheese", rank: 3, price: 7.25, tag: "dairy")])
    let titles = try assertQuery(
      Item.Draft.find([1, 4]).select { $0.name }, db: db,
      sql: """
        SELECT "items"."name"
        FROM "items"
        WHERE ("items"."id" IN (1, 4))
        """)
    #expect(titles == ["apple", "dates"])
    let second = try assertQuery(
      Item.Draft.select { ($0.id, $0.name) }.find(2), db: db,
      sql: """
        SELECT "items"."id", "items"."name"
        FROM "items"
        WHERE ("items"."id" = 2)
        """)
    #expect(second.map(\.1) == ["bread"])
    let filtered = try assertQuery(
      Item.Draft.where { $0.isDone }.find(1).select { $0.name }, db: db,
      sql: """
        SELECT "items"."name"
        FROM "items"
        WHERE "items"."is_done" AND ("items"."id" = 1)
        """)
    #expect(filtered.isEmpty)
    #expect(try Item.Draft.find(9).fetchOne(db) == nil)
  }

  @Test func aDraftOfARowKeepsItsKeyAndWritesBack() throws {
    let db = try itemsDatabase()
    let apple = try #require(try Item.find(1).fetchOne(db))
    var draft = Item.Draft(apple)
    #expect(draft == Item.Draft(id: 1, name: "apple", rank: 2, price: 1.5, tag: "fruit"))
    draft.name = "pear"
    try Item.upsert { draft }.execute(db)
    #expect(try Item.find(1).select { $0.name }.fetchOne(db) == "pear")
    // A draft read back inserts a copy when its key is cleared.
    var copy = try #require(try Item.Draft.find(2).fetchOne(db))
    copy.id = nil
    try Item.insert { copy }.execute(db)
    #expect(try Item.where { $0.name == "bread" }.count().fetchOne(db) == 2)
  }

  @Test func aDraftStartsFromTheBaseTablesScope() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "notes" (
          "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "folderID" INTEGER NOT NULL,
          "isDeleted" INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO "notes" VALUES (1, 'milk', 1, 0), (2, 'eggs', 1, 1), (3, 'memo', 2, 0);
        """)
    let live = try assertQuery(
      ScopedNote.Draft.where { $0.id > 0 }, db: db,
      sql: """
        SELECT "notes"."id", "notes"."title", "notes"."folderID", "notes"."isDeleted"
        FROM "notes"
        WHERE (NOT "notes"."isDeleted") AND ("notes"."id" > 0)
        ORDER BY "notes"."id" DESC
        """)
    #expect(live.map(\.id) == [3, 1])
    #expect(try ScopedNote.Draft.find(2).fetchOne(db) == nil)
    #expect(try ScopedNote.Draft.unscoped.count().fetchOne(db) == 3)
  }

  @Test func aDraftOfATableWithGeneratedColumnsReadsTheOthers() throws {
    #expect(Event.Draft.schema.columns.map(\.name) == ["id", "startAt", "duration", "ownerID"])
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "events" (
          "id" TEXT PRIMARY KEY NOT NULL, "startAt" INTEGER NOT NULL, "duration" REAL NOT NULL,
          "endAt" INTEGER GENERATED ALWAYS AS ("startAt" + "duration") STORED, "ownerID" BLOB
        )
        """)
    let id = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    let start = Date(timeIntervalSince1970: 1_000)
    try Event.insert { Event.Draft(id: id, startAt: start, duration: 90, ownerID: nil) }
      .execute(db)
    let drafts = try assertQuery(
      Event.Draft.find(id), db: db,
      sql: """
        SELECT "events"."id", "events"."startAt", "events"."duration", "events"."ownerID"
        FROM "events"
        WHERE ("events"."id" = '00000000-0000-4000-8000-000000000001')
        """)
    #expect(drafts == [Event.Draft(id: id, startAt: start, duration: 90, ownerID: nil)])
  }

  @Test func draftsOfRepresentedAndCompositeKeys() throws {
    let db = try Database()
    try db.execute(sql: #"CREATE TABLE "devices" ("id" BLOB PRIMARY KEY, "name" TEXT NOT NULL)"#)
    let phone = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!
    try Device.insert { Device(id: phone, name: "Phone") }.execute(db)
    let devices = try assertQuery(
      Device.Draft.find(Device.PrimaryKey(queryOutput: phone)), db: db,
      sql: """
        SELECT "devices"."id", "devices"."name" FROM "devices"
        WHERE ("devices"."id" = X'DEADBEEF000040008000000000000001')
        """)
    #expect(devices == [Device.Draft(id: phone, name: "Phone")])

    let enrollments = try enrollmentsDatabase()
    let key = Enrollment.ID(courseID: 1, studentID: 2)
    let grades = try assertQuery(
      Enrollment.Draft.find(key), db: enrollments,
      sql: """
        SELECT "enrollments"."courseID", "enrollments"."studentID", "enrollments"."grade"
        FROM "enrollments"
        WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 2))
        """)
    #expect(grades == [Enrollment.Draft(id: key, grade: "B")])
  }

  @Test func aTableWithoutAKeyIsItsOwnDraft() throws {
    let line = LogLine(name: "started")
    let draft: LogLine.Draft = LogLine.Draft(line)
    #expect(draft.name == "started")
    let db = try Database()
    try db.execute(sql: #"CREATE TABLE "log_lines" ("name" TEXT NOT NULL)"#)
    assertSQL(
      LogLine.insert { LogLine.Draft(line) },
      """
      INSERT INTO "log_lines" ("name")
      VALUES ('started')
      """)
    try LogLine.insert { LogLine.Draft(line) }.execute(db)
    let names = try assertQuery(
      LogLine.Draft.select { $0.name }, db: db,
      sql: """
        SELECT "log_lines"."name"
        FROM "log_lines"
        """)
    #expect(names == ["started"])
  }
}
