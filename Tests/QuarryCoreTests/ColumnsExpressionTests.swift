import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// A row written as expressions (`Shelf.Columns(…)`), and groups of columns as values: selected,
/// inserted, compared.
@Suite("Rows written as expressions, and groups as insert columns")
struct ColumnsExpressionTests {
  /// A table's `Columns` selects each expression named as its column and decodes as the table.
  @Test func aTablesColumnsSelectIntoTheTable() throws {
    let db = try library()
    let shelves = try assertQuery(
      Book.where { $0.id <= 2 }.order { $0.id }
        .select { Shelf.Columns(id: $0.id + 10, name: $0.title.upper()) },
      db: db,
      sql: """
        SELECT ("books"."id" + 10) AS "id", upper("books"."title") AS "name"
        FROM "books"
        WHERE ("books"."id" <= 2)
        ORDER BY "books"."id"
        """)
    #expect(shelves == [Shelf(id: 11, name: "DUNE"), Shelf(id: 12, name: "EMMA")])

    // Left out, a property takes its initial value (or nil), bound.
    let books = try assertQuery(
      Values(Book.Columns(id: 9, title: "Ulysses")), db: db,
      sql: """
        SELECT 9 AS "id", 'Ulysses' AS "title", NULL AS "shelfID", 0 AS "pages", \
        NULL AS "rating", 0 AS "flags", '' AS "published", NULL AS "info"
        """)
    #expect(books == [Book(id: 9, title: "Ulysses")])
  }

  /// Inserted, a `Columns` row writes its expressions as the row's values, beside full rows
  /// and drafts; the database computes what the expressions say.
  @Test func aTablesColumnsInsertAsARow() throws {
    let db = try library()
    let insert = Shelf.insert {
      Shelf(id: 7, name: "Atlas")
      Shelf.Columns(id: 8, name: #sql("upper('maps')"))
      Shelf.Draft(name: "Poems")
      Shelf.Columns(id: Book.select { $0.id.count() }, name: "Last")
    }
    assertSQL(
      insert,
      """
      INSERT INTO "shelves" ("id", "name")
      VALUES (7, 'Atlas'), (8, upper('maps')), (NULL, 'Poems'), \
      ((SELECT count("books"."id") FROM "books"), 'Last')
      """)
    try insert.execute(db)
    let shelves = try Shelf.where { $0.id > 3 }.order { $0.id }.fetchAll(db)
    #expect(
      shelves == [
        Shelf(id: 5, name: "Last"), Shelf(id: 7, name: "Atlas"), Shelf(id: 8, name: "MAPS"),
        Shelf(id: 9, name: "Poems"),
      ])
  }

