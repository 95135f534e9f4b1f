import Quarry
import QuarrySQLite
import Testing

/// `pendingMigration(for:)` on a table matrix: each migration it writes runs through a
/// ``DatabaseMigrator`` on a database with rows, keeps every row, leaves foreign keys clean,
/// the indexes, triggers and views in place, and the schema matching the Swift tables.
@Suite("Pending migrations")
struct PendingMigrationTests {
  /// The starting schema: a list, its items (indexed, with a trigger and a view, and notes
  /// referring to them), and tags.
  static let startingSchema = """
    CREATE TABLE "evoLists" (
      "id" INTEGER PRIMARY KEY AUTOINCREMENT,
      "title" TEXT NOT NULL DEFAULT ''
    );
    CREATE TABLE "evoItems" (
      "id" INTEGER PRIMARY KEY,
      "title" TEXT NOT NULL,
      "priority" TEXT,
      "listID" INTEGER NOT NULL REFERENCES "evoLists"("id") ON DELETE CASCADE
    );
    CREATE INDEX "evoItems_by_list" ON "evoItems"("listID");
    CREATE TABLE "evoNotes" (
      "id" INTEGER PRIMARY KEY,
      "itemID" INTEGER REFERENCES "evoItems"("id"),
      "body" TEXT
    );
    CREATE TABLE "evoTags" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE);
    CREATE TRIGGER "evoItems_touch" AFTER UPDATE ON "evoItems" BEGIN
      UPDATE "evoLists" SET "title" = "title" WHERE "id" = NEW."listID";
    END;
    CREATE VIEW "evoOpenItems" AS SELECT "id", "title" FROM "evoItems";
    INSERT INTO "evoLists" ("title") VALUES ('Home'), ('Work');
    INSERT INTO "evoItems" VALUES (1, 'Milk', '1', 1), (2, 'Report', '3', 2), (3, 'Call', NULL, 2);
    INSERT INTO "evoNotes" VALUES (1, 1, 'skimmed'), (2, 2, NULL);
    INSERT INTO "evoTags" VALUES (1, 'urgent'), (2, 'later');
    """

  /// The schema objects the migrations must keep.
  static let objects: Set = ["evoItems_by_list", "evoItems_touch", "evoOpenItems"]

