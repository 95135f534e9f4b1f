import Quarry
import QuarrySQLite
import Testing

/// The driver's statement pipeline: one cache per kind of statement, lookup-or-prepare that
/// says what the SQL holds, eviction of the least recently used, and busy statements.
@Suite("Statement cache")
struct StatementCacheTests {
  @Test func theSameSQLReusesItsStatement() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    let count = db.statements.count
    for title in ["a", "b", "c"] {
      try db.execute(sql: "INSERT INTO reminders (title) VALUES (?)", arguments: [title])
      _ = try Reminder.where { $0.title == title }.fetchAll(db)
    }
    #expect(db.statements.count == count + 2)
    #expect(db.statements.contains(sql: "INSERT INTO reminders (title) VALUES (?)"))
  }

  @Test func quarrysOwnStatementsAreKeptApartFromTheUsers() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    try db.transaction {
      try Reminder.insert { Reminder.Draft(title: "a") }.execute(db)
    }
    #expect(try Reminder.find(1).fetchOne(db)?.title == "a")
    let insert = String(decoding: Reminder.schema.insertRowUTF8, as: UTF8.self)
    let find = String(decoding: Reminder.schema.selectByPrimaryKeyUTF8!, as: UTF8.self)
    for sql in ["BEGIN DEFERRED TRANSACTION", "COMMIT TRANSACTION", insert, find] {
      #expect(db.quarryStatements.contains(sql: sql), "\(sql)")
      #expect(!db.statements.contains(sql: sql), "\(sql)")
    }
    // The same SQL written by the user goes to the user's cache.
    _ = try Reminder.where { $0.id == 1 }.fetchOne(db)
    #expect(db.statements.contains(sql: find))
  }

  @Test func theUsersStatementsEvictTheLeastRecentlyUsedAndNeverQuarrys() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    try Reminder.insert { Reminder.Draft(title: "a") }.execute(db)
    _ = try Reminder.find(1).fetchOne(db)
    let quarryCount = db.quarryStatements.count
    let first = "SELECT 0"
    try db.execute(sql: first)
    for index in 1..<256 {
      try db.execute(sql: "SELECT \(index)")
      // Keep the first one in use: it must survive the others.
      if index.isMultiple(of: 50) { try db.execute(sql: first) }
    }
    #expect(db.statements.count == 256)
    try db.execute(sql: "SELECT 256")
    #expect(db.statements.count == 256)
    #expect(db.statements.contains(sql: first))
    #expect(db.statements.contains(sql: "SELECT 256"))
    // The one evicted is the least recently used: the oldest except the first.
    #expect(!db.statements.contains(sql: "SELECT 1"))
    #expect(db.statements.contains(sql: "SELECT 2"))
    #expect(db.quarryStatements.count == quarryCount)
    #expect(try Reminder.find(1).fetchOne(db)?.title == "a")
  }

  @Test func aBusyStatementIsNeverHandedOutTwice() throws {
    let db = try Database()
    try remindersSchema.execute(db)
    for title in ["a", "b"] { try Reminder.insert { Reminder.Draft(title: title) }.execute(db) }
    let query = Reminder.order { $0.id }
    let outer = try query.fetchCursor(db)
    var pairs: [String] = []
    while let reminder = try outer.next() {
      // The same SQL while the cursor steps its statement: another statement runs it.
      for inner in try query.fetchAll(db) { pairs.append(reminder.title + inner.title) }
    }
    #expect(pairs == ["aa", "ab", "ba", "bb"])
    #expect(try query.fetchAll(db).map(\.title) == ["a", "b"])
  }

  @Test func preparingSaysWhatTheSQLHolds() throws {
    let db = try Database()
    #expect(try db.prepare(sql: "  -- nothing\n") == nil)
    #expect(try db.prepare(sql: "SELECT 1;  ")?.sql == "SELECT 1;  ")
    let error = #expect(throws: DatabaseError.self) {
      try db.prepare(sql: "SELECT 1; SELECT 2")
    }
    #expect(error?.message == DatabaseError.severalStatements)
    // A fragment holding several statements runs them all, the bindings in turn.
    try #sql("CREATE TABLE t (x); INSERT INTO t VALUES (\(1)); INSERT INTO t VALUES (\(2))")
      .execute(db)
    #expect(try db.fetchAll(Int.self, sql: "SELECT x FROM t ORDER BY x") == [1, 2])
  }

  @Test func findAndTheOneRowInsertAreMarkedPreRendered() throws {
    #expect(Reminder.find(1).query.preRendered == .selectByPrimaryKey)
    #expect(Reminder.find(1).where { $0.title == "a" }.query.preRendered == nil)
    #expect(Reminder.find(1).limit(1).query.preRendered == nil)
    #expect(Reminder.where { $0.id == 1 }.query.preRendered == nil)
    #expect(Reminder.where { $0.id == 1 }.query == Reminder.find(1).query)
    #expect(
      Reminder.insert { Reminder.Draft(title: "a") }.query.preRendered == .insertRow)
    var fragment = Reminder.find(1).query
    fragment.append(sql: " LIMIT 1")
    #expect(fragment.preRendered == nil)
  }
}
