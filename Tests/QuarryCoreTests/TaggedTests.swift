import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Tagged
import Testing

// Seed 003, "Tagged identifiers".

@Suite("Tagged identifiers")
struct TaggedTests {
  @Test func taggedKeysBindDecodeAndJoin() throws {
    typealias RemindersList = TaggedIdentifiers.RemindersList
    typealias Reminder = TaggedIdentifiers.Reminder
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL);
        CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL,
          "remindersList" INTEGER NOT NULL);
        INSERT INTO "remindersLists" VALUES (1, 'Home');
        INSERT INTO "reminders" VALUES (7, 'Sweep', 1);
        """)
    let rows = try assertQuery(
      RemindersList.join(Reminder.all) { $0.id == $1.remindersList }.select { ($0.title, $1.id) },
      db: db,
      sql: """
        SELECT "remindersLists"."title", "reminders"."id" FROM "remindersLists"
        JOIN "reminders" ON ("remindersLists"."id" = "reminders"."remindersList")
        """)
    let ids: [Reminder.ID] = rows.map(\.1)
    #expect(ids.elementsEqual([Reminder.ID(rawValue: 7)]))
    let found = try Reminder.find(7).fetchOne(db)
    #expect(found?.remindersList == RemindersList.ID(rawValue: 1))
    // `RemindersList.leftJoin(Reminder.all) { $0.id == $1.id }` does not compile: the tags differ.
  }

  @Test func taggedRepresentations() throws {
    typealias Device = TaggedIdentifiers.Device
    let db = try Database()
    try db.execute(
      sql: #"CREATE TABLE "devices" ("id" BLOB PRIMARY KEY NOT NULL, "name" TEXT NOT NULL)"#)
    let id = Device.ID(rawValue: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!)
    try Device.insert { Device(id: id, name: "phone") }.execute(db)
    #expect(
      try #sql("SELECT typeof(\(Device.columns.id)) FROM \(Device.self)", as: String.self).fetchOne(
        db) == "blob")
    #expect(try Device.all.fetchAll(db).elementsEqual([Device(id: id, name: "phone")]))
  }
}
