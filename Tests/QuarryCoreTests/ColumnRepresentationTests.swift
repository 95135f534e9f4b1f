import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// Seed 003, "JSON" and "Generated columns".

@Suite("Column representations and generated columns")
struct ColumnRepresentationTests {
  @Test func jsonColumns() throws {
    typealias Reminder = JSONColumns.Reminder
    let db = try Database()
    try db.execute(
      sql:
        #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "notes" TEXT NOT NULL)"#
    )
    // The seed shows ("title", "notes"); Quarry also lists the primary key (NULL: assigned).
    let insert = Reminder.insert {
      Reminder.Draft(
        title: "Get groceries",
        notes: ["Milk", "Eggs", "Bananas"]
      )
    }
    assertSQL(
      insert,
      """
      INSERT INTO "reminders"
        ("id", "title", "notes")
      VALUES
        (NULL, 'Get groceries',
         '["Milk","Eggs","Bananas"]')
      """)
    try insert.execute(db)
    let rows = try Reminder.all.fetchAll(db)
    let notes: [String] = ["Milk", "Eggs", "Bananas"]
    let expected: [Reminder] = [Reminder(id: 1, title: "Get groceries", notes: notes)]
    #expect(rows == expected)
    let count = try #sql(
      "SELECT json_array_length(\(Reminder.columns.notes)) FROM \(Reminder.self)", as: Int.self
    )
    .fetchOne(db)
    #expect(count == 3)

    try db.execute(sql: #"INSERT INTO "reminders" VALUES (2, 'Broken', '{"not": "an array"}')"#)
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.all.fetchAll(db) }
    #expect(error?.columnName == "notes")
    #expect(error?.found.contains("not valid JSON") == true)
  }

  @Test func findByARepresentedPrimaryKey() throws {
    let db = try Database()
    try db.execute(sql: #"CREATE TABLE "devices" ("id" BLOB PRIMARY KEY, "name" TEXT NOT NULL)"#)
    let phone = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!
    let watch = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000002")!
    try Device.insert {
      Device(id: phone, name: "Phone")
      Device(id: watch, name: "Watch")
    }.execute(db)
    let found = try assertQuery(
      Device.find(phone), db: db,
      sql: """
        SELECT "devices"."id", "devices"."name" FROM "devices"
        WHERE ("devices"."id" = X'DEADBEEF000040008000000000000001')
        """)
    #expect(found.elementsEqual([Device(id: phone, name: "Phone")]))
    let both = try Device.find([watch, phone]).order { $0.name }.fetchAll(db)
    #expect(both.map(\.name).elementsEqual(["Phone", "Watch"]))
  }

  @Test func generatedColumnsAreReadNeverWritten() throws {
    #expect(
      Event.schema.writableColumns.map(\.name).elementsEqual([
        "id", "startAt", "duration", "ownerID",
      ]))
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "events" (
          "id" TEXT PRIMARY KEY NOT NULL, "startAt" INTEGER NOT NULL, "duration" REAL NOT NULL,
          "endAt" INTEGER GENERATED ALWAYS AS ("startAt" + "duration") STORED, "ownerID" BLOB
        )
        """)
    let id = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    let owner = UUID(uuidString: "00000000-0000-4000-8000-0000000000FF")!
    let start = Date(timeIntervalSince1970: 1_000)
    try Event.insert {
      Event.Draft(id: id, startAt: start, duration: 90, ownerID: owner)
    }.execute(db)
    let event = try #require(try Event.all.fetchOne(db))
    #expect(event.endAt == Date(timeIntervalSince1970: 1_090))
    #expect(event.ownerID == owner)
    #expect(
      try #sql("SELECT typeof(\(Event.columns.ownerID)) FROM \(Event.self)", as: String.self)
        .fetchOne(db) == "blob")
    // A whole-row update leaves the generated column to the database.
    var moved = event
    moved.startAt = Date(timeIntervalSince1970: 2_000)
    assertSQL(
      Event.update(moved),
      """
      UPDATE "events" SET "startAt" = 2000, "duration" = 90.0,
        "ownerID" = X'000000000000400080000000000000FF'
      WHERE ("events"."id" = '00000000-0000-4000-8000-000000000001')
      """)
    try Event.update(moved).execute(db)
    #expect(try Event.all.fetchOne(db)?.endAt == Date(timeIntervalSince1970: 2_090))
    let late = try Event.where { $0.endAt > Date.UnixTimeRepresentation(queryOutput: start) }
      .select { $0.duration }.fetchAll(db)
    #expect(late.elementsEqual([90]))
  }
}
