import Quarry
import QuarrySQLite
import Testing

/// A connection renders each statement into one buffer it keeps: the next statement reuses its
/// storage, and no statement sees another's text or values.
@Suite("Render buffer")
struct RenderBufferTests {
  @Test func statementsRunOneAfterAnotherInTheSameBuffer() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    try Reminder.insert {
      Reminder.Draft(title: "milk")
      Reminder.Draft(title: "eggs", isCompleted: true)
      Reminder.Draft(title: "bread", priority: .high)
    }.execute(db)

    let longer = Reminder.where { !$0.isCompleted }.where { $0.title != "milk" }
      .order { $0.title.desc() }.limit(5)
    #expect(try longer.fetchAll(db).map(\.title) == ["bread"])
    let storage = db.renderBuffer.utf8.capacity
    let address = db.renderBuffer.utf8.withUnsafeBufferPointer { $0.baseAddress }
    #expect(storage >= longer.query.utf8.count)
    #expect(db.renderBuffer.utf8.isEmpty == false)

    // A shorter statement after it: nothing of the first one's text or values is left.
    #expect(try Reminder.where { $0.isCompleted }.fetchAll(db).map(\.title) == ["eggs"])
    let titles = try Reminder.select { $0.title }.order { $0.id }.fetchAll(db)
    #expect(titles == ["milk", "eggs", "bread"])
    #expect(db.renderBuffer.utf8.capacity == storage)
    // The same storage, not a copy of it: the statement cache keeps its own copy of each new
    // statement's text, so the buffer is never shared when the next statement is written.
    #expect(db.renderBuffer.utf8.withUnsafeBufferPointer { $0.baseAddress } == address)

    // A lookup runs the schema's pre-rendered select, which the buffer never takes in.
    #expect(try Reminder.find(2).fetchOne(db)?.title == "eggs")
    #expect(db.renderBuffer.preRendered == nil)
    #expect(try Reminder.where { $0.priority == Priority.high }.fetchOne(db)?.title == "bread")
  }

  @Test func quarrysOwnStatementsKeepTheSchemasText() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    func storage(_ utf8: [UInt8]?) -> UnsafePointer<UInt8>? {
      utf8?.withUnsafeBufferPointer { $0.baseAddress }
    }
    // A one-row insert and a lookup run the schema's pre-rendered text. Their prepared
    // statements keep that very array, not a copy: the next run of either compares its text
    // with the last statement's at once (the same storage), never byte by byte.
    let userStatements = db.statements.count
    try Reminder.insert { Reminder.Draft(title: "milk") }.execute(db)
    #expect(storage(db.quarryStatements.last?.utf8) == storage(Reminder.schema.insertRowUTF8))
    // (The first read of a table also asks SQLite about it, through the same cache: the
    // second lookup is the last statement.)
    for _ in 0..<2 { #expect(try Reminder.find(1).fetchOne(db)?.title == "milk") }
    #expect(
      storage(db.quarryStatements.last?.utf8) == storage(Reminder.schema.selectByPrimaryKeyUTF8))
    #expect(db.statements.count == userStatements)
    // The user's statements, rendered into the connection's buffer, are kept as copies.
    #expect(try Reminder.where { $0.title == "milk" }.fetchCount(db) == 1)
    let kept = try #require(db.statements.last)
    #expect(storage(kept.utf8) != storage(db.renderBuffer.utf8))
  }

  @Test func aLargeStatementsStorageIsNotKept() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    try Reminder.insert {
      for index in 0..<5_000 { Reminder.Draft(title: "reminder \(index)") }
    }.execute(db)
    #expect(try Reminder.count().fetchOne(db) == 5_000)
    _ = try Reminder.where { $0.id < 3 }.fetchAll(db)
    // The small statement's buffer, not the bulk insert's (about 70 KB of text, 20,000 values).
    #expect(db.renderBuffer.utf8.capacity < 10_000)
    #expect(db.renderBuffer.values.capacity < 1_000)
  }

  @Test func aFailedStatementLeavesTheBufferToTheNext() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    try Reminder.insert { Reminder.Draft(title: "kept") }.execute(db)
    // The update renders into the buffer, then fails the table's CHECK.
    #expect(throws: DatabaseError.self) {
      try Reminder.where { $0.id == 1 }.update { $0.title = "forbidden" }.execute(db)
    }
    #expect(try Reminder.where { $0.title == "kept" }.fetchCount(db) == 1)
    #expect(try Reminder.select { $0.title }.fetchAll(db) == ["kept"])
  }
}
