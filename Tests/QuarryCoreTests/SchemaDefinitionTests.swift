import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// Defining a schema with `@Table`, `@Column` and `@Ephemeral`: table and column names, primary
// keys, raw-representable and ephemeral columns. These are the examples of seed 003, "Defining
// your schema": each renders the SQL the seed shows (whitespace aside) and runs on a live
// in-memory database. Each table is declared here, beside its test, because its declaration is
// what the test is about (the tables the other tests share are in `Support/Schema.swift`).

enum DefiningATable {
  @Table struct Reminder: Equatable {
    let id: Int
    var title = ""
    var isCompleted = false
  }
}

enum CustomColumnNames {
  @Table struct Reminder: Equatable {
    let id: Int
    var title = ""
    @Column("is_completed")
    var isCompleted = false
  }
}

enum RawRepresentableColumns {
  @Table
  struct Reminder: Equatable {
    let id: Int
    var title = ""
    // The seed declares both types at the top level. Nested in a namespace, the column's type
    // must be qualified: `@Table`'s extension is outside the namespace's scope.
    var priority: RawRepresentableColumns.Priority?
  }
  enum Priority: Int, QueryBindable {
    case low, medium, high
  }
}

enum DefaultTableNames {
  @Table struct Reminder {}
  @Table struct Category {}
  @Table struct Status {}
  @Table struct RemindersList {}
}

enum CustomTableNames {
  @Table("reminder") struct Reminder {}
  @Table("category") struct Category {}
  @Table("status") struct Status {}
  @Table("reminders_list") struct RemindersList {}
}

enum PrimaryKeys {
  @Table
  struct Book: Equatable {
    @Column(primaryKey: true)
    let isbn: String
    var title = ""
  }

  @Table
  struct Tag: Equatable {
    @Column(primaryKey: false)
    var id: String
    var name = ""
  }
}

enum EphemeralColumns {
  @Table
  struct Book: Equatable {
    @Column(primaryKey: true)
    let isbn: String
    var title: String
    @Ephemeral
    var scratchNotes = ""
  }
}

@Suite("Defining a schema: table and column names, keys, ephemeral columns")
struct SchemaDefinitionTests {
  @Test func definingATable() throws {
    typealias Reminder = DefiningATable.Reminder
    let db = try Database()
    try #sql(
      """
      CREATE TABLE "reminders" (
        "id" INTEGER PRIMARY KEY AUTOINCREMENT,
        "title" TEXT NOT NULL DEFAULT '',
        "isCompleted" INTEGER DEFAULT 0
      )
      """
    ).execute(db)
    try Reminder.insert {
      Reminder.Draft(title: "Groceries")
      Reminder.Draft(title: "Haircut", isCompleted: true)
      Reminder.Draft(title: "Dentist")
    }.execute(db)

