import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// Seed 003, "Grouped columns" and "Enum tables", and `@Selection` structs as query row types,
// over the selections of `Support/Schema.swift`. The awkward names stay here: their declaration
// is what `awkwardNames` tests.

/// Names that generated code must not trip over.
@Selection
struct Awkward: Equatable {
  let selection: String
  let queryFragment: Int
}

enum AwkwardCases {
  @Table("things")
  struct Thing: Equatable {
    let id: Int
    var kind: Kind

    @Selection
    enum Kind: Equatable {
      case decoder(Int)
      case `default`(String)
    }
  }
}

private let day1 = Date(timeIntervalSince1970: 1_700_000_000)
private let day2 = Date(timeIntervalSince1970: 1_700_086_400)
private let day3 = Date(timeIntervalSince1970: 1_700_172_800)

@Suite("@Selection: column groups, enum tables, row types")
struct SelectionTests {
  typealias RemindersList = GroupedColumns.RemindersList
  typealias Reminder = GroupedColumns.Reminder

  @Test func groupColumnsAreFlattenedInTheSchema() {
    let names = ["id", "name", "createdAt", "updatedAt"]
    #expect(RemindersList.schema.columns.map(\.name) == names)
    let nullable: [Bool?] = [false, false, false, true]
    #expect(RemindersList.schema.columns.map(\.isNullable) == nullable)
    #expect(RemindersList.schema.columns[2].type == .text)
    // An optional group makes every one of its columns nullable.
    let snoozedNullable: [Bool?] = Reminder.schema.columns.suffix(2).map(\.isNullable)
    #expect(snoozedNullable.elementsEqual([true, true]))
    #expect(RemindersList.queryColumnCount == 4)
    #expect(Timestamps.queryColumnCount == 2)
  }