  /// A database with the starting schema and its rows.
  private func startingDatabase(_ extraSQL: String = "") throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA foreign_keys = ON")
      try db.execute(sql: Self.startingSchema + extraSQL)
    }
    return queue
  }

  /// Writes the migration to `tables`, runs it as a migration, and checks what it promises.
  @discardableResult
  private func migrate(
    _ queue: DatabaseQueue, to tables: [any Table.Type],
    options: MigrationOptions = MigrationOptions()
  ) throws -> String {
    let counts = try rowCounts(queue)
    let sql = try #require(try queue.pendingMigration(for: tables, options: options))
    var migrator = DatabaseMigrator()
    migrator.registerMigration("written from the Swift tables") { db in
      try db.execute(sql: sql)
    }
    try migrator.migrate(queue)
    try queue.read { db in
      #expect(try db.foreignKeyViolations() == [])
      #expect(try db.schemaDifferences(tables) == [])
      #expect(try db.pendingMigration(for: tables, options: options) == nil)
      let names = try db.fetchAll(
        String.self,
        sql: "SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger', 'view')")
      #expect(Self.objects.isSubset(of: Set(names)))
    }
    let after = try rowCounts(queue).filter { counts.keys.contains($0.key) }
    #expect(after == counts)
    return sql
  }

  private func rowCounts(_ queue: DatabaseQueue) throws -> [String: Int] {
    try queue.read { db in
      var counts: [String: Int] = [:]
      for table in try db.tableNames() {
        counts[table] = try db.fetchOne(Int.self, sql: "SELECT count(*) FROM \"\(table)\"")
      }
      return counts
    }
  }

  static var startingTables: [any Table.Type] {
    [
      EvoList.self, EvoItem.self, EvoNote.self, EvoTag.self,
    ]
  }

  @Test func nothingPendingWhenTheSchemaMatches() throws {
    let queue = try startingDatabase()
    #expect(try queue.pendingMigration(for: Self.startingTables) == nil)
  }

  @Test func createsAMissingTable() throws {
    let queue = try startingDatabase()
    let sql = try migrate(queue, to: [EvoLabel.self])
    #expect(
      sql == """
        CREATE TABLE "evoLabels" (
          "id" INTEGER PRIMARY KEY,
          "name" TEXT NOT NULL,
          "color" INTEGER
        );

        """)
  }

  @Test func addsAnOptionalColumn() throws {
    let queue = try startingDatabase()
    let sql = try migrate(queue, to: [EvoItemWithDueDate.self])
    #expect(sql == "ALTER TABLE \"evoItems\" ADD COLUMN \"dueDate\" TEXT;\n")
  }

  @Test func addsANotNullColumnWithADefault() throws {
    let queue = try startingDatabase()
    let sql = try migrate(
      queue, to: [EvoItemWithIsDone.self],
      options: MigrationOptions(defaults: ["evoItems.isDone": "0"]))
    #expect(sql == "ALTER TABLE \"evoItems\" ADD COLUMN \"isDone\" INTEGER NOT NULL DEFAULT 0;\n")
    let values = try queue.read { db in
      try db.fetchAll(Int.self, sql: "SELECT \"isDone\" FROM \"evoItems\"")
    }
    #expect(values == [0, 0, 0])
  }

  @Test func refusesANotNullColumnWithoutADefault() throws {
    let queue = try startingDatabase()
    #expect(throws: PendingMigrationError.needsDefault(table: "evoItems", column: "isDone")) {
      try queue.pendingMigration(for: [EvoItemWithIsDone.self])
    }
  }

  /// A type change rebuilds `evoItems`, which has an index, a trigger and a view, and which
  /// `evoNotes` refers to.
  @Test func rebuildsATableForATypeChange() throws {
    let queue = try startingDatabase()
    let sql = try migrate(queue, to: [EvoItemWithIntPriority.self])
    #expect(
      sql == """
        DROP VIEW "evoOpenItems";
        DROP TRIGGER "evoItems_touch";
        CREATE TABLE "quarry_new_evoItems" (
          "id" INTEGER PRIMARY KEY,
          "title" TEXT NOT NULL,
          "priority" INTEGER,
          "listID" INTEGER NOT NULL,
          FOREIGN KEY ("listID") REFERENCES "evoLists"("id") ON DELETE CASCADE
        );
        INSERT INTO "quarry_new_evoItems" ("id", "title", "priority", "listID")
        SELECT "id", "title", "priority", "listID" FROM "evoItems";
        DROP TABLE "evoItems";
        ALTER TABLE "quarry_new_evoItems" RENAME TO "evoItems";
        CREATE INDEX "evoItems_by_list" ON "evoItems"("listID");
        CREATE TRIGGER "evoItems_touch" AFTER UPDATE ON "evoItems" BEGIN
          UPDATE "evoLists" SET "title" = "title" WHERE "id" = NEW."listID";
        END;
        CREATE VIEW "evoOpenItems" AS SELECT "id", "title" FROM "evoItems";

        """)
    let storage = try queue.read { db in
      try db.fetchAll(
        String.self, sql: "SELECT typeof(\"priority\") FROM \"evoItems\" ORDER BY \"id\"")
    }
    #expect(storage == ["integer", "integer", "null"])
    // The notes still refer to items, and the items' cascade from their lists still works.
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA foreign_keys = ON")
      #expect(throws: DatabaseError.self) {
        try db.execute(sql: "INSERT INTO \"evoNotes\" VALUES (3, 99, 'no such item')")
      }
      try db.execute(sql: "DELETE FROM \"evoNotes\"; DELETE FROM \"evoLists\" WHERE \"id\" = 2")
      #expect(try db.fetchOne(Int.self, sql: "SELECT count(*) FROM \"evoItems\"") == 1)
    }
  }

  @Test func rebuildsATableOthersReferTo() throws {
    // The third list's key was used: AUTOINCREMENT never gives it again.
    let queue = try startingDatabase(
      "INSERT INTO \"evoLists\" (\"title\") VALUES ('Gone'); DELETE FROM \"evoLists\" WHERE \"id\" = 3;"
    )
    let sql = try migrate(queue, to: [EvoListWithOptionalTitle.self])
    #expect(sql.contains("\"title\" TEXT DEFAULT ''"))
    #expect(sql.contains("\"id\" INTEGER PRIMARY KEY AUTOINCREMENT"))
    // AUTOINCREMENT goes on from where it was.
    try queue.write { db in
      try db.execute(sql: "INSERT INTO \"evoLists\" (\"title\") VALUES (NULL)")
      #expect(db.lastInsertedRowID == 4)
    }
  }

  @Test func makesAColumnNotNullWithADefault() throws {
    let queue = try startingDatabase()
    let sql = try migrate(
      queue, to: [EvoNoteWithBody.self],
      options: MigrationOptions(defaults: ["evoNotes.body": "''"]))
    #expect(sql.contains("SELECT \"id\", \"itemID\", coalesce(\"body\", '') FROM \"evoNotes\""))
    let bodies = try queue.read { db in
      try db.fetchAll(String.self, sql: "SELECT \"body\" FROM \"evoNotes\" ORDER BY \"id\"")
    }
    #expect(bodies == ["skimmed", ""])
  }

  @Test func refusesNullsInANewNotNullColumn() throws {
    let queue = try startingDatabase()
    #expect(throws: PendingMigrationError.holdsNulls(table: "evoNotes", column: "body", rows: 1)) {
      try queue.pendingMigration(for: [EvoNoteWithBody.self])
    }
  }

  @Test func changesThePrimaryKey() throws {
    let queue = try startingDatabase()
    let sql = try migrate(queue, to: [EvoTagByName.self])
    #expect(sql.contains("\"name\" TEXT PRIMARY KEY NOT NULL"))
    #expect(sql.contains("UNIQUE (\"name\")"))
    let names = try queue.read { db in try db.primaryKey(of: "evoTags") }
    #expect(names == ["name"])
  }

  @Test func refusesToDropAColumnHoldingValues() throws {
    let queue = try startingDatabase()
    #expect(
      throws: PendingMigrationError.dropsValues(table: "evoItems", column: "priority", rows: 2)
    ) {
      try queue.pendingMigration(for: [EvoItemWithoutPriority.self])
    }
    let error = #expect(throws: PendingMigrationError.self) {
      try queue.pendingMigration(for: [EvoItemWithoutPriority.self])
    }
    #expect(error?.description.hasPrefix("evoItems.priority: dropping the column") == true)
    let sql = try migrate(
      queue, to: [EvoItemWithoutPriority.self],
      options: MigrationOptions(allowingLossOf: ["evoItems.priority"]))
    #expect(sql.contains("SELECT \"id\", \"title\", \"listID\" FROM \"evoItems\""))
  }

  @Test func dropsAnEmptyColumnWithoutAsking() throws {
    let queue = try startingDatabase("UPDATE \"evoItems\" SET \"priority\" = NULL;")
    try migrate(queue, to: [EvoItemWithoutPriority.self])
  }

  @Test func refusesANarrowingTypeChange() throws {
    let queue = try startingDatabase(
      "UPDATE \"evoItems\" SET \"priority\" = 'high' WHERE \"id\" = 1;")
    #expect(
      throws: PendingMigrationError.narrowsType(
        table: "evoItems", column: "priority", declaredType: "INTEGER", rows: 1)
    ) {
      try queue.pendingMigration(for: [EvoItemWithIntPriority.self])
    }
    let sql = try migrate(
      queue, to: [EvoItemWithIntPriority.self],
      options: MigrationOptions(allowingLossOf: ["evoItems.priority"]))
    #expect(sql.contains("CAST(\"priority\" AS INTEGER)"))
  }

  @Test func refusesToRebuildATableWithACheckConstraint() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE "evoTags" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL CHECK ("name" <> ''))
          """)
    }
    #expect(throws: PendingMigrationError.self) {
      try queue.pendingMigration(for: [EvoTagByName.self])
    }
  }
}

/// Rebuilds keep what the table's `CREATE TABLE` says beyond the Swift type, and what names it.
@Suite("Pending migrations: what rebuilds keep")
struct PendingMigrationRebuildTests {
  @Test func keepsStrictAndAutoincrement() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE "evoScores" (
            "id" INTEGER PRIMARY KEY AUTOINCREMENT,
            "title" TEXT NOT NULL DEFAULT '',
            "score" INTEGER
          ) STRICT;
          INSERT INTO "evoScores" ("title", "score") VALUES ('a', 1), ('b', NULL), ('c', 3);
          """)
    }
    let sql = try #require(try queue.pendingMigration(for: [EvoScore.self]))
    #expect(sql.contains("\"score\" REAL\n) STRICT;"))
    try queue.write { db in try db.execute(sql: sql) }
    try queue.read { db in
      #expect(try db.isStrictTable("evoScores"))
      #expect(try db.schemaDifferences([EvoScore.self]) == [])
      let scores = try db.fetchAll(
        String.self, sql: "SELECT quote(\"score\") FROM \"evoScores\" ORDER BY \"id\"")
      #expect(scores == ["1.0", "NULL", "3.0"])
    }
  }

  @Test func keepsWithoutRowID() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: """
          CREATE TABLE "evoCodes" ("code" TEXT PRIMARY KEY NOT NULL, "label" TEXT) WITHOUT ROWID;
          INSERT INTO "evoCodes" VALUES ('a', 'Alpha'), ('b', NULL);
          """)
    }
    let sql = try #require(
      try queue.pendingMigration(
        for: [EvoCode.self], options: MigrationOptions(defaults: ["evoCodes.label": "'?'"])))
    #expect(sql.contains(") WITHOUT ROWID;"))
    try queue.write { db in try db.execute(sql: sql) }
    try queue.read { db in
      #expect(try db.schemaDifferences([EvoCode.self]) == [])
      #expect(
        try db.fetchOne(Bool.self, sql: "SELECT wr FROM pragma_table_list('evoCodes')") == true)
      let labels = try db.fetchAll(
        String.self, sql: "SELECT \"label\" FROM \"evoCodes\" ORDER BY 1")
      #expect(labels == ["?", "Alpha"])
    }
  }

  /// A view on a view on the rebuilt table goes, and comes back, in the order they were made.
  @Test func recreatesViewsOnViews() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: PendingMigrationTests.startingSchema + """
          CREATE VIEW "evoOpenTitles" AS SELECT "title" FROM "evoOpenItems";
          """)
    }
    let sql = try #require(try queue.pendingMigration(for: [EvoItemWithIntPriority.self]))
    #expect(sql.hasPrefix("DROP VIEW \"evoOpenTitles\";\nDROP VIEW \"evoOpenItems\";\n"))
    #expect(
      sql.hasSuffix(
        """
        CREATE VIEW "evoOpenItems" AS SELECT "id", "title" FROM "evoItems";
        CREATE VIEW "evoOpenTitles" AS SELECT "title" FROM "evoOpenItems";

        """))
    var migrator = DatabaseMigrator()
    migrator.registerMigration("priority as integer") { db in try db.execute(sql: sql) }
    try migrator.migrate(queue)
    let titles = try queue.read { db in
      try db.fetchAll(String.self, sql: "SELECT \"title\" FROM \"evoOpenTitles\" ORDER BY 1")
    }
    #expect(titles == ["Call", "Milk", "Report"])
  }

  /// An index of a dropped column goes with it; the others stay.
  @Test func dropsTheIndexOfADroppedColumn() throws {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(
        sql: PendingMigrationTests.startingSchema + """
          CREATE INDEX "evoItems_by_priority" ON "evoItems"("priority");
          """)
    }
    let sql = try #require(
      try queue.pendingMigration(
        for: [EvoItemWithoutPriority.self],
        options: MigrationOptions(allowingLossOf: ["evoItems.priority"])))
    #expect(!sql.contains("evoItems_by_priority"))
    var migrator = DatabaseMigrator()
    migrator.registerMigration("no priority") { db in try db.execute(sql: sql) }
    try migrator.migrate(queue)
    let indexes = try queue.read { db in try db.indexes(on: "evoItems").map(\.name) }
    #expect(indexes == ["evoItems_by_list"])
  }
}
