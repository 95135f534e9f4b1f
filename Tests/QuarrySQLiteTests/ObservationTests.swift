import Foundation
import Quarry
import QuarrySQLite
import Testing

/// Which commits reach a live observation, on a queue and on a pool: each test awaits the
/// first value, makes changes that must not be noticed, then one that must, and checks that the
/// next value is that one's (deliveries keep commit order, so a change noticed by mistake would
/// come first).
@Suite("Observation", .timeLimit(.minutes(1)))
struct ObservationTests {
  /// Observes `fetch`, counting its runs: the values come with the count.
  private func observe<Value: Sendable>(
    _ database: ObservedDatabase, _ fetch: @escaping @Sendable (Database) throws -> Value
  ) -> AsyncThrowingStream<Fetched<Value>, any Error> {
    let counter = CallCounter()
    return database.writer.observe { db in
      counter.increment()
      return Fetched(value: try fetch(db), fetch: counter.value)
    }
  }

  @Test(arguments: ObservedKind.allCases)
  func theFirstValueComesAtOnceThenOnePerCommit(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var values = database.writer.observe(Reminder.order { $0.id }).makeAsyncIterator()
    #expect(try await values.next()?.isEmpty == true)
    try await database.writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db)
    }
    let rows = try #require(try await values.next())
    #expect(rows.map(\.title).elementsEqual(["Milk"]))
  }

  @Test(arguments: ObservedKind.allCases)
  func otherTablesRollbacksAndRolledBackSavepointsAreNotNoticed(_ kind: ObservedKind)
    async throws
  {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var values = observe(database) { db in try Reminder.count().fetchOne(db) ?? 0 }
      .makeAsyncIterator()
    #expect(try await values.next()?.fetch == 1)
    let writer = database.writer
    // Another table.
    try await writer.write { db in try db.execute(sql: "INSERT INTO others (value) VALUES (1)") }
    // A rolled-back transaction.
    struct Failure: Error {}
    _ = try? await writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "gone") }.execute(db)
      throw Failure()
    }
    // A savepoint rolled back inside a committed transaction, nested savepoints too.
    try await writer.write { db in
      try db.execute(sql: "INSERT INTO others (value) VALUES (2)")
      _ = try? db.savepoint("outer") {
        try Reminder.insert { Reminder.Draft(title: "gone") }.execute(db)
        try db.savepoint("inner") {
          try Reminder.insert { Reminder.Draft(title: "gone too") }.execute(db)
        }
        throw Failure()
      }
      try db.execute(sql: "SAVEPOINT manual")
      try Reminder.insert { Reminder.Draft(title: "gone") }.execute(db)
      try db.execute(sql: "ROLLBACK TO manual")
      try db.execute(sql: "RELEASE manual")
    }
    // Then a change that counts.
    try await writer.write { db in
      try db.savepoint("kept") {
        try Reminder.insert { Reminder.Draft(title: "kept") }.execute(db)
      }
    }
    let next = try #require(try await values.next())
    #expect(next.value == 1)
    #expect(next.fetch == 2)
  }

  @Test(arguments: ObservedKind.allCases)
  func aChangeRepeatedAfterARolledBackSavepointIsNoticed(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var values = observe(database) { db in try Reminder.count().fetchOne(db) ?? 0 }
      .makeAsyncIterator()
    #expect(try await values.next()?.fetch == 1)
    // The same statement on the same table before a savepoint, in it (rolled back), and
    // after it: the change before the savepoint is kept; then only the one after it.
    for keepsFirst in [true, false] {
      try await database.writer.write { db in
        if keepsFirst { try Reminder.insert { Reminder.Draft(title: "before") }.execute(db) }
        try db.execute(sql: "SAVEPOINT s")
        try Reminder.insert { Reminder.Draft(title: "gone") }.execute(db)
        try db.execute(sql: "ROLLBACK TO s")
        try db.execute(sql: "RELEASE s")
        if !keepsFirst { try Reminder.insert { Reminder.Draft(title: "after") }.execute(db) }
      }
      let next = try #require(try await values.next())
      #expect(next.value == (keepsFirst ? 1 : 2))
    }
    // Several transactions in one access: the second one's changes are added to the first's.
    try await database.writer.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN; INSERT INTO others (value) VALUES (1); COMMIT")
      try db.execute(sql: "BEGIN")
      try Reminder.insert { Reminder.Draft(title: "third") }.execute(db)
      try db.execute(sql: "COMMIT")
    }
    #expect(try await values.next()?.value == 3)
  }

  @Test(arguments: ObservedKind.allCases)
  func deleteWithoutWhereIsNoticed(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    try await database.writer.write { db in
      // Prepared before the observation begins: the cached statement must notice too.
      try db.execute(sql: "DELETE FROM reminders")
      for title in ["a", "b", "c"] {
        try Reminder.insert { Reminder.Draft(title: title) }.execute(db)
      }
    }
    var values = database.writer.observeCount(Reminder.all).makeAsyncIterator()
    #expect(try await values.next() == 3)
    try await database.writer.writeWithoutTransaction { db in
      try db.execute(sql: "DELETE FROM reminders")
    }
    #expect(try await values.next() == 0)
    try await database.writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "d") }.execute(db)
    }
    #expect(try await values.next() == 1)
    try await database.writer.writeWithoutTransaction { db in
      try db.execute(sql: "DELETE FROM reminders")
    }
    #expect(try await values.next() == 0)
  }

  @Test(arguments: ObservedKind.allCases)
  func anUpdateOfAnUnreadColumnIsNotNoticed(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    try await database.writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db)
    }
    var values = observe(database) { db in
      try Reminder.select { $0.title }.fetchAll(db)
    }.makeAsyncIterator()
    #expect(try await values.next()?.value.elementsEqual(["Milk"]) == true)
    try await database.writer.write { db in
      try Reminder.update { $0.isCompleted = true }.execute(db)
      try db.execute(sql: "UPDATE reminders SET priority = 3")
    }
    try await database.writer.write { db in
      try Reminder.update { $0.title = "Bread" }.execute(db)
    }
    let next = try #require(try await values.next())
    #expect(next.value.elementsEqual(["Bread"]))
    #expect(next.fetch == 2)
  }

  @Test(arguments: ObservedKind.allCases)
  func aViewAndAJoinObserveBothTables(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let writer = database.writer
    for sql in [
      "SELECT list || ':' || title FROM list_items ORDER BY title",
      "SELECT lists.name || ':' || items.title FROM items JOIN lists ON lists.id = items.list_id ORDER BY items.title",
    ] {
      var values = observe(database) { db in try db.fetchAll(String.self, sql: sql) }
        .makeAsyncIterator()
      let first = try #require(try await values.next())
      try await writer.write { db in
        try db.execute(sql: "INSERT INTO items (list_id, title) VALUES (1, 'Milk')")
      }
      #expect(try await values.next()?.value.elementsEqual(["Home:Milk"]) == true)
      try await writer.write { db in try db.execute(sql: "UPDATE lists SET name = 'Work'") }
      #expect(try await values.next()?.value.elementsEqual(["Work:Milk"]) == true)
      // A column neither reads.
      try await writer.write { db in try db.execute(sql: "UPDATE items SET note = 'x'") }
      try await writer.write { db in
        try db.execute(sql: "DELETE FROM items")
        try db.execute(sql: "UPDATE lists SET name = 'Home'")
      }
      let last = try #require(try await values.next())
      #expect(last.value.isEmpty)
      #expect(last.fetch == first.fetch + 3)
    }
  }

  @Test(arguments: ObservedKind.allCases)
  func equalConsecutiveValuesComeOnce(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var values = database.writer.observe(Reminder.where { $0.isCompleted }.select { $0.title })
      .makeAsyncIterator()
    #expect(try await values.next()?.isEmpty == true)
    // Changes the statement reads, without changing its rows.
    try await database.writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "open") }.execute(db)
    }
    try await database.writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "done", isCompleted: true) }.execute(db)
    }
    #expect(try await values.next()?.elementsEqual(["done"]) == true)
  }

  @Test(arguments: ObservedKind.allCases)
  func notifyChangesRefetches(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var values = observe(database) { db in try Reminder.count().fetchOne(db) ?? 0 }
      .makeAsyncIterator()
    #expect(try await values.next()?.fetch == 1)
    try await database.writer.write { db in db.notifyChanges(in: Reminder.self) }
    #expect(try await values.next()?.fetch == 2)
    try await database.writer.writeWithoutTransaction { db in db.notifyChanges(in: Reminder.self) }
    #expect(try await values.next()?.fetch == 3)
  }

  @Test(arguments: ObservedKind.allCases)
  func aChangeFromAnotherConnectionIsNoticed(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind, pollingInterval: 0.02)
    defer { database.cleanUp() }
    var values = database.writer.observeCount(Reminder.all).makeAsyncIterator()
    #expect(try await values.next() == 0)
    let other = try Database(path: database.file.path)
    try other.execute(sql: "INSERT INTO reminders (title) VALUES ('elsewhere')")
    // Waits for the value itself, however loaded the machine: the suite's time limit is the
    // only bound, and a change never noticed fails there.
    #expect(try await values.next() == 1)
  }

  @Test func aChangeFromAnotherProcessIsNoticed() async throws {
    let executable = try #require(
      crashWriterExecutable, "QuarryCrashWriter is not in the products directory")
    let database = try ObservedDatabase(.pool, pollingInterval: 0.02)
    defer { database.cleanUp() }
    // The helper writes to a table named `items`: give it its own.
    try await database.writer.write { db in
      try db.execute(
        sql: """
          DROP VIEW list_items; DROP TABLE items;
          CREATE TABLE items (batch INTEGER NOT NULL, item INTEGER NOT NULL)
          """)
    }
    var values = database.writer.observe { db in
      try db.fetchOne(Int.self, sql: "SELECT count(*) FROM items") ?? 0
    }.makeAsyncIterator()
    #expect(try await values.next() == 0)
    let otherProcess = try ChildProcess(
      executable, ["--path", database.file.path, "--batch-size", "3", "--batches", "1"],
      output: .discarded)
    #expect(await otherProcess.end() == .exited(0))
    #expect(try await values.next() == 3)
  }

  @Test(arguments: ObservedKind.allCases)
  func aFailingFetchEndsTheSequenceWithItsError(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var values = database.writer.observe(Reminder.all).makeAsyncIterator()
    #expect(try await values.next()?.isEmpty == true)
    try await database.writer.write { db in
      try db.execute(sql: "DROP TABLE reminders")
      db.notifyChanges(in: Reminder.self)
    }
    let error = await #expect(throws: DatabaseError.self) { try await values.next() }
    #expect(error?.message.contains("no such table") == true)
    #expect(try await database.waitUntilUnobserved())
  }

  @Test(arguments: ObservedKind.allCases)
  func identicalObservationsShareOneFetch(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let open = Reminder.where { !$0.isCompleted }
    var first = database.writer.observe(open).makeAsyncIterator()
    var second = database.writer.observe(open).makeAsyncIterator()
    var other = database.writer.observe(Reminder.where { $0.isCompleted }).makeAsyncIterator()
    _ = try await first.next()
    _ = try await second.next()
    _ = try await other.next()
    #expect(database.writer.liveObservationCounts.subscribers == 3)
    #expect(database.writer.liveObservationCounts.fetches == 2)
    try await database.writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db)
    }
    #expect(try await first.next()?.count == 1)
    #expect(try await second.next()?.count == 1)
  }

  @Test(arguments: ObservedKind.allCases)
  func observationsAreUpdatedOffTheMainThread(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    var values = database.writer.observe { db in Thread.isMainThread }.makeAsyncIterator()
    #expect(try await values.next() == false)
  }
  @Test(arguments: ObservedKind.allCases)
  func aTransactionChangingManyTablesIsNoticedOnce(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let writer = database.writer
    // More tables than the tracker remembers by their bytes (64).
    let tables = (0..<80).map { "many_\($0)" }
    try await writer.write { db in
      for table in tables {
        try db.execute(sql: "CREATE TABLE \(table) (id INTEGER PRIMARY KEY, value INTEGER)")
      }
    }
    var last = observe(database) { db in
      try db.fetchOne(Int.self, sql: "SELECT count(*) FROM many_79") ?? 0
    }.makeAsyncIterator()
    var reminders = observe(database) { db in try Reminder.count().fetchOne(db) ?? 0 }
      .makeAsyncIterator()
    #expect(try await last.next()?.fetch == 1)
    #expect(try await reminders.next()?.fetch == 1)
    // Every table, twice, in one transaction: one new value.
    try await writer.write { db in
      for _ in 0..<2 {
        for table in tables { try db.execute(sql: "INSERT INTO \(table) (value) VALUES (1)") }
      }
    }
    let afterAll = try #require(try await last.next())
    #expect(afterAll.value == 2)
    #expect(afterAll.fetch == 2)
    // Every table but the last one: not noticed (the tables of the transaction before are
    // forgotten); then reminders only, then the last table only.
    try await writer.write { db in
      for table in tables.dropLast() {
        try db.execute(sql: "INSERT INTO \(table) (value) VALUES (1)")
      }
    }
    try await writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db)
    }
    let reminder = try #require(try await reminders.next())
    #expect(reminder.value == 1)
    #expect(reminder.fetch == 2)
    try await writer.write { db in try db.execute(sql: "INSERT INTO many_79 (value) VALUES (1)") }
    let lastTable = try #require(try await last.next())
    #expect(lastTable.value == 3)
    #expect(lastTable.fetch == 3)
  }

  @Test(arguments: ObservedKind.allCases)
  func aTableRecreatedUnderANameInOtherCaseIsStillObserved(_ kind: ObservedKind) async throws {
    let database = try ObservedDatabase(kind)
    defer { database.cleanUp() }
    let writer = database.writer
    var values = observe(database) { db in
      try db.fetchOne(Int.self, sql: "SELECT count(*) FROM others") ?? 0
    }.makeAsyncIterator()
    #expect(try await values.next()?.fetch == 1)
    try await writer.write { db in try db.execute(sql: "INSERT INTO Others (value) VALUES (1)") }
    #expect(try await values.next()?.value == 1)
    // Dropped and created again as `OTHERS`: SQLite's hooks now pass that name.
    try await writer.write { db in
      try db.execute(sql: "DROP TABLE others")
      try db.execute(
        sql: "CREATE TABLE \"OTHERS\" (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)")
      db.notifyChanges(inTablesNamed: ["others"])
    }
    #expect(try await values.next()?.value == 0)
    // Reminders only: not noticed. Then the new table, spelled both ways, in one transaction.
    try await writer.write { db in
      try Reminder.insert { Reminder.Draft(title: "Milk") }.execute(db)
    }
    try await writer.write { db in
      try db.execute(sql: "INSERT INTO others (value) VALUES (2)")
      try db.execute(sql: "INSERT INTO OTHERS (value) VALUES (3)")
    }
    let next = try #require(try await values.next())
    #expect(next.value == 2)
    #expect(next.fetch == 4)
  }
}
