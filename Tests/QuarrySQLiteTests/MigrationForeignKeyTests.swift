import Quarry
import QuarrySQLite
import Testing

@Suite("Migrations and foreign keys")
struct MigrationForeignKeyTests {
  /// Lists and the items that reference them, with two items in list 1.
  private var base: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("Lists and items") { db in
      try db.execute(
        sql: """
          CREATE TABLE fkLists (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
          CREATE TABLE fkItems (
            id INTEGER PRIMARY KEY,
            listID INTEGER NOT NULL REFERENCES fkLists(id)
          );
          INSERT INTO fkLists (id, title) VALUES (1, 'Groceries'), (2, 'Chores');
          INSERT INTO fkItems (id, listID) VALUES (1, 1), (2, 1), (3, 2);
          """)
    }
    return migrator
  }

  /// Rebuilds `fkLists` with a new column: SQLite's twelve steps, in short.
  private static let rebuildLists: @Sendable (Database) throws -> Void = { db in
    try db.execute(
      sql: """
        CREATE TABLE fkLists_new (id INTEGER PRIMARY KEY, title TEXT NOT NULL, color TEXT);
        INSERT INTO fkLists_new (id, title) SELECT id, title FROM fkLists;
        DROP TABLE fkLists;
        ALTER TABLE fkLists_new RENAME TO fkLists;
        """)
  }

  private func foreignKeysAreOn(_ queue: DatabaseQueue) throws -> Bool {
    try queue.read { try Int.fetchOne($0, sql: "PRAGMA foreign_keys") } == 1
  }

  @Test func aMigrationRebuildsATableOthersReference() throws {
    let queue = try DatabaseQueue()
    var migrator = base
    migrator.registerMigration("Rebuild lists", migrate: Self.rebuildLists)
    try migrator.migrate(queue)
    #expect(try queue.read { try migrator.appliedMigrations($0) }.count == 2)
    try queue.read { db throws in
      #expect(try db.columns(in: "fkLists").map(\.name) == ["id", "title", "color"])
      #expect(
        try String.fetchAll(db, sql: "SELECT title FROM fkLists ORDER BY id") == [
          "Groceries", "Chores",
        ])
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM fkItems") == 3)
      #expect(try db.foreignKeyViolations().isEmpty)
    }
    #expect(try foreignKeysAreOn(queue))
    // The references hold on the new table, enforced again.
    let error = #expect(throws: DatabaseError.self) {
      try queue.write { try $0.execute(sql: "DELETE FROM fkLists WHERE id = 1") }
    }
    #expect(error?.message.contains("FOREIGN KEY constraint failed") == true)
  }

  @Test func aMigrationThatLeavesADanglingReferenceIsRolledBack() throws {
    let queue = try DatabaseQueue()
    var migrator = base
    migrator.registerMigration("Drop a list") { db in
      try db.execute(sql: "UPDATE fkLists SET title = 'Renamed' WHERE id = 2")
      try db.execute(sql: "DELETE FROM fkLists WHERE id = 1")
    }
    let error = #expect(throws: DatabaseError.self) { try migrator.migrate(queue) }
    #expect(error?.resultCode == DatabaseError.constraint)
    #expect(error?.message.contains(#"migration "Drop a list" violates foreign keys"#) == true)
    #expect(error?.message.contains("fkItems rowid 1 refers to no row of fkLists") == true)
    #expect(error?.message.contains("fkItems rowid 2 refers to no row of fkLists") == true)
    try queue.read { db throws in
      #expect(try migrator.appliedMigrations(db) == ["Lists and items"])
      #expect(
        try String.fetchAll(db, sql: "SELECT title FROM fkLists ORDER BY id") == [
          "Groceries", "Chores",
        ])
    }
    #expect(try foreignKeysAreOn(queue))
  }

  @Test func manyViolationsAreListedInShort() throws {
    let queue = try DatabaseQueue()
    var migrator = base
    migrator.registerMigration("Many dangling items") { db in
      try db.execute(
        sql: """
          WITH RECURSIVE n(i) AS (SELECT 10 UNION ALL SELECT i + 1 FROM n WHERE i < 24)
          INSERT INTO fkItems (id, listID) SELECT i, 99 FROM n
          """)
    }
    let error = #expect(throws: DatabaseError.self) { try migrator.migrate(queue) }
    #expect(error?.message.hasSuffix("; and 5 more") == true)
  }

  @Test func immediateChecksKeepForeignKeysOn() throws {
    let queue = try DatabaseQueue()
    var migrator = base
    migrator.foreignKeyChecks = .immediate
    migrator.registerMigration("Rebuild lists", migrate: Self.rebuildLists)
    let error = #expect(throws: DatabaseError.self) { try migrator.migrate(queue) }
    #expect(error?.message.contains("FOREIGN KEY constraint failed") == true)
    #expect(try queue.read { try migrator.appliedMigrations($0) } == ["Lists and items"])
    #expect(try foreignKeysAreOn(queue))
  }

  @Test func foreignKeysOffOnTheConnectionStayOff() throws {
    var configuration = Configuration()
    configuration.foreignKeysEnabled = false
    let queue = try DatabaseQueue(configuration: configuration)
    var migrator = base
    migrator.registerMigration("Rebuild lists", migrate: Self.rebuildLists)
    try migrator.migrate(queue)
    #expect(try queue.read { try migrator.appliedMigrations($0) }.count == 2)
    #expect(try !foreignKeysAreOn(queue))
  }

  @Test func foreignKeyViolationsListsRowsReferringToNothing() throws {
    let db = try Database()
    try db.execute(
      sql: """
        PRAGMA foreign_keys = OFF;
        CREATE TABLE fkParents (id INTEGER PRIMARY KEY);
        CREATE TABLE fkChildren (id INTEGER PRIMARY KEY, parentID INTEGER REFERENCES fkParents(id));
        CREATE TABLE fkOthers (id INTEGER PRIMARY KEY, parentID INTEGER REFERENCES fkParents(id));
        INSERT INTO fkParents (id) VALUES (1);
        INSERT INTO fkChildren (id, parentID) VALUES (1, 1), (2, 7);
        INSERT INTO fkOthers (id, parentID) VALUES (5, 8);
        """)
    let all = try db.foreignKeyViolations().sorted { $0.originTable < $1.originTable }
    #expect(all.map(\.originTable) == ["fkChildren", "fkOthers"])
    #expect(all.map(\.originRowID) == [2, 5])
    #expect(all.map(\.destinationTable) == ["fkParents", "fkParents"])
    #expect(all.map(\.foreignKeyIndex) == [0, 0])
    #expect(
      all.map(\.description) == [
        "fkChildren rowid 2 refers to no row of fkParents",
        "fkOthers rowid 5 refers to no row of fkParents",
      ])
    #expect(try db.foreignKeyViolations(in: "fkChildren").map(\.originRowID) == [2])
  }
}
