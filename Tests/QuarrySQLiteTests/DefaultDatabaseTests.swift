import Foundation
import Quarry
import QuarrySQLite
import Testing

/// The default database: one for the process, overridden per task without leaking into other
/// tasks. Serialized, as one test sets the process's database (no other test reads it).
@Suite("DefaultDatabase", .serialized)
struct DefaultDatabaseTests {
  @Test func overridesStayInTheirTaskAndItsChildren() async throws {
    let first = try DatabaseQueue()
    let second = try DatabaseQueue()
    let outside = DefaultDatabase.current
    try await withThrowingTaskGroup(of: Bool.self) { group in
      for database in [first, second] {
        group.addTask {
          try await DefaultDatabase.withValue(database) {
            // Both tasks are inside their scopes at once: each sees its own.
            try await Task.sleep(for: .milliseconds(20))
            let child = await Task { DefaultDatabase.current }.value
            return DefaultDatabase.current === database && child === database
          }
        }
      }
      for try await sawItsOwn in group { #expect(sawItsOwn) }
    }
    #expect(DefaultDatabase.current === outside)
    // Nested scopes: the innermost wins, and the outer one is back after it.
    DefaultDatabase.withValue(first) {
      DefaultDatabase.withValue(second) { #expect(DefaultDatabase.current === second) }
      #expect(DefaultDatabase.current === first)
    }
  }

  @Test @MainActor func theProcessDatabaseStandsWhereNoOverrideIs() async throws {
    let launch = try DatabaseQueue()
    let test = try DatabaseQueue()
    DefaultDatabase.set(launch)
    defer { DefaultDatabase.set(nil) }
    #expect(DefaultDatabase.current === launch)
    #expect(try DefaultDatabase.required() === launch)
    #expect(await Task.detached { DefaultDatabase.current }.value === launch)
    DefaultDatabase.withValue(test) { #expect(DefaultDatabase.current === test) }
    // The wrappers use it.
    try await launch.write { db in try remindersSchema.execute(db) }
    let count = FetchCount(Reminder.all, fetchesImmediately: true)
    #expect(count.loadError == nil)
    try await count.load(Reminder.where { $0.id > 0 })
    #expect(count.value == 0)
  }

  @Test @MainActor func withoutADatabaseCodeSaysSo() throws {
    DefaultDatabase.set(nil)
    #expect(DefaultDatabase.current == nil)
    let error = #expect(throws: DatabaseError.self) { try DefaultDatabase.required() }
    #expect(error?.message.hasPrefix("no default database") == true)
    // A wrapper given none records the error instead of loading.
    let reminders = FetchAll(Reminder.all)
    #expect(!reminders.isLoading)
    #expect(
      (reminders.loadError as? DatabaseError)?.message.hasPrefix("no default database") == true)
  }
}
