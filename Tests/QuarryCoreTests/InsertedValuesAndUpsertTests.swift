import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// Writes that structured-queries expresses: expressions as inserted values, upserts without a
// target or with WHERE clauses, rows beside drafts, inserts of no rows, CASE and text setters,
// nested groups in updates, and its spellings of upserts and RETURNING.

@Table("parityNotes")
struct UpsertNote: Equatable, Sendable {
  let id: Int
  var title = ""
  var priority = 0
  var createdAt = ""
  var isArchived = false
}

/// `UpsertNote`'s table, with a unique title among the notes not archived (a partial unique
/// index), and two notes: "Milk" (active) and "Eggs" (archived).
func parityNotesDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "parityNotes" (
        "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "priority" INTEGER NOT NULL DEFAULT 0,
        "createdAt" TEXT NOT NULL DEFAULT '', "isArchived" INTEGER NOT NULL DEFAULT 0
      );
      CREATE UNIQUE INDEX "parityNotes_activeTitle" ON "parityNotes" ("title")
        WHERE NOT "isArchived";
      INSERT INTO "parityNotes" VALUES (1, 'Milk', 1, '2024-01-01', 0), (2, 'Eggs', 2, '2024-01-02', 1);
      """)
  return db
}

private let milk = UpsertNote(
  id: 1, title: "Milk", priority: 1, createdAt: "2024-01-01", isArchived: false)
private let eggs = UpsertNote(
  id: 2, title: "Eggs", priority: 2, createdAt: "2024-01-02", isArchived: true)

@Suite("Inserted values and upserts")
struct InsertedValuesAndUpsertTests {
  // MARK: 1. Expressions as inserted values

  @Test func insertedValuesMayBeExpressions() throws {
    let db = try parityNotesDatabase()
    let insert = UpsertNote.insert {
      ($0.title, $0.createdAt)
    } values: {
      ("Bread", #sql("date('2024-02-03', '+1 day')"))
      ("Jam", "2024-02-05")
    }
    assertSQL(
      insert,
      """
      INSERT INTO "parityNotes" ("title", "createdAt")
      VALUES ('Bread', date('2024-02-03', '+1 day')), ('Jam', '2024-02-05')
      """)
    try insert.execute(db)
    let dates = try UpsertNote.where { $0.id > 2 }.order { $0.id }.select { $0.createdAt }
      .fetchAll(db)
    #expect(dates.elementsEqual(["2024-02-04", "2024-02-05"]))
  }

  @Test func insertedValuesMayBeSubqueriesAndExpressionsOnly() throws {
    let db = try parityNotesDatabase()
    let createdAt = UpsertNote.where { $0.id == 1 }.select { $0.createdAt }
    let upper: SQLQueryExpression<String> = #sql("upper('toast')")
    let insert = UpsertNote.insert {
      ($0.title, $0.createdAt)
    } values: {
      (upper, createdAt)
    }
    assertSQL(
      insert,
      """
      INSERT INTO "parityNotes" ("title", "createdAt")
      VALUES (upper('toast'), (SELECT "parityNotes"."createdAt" FROM "parityNotes"
      WHERE ("parityNotes"."id" = 1)))
      """)
    try insert.execute(db)
    let row = try UpsertNote.find(3).fetchOne(db)
    #expect(row?.title == "TOAST")
    #expect(row?.createdAt == "2024-01-01")
  }

  @Test func rowsOfExpressionsInOneColumnAndInLoops() throws {
    let db = try parityNotesDatabase()
    let single = UpsertNote.insert {
      $0.title
    } values: {
      #sql("'Scone'")
      "Bun"
    }
    assertSQL(single, #"INSERT INTO "parityNotes" ("title") VALUES ('Scone'), ('Bun')"#)
    try single.execute(db)
    let loop = UpsertNote.insert {
      ($0.title, $0.priority)
    } values: {
      for index in 1...2 {
        ("Loop \(index)", #sql("\(index) * 10"))
      }
    }
    assertSQL(
      loop,
      """
      INSERT INTO "parityNotes" ("title", "priority") VALUES ('Loop 1', 1 * 10), ('Loop 2', 2 * 10)
      """)
    try loop.execute(db)
    let titles = try UpsertNote.where { $0.id > 2 }.order { $0.id }.select { $0.title }
      .fetchAll(db)
    #expect(titles.elementsEqual(["Scone", "Bun", "Loop 1", "Loop 2"]))
    let priorities = try UpsertNote.where { $0.id > 4 }.select { $0.priority }.fetchAll(db)
    #expect(priorities.elementsEqual([10, 20]))
  }

  @Test func rowsOfValuesAloneStayBoundValues() throws {
    // A row of Swift values alone keeps the plain form (one binding per value).
    let insert = UpsertNote.insert {
      ($0.title, $0.priority)
    } values: {
      ("Tea", 3)
    }
    #expect(insert.query.bindings.count == 2)
    guard case .values = insert.source else {
      Issue.record("expected rows of values")
      return
    }
  }

  // MARK: 2. ON CONFLICT DO UPDATE without a target

  @Test func upsertWithoutATarget() throws {
    let db = try parityNotesDatabase()
    let copy = UpsertNote.insert {
      UpsertNote.Draft(title: "Milk", priority: 5)
    } onConflictDoUpdate: {
      $0.title += " copy"
    }
    assertSQL(
      copy,
      """
      INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
      VALUES (NULL, 'Milk', 5, '', 0)
      ON CONFLICT DO UPDATE SET "title" = ("parityNotes"."title" || ' copy')
      """)
    try copy.execute(db)
    #expect(try UpsertNote.find(1).fetchOne(db)?.title == "Milk copy")
    #expect(try UpsertNote.count().fetchOne(db) == 2)

    // The method form, reading the values that were to be inserted.
    let method = UpsertNote.insert {
      UpsertNote.Draft(id: 2, title: "Eggs", priority: 7)
    }
    .onConflictDoUpdate { row, excluded in
      row.priority = excluded.priority
    }
    assertSQL(
      method,
      """
      INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
      VALUES (2, 'Eggs', 7, '', 0)
      ON CONFLICT DO UPDATE SET "priority" = excluded."priority"
      """)
    try method.execute(db)
    #expect(try UpsertNote.find(2).fetchOne(db)?.priority == 7)
  }

  @Test func upsertSpelledAsPartOfTheInsert() throws {
    let db = try parityNotesDatabase()
    let byKey = UpsertNote.insert {
      UpsertNote.Draft(id: 1, title: "Oat milk")
    } onConflict: {
      $0.id
    } doUpdate: {
      $0.title = $1.title
    }
    assertSQL(
      byKey,
      """
      INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
      VALUES (1, 'Oat milk', 0, '', 0)
      ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title"
      """)
    try byKey.execute(db)
    #expect(try UpsertNote.find(1).fetchOne(db)?.title == "Oat milk")

    // Full rows, one-argument closures.
    let row = UpsertNote(id: 2, title: "Eggs", priority: 9, createdAt: "", isArchived: true)
    let rowUpsert = UpsertNote.insert {
      row
    } onConflict: {
      $0.id
    } doUpdate: {
      $0.priority += 1
    }
    try rowUpsert.execute(db)
    #expect(try UpsertNote.find(2).fetchOne(db)?.priority == 3)

    // Chosen columns.
    let counted = UpsertNote.insert {
      ($0.id, $0.title)
    } values: {
      (2, "Eggs")
    } onConflictDoUpdate: {
      $0.priority *= 10
    }
    assertSQL(
      counted,
      """
      INSERT INTO "parityNotes" ("id", "title") VALUES (2, 'Eggs')
      ON CONFLICT DO UPDATE SET "priority" = ("parityNotes"."priority" * 10)
      """)
    try counted.execute(db)
    #expect(try UpsertNote.find(2).fetchOne(db)?.priority == 30)
  }

  @Test func upsertAssigningNothingDoesNothing() throws {
    let db = try parityNotesDatabase()
    let upsert = UpsertNote.insert { milk }.onConflictDoUpdate { _ in }
    assertSQL(
      upsert,
      """
      INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
      VALUES (1, 'Milk', 1, '2024-01-01', 0) ON CONFLICT DO NOTHING
      """)
    try upsert.execute(db)
    #expect(try UpsertNote.order { $0.id }.fetchAll(db).elementsEqual([milk, eggs]))
  }

  // MARK: 3. WHERE on the conflict target and on DO UPDATE

  @Test func upsertOnAPartialUniqueIndex() throws {
    let db = try parityNotesDatabase()
    // Without the index's WHERE, the target names no unique constraint.
    let untargeted = UpsertNote.insert {
      ($0.title, $0.priority)
    } values: {
      ("Milk", 9)
    }
    .onConflict {
      $0.title
    } doUpdate: { row, excluded in
      row.priority = excluded.priority
    }
    #expect(throws: DatabaseError.self) { try untargeted.execute(db) }

    let upsert = UpsertNote.insert {
      ($0.title, $0.priority)
    } values: {
      ("Milk", 9)
    }
    .onConflict {
      $0.title
    } where: {
      !$0.isArchived
    } doUpdate: { row, excluded in
      row.priority = excluded.priority
    } where: {
      $0.priority < 5
    }
    assertSQL(
      upsert,
      """
      INSERT INTO "parityNotes" ("title", "priority") VALUES ('Milk', 9)
      ON CONFLICT ("title") WHERE (NOT "parityNotes"."isArchived")
      DO UPDATE SET "priority" = excluded."priority" WHERE ("parityNotes"."priority" < 5)
      """)
    try upsert.execute(db)
    #expect(try UpsertNote.find(1).fetchOne(db)?.priority == 9)
    // Run again: the existing row no longer matches DO UPDATE's WHERE, and stays.
    let again = UpsertNote.insert {
      ($0.title, $0.priority)
    } values: {
      ("Milk", 1)
    }
    .onConflict {
      $0.title
    } where: {
      !$0.isArchived
    } doUpdate: {
      $0.priority = 1
    } where: {
      $0.priority < 5
    }
    try again.execute(db)
    #expect(try UpsertNote.find(1).fetchOne(db)?.priority == 9)
    #expect(try UpsertNote.count().fetchOne(db) == 2)

    // A value in the target's predicate is written in: SQLite takes no bound value there (and
    // matches the predicate with the index's, which has its value written in too).
    try db.execute(
      sql: """
        CREATE UNIQUE INDEX "parityNotes_urgentDay" ON "parityNotes" ("createdAt")
          WHERE "priority" > 100
        """)
    func urgent(_ title: String) -> Insert<UpsertNote> {
      UpsertNote.insert {
        ($0.title, $0.priority, $0.createdAt)
      } values: {
        (title, 200, "2024-02-01")
      }
      .onConflict {
        $0.createdAt
      } where: {
        $0.priority > 100
      } doUpdate: { row, excluded in
        row.title = excluded.title
      }
    }
    assertSQL(
      urgent("Call"),
      """
      INSERT INTO "parityNotes" ("title", "priority", "createdAt") VALUES ('Call', 200, '2024-02-01')
      ON CONFLICT ("createdAt") WHERE ("parityNotes"."priority" > 100)
      DO UPDATE SET "title" = excluded."title"
      """)
    #expect(urgent("Call").query.bindings == [.text("Call"), .int(200), .text("2024-02-01")])
    try urgent("Call").execute(db)
    try urgent("Call back").execute(db)
    #expect(
      try UpsertNote.where { $0.priority > 100 }.select { $0.title }.fetchAll(db) == ["Call back"])

    // An archived title doesn't conflict: the row is inserted.
    try UpsertNote.insert {
      ($0.title, $0.priority)
    } values: {
      ("Eggs", 4)
    }
    .onConflict {
      $0.title
    } where: {
      !$0.isArchived
    } doUpdate: {
      $0.priority = 0
    }
    .execute(db)
    #expect(try UpsertNote.where { $0.title == "Eggs" }.count().fetchOne(db) == 2)
  }

  @Test func doUpdateWhereWithoutATargetFilter() throws {
    let db = try parityNotesDatabase()
    let upsert = UpsertNote.insert {
      UpsertNote.Draft(id: 2, title: "Eggs")
    }
    .onConflict {
      $0.id
    } doUpdate: {
      $0.title.append("!")
    } where: {
      $0.isArchived
    }
    assertSQL(
      upsert,
      """
      INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
      VALUES (2, 'Eggs', 0, '', 0)
      ON CONFLICT ("id") DO UPDATE SET "title" = ("parityNotes"."title" || '!')
      WHERE "parityNotes"."isArchived"
      """)
    try upsert.execute(db)
    #expect(try UpsertNote.find(2).fetchOne(db)?.title == "Eggs!")
    let untouched = UpsertNote.insert { UpsertNote.Draft(id: 1, title: "Milk") }
      .onConflictDoUpdate {
        $0.title.append("!")
      } where: {
        $0.isArchived
      }
    try untouched.execute(db)
    #expect(try UpsertNote.find(1).fetchOne(db)?.title == "Milk")
  }

  @Test func doNothingOnAPartialUniqueIndex() throws {
    let db = try parityNotesDatabase()
    let skip = UpsertNote.insert {
      ($0.title, $0.priority)
    } values: {
      ("Milk", 3)
    }
    .onConflictDoNothing {
      $0.title
    } where: {
      !$0.isArchived
    }
    assertSQL(
      skip,
      """
      INSERT INTO "parityNotes" ("title", "priority") VALUES ('Milk', 3)
      ON CONFLICT ("title") WHERE (NOT "parityNotes"."isArchived") DO NOTHING
      """)
    try skip.execute(db)
    #expect(try UpsertNote.order { $0.id }.fetchAll(db).elementsEqual([milk, eggs]))
  }

  // MARK: 4. Rows and drafts in one insert

  @Test func rowsAndDraftsMixed() throws {
    let db = try parityNotesDatabase()
    let tea = UpsertNote(id: 10, title: "Tea", priority: 1, createdAt: "", isArchived: false)
    let insert = UpsertNote.insert {
      tea
      UpsertNote.Draft(title: "Coffee")
    }
    assertSQL(
      insert,
      """
      INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
      VALUES (10, 'Tea', 1, '', 0), (NULL, 'Coffee', 0, '', 0)
      """)
    try insert.execute(db)
    let ids = try UpsertNote.order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(ids.elementsEqual([1, 2, 10, 11]))

    // Drafts first, arrays and loops.
    let drafts = [UpsertNote.Draft(title: "Juice"), UpsertNote.Draft(id: 20, title: "Water")]
    let more = UpsertNote.insert {
      UpsertNote.Draft(title: "Soda")
      UpsertNote(id: 30, title: "Beer", priority: 0, createdAt: "", isArchived: false)
      drafts
      for index in 1...2 {
        UpsertNote(
          id: 40 + index, title: "Wine \(index)", priority: 0, createdAt: "",
          isArchived: false)
      }
    }
    try more.execute(db)
    let titles = try UpsertNote.where { $0.id > 11 }.order { $0.id }.select { $0.title }
      .fetchAll(db)
    #expect(titles.elementsEqual(["Soda", "Water", "Beer", "Juice", "Wine 1", "Wine 2"]))
  }

  @Test func oneRowOrDraftKeepsTheFastPath() {
    let row = UpsertNote.insert { milk }
    let draft = UpsertNote.insert { UpsertNote.Draft(title: "Tea") }
    #expect(row.isPlainOneRowInsert)
    #expect(draft.isPlainOneRowInsert)
    #expect(row.query.preRendered == .insertRow)
    #expect(draft.query.preRendered == .insertRow)
    guard case .rows = row.source, case .rows = draft.source else {
      Issue.record("expected rows kept as they are")
      return
    }
  }

  // MARK: 5. Inserts of no rows run nothing

  @Test func insertsOfNoRowsRunNothing() throws {
    // No table: any statement that ran would fail to prepare.
    let db = try Database()
    let noRows: [UpsertNote] = []
    let noDrafts: [UpsertNote.Draft] = []
    let noValues: [(String, Int)] = []
    let inserts: [Insert<UpsertNote>] = [
      UpsertNote.insert { noRows },
      UpsertNote.insert { noDrafts },
      UpsertNote.insert(or: .replace) { noDrafts },
      UpsertNote.insert {
        ($0.title, $0.priority)
      } values: {
        noValues
      },
      UpsertNote.insert { noDrafts }.onConflictDoNothing(),
      UpsertNote.insert { noDrafts }.onConflictDoUpdate { $0.priority += 1 },
      UpsertNote.insert { noRows }.onConflict {
        $0.id
      } doUpdate: {
        $0.title = $1.title
      },
      UpsertNote.upsert { noDrafts },
    ]
    for insert in inserts {
      #expect(insert.query.isEmpty)
      try insert.execute(db)
    }
    let returning = UpsertNote.insert { noDrafts }.onConflictDoNothing().returning(\.self)
    #expect(returning.query.isEmpty)
    #expect(try returning.fetchAll(db).isEmpty)
    let ids = UpsertNote.insert { noRows }.returning { $0.id }
    #expect(try ids.fetchAll(db).isEmpty)
    #expect(try ids.fetchOne(db) == nil)
    let pairs = UpsertNote.insert { noDrafts }.returning { ($0.id, $0.title) }
    #expect(try pairs.fetchAll(db).isEmpty)
    let noUpdate = UpsertNote.update { _ in }.returning(\.title)
    #expect(noUpdate.query.isEmpty)
    #expect(try noUpdate.fetchAll(db).isEmpty)
  }

  // MARK: 6. CASE with #sql branches, setters of any expression

  @Test func caseWithSQLBranchesInASetter() throws {
    let db = try parityNotesDatabase()
    let update = UpsertNote.update {
      $0.priority = Case().when(#sql("\($0.title) = 'Milk'"), then: #sql("10")).else($0.priority)
    }
    assertSQL(
      update,
      """
      UPDATE "parityNotes"
      SET "priority" = (CASE WHEN "parityNotes"."title" = 'Milk' THEN 10
        ELSE "parityNotes"."priority" END)
      """)
    try update.execute(db)
    let priorities = try UpsertNote.order { $0.id }.select { $0.priority }.fetchAll(db)
    #expect(priorities.elementsEqual([10, 2]))

    let dated = UpsertNote.update {
      $0.createdAt = #sql("date(\($0.createdAt), '+1 month')")
      $0.title = $0.title.upper()
      $0.priority -= UpsertNote.columns.id
    }
    assertSQL(
      dated,
      """
      UPDATE "parityNotes"
      SET "createdAt" = date("parityNotes"."createdAt", '+1 month'),
        "title" = upper("parityNotes"."title"),
        "priority" = ("parityNotes"."priority" - "parityNotes"."id")
      """)
    try dated.execute(db)
    let rows = try UpsertNote.order { $0.id }.fetchAll(db)
    #expect(rows.map(\.createdAt).elementsEqual(["2024-02-01", "2024-02-02"]))
    #expect(rows.map(\.title).elementsEqual(["MILK", "EGGS"]))
    #expect(rows.map(\.priority).elementsEqual([9, 0]))
  }

  // MARK: 7. Nested groups in updates

  @Test func groupsSetAndReadInUpdates() throws {
    typealias RemindersList = GroupedColumns.RemindersList
    let day1 = Date(timeIntervalSince1970: 1_700_000_000)
    let day2 = Date(timeIntervalSince1970: 1_700_086_400)
    let db = try GroupedColumns.database()
    try RemindersList.insert {
      RemindersList.Draft(name: "Home", timestamps: Timestamps(createdAt: day1, updatedAt: nil))
    }.execute(db)
    let update = RemindersList.update {
      $0.timestamps.updatedAt = $0.timestamps.createdAt
      $0.name.append(contentsOf: " (edited)")
    }
    assertSQL(
      update,
      """
      UPDATE "remindersLists"
      SET "updatedAt" = "remindersLists"."createdAt",
        "name" = ("remindersLists"."name" || ' (edited)')
      """)
    try update.execute(db)
    let edited = try RemindersList.find(1).fetchOne(db)
    #expect(edited?.timestamps == Timestamps(createdAt: day1, updatedAt: day1))
    #expect(edited?.name == "Home (edited)")

    let whole = RemindersList.update { $0.timestamps = Timestamps(createdAt: day2, updatedAt: nil) }
      .where { $0.timestamps.createdAt < day2 }
    try whole.execute(db)
    let replaced = try RemindersList.find(1).fetchOne(db)
    #expect(replaced?.timestamps == Timestamps(createdAt: day2, updatedAt: nil))
  }

  @Test func nestedGroupOfAnEnumCaseInUpdates() throws {
    typealias Attachment = GroupedEnumTable.Attachment
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "attachments" (
          "id" INTEGER PRIMARY KEY, "link" TEXT, "note" TEXT, "caption" TEXT, "url" TEXT
        ) STRICT
        """)
    let cat = Attachment.Image(caption: "A cat", url: URL(string: "https://example.com/c.png")!)
    try Attachment.insert { Attachment.Draft(kind: .image(cat)) }.execute(db)
    let caption = Attachment.update { $0.kind.image.caption = "A black cat" }
    // A case's column, assigned, sets the other cases' columns to NULL: one case per row.
    assertSQL(
      caption, #"UPDATE "attachments" SET "caption" = 'A black cat', "link" = NULL, "note" = NULL"#)
    try caption.execute(db)
    let black = Attachment.Image(caption: "A black cat", url: cat.url)
    #expect(try Attachment.find(1).fetchOne(db)?.kind == .image(black))
    let dog = Attachment.Image(caption: "A dog", url: URL(string: "https://example.com/d.png")!)
    try Attachment.update { $0.kind.image = dog }.execute(db)
    #expect(try Attachment.find(1).fetchOne(db)?.kind == .image(dog))
  }

  // MARK: 8. append setters

  @Test func appendSetters() throws {
    let db = try parityNotesDatabase()
    let update = UpsertNote.update {
      $0.title.append("!")
      $0.createdAt.append(contentsOf: "T00:00")
    }.where { $0.id == 1 }
    assertSQL(
      update,
      """
      UPDATE "parityNotes"
      SET "title" = ("parityNotes"."title" || '!'),
        "createdAt" = ("parityNotes"."createdAt" || 'T00:00')
      WHERE ("parityNotes"."id" = 1)
      """)
    try update.execute(db)
    let row = try UpsertNote.find(1).fetchOne(db)
    #expect(row?.title == "Milk!")
    #expect(row?.createdAt == "2024-01-01T00:00")

    let suffix = UpsertNote.columns.priority.cast(as: String.self)
    try UpsertNote.update { $0.title.append(suffix) }.where { $0.id == 2 }.execute(db)
    try UpsertNote.update { $0.title += "?" }.where { $0.id == 2 }.execute(db)
    #expect(try UpsertNote.find(2).fetchOne(db)?.title == "Eggs2?")
  }

  // MARK: 9. /= and %= by a non-zero value

  @Test func divisionSettersByANonZeroValue() throws {
    let db = try parityNotesDatabase()
    try UpsertNote.update { $0.priority = 17 }.execute(db)
    let update = UpsertNote.update {
      $0.priority /= 2
      $0.priority %= 5
    }.where { $0.id == 1 }
    assertSQL(
      update,
      """
      UPDATE "parityNotes" SET "priority" = (("parityNotes"."priority" / 2) % 5)
      WHERE ("parityNotes"."id" = 1)
      """)
    try update.execute(db)
    // (17 / 2) % 5
    #expect(try UpsertNote.find(1).fetchOne(db)?.priority == 3)
  }

  @Test func divisionSettersByZeroStop() async {
    // As `/` and `%` by a Swift zero do: SQLite would write NULL into the NOT NULL column.
    await #expect(processExitsWith: .failure) {
      _ = UpsertNote.update { $0.priority /= 0 }
    }
    await #expect(processExitsWith: .failure) {
      _ = UpsertNote.update { $0.priority %= 0 }
    }
  }

  // MARK: 10. RETURNING spellings

  @Test func returningWholeRowsAndKeyPaths() throws {
    let db = try parityNotesDatabase()
    let inserted = try assertQuery(
      UpsertNote.insert { UpsertNote.Draft(title: "Tea") }.returning(\.self), db: db,
      sql: """
        INSERT INTO "parityNotes" ("id", "title", "priority", "createdAt", "isArchived")
        VALUES (NULL, 'Tea', 0, '', 0)
        RETURNING "parityNotes"."id", "parityNotes"."title", "parityNotes"."priority",
          "parityNotes"."createdAt", "parityNotes"."isArchived"
        """)
    let tea = UpsertNote(id: 3, title: "Tea", priority: 0, createdAt: "", isArchived: false)
    #expect(inserted.elementsEqual([tea]))

    let titles = try assertQuery(
      UpsertNote.update { $0.priority += 1 }.where { $0.id == 1 }.returning(\.title), db: db,
      sql: """
        UPDATE "parityNotes" SET "priority" = ("parityNotes"."priority" + 1)
        WHERE ("parityNotes"."id" = 1)
        RETURNING "parityNotes"."title"
        """)
    #expect(titles.elementsEqual(["Milk"]))

    let deleted = try UpsertNote.delete().where { $0.id == 2 }.returning { $0 }.fetchAll(db)
    #expect(deleted.elementsEqual([eggs]))
    let updated = try UpsertNote.update { $0.isArchived = true }.returning { $0 }.fetchAll(db)
    #expect(updated.map(\.id).sorted().elementsEqual([1, 3]))
  }

  @Test func conflictResolutionSpellings() throws {
    let db = try parityNotesDatabase()
    try UpsertNote.insert(or: .ignore) { UpsertNote.Draft(id: 1, title: "Other") }.execute(db)
    #expect(try UpsertNote.find(1).fetchOne(db) == milk)
    try UpsertNote.insert(or: .replace) { UpsertNote.Draft(id: 1, title: "Other") }.execute(db)
    #expect(try UpsertNote.find(1).fetchOne(db)?.title == "Other")
    try UpsertNote.upsert { UpsertNote.Draft(id: 2, title: "Eggs", priority: 8) }.execute(db)
    #expect(try UpsertNote.find(2).fetchOne(db)?.priority == 8)
  }
}