  /// A group's `Columns` inside a table's names its columns when selected and is unnamed when
  /// inserted; a group's columns in `Columns` take `$0.group` as well.
  @Test func groupsInsideATablesColumns() throws {
    let db = try GroupedColumns.database()
    let created = Date(timeIntervalSince1970: 1_000)
    let insert = GroupedColumns.RemindersList.insert {
      GroupedColumns.RemindersList.Columns(
        id: 1, name: #sql("'Home'"),
        timestamps: Timestamps.Columns(createdAt: created))
    }
    assertSQL(
      insert,
      """
      INSERT INTO "remindersLists" ("id", "name", "createdAt", "updatedAt")
      VALUES (1, 'Home', '1970-01-01 00:16:40.000', NULL)
      """)
    try insert.execute(db)
    let copies = try assertQuery(
      GroupedColumns.RemindersList.select {
        GroupedColumns.RemindersList.Columns(id: $0.id, name: $0.name, timestamps: $0.timestamps)
      },
      db: db,
      sql: """
        SELECT "remindersLists"."id" AS "id", "remindersLists"."name" AS "name", \
        "remindersLists"."createdAt", "remindersLists"."updatedAt"
        FROM "remindersLists"
        """)
    #expect(
      copies == [
        GroupedColumns.RemindersList(
          id: 1, name: "Home", timestamps: Timestamps(createdAt: created, updatedAt: nil))
      ])
    let named = try assertQuery(
      Values(
        GroupedColumns.RemindersList.Columns(
          id: 2, name: "Work", timestamps: Timestamps.Columns(createdAt: created))
      ),
      db: db,
      sql: """
        SELECT 2 AS "id", 'Work' AS "name", '1970-01-01 00:16:40.000' AS "createdAt", \
        NULL AS "updatedAt"
        """)
    #expect(named.map(\.timestamps.createdAt) == [created])
  }

  /// A generated column's expression is selected, never inserted: the database computes it.
  @Test func aGeneratedColumnIsLeftOutOfTheInsert() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "events" (
          "id" TEXT PRIMARY KEY NOT NULL, "startAt" INTEGER NOT NULL, "duration" REAL NOT NULL,
          "endAt" INTEGER GENERATED ALWAYS AS ("startAt" + "duration") STORED, "ownerID" BLOB
        )
        """)
    let id = UUID(uuidString: "00000000-0000-4000-8000-000000000001")!
    let start = Date(timeIntervalSince1970: 1_000)
    let row = Event.Columns(
      id: id, startAt: Date.UnixTimeRepresentation(queryOutput: start), duration: 90,
      endAt: Date.UnixTimeRepresentation(queryOutput: start))
    let insert = Event.insert { row }
    assertSQL(
      insert,
      """
      INSERT INTO "events" ("id", "startAt", "duration", "ownerID")
      VALUES ('00000000-0000-4000-8000-000000000001', 1000, 90.0, NULL)
      """)
    try insert.execute(db)
    let events = try Event.all.fetchAll(db)
    #expect(events.map(\.endAt) == [Date(timeIntervalSince1970: 1_090)])
  }

  /// An enum table's case written as expressions inserts unnamed, `NULL` in the other cases'.
  @Test func anEnumTablesCaseInsertsAsARow() throws {
    let db = try Database()
    try db.execute(sql: EnumTables.postsTable)
    let insert = EnumTables.Post.insert {
      EnumTables.Post.Columns.note(#sql("upper('hi')"))
      EnumTables.Post.Columns.photo(
        EnumTables.Photo.Columns(caption: "Sea", url: URL(string: "https://example.com/sea")!))
    }
    assertSQL(
      insert,
      """
      INSERT INTO "posts" ("caption", "url", "note", "linkURL", "tags")
      VALUES (NULL, NULL, upper('hi'), NULL, NULL), \
      ('Sea', 'https://example.com/sea', NULL, NULL, NULL)
      """)
    try insert.execute(db)
    let posts = try EnumTables.Post.all.fetchAll(db)
    #expect(
      posts == [
        .note("HI"),
        .photo(EnumTables.Photo(caption: "Sea", url: URL(string: "https://example.com/sea")!)),
      ])
  }

  /// A `@Selection` group is an insert column: its value binds each of its columns.
  @Test func aGroupIsAnInsertColumn() throws {
    let db = try GroupedColumns.database()
    let created = Date(timeIntervalSince1970: 1_000)
    let updated = Date(timeIntervalSince1970: 2_000)
    let insert = GroupedColumns.RemindersList.insert {
      ($0.id, $0.name, $0.timestamps)
    } values: {
      (1, "Home", Timestamps(createdAt: created, updatedAt: updated))
      (2, "Work", Timestamps(createdAt: created, updatedAt: nil))
    }
    assertSQL(
      insert,
      """
      INSERT INTO "remindersLists" ("id", "name", "createdAt", "updatedAt")
      VALUES (1, 'Home', '1970-01-01 00:16:40.000', '1970-01-01 00:33:20.000'), \
      (2, 'Work', '1970-01-01 00:16:40.000', NULL)
      """)
    try insert.execute(db)
    let one = GroupedColumns.RemindersList.insert {
      $0.timestamps
    } values: {
      Timestamps(createdAt: updated, updatedAt: nil)
    }
    assertSQL(
      one,
      """
      INSERT INTO "remindersLists" ("createdAt", "updatedAt")
      VALUES ('1970-01-01 00:33:20.000', NULL)
      """)
    // `name` has no default: the database refuses the row.
    #expect(throws: DatabaseError.self) { try one.execute(db) }

    let fromSelect = GroupedColumns.RemindersList.insert {
      ($0.id, $0.name, $0.timestamps)
    } select: {
      GroupedColumns.RemindersList.where { $0.id == 1 }.select {
        ($0.id + 10, $0.name, $0.timestamps)
      }
    }
    try fromSelect.execute(db)
    let lists = try assertQuery(
      GroupedColumns.RemindersList.where {
        $0.timestamps.eq(Timestamps(createdAt: created, updatedAt: updated))
      }
      .order { $0.id },
      db: db,
      sql: """
        SELECT "remindersLists"."id", "remindersLists"."name", "remindersLists"."createdAt", \
        "remindersLists"."updatedAt"
        FROM "remindersLists"
        WHERE (("remindersLists"."createdAt", "remindersLists"."updatedAt") = \
        ('1970-01-01 00:16:40.000', '1970-01-01 00:33:20.000'))
        ORDER BY "remindersLists"."id"
        """)
    #expect(lists.map(\.id) == [1, 11])
    #expect(lists.map(\.name) == ["Home", "Home"])
    let others = try GroupedColumns.RemindersList.where {
      $0.timestamps.neq(Timestamps(createdAt: created, updatedAt: updated))
    }
    .select { $0.id }.fetchAll(db)
    // Row values compare as `=` and `<>` do: a `NULL` column leaves list 2 out of both.
    #expect(others == [])
  }
}
