import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("DatabaseQueue")
struct DatabaseQueueTests {
  @Test func writeCommitsAndReadSeesIt() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try remindersSchema.execute(db)
      try Reminder.insert { Reminder.Draft(title: "Milk", priority: .high) }.execute(db)
    }
    let reminders = try queue.read { db in try Reminder.all.fetchAll(db) }
    #expect(reminders == [Reminder(id: 1, title: "Milk", isCompleted: false, priority: .high)])
  }

  @Test func aThrowingWriteLeavesNothingBehind() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in try remindersSchema.execute(db) }
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try queue.write { db in
        try Reminder.insert { Reminder.Draft(title: "half") }.execute(db)
        throw Failure()
      }
    }
    #expect(try queue.read { db in try Reminder.count().fetchOne(db) } == 0)
  }

  @Test func readsCannotWrite() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in try remindersSchema.execute(db) }
    let error = #expect(throws: DatabaseError.self) {
      try queue.read { db in try Reminder.insert { Reminder.Draft(title: "x") }.execute(db) }
    }
    #expect(error?.resultCode == DatabaseError.readOnly)
    // After the failed read, writes work again.
    try queue.write { db in try Reminder.insert { Reminder.Draft(title: "y") }.execute(db) }
    #expect(try queue.read { db in try Reminder.count().fetchOne(db) } == 1)
  }

  @Test func concurrentWritersAreSerialized() async throws {
    let queue = try DatabaseQueue()
    try await queue.write { db in try remindersSchema.execute(db) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<25 {
            try await queue.write { db in
              try Reminder.insert { Reminder.Draft(title: "\(task)-\(index)") }.execute(db)
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try await queue.read { db in try Reminder.count().fetchOne(db) } == 200)
  }

  @Test func filesSurviveReopening() throws {
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    do {
      let queue = try DatabaseQueue(path: file.path)
      try queue.write { db in
        try remindersSchema.execute(db)
        try Reminder.insert { Reminder.Draft(title: "durable") }.execute(db)
      }
    }
    let reopened = try DatabaseQueue(path: file.path)
    #expect(
      try reopened.read { db in try Reminder.select { $0.title }.fetchAll(db) } == ["durable"])
  }
}
