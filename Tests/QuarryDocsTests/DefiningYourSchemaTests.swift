import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Tagged
import Testing

// The declarations of "Defining your schema". Those named like the shared tables are in a
// namespace; the others are at the top level, as the article shows them.

enum DefiningATable {
  @Table struct Reminder {
    let id: Int
    var title = ""
    var isCompleted = false
  }
}

enum TableNames {
  @Table("reminders_list") struct RemindersList {}
}

enum ColumnNames {
  @Table struct Reminder {
    let id: Int
    var title = ""
    @Column("is_completed")
    var isCompleted = false
  }
}

enum JSONColumns {
  @Table struct Reminder {
    let id: Int
    var title = ""
    @Column(as: [String].JSONRepresentation.self)
    var notes: [String] = []
  }
}

enum JSONBColumns {
  @Table struct Profile {
    let id: Int
    @Column(as: [String].JSONBRepresentation.self)
    var tags: [String] = []
  }
}

@Table struct Team {
  typealias ID = Tagged<Self, Int>
  let id: ID
  var name = ""
}

@Table struct Player {
  typealias ID = Tagged<Self, Int>
  let id: ID
  var name = ""
  var teamID: Team.ID
}

@Table struct Book {
  @Column(primaryKey: true)
  let isbn: String
  var title = ""
}

@Table struct Tag {
  @Column(primaryKey: false)
  var id: String
  var name = ""
}

@Selection
struct Timestamps: Equatable {
  let createdAt: Date
  let updatedAt: Date?
}

enum GroupedColumns {
  @Table struct RemindersList {
    let id: Int
    var name = ""
    let timestamps: Timestamps
  }
}

@Table struct Enrollment {
  @Selection struct ID: Hashable {
    let courseID: Int
    let studentID: Int
  }
  let id: ID
  var grade = ""
}

@Table struct Note {
  let id: Int
  var body: String
  @Ephemeral
  var isSelected = false
}

@Table struct Event {
  let id: Int
  @Column(as: Date.UnixTimeRepresentation.self)
  var startAt: Date
  var duration: Int
  @Column(as: Date.UnixTimeRepresentation.self, generated: .stored)
  var endAt: Date
}

@Table struct Attachment {
  let id: Int
  let kind: Kind

  @CasePathable @Selection
  enum Kind: Equatable {
    case link(URL)
    case note(String)
    case image(URL)
  }
}

