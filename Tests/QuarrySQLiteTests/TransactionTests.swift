import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("Transactions and savepoints")
struct TransactionTests {
  private func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE accounts (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
        INSERT INTO accounts VALUES (1, 100), (2, 50);
        """)
    return db
  }

  /// Everything in the database: schema and rows.
  private func dump(_ db: Database) throws -> [Row] {
    try db.fetchAll(sql: "SELECT type, name, sql FROM sqlite_master ORDER BY name")
      + db.fetchAll(sql: "SELECT * FROM accounts ORDER BY id")
  }

  struct Failure: Error {}

  @Test(arguments: [TransactionKind.deferred, .immediate, .exclusive])
  func aThrowingTransactionLeavesTheDatabaseAsBefore(kind: TransactionKind) throws {
    let db = try database()
    let before = try dump(db)
    #expect(throws: Failure.self) {
      try db.transaction(kind) {
        try db.execute(sql: "UPDATE accounts SET balance = 0")
        try db.execute(sql: "CREATE TABLE extra (x)")
        try db.execute(sql: "INSERT INTO accounts VALUES (3, 1)")
        throw Failure()
      }
    }
    #expect(!db.isInsideTransaction)
    #expect(try dump(db) == before)
  }

  @Test func aRolledBackSavepointKeepsTheOuterWork() throws {
    let db = try database()
    try db.transaction {
      try db.execute(sql: "UPDATE accounts SET balance = balance - 10 WHERE id = 1")
      #expect(throws: Failure.self) {
        try db.savepoint("inner") {
          try db.execute(sql: "UPDATE accounts SET balance = 0")
          throw Failure()
        }
      }
      try db.savepoint("kept") {
        try db.execute(sql: "UPDATE accounts SET balance = balance + 10 WHERE id = 2")
        // Nested savepoints, the innermost rolled back.
        try? db.savepoint("deeper") {
          try db.execute(sql: "DELETE FROM accounts")
          throw Failure()
        }
      }
      #expect(db.isInsideTransaction)
    }
    #expect(try db.fetchAll(Int.self, sql: "SELECT balance FROM accounts ORDER BY id") == [90, 60])
  }

  @Test func aSavepointOutsideATransactionCommitsOrRollsBack() throws {
    let db = try database()
    try db.savepoint { try db.execute(sql: "UPDATE accounts SET balance = 1 WHERE id = 1") }
    #expect(!db.isInsideTransaction)
    #expect(throws: Failure.self) {
      try db.savepoint {
        try db.execute(sql: "UPDATE accounts SET balance = 2")
        throw Failure()
      }
    }
    #expect(!db.isInsideTransaction)
    #expect(try db.fetchAll(Int.self, sql: "SELECT balance FROM accounts ORDER BY id") == [1, 50])
  }

  @Test func queueWritesRollBackOnThrowAndSavepointsWork() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in try remindersSchema.execute(db) }
    try queue.write { db in
      try Reminder.insert { Reminder.Draft(title: "outer") }.execute(db)
      try? db.savepoint {
        try Reminder.insert { Reminder.Draft(title: "inner") }.execute(db)
        try Reminder.insert { Reminder.Draft(title: "forbidden") }.execute(db)
      }
    }
    #expect(try queue.read { db in try Reminder.select { $0.title }.fetchAll(db) } == ["outer"])
  }
}
