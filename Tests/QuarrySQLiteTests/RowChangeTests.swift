import Foundation
import Quarry
import QuarrySQLite
import Testing

/// The rows committed transactions change, as `rowChanges(in:)` reports them, on a queue and on
/// a pool: each test makes changes that must not arrive, then one that must, and checks that
/// the next element is that one's (elements keep commit order, so a change reported by mistake
/// would come first).
@Suite("RowChanges", .timeLimit(.minutes(1)))
struct RowChangeTests {
  @Test(arguments: ObservedKind.allCases)
  func insertsUpdatesAndDeletesArriveWithTheirRowIDs(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var changes = database.writer.rowChanges(in: Reminder.self).makeAsyncIterator()
    try await database.writer.write { db in
      try Reminder.insert { Reminder(id: 7, title: "Milk", isCompleted: false, priority: nil) }
        .execute(db)
      try Reminder.insert { Reminder(id: 9, title: "Eggs", isCompleted: false, priority: nil) }
        .execute(db)
      try db.execute(sql: "UPDATE reminders SET is_completed = 1 WHERE id = 9")
      try db.execute(sql: "DELETE FROM reminders WHERE id = 7")
    }
    #expect(
      await changes.next() == [
        RowChange(table: "reminders", kind: .insert, rowID: 7),
        RowChange(table: "reminders", kind: .insert, rowID: 9),
        RowChange(table: "reminders", kind: .update, rowID: 9),
        RowChange(table: "reminders", kind: .delete, rowID: 7),
      ])
    // Each write is one element.
    try await database.writer.write { db in
      try db.execute(sql: "UPDATE reminders SET title = 'Bread' WHERE id = 9")
    }
    #expect(await changes.next() == [RowChange(table: "reminders", kind: .update, rowID: 9)])
  }

  @Test(arguments: ObservedKind.allCases)
  func otherTablesRollbacksAndRolledBackSavepointsAreNotReported(_ kind: ObservedKind)
    async throws
  {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let writer = database.writer
    var changes = writer.rowChanges(in: Reminder.self).makeAsyncIterator()
    // Another table.
    try await writer.write { db in try db.execute(sql: "INSERT INTO others (value) VALUES (1)") }
    // A rolled-back transaction.
    struct Failure: Error {}
    _ = try? await writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "gone") }.execute(db)
      throw Failure()
    }
    // Savepoints rolled back inside a committed transaction, nested ones too; the rows before
    // the savepoint stay.
    try await writer.write { db in
      try db.execute(sql: "INSERT INTO reminders (id, title) VALUES (20, 'kept')")
      _ = try? db.savepoint("outer") {
        try db.execute(sql: "INSERT INTO reminders (id, title) VALUES (21, 'gone')")
        try db.savepoint("inner") {
          try db.execute(sql: "INSERT INTO reminders (id, title) VALUES (22, 'gone too')")
        }
        throw Failure()
      }
      try db.execute(
        sql: """
          SAVEPOINT kept; INSERT INTO reminders (id, title) VALUES (23, 'kept too');
          SAVEPOINT undone; DELETE FROM reminders WHERE id = 20; ROLLBACK TO undone;
          RELEASE kept
          """)
    }
    let committed = await changes.next()
    #expect(
      committed == [
        RowChange(table: "reminders", kind: .insert, rowID: 20),
        RowChange(table: "reminders", kind: .insert, rowID: 23),
      ], "\(String(describing: committed))")
    // A statement of its own, outside a transaction.
    try await writer.writeWithoutTransaction { db in
      try db.execute(sql: "DELETE FROM reminders WHERE id = 23")
    }
    #expect(await changes.next() == [RowChange(table: "reminders", kind: .delete, rowID: 23)])
  }

  @Test(arguments: ObservedKind.allCases)
  func deletingEveryRowReportsEachOne(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    try await database.writer.write { db in
      try db.execute(sql: "INSERT INTO others (id, value) VALUES (1, 1), (2, 2), (3, 3)")
    }
    var changes = database.writer.rowChanges(inTablesNamed: ["OTHERS"]).makeAsyncIterator()
    // SQLite would truncate the table without a hook call per row; the tracker prevents it.
    try await database.writer.write { db in try db.execute(sql: "DELETE FROM others") }
    let rows = try #require(await changes.next())
    #expect(rows.map(\.kind) == [.delete, .delete, .delete])
    #expect(Set(rows.map(\.rowID)) == [1, 2, 3])
    #expect(rows.allSatisfy { $0.table == "others" })
  }

  @Test(arguments: ObservedKind.allCases)
  func rowChangesAndLiveQueriesShareTheHooksAndLetThemGo(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var values = database.writer.observeCount(Reminder.all).makeAsyncIterator()
    #expect(try await values.next() == 0)
    do {
      // Ends with this scope, as its iterator goes.
      var changes = database.writer.rowChanges(in: Reminder.self).makeAsyncIterator()
      try await database.writer.write { db in
        try Reminder.insert { Reminder(id: 4, title: "a", isCompleted: false, priority: nil) }
          .execute(db)
      }
      #expect(await changes.next() == [RowChange(table: "reminders", kind: .insert, rowID: 4)])
      #expect(try await values.next() == 1)
    }
    // The change sequence is gone: the live query still hears of commits.
    try await database.writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "b") }.execute(db)
    }
    #expect(try await values.next() == 2)
  }

  @Test(arguments: ObservedKind.allCases)
  func anEndedSequenceRemovesTheHooks(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let consumer = Task {
      for await _ in database.writer.rowChanges(in: Reminder.self) {}
    }
    // The sequence exists before the task runs: wait until it records, then end it.
    while try await database.writer.writeWithoutTransaction({ db in !db.isTrackingChanges }) {
      try await Task.sleep(for: .milliseconds(2))
    }
    consumer.cancel()
    #expect(try await database.waitUntilUnobserved())
  }
}