@Suite("Article: Defining your schema")
struct DefiningYourSchemaTests {
  @Test func definingATable() throws {
    typealias Reminder = DefiningATable.Reminder
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL,
          "isCompleted" INTEGER NOT NULL);
        INSERT INTO "reminders" VALUES (1, 'Milk', 0), (2, 'Haircut', 1);
        """)
    assertSQL(
      Reminder.where { !$0.isCompleted },
      """
      SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted"
      FROM "reminders"
      WHERE (NOT "reminders"."isCompleted")
      """)
    #expect(try Reminder.where { !$0.isCompleted }.fetchAll(db).map(\.title) == ["Milk"])
  }

  @Test func tableAndColumnNames() throws {
    #expect(TableNames.RemindersList.tableName == "reminders_list")
    typealias Reminder = ColumnNames.Reminder
    #expect(Reminder.schema.columns.map(\.name).elementsEqual(["id", "title", "is_completed"]))
    let db = try Database()
    try db.execute(
      sql:
        #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT, "is_completed" INTEGER)"#
    )
    try Reminder.insert { Reminder.Draft(title: "Milk", isCompleted: true) }.execute(db)
    #expect(try Reminder.where(\.isCompleted).fetchAll(db).map(\.title) == ["Milk"])
  }

  @Test func rawRepresentableAndJSON() throws {
    #expect(Priority.medium.rawValue == 2)
    typealias Reminder = JSONColumns.Reminder
    let db = try Database()
    try db.execute(
      sql: #"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "title" TEXT, "notes" TEXT)"#)
    let insert = Reminder.insert {
      Reminder.Draft(title: "Get groceries", notes: ["Milk", "Eggs", "Bananas"])
    }
    assertSQL(
      insert,
      """
      INSERT INTO "reminders" ("id", "title", "notes")
      VALUES (NULL, 'Get groceries', '["Milk","Eggs","Bananas"]')
      """)
    try insert.execute(db)
    #expect(try Reminder.find(1).fetchOne(db)?.notes == ["Milk", "Eggs", "Bananas"])
  }

  @Test func jsonbColumns() throws {
    typealias Profile = JSONBColumns.Profile
    let db = try Database()
    try db.execute(sql: #"CREATE TABLE "profiles" ("id" INTEGER PRIMARY KEY, "tags" BLOB) STRICT"#)
    let insert =
      Profile.insert { Profile.Draft(tags: ["swift"]) }
    assertSQL(
      insert,
      """
      INSERT INTO "profiles" ("id", "tags")
      VALUES (NULL, X'6B577377696674')
      """)
    try insert.execute(db)
    #expect(try Profile.find(1).fetchOne(db)?.tags == ["swift"])
    assertSQL(
      Profile.update { $0.tags = $0.tags.jsonAppend("sql") },
      #"UPDATE "profiles" SET "tags" = jsonb_insert("profiles"."tags", '$[#]', 'sql')"#)
  }

  @Test func taggedIdentifiers() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "teams" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
        CREATE TABLE "players" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "teamID" INTEGER);
        INSERT INTO "teams" VALUES (1, 'Reds'), (2, 'Blues');
        INSERT INTO "players" VALUES (1, 'Ada', 2);
        """)
    let rows: [(Team, Player?)] = try Team.leftJoin(Player.all) { $0.id == $1.teamID }
      .order { team, _ in team.id }.fetchAll(db)
    let names: [String?] = rows.map { $0.1?.name }
    #expect(names.elementsEqual([nil, "Ada"]))
  }

  @Test func primaryKeysAndDrafts() throws {
    #expect(Book.columns.primaryKey.name == "isbn")
    #expect(!((Tag.self as Any.Type) is any PrimaryKeyedTable.Type))
    let db = try Database()
    try db.execute(
      sql: #"CREATE TABLE "books" ("isbn" TEXT PRIMARY KEY NOT NULL, "title" TEXT NOT NULL)"#)
    try Book.insert { Book(isbn: "978-0-262-51087-5", title: "SICP") }.execute(db)
    assertSQL(
      Book.find("978-0-262-51087-5"),
      """
      SELECT "books"."isbn", "books"."title" FROM "books" WHERE ("books"."isbn" = '978-0-262-51087-5')
      """)
    #expect(try Book.find("978-0-262-51087-5").fetchOne(db)?.title == "SICP")
  }

  @Test func groupedColumns() throws {
    typealias RemindersList = GroupedColumns.RemindersList
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "remindersLists" (
          "id" INTEGER PRIMARY KEY,
          "name" TEXT NOT NULL,
          "createdAt" TEXT NOT NULL,
          "updatedAt" TEXT
        ) STRICT
        """)
    try RemindersList.insert {
      RemindersList.Draft(name: "Home", timestamps: Timestamps(createdAt: date, updatedAt: nil))
    }.execute(db)
    let byColumn = RemindersList.where { $0.timestamps.createdAt <= date }
    let byRow = RemindersList.where {
      $0.timestamps <= Timestamps(createdAt: date, updatedAt: date)
    }
    #expect(
      byColumn.query.debugDescription.hasSuffix(
        #"WHERE ("remindersLists"."createdAt" <= '2023-11-14 22:13:20.000')"#))
    #expect(
      byRow.query.debugDescription.hasSuffix(
        #"WHERE (("remindersLists"."createdAt", "remindersLists"."updatedAt") <= ('2023-11-14 22:13:20.000', '2023-11-14 22:13:20.000'))"#
      ))
    #expect(try byColumn.fetchAll(db).map(\.name) == ["Home"])
    // A NULL in the row value makes the comparison NULL: no row.
    #expect(try byRow.fetchAll(db).isEmpty)
  }

  @Test func compositePrimaryKeys() throws {
    #expect(
      Enrollment.schema.columns.filter(\.isPrimaryKey).map(\.name) == ["courseID", "studentID"])
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "enrollments" (
          "courseID" INTEGER NOT NULL,
          "studentID" INTEGER NOT NULL,
          "grade" TEXT NOT NULL DEFAULT '',
          PRIMARY KEY ("courseID", "studentID")
        ) STRICT
        """)
    try db.checkSchema(Enrollment.self)
    let key = Enrollment.ID(courseID: 1, studentID: 2)
    let statements: [any Statement] = [
      Enrollment.find(key),
      Enrollment.find([key]),
      Enrollment.upsert { Enrollment.Draft(id: key, grade: "A") },
    ]
    let sql = statements.map { $0.query.debugDescription }
    #expect(
      sql[0].hasSuffix(
        #"WHERE (("enrollments"."courseID", "enrollments"."studentID") = (1, 2))"#))
    #expect(
      sql[1].hasSuffix(
        #"WHERE (("enrollments"."courseID", "enrollments"."studentID") IN (VALUES (1, 2)))"#))
    assertSQL(
      statements[2],
      """
      INSERT INTO "enrollments" ("courseID", "studentID", "grade") VALUES (1, 2, 'A')
      ON CONFLICT ("courseID", "studentID") DO UPDATE SET "grade" = excluded."grade"
      """)
    for statement in statements.reversed() { try statement.execute(db) }
    #expect(try Enrollment.find(key).fetchOne(db)?.grade == "A")
    try Enrollment.update(Enrollment(id: key, grade: "B")).execute(db)
    #expect(try Enrollment.find([key]).fetchAll(db).map(\.grade) == ["B"])
    try Enrollment.delete(Enrollment(id: key, grade: "B")).execute(db)
    #expect(try Enrollment.count().fetchOne(db) == 0)
  }

  @Test func ephemeralAndGeneratedColumns() throws {
    #expect(Note.schema.columns.map(\.name).elementsEqual(["id", "body"]))
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "events" (
          "id" INTEGER PRIMARY KEY,
          "startAt" INTEGER NOT NULL,
          "duration" INTEGER NOT NULL,
          "endAt" INTEGER NOT NULL GENERATED ALWAYS AS ("startAt" + "duration") STORED
        ) STRICT
        """)
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    try Event.insert { Event.Draft(startAt: start, duration: 3600) }.execute(db)
    let event = try Event.find(1).fetchOne(db)
    #expect(event?.endAt == start.addingTimeInterval(3600))
  }

  @Test func enumTables() throws {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "attachments" (
          "id" INTEGER PRIMARY KEY,
          "link" TEXT,
          "note" TEXT,
          "image" TEXT
        ) STRICT
        """)
    let insert = Attachment.insert { Attachment.Draft(kind: .note("Hello world!")) }
    let images = Attachment.where { $0.kind.image.isNot(nil) }
    let update = Attachment.update { $0.kind = .note("Goodbye world!") }
    assertSQL(
      insert,
      """
      INSERT INTO "attachments" ("id", "link", "note", "image") VALUES (NULL, NULL, 'Hello world!', NULL)
      """)
    assertSQL(
      images,
      """
      SELECT "attachments"."id", "attachments"."link", "attachments"."note", "attachments"."image"
      FROM "attachments" WHERE ("attachments"."image" IS NOT NULL)
      """)
    assertSQL(
      update,
      """
      UPDATE "attachments" SET "link" = NULL, "note" = 'Goodbye world!', "image" = NULL
      """)
    try insert.execute(db)
    try Attachment.insert {
      Attachment.Draft(kind: .image(URL(string: "https://example.com/cat.png")!))
    }.execute(db)
    #expect(try images.fetchAll(db).map(\.id) == [2])
    try update.execute(db)
    #expect(try Attachment.all.fetchAll(db).allSatisfy { $0.kind == .note("Goodbye world!") })
  }

  // The article's one-line examples, as it shows them.
  @Test func articleSnippets() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    typealias RemindersList = GroupedColumns.RemindersList
    typealias Reminder = JSONColumns.Reminder
    let statements: [any QueryExpression] = [
      Reminder.insert {
        Reminder.Draft(title: "Get groceries", notes: ["Milk", "Eggs", "Bananas"])
      },
      Team.leftJoin(Player.all) { $0.id == $1.teamID },
      Book.find("978-0-262-51087-5"),
      RemindersList.where { $0.timestamps.createdAt <= date },
      RemindersList.where { $0.timestamps <= Timestamps(createdAt: date, updatedAt: date) },
      Attachment.insert { Attachment.Draft(kind: .note("Hello world!")) },
      Attachment.where { $0.kind.image.isNot(nil) },
      Attachment.update { $0.kind = .note("Goodbye world!") },
    ]
    #expect(statements.count == 8)
  }
}
