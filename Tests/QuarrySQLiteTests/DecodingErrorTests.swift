import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("Decoding errors")
struct DecodingErrorTests {
  private func database() throws -> Database {
    let db = try Database()
    // No STRICT and no types: any value can land in any column, as in a legacy database.
    try db.execute(sql: #"CREATE TABLE "reminders" ("id", "title", "is_completed", "priority")"#)
    return db
  }

  @Test func nullIntoNonOptional() throws {
    let db = try database()
    try db.execute(sql: #"INSERT INTO "reminders" VALUES (1, NULL, 0, NULL)"#)
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.all.fetchAll(db) }
    #expect(error?.column == 1)
    #expect(error?.columnName == "title")
    #expect(error?.expectedType == "String")
    #expect(error?.found == "NULL")
    #expect(
      error?.description.hasPrefix(#"column 1 ("title"): expected String, found NULL"#) == true)
    #expect(error?.sql?.contains(#"FROM "reminders""#) == true)
  }

  @Test func textIntoInt() throws {
    let db = try database()
    try db.execute(sql: #"INSERT INTO "reminders" VALUES ('one', 'a', 0, NULL)"#)
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.all.fetchAll(db) }
    #expect(
      error?.description.hasPrefix(#"column 0 ("id"): expected Int, found TEXT 'one'"#) == true)
  }

  @Test func textIntoBool() throws {
    let db = try database()
    try db.execute(sql: #"INSERT INTO "reminders" VALUES (1, 'a', 'yes', NULL)"#)
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.all.fetchOne(db) }
    #expect(
      error?.description.hasPrefix(#"column 2 ("is_completed"): expected Bool, found TEXT 'yes'"#)
        == true)
  }

  @Test func realIntoInt() throws {
    let db = try database()
    try db.execute(sql: #"INSERT INTO "reminders" VALUES (1.5, 'a', 0, NULL)"#)
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.all.fetchAll(db) }
    #expect(error?.found == "REAL 1.5")
  }

  @Test func invalidEnumRawValue() throws {
    let db = try database()
    try db.execute(sql: #"INSERT INTO "reminders" VALUES (1, 'a', 0, 9)"#)
    let error = #expect(throws: QueryDecodingError.self) { try Reminder.all.fetchAll(db) }
    #expect(error?.column == 3)
    #expect(error?.columnName == "priority")
    #expect(error?.expectedType == "Priority")
    #expect(error?.found == "9, which is not a raw value of Priority")
  }

  @Test func outOfRangeInteger() throws {
    let db = try Database()
    let error = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT 300 AS small", as: Int8.self).fetchAll(db)
    }
    #expect(
      error?.description.hasPrefix(
        #"column 0 ("small"): expected Int8, found INTEGER 300, out of range"#) == true)
  }

  @Test func blobIntoStringAndTextIntoDate() throws {
    let db = try Database()
    let blob = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT x'00ff'", as: String.self).fetchAll(db)
    }
    #expect(blob?.found == "BLOB of 2 bytes")
    let date = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT 'next tuesday' AS due", as: Date.self).fetchAll(db)
    }
    #expect(
      date?.description.hasPrefix(
        #"column 0 ("due"): expected Date, found TEXT 'next tuesday', not an ISO-8601 date"#)
        == true)
    let uuid = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT 'not-a-uuid' AS owner", as: UUID.self).fetchAll(db)
    }
    #expect(uuid?.columnName == "owner")
    #expect(uuid?.expectedType == "UUID")
    #expect(uuid?.found == "TEXT 'not-a-uuid'")
  }

  @Test func tooFewColumns() throws {
    let db = try Database()
    let error = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT 1, 'a'", as: Reminder.self).fetchAll(db)
    }
    #expect(error?.column == 2)
    #expect(error?.found == "no such column: the row has 2 columns")
  }
}