  @Test func groupsInsertDecodeAndFilterByDotSyntax() throws {
    let db = try GroupedColumns.database()
    let insert = RemindersList.insert {
      RemindersList.Draft(name: "Home", timestamps: Timestamps(createdAt: day1, updatedAt: nil))
      RemindersList.Draft(name: "Work", timestamps: Timestamps(createdAt: day2, updatedAt: day3))
    }
    assertSQL(
      insert,
      """
      INSERT INTO "remindersLists" ("id", "name", "createdAt", "updatedAt")
      VALUES (NULL, 'Home', '2023-11-14 22:13:20.000', NULL),
      (NULL, 'Work', '2023-11-15 22:13:20.000', '2023-11-16 22:13:20.000')
      """)
    try insert.execute(db)

    // The seed shows unqualified columns and a "title" column this table does not have.
    let early = try assertQuery(
      RemindersList.where { $0.timestamps.createdAt <= day1 },
      db: db,
      sql: """
        SELECT "remindersLists"."id", "remindersLists"."name", "remindersLists"."createdAt",
        "remindersLists"."updatedAt"
        FROM "remindersLists"
        WHERE ("remindersLists"."createdAt" <= '2023-11-14 22:13:20.000')
        """)
    #expect(
      early == [
        RemindersList(
          id: 1, name: "Home", timestamps: Timestamps(createdAt: day1, updatedAt: nil))
      ])
    let updated = try assertQuery(
      RemindersList.where { $0.timestamps.updatedAt != nil }.select { $0.name }, db: db,
      sql: """
        SELECT "remindersLists"."name" FROM "remindersLists"
        WHERE ("remindersLists"."updatedAt" IS NOT NULL)
        """)
    #expect(updated.elementsEqual(["Work"]))
  }

  @Test func groupComparesAsARowValue() throws {
    let db = try GroupedColumns.database()
    try RemindersList.insert {
      RemindersList.Draft(name: "A", timestamps: Timestamps(createdAt: day1, updatedAt: day1))
      RemindersList.Draft(name: "B", timestamps: Timestamps(createdAt: day1, updatedAt: day3))
      RemindersList.Draft(name: "C", timestamps: Timestamps(createdAt: day2, updatedAt: day1))
    }.execute(db)
    let rows = try assertQuery(
      RemindersList.where {
        $0.timestamps <= Timestamps(createdAt: day1, updatedAt: day2)
      },
      db: db,
      sql: """
        SELECT "remindersLists"."id", "remindersLists"."name", "remindersLists"."createdAt",
        "remindersLists"."updatedAt"
        FROM "remindersLists"
        WHERE (("remindersLists"."createdAt", "remindersLists"."updatedAt")
          <= ('2023-11-14 22:13:20.000', '2023-11-15 22:13:20.000'))
        """)
    #expect(rows.map(\.name).elementsEqual(["A"]))
    let equal = try RemindersList.where {
      $0.timestamps == Timestamps(createdAt: day2, updatedAt: day1)
    }.select { $0.name }.fetchAll(db)
    #expect(equal.elementsEqual(["C"]))
    let greater = try RemindersList.where {
      $0.timestamps > Timestamps(createdAt: day1, updatedAt: day1)
    }.select { $0.name }.order { $0.name }.fetchAll(db)
    #expect(greater.elementsEqual(["B", "C"]))
  }

  @Test func groupIsSelectedAndUpdatedWhole() throws {
    let db = try GroupedColumns.database()
    try RemindersList.insert {
      RemindersList.Draft(name: "Home", timestamps: Timestamps(createdAt: day1, updatedAt: nil))
    }.execute(db)
    let selected = try assertQuery(
      RemindersList.select { $0.timestamps }, db: db,
      sql: """
        SELECT "remindersLists"."createdAt", "remindersLists"."updatedAt" FROM "remindersLists"
        """)
    #expect(selected.elementsEqual([Timestamps(createdAt: day1, updatedAt: nil)]))

    let update = RemindersList.update {
      $0.timestamps = Timestamps(createdAt: day1, updatedAt: day2)
    }.where { $0.id == 1 }
    assertSQL(
      update,
      """
      UPDATE "remindersLists"
      SET "createdAt" = '2023-11-14 22:13:20.000', "updatedAt" = '2023-11-15 22:13:20.000'
      WHERE ("remindersLists"."id" = 1)
      """)
    try update.execute(db)
    let row = try RemindersList.find(1).fetchOne(db)
    #expect(row?.timestamps == Timestamps(createdAt: day1, updatedAt: day2))

    // One column of a group at a time, reading another.
    let touch = RemindersList.update {
      $0.timestamps.updatedAt = day3
      $0.timestamps.createdAt = $0.timestamps.updatedAt
      $0.name += "!"
    }
    assertSQL(
      touch,
      """
      UPDATE "remindersLists"
      SET "updatedAt" = '2023-11-16 22:13:20.000', "createdAt" = '2023-11-16 22:13:20.000',
      "name" = ("remindersLists"."name" || '!')
      """)
    try touch.execute(db)
    let touched = try RemindersList.find(1).fetchOne(db)
    #expect(touched?.timestamps == Timestamps(createdAt: day3, updatedAt: day3))
    #expect(touched?.name == "Home!")
  }

  @Test func optionalGroupDecodesNilWhenEveryColumnIsNull() throws {
    let db = try GroupedColumns.database()
    try RemindersList.insert {
      RemindersList.Draft(name: "Home", timestamps: Timestamps(createdAt: day1, updatedAt: nil))
    }.execute(db)
    try Reminder.insert {
      Reminder.Draft(name: "Milk", listID: 1)
      Reminder.Draft(
        name: "Call", listID: 1, snoozed: Timestamps(createdAt: day2, updatedAt: nil))
    }.execute(db)
    let rows = try Reminder.order { $0.id }.fetchAll(db)
    #expect(rows.map(\.snoozed).elementsEqual([nil, Timestamps(createdAt: day2, updatedAt: nil)]))
    // A partly NULL group is a value, not nil: only its nullable column is NULL.
    #expect(try Reminder.where { $0.snoozed.createdAt != nil }.count().fetchOne(db) == 1)

    // Assigning nil writes NULL to every column of the group.
    try Reminder.update { $0.snoozed = nil }.execute(db)
    #expect(try Reminder.all.fetchAll(db).allSatisfy { $0.snoozed == nil })
  }

  @Test func enumTableDecodesTheCaseWhoseColumnIsNotNull() throws {
    typealias Attachment = EnumTable.Attachment
    let db = try Database()
    try #sql(
      """
      CREATE TABLE "attachments" (
        "id" INTEGER PRIMARY KEY,
        "link" TEXT,
        "note" TEXT,
        "image" TEXT
      ) STRICT
      """
    ).execute(db)

    let insert = Attachment.insert {
      Attachment.Draft(kind: .note("Hello world!"))
    }
    assertSQL(
      insert,
      """
      INSERT INTO "attachments"
      ("id", "link", "note", "image")
      VALUES
      (NULL, NULL, 'Hello world!', NULL)
      """)
    try insert.execute(db)
    try Attachment.insert {
      Attachment.Draft(kind: .link(URL(string: "https://example.com")!))
      Attachment.Draft(kind: .image(URL(string: "https://example.com/cat.png")!))
    }.execute(db)

    let all = try assertQuery(
      Attachment.all, db: db,
      sql: """
        SELECT
          "attachments"."id",
          "attachments"."link",
          "attachments"."note",
          "attachments"."image"
        FROM "attachments"
        """)
    #expect(
      all == [
        Attachment(id: 1, kind: .note("Hello world!")),
        Attachment(id: 2, kind: .link(URL(string: "https://example.com")!)),
        Attachment(id: 3, kind: .image(URL(string: "https://example.com/cat.png")!)),
      ])

    let images = try assertQuery(
      Attachment.where { $0.kind.image.isNot(nil) }, db: db,
      sql: """
        SELECT
          "attachments"."id",
          "attachments"."link",
          "attachments"."note",
          "attachments"."image"
        FROM "attachments"
        WHERE ("attachments"."image" IS NOT NULL)
        """)
    #expect(images.map(\.id).elementsEqual([3]))

    // The seed's update has no WHERE; this one keeps to one row so the others stay checkable.
    let update = Attachment.update {
      $0.kind = .note("Goodbye world!")
    }
    assertSQL(
      update,
      """
      UPDATE "attachments"
      SET
        "link" = NULL,
        "note" = 'Goodbye world!',
        "image" = NULL
      """)
    try update.where { $0.id == 2 }.execute(db)
    #expect(try Attachment.find(2).fetchOne(db)?.kind == .note("Goodbye world!"))
    #expect(
      try Attachment.find(3).fetchOne(db)?.kind
        == .image(URL(string: "https://example.com/cat.png")!))
  }

  /// A case's column assigned alone sets the other cases' columns to `NULL`, so the row holds
  /// that case; and `==` with a case matches the row (`IS`: the other columns are `NULL`).
  @Test func enumCaseAssignedAloneAndComparedWithACase() throws {
    typealias Attachment = EnumTable.Attachment
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "attachments" ("id" INTEGER PRIMARY KEY, "link" TEXT, "note" TEXT, "image" TEXT)
        """)
    let site = URL(string: "https://example.com")!
    try Attachment.insert {
      Attachment.Draft(kind: .link(site))
      Attachment.Draft(kind: .note("Hi"))
    }.execute(db)
    let update = Attachment.find(1).update { $0.kind.note = "Hello" }
    assertSQL(
      update,
      """
      UPDATE "attachments" SET "note" = 'Hello', "link" = NULL, "image" = NULL
      WHERE ("attachments"."id" = 1)
      """)
    try update.execute(db)
    #expect(try Attachment.find(1).fetchOne(db)?.kind == .note("Hello"))

    let hello = try assertQuery(
      Attachment.where { $0.kind == .note("Hello") }.select { $0.id }, db: db,
      sql: """
        SELECT "attachments"."id" FROM "attachments"
        WHERE (("attachments"."link", "attachments"."note", "attachments"."image") IS (NULL, 'Hello', NULL))
        """)
    #expect(hello == [1])
    let others = try assertQuery(
      Attachment.where { $0.kind != .note("Hello") }.select { $0.id }, db: db,
      sql: """
        SELECT "attachments"."id" FROM "attachments"
        WHERE (("attachments"."link", "attachments"."note", "attachments"."image") IS NOT (NULL, 'Hello', NULL))
        """)
    #expect(others == [2])
  }

  @Test func enumRowWithNoCaseIsADecodingError() throws {
    typealias Attachment = EnumTable.Attachment
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "attachments" ("id" INTEGER PRIMARY KEY, "link" TEXT, "note" TEXT, "image" TEXT);
        INSERT INTO "attachments" ("id") VALUES (1);
        """)
    #expect {
      try Attachment.all.fetchAll(db)
    } throws: { error in
      "\(error)".contains(
        "column 3 (\"image\"): expected EnumTable.Attachment.Kind, "
          + "found NULL in the columns of every case: link, note, image")
    }
  }

  @Test func enumCaseHoldingAGroup() throws {
    typealias Attachment = GroupedEnumTable.Attachment
    #expect(
      Attachment.schema.columns.map(\.name).elementsEqual(["id", "link", "note", "caption", "url"]))
    #expect(Attachment.schema.columns.dropFirst().allSatisfy { $0.isNullable == true })
    let db = try Database()
    try #sql(
      """
      CREATE TABLE "attachments" (
        "id" INTEGER PRIMARY KEY,
        "link" TEXT,
        "note" TEXT,
        "caption" TEXT,
        "url" TEXT
      ) STRICT
      """
    ).execute(db)
    let cat = Attachment.Image(caption: "A cat", url: URL(string: "https://example.com/cat.png")!)
    let insert = Attachment.insert {
      Attachment.Draft(kind: .image(cat))
      Attachment.Draft(kind: .note("Hi"))
    }
    assertSQL(
      insert,
      """
      INSERT INTO "attachments" ("id", "link", "note", "caption", "url")
      VALUES (NULL, NULL, NULL, 'A cat', 'https://example.com/cat.png'),
      (NULL, NULL, 'Hi', NULL, NULL)
      """)
    try insert.execute(db)
    let kinds: [Attachment.Kind] = [.image(cat), .note("Hi")]
    #expect(try Attachment.order { $0.id }.fetchAll(db).map(\.kind) == kinds)

    let images = try assertQuery(
      Attachment.where { $0.kind.image.isNot(nil) }.select { $0.kind.image.caption }, db: db,
      sql: """
        SELECT "attachments"."caption" FROM "attachments"
        WHERE (("attachments"."caption", "attachments"."url") IS NOT (NULL, NULL))
        """)
    #expect(images.elementsEqual(["A cat"]))

    try Attachment.update { $0.kind = .link(URL(string: "https://example.org")!) }
      .where { $0.id == 1 }.execute(db)
    let row = try #require(try db.fetchOne(sql: #"SELECT * FROM "attachments" WHERE "id" = 1"#))
    // Typed locals: `Row` also has a generic, throwing subscript that decodes a Swift type.
    let link: QueryBinding? = row["link"]
    let caption: QueryBinding? = row["caption"]
    let url: QueryBinding? = row["url"]
    #expect(link == .text("https://example.org"))
    #expect(caption == .null)
    #expect(url == .null)
  }

  @Test func awkwardNames() throws {
    typealias Thing = AwkwardCases.Thing
    let db = try Database()
    try db.execute(
      sql: #"CREATE TABLE "things" ("id" INTEGER PRIMARY KEY, "decoder" INTEGER, "default" TEXT)"#)
    try Thing.insert {
      Thing.Draft(kind: .decoder(7))
      Thing.Draft(kind: .default("d"))
    }.execute(db)
    let kinds: [Thing.Kind] = [.decoder(7), .default("d")]
    #expect(try Thing.order { $0.id }.fetchAll(db).map(\.kind) == kinds)
    let rows = try assertQuery(
      Thing.where { $0.kind.default != nil }.select {
        Awkward.Columns(selection: $0.kind.default ?? "", queryFragment: $0.id)
      },
      db: db,
      sql: """
        SELECT coalesce("things"."default", '') AS "selection", "things"."id" AS "queryFragment"
        FROM "things" WHERE ("things"."default" IS NOT NULL)
        """)
    #expect(rows.elementsEqual([Awkward(selection: "d", queryFragment: 2)]))
  }

  @Test func selectionAsAQueryRowType() throws {
    let db = try GroupedColumns.database()
    try RemindersList.insert {
      RemindersList.Draft(name: "Home", timestamps: Timestamps(createdAt: day1, updatedAt: nil))
      RemindersList.Draft(name: "Work", timestamps: Timestamps(createdAt: day2, updatedAt: nil))
    }.execute(db)
    try Reminder.insert {
      Reminder.Draft(name: "Milk", listID: 1)
      Reminder.Draft(name: "Eggs", isCompleted: true, listID: 1)
      Reminder.Draft(name: "Report", listID: 2)
    }.execute(db)
    let summaries = try assertQuery(
      RemindersList.join(Reminder.all) { $0.id == $1.listID }
        .group { list, _ in list.id }
        .order { list, _ in list.name }
        .select {
          ListSummary.Columns(
            name: $0.name, reminderCount: $1.id.count(),
            openCount: $1.id.count().filter(!$1.isCompleted))
        },
      db: db,
      sql: """
        SELECT "remindersLists"."name" AS "name",
          count("reminders"."id") AS "reminderCount",
          count("reminders"."id") FILTER (WHERE (NOT "reminders"."isCompleted")) AS "open"
        FROM "remindersLists"
        JOIN "reminders" ON ("remindersLists"."id" = "reminders"."listID")
        GROUP BY "remindersLists"."id"
        ORDER BY "remindersLists"."name"
        """)
    #expect(
      summaries == [
        ListSummary(name: "Home", reminderCount: 2, openCount: 1),
        ListSummary(name: "Work", reminderCount: 1, openCount: 1),
      ])

    let one = try assertQuery(
      RemindersList.where { $0.id == 2 }.select {
        ListSummary.Columns(name: $0.name.upper(), reminderCount: $0.id, openCount: $0.id * 10)
      },
      db: db,
      sql: """
        SELECT upper("remindersLists"."name") AS "name", "remindersLists"."id" AS "reminderCount",
        ("remindersLists"."id" * 10) AS "open"
        FROM "remindersLists" WHERE ("remindersLists"."id" = 2)
        """)
    #expect(one.elementsEqual([ListSummary(name: "WORK", reminderCount: 2, openCount: 20)]))
  }
}
