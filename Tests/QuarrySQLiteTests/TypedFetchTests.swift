import Quarry
import QuarrySQLite
import Testing

@Suite("Fetches from a type: scalars, tables, rows, typed subscripts")
struct TypedFetchTests {
  private func database() throws -> Database {
    let db = try Database()
    try remindersSchema.execute(db)
    try db.execute(
      sql: """
        INSERT INTO reminders (id, title, is_completed, priority)
        VALUES (1, 'Milk', 0, 3), (2, 'Bread', 1, NULL)
        """)
    return db
  }

  @Test func scalarsFetchedFromTheirType() throws {
    let db = try database()
    #expect(try Int.fetchAll(db, sql: "SELECT id FROM reminders ORDER BY id") == [1, 2])
    #expect(
      try String.fetchOne(db, sql: "SELECT title FROM reminders WHERE id = ?", arguments: [2])
        == "Bread")
    #expect(try Int.fetchOne(db, sql: "SELECT priority FROM reminders WHERE id = 2") == nil)
    #expect(try Int.fetchOne(db, sql: "SELECT priority FROM reminders WHERE id = 9") == nil)
    #expect(
      try Int?.fetchAll(db, sql: "SELECT priority FROM reminders ORDER BY id") == [3, nil])
    let cursor = try String.fetchCursor(
      db, sql: "SELECT title FROM reminders WHERE id >= :id ORDER BY id", arguments: ["id": 1])
    var titles: [String] = []
    while let title = try cursor.next() { titles.append(title) }
    #expect(titles == ["Milk", "Bread"])
  }

  @Test func tablesFetchedFromTheirType() throws {
    let db = try database()
    let all = try Reminder.fetchAll(db, sql: "SELECT * FROM reminders ORDER BY id")
    #expect(
      all == [
        Reminder(id: 1, title: "Milk", isCompleted: false, priority: .high),
        Reminder(id: 2, title: "Bread", isCompleted: true, priority: nil),
      ])
    let one = try Reminder.fetchOne(db, sql: "SELECT * FROM reminders WHERE id = ?", arguments: [2])
    #expect(one?.title == "Bread")
    #expect(try Reminder.fetchOne(db, sql: "SELECT * FROM reminders WHERE 0") == nil)
    // Typed statements keep their own instance methods alongside.
    #expect(try Reminder.all.fetchAll(db) == all)
    #expect(try Reminder.fetchCursor(db, sql: "SELECT * FROM reminders").collect() == all)
  }

  @Test func rowsFetchedFromRow() throws {
    let db = try database()
    let rows = try Row.fetchAll(db, sql: "SELECT id, title FROM reminders ORDER BY id")
    #expect(rows.map(\.values) == [[.int(1), .text("Milk")], [.int(2), .text("Bread")]])
    let row = try #require(
      try Row.fetchOne(db, sql: "SELECT title FROM reminders WHERE id = ?", arguments: [1]))
    #expect(row.columnNames == ["title"])
    #expect(try Row.fetchOne(db, sql: "SELECT * FROM reminders WHERE 0") == nil)
    #expect(try Row.fetchCursor(db, sql: "SELECT * FROM reminders").collect().count == 2)
  }

  @Test func typedSubscripts() throws {
    let db = try database()
    let row = try #require(
      try Row.fetchOne(
        db, sql: "SELECT id, title, priority, is_completed FROM reminders WHERE id = 2"))
    let id: Int = try row[0]
    let title: String = try row["title"]
    let sameTitle: String = try row["TITLE"]  // case-insensitive, as SQLite
    let priority: Int? = try row[2]
    let namedPriority: Priority? = try row["priority"]
    let isCompleted: Bool = try row["is_completed"]
    #expect(id == 2)
    #expect(title == "Bread")
    #expect(sameTitle == "Bread")
    #expect(priority == nil)
    #expect(namedPriority == nil)
    #expect(isCompleted)
    // The untyped subscripts still give the stored values.
    #expect(row[0] == .int(2))
    #expect(row["title"] == .text("Bread"))
    #expect(row["missing"] == nil)
  }

  @Test func typedSubscriptsThrowInsteadOfTrapping() throws {
    let db = try database()
    let row = try #require(
      try Row.fetchOne(db, sql: "SELECT id, priority FROM reminders WHERE id = 2"))
    let null = #expect(throws: QueryDecodingError.self) { let _: Int = try row["priority"] }
    #expect(null?.found == "NULL")
    #expect(null?.columnName == "priority")
    let wrongType = #expect(throws: QueryDecodingError.self) { let _: String? = try row[0] }
    #expect(wrongType?.found == "INTEGER 2")
    let missing = #expect(throws: QueryDecodingError.self) { let _: Int? = try row["nope"] }
    #expect(missing?.found.contains("no such column") == true)
    #expect(throws: QueryDecodingError.self) { let _: Int = try row[2] }
    #expect(throws: QueryDecodingError.self) { let _: Int = try row[-1] }
  }
}