    let rows = try assertQuery(
      Reminder
        .where { !$0.isCompleted },
      db: db,
      sql: """
        SELECT
          "reminders"."id",
          "reminders"."title",
          "reminders"."isCompleted"
        FROM "reminders"
        WHERE (NOT "reminders"."isCompleted")
        """
    )
    let expected: [Reminder] = [
      Reminder(id: 1, title: "Groceries", isCompleted: false),
      Reminder(id: 3, title: "Dentist", isCompleted: false),
    ]
    #expect(rows == expected)
  }

  @Test func tableNames() {
    #expect(DefaultTableNames.Reminder.tableName == "reminders")
    #expect(DefaultTableNames.Category.tableName == "categories")
    #expect(DefaultTableNames.Status.tableName == "statuses")
    #expect(DefaultTableNames.RemindersList.tableName == "remindersLists")

    #expect(CustomTableNames.Reminder.tableName == "reminder")
    #expect(CustomTableNames.Category.tableName == "category")
    #expect(CustomTableNames.Status.tableName == "status")
    #expect(CustomTableNames.RemindersList.tableName == "reminders_list")
  }

  @Test func tableNamesRenderQuoted() throws {
    let db = try Database()
    try db.execute(
      sql: #"CREATE TABLE "reminders_list" ("x"); INSERT INTO "reminders_list" VALUES (1)"#)
    let count = try assertQuery(
      CustomTableNames.RemindersList.count(), db: db,
      sql: #"SELECT count(*) FROM "reminders_list""#)
    #expect(count.elementsEqual([1]))
  }

  @Test func columnNames() throws {
    typealias Reminder = CustomColumnNames.Reminder
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL DEFAULT '',
          "is_completed" INTEGER NOT NULL DEFAULT 0
        );
        INSERT INTO "reminders" ("title", "is_completed") VALUES ('Walk', 1), ('Read', 0);
        """)

    // The seed's SQL leaves out `FROM "reminders"` (a typo in the seed); Quarry renders it.
    let rows = try assertQuery(
      Reminder
        .where { !$0.isCompleted },
      db: db,
      sql: """
        SELECT
        "reminders"."id",
        "reminders"."title",
        "reminders"."is_completed"
        FROM "reminders"
        WHERE (NOT "reminders"."is_completed")
        """
    )
    #expect(rows.elementsEqual([Reminder(id: 2, title: "Read", isCompleted: false)]))
  }

  @Test func rawRepresentable() throws {
    typealias Reminder = RawRepresentableColumns.Reminder
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY AUTOINCREMENT,
          "title" TEXT NOT NULL DEFAULT '',
          "priority" INTEGER
        ) STRICT
        """)

    // The seed shows `("date", "priority") VALUES ('Get haircut', 2)`, with three typos:
    // "date" is meant to be "title"; `.medium` of `case low, medium, high` has the raw value 1,
    // not 2; and it leaves out the primary key. Quarry always lists every draft column and
    // inserts a missing key as NULL, so SQLite assigns it and every draft insert has the same
    // SQL text (one cached statement).
    let insert = Reminder.insert {
      Reminder.Draft(
        title: "Get haircut",
        priority: .medium
      )
    }
    assertSQL(
      insert,
      """
      INSERT INTO "reminders"
        ("id", "title", "priority")
      VALUES
        (NULL, 'Get haircut', 1)
      """
    )
    try insert.execute(db)
    try Reminder.insert { Reminder.Draft(title: "Someday") }.execute(db)

    let rows = try Reminder.all.fetchAll(db)
    #expect(
      rows == [
        Reminder(id: 1, title: "Get haircut", priority: .medium),
        Reminder(id: 2, title: "Someday", priority: nil),
      ])
    let stored = try #sql(
      "SELECT \(Reminder.columns.priority) FROM \(Reminder.self)", as: Int?.self
    )
    .fetchAll(db)
    #expect(stored.elementsEqual([1, nil]))

    let high = try assertQuery(
      Reminder.where { $0.priority == .medium }.select { $0.title }, db: db,
      sql: """
        SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."priority" = 1)
        """)
    #expect(high.elementsEqual(["Get haircut"]))
  }

  @Test func primaryKeys() throws {
    typealias Book = PrimaryKeys.Book
    typealias Tag = PrimaryKeys.Tag
    #expect(Book.columns.primaryKey.name == "isbn")
    #expect((Book.self as Any.Type) is any PrimaryKeyedTable.Type)
    #expect(!((Tag.self as Any.Type) is any PrimaryKeyedTable.Type))

    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "books" ("isbn" TEXT PRIMARY KEY NOT NULL, "title" TEXT NOT NULL);
        CREATE TABLE "tags" ("id" TEXT NOT NULL, "name" TEXT NOT NULL);
        """)
    try Book.insert {
      Book.Draft(isbn: "978-0-13-110362-7", title: "The C Programming Language")
      Book.Draft(isbn: "978-0-262-51087-5", title: "SICP")
    }.execute(db)
    let book = try assertQuery(
      Book.find("978-0-262-51087-5"), db: db,
      sql: """
        SELECT "books"."isbn", "books"."title" FROM "books"
        WHERE ("books"."isbn" = '978-0-262-51087-5')
        """)
    #expect(book.elementsEqual([Book(isbn: "978-0-262-51087-5", title: "SICP")]))

    // Without a primary key there is no draft: rows are inserted whole.
    try Tag.insert {
      Tag(id: "a", name: "errands")
      Tag(id: "a", name: "duplicate ids are fine without a key")
    }.execute(db)
    #expect(try Tag.count().fetchOne(db) == 2)
  }

  @Test func ephemeralColumns() throws {
    typealias Book = EphemeralColumns.Book
    #expect(Book.schema.columns.map(\.name).elementsEqual(["isbn", "title"]))
    let db = try Database()
    try db.execute(
      sql: #"CREATE TABLE "books" ("isbn" TEXT PRIMARY KEY NOT NULL, "title" TEXT NOT NULL)"#)
    try Book.insert { Book(isbn: "1", title: "Dune", scratchNotes: "not stored") }.execute(db)
    let rows = try assertQuery(
      Book.all, db: db, sql: #"SELECT "books"."isbn", "books"."title" FROM "books""#)
    #expect(rows.elementsEqual([Book(isbn: "1", title: "Dune", scratchNotes: "")]))
  }
}
