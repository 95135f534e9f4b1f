import Foundation
import Quarry
import QuarrySQLite
import Tagged

// The tables this target's tests share, and the databases they run on. The tables whose
// declaration is itself under test stay beside their tests: the schema-definition examples of
// `SchemaDefinitionTests`, and the awkward names of `SelectionTests.awkwardNames`.

// MARK: - Items: statements, fragments, common table expressions

@Table
struct Item: Equatable, Sendable {
  let id: Int
  var name = ""
  @Column("is_done")
  var isDone = false
  var rank: Int?
  var price = 0.0
  var tag: String?
}

/// Two numbers per row, for comparing a column with another.
@Table
struct Pair {
  let id: Int
  var low: Int
  var high: Int
}

/// `Item`'s strict table, with four items.
func itemsDatabase() throws -> Database {
  let db = try Database()
  try #sql(
    """
    CREATE TABLE "items" (
      "id" INTEGER PRIMARY KEY,
      "name" TEXT NOT NULL,
      "is_done" INTEGER NOT NULL DEFAULT 0,
      "rank" INTEGER,
      "price" REAL NOT NULL DEFAULT 0,
      "tag" TEXT
    ) STRICT
    """
  ).execute(db)
  try Item.insert {
    Item.Draft(name: "apple", rank: 2, price: 1.5, tag: "fruit")
    Item.Draft(name: "bread", isDone: true, rank: 1, price: 3)
    Item.Draft(name: "cheese", rank: 3, price: 7.25, tag: "dairy")
    Item.Draft(name: "dates", isDone: true, price: 4)
  }.execute(db)
  return db
}

// MARK: - Shelves and books: the query language

// The light inflection would say "shelfs": irregular plurals are named explicitly.
@Table("shelves")
struct Shelf: Equatable, Sendable {
  let id: Int
  var name = ""
}

@Table
struct Book: Equatable, Sendable {
  let id: Int
  var title = ""
  var shelfID: Int?
  var pages = 0
  var rating: Double?
  var flags = 0
  var published = ""
  var info: String?
}

/// A book lent from a shelf: the third table of a join.
@Table
struct Loan: Equatable, Sendable {
  let id: Int
  var bookID: Int
  var shelfID: Int
  var borrower = ""
}

/// Books and pages per shelf: the rows of a subquery in `FROM`.
@Table("shelfStats")
struct ShelfStat: Equatable, Sendable {
  var shelfID: Int?
  var books: Int
  var pages: Int
}

/// `Shelf`'s and `Book`'s tables, and three shelves (one empty).
private let shelvesAndBooksTables = """
  CREATE TABLE "shelves" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
  CREATE TABLE "books" (
    "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "shelfID" INTEGER REFERENCES "shelves",
    "pages" INTEGER NOT NULL, "rating" REAL, "flags" INTEGER NOT NULL,
    "published" TEXT NOT NULL, "info" TEXT
  );
  INSERT INTO "shelves" VALUES (1, 'Fiction'), (2, 'Science'), (3, 'Empty');
  """

/// Three shelves (one empty) and four books (one on no shelf).
func shelvesAndBooks() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: shelvesAndBooksTables + "\n"
      + """
      INSERT INTO "books" VALUES
        (1, 'Dune', 1, 412, 4.5, 5, '1965-08-01', NULL),
        (2, 'Emma', 1, 320, NULL, 2, '1815-12-23', NULL),
        (3, 'Cosmos', 2, 396, 4.8, 1, '1980-10-12', NULL),
        (4, 'Loose Notes', NULL, 12, 2.0, 0, '2020-01-01', NULL);
      """)
  return db
}

/// The shelves and books of `shelvesAndBooks()`, two of them with JSON `info`, and a fifth book
/// whose title has a `%` (for `LIKE … ESCAPE`).
func library() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: shelvesAndBooksTables + "\n"
      + """
      INSERT INTO "books" VALUES
        (1, 'Dune', 1, 412, 4.5, 5, '1965-08-01', '{"tags":["sf","classic"],"year":1965}'),
        (2, 'Emma', 1, 320, NULL, 2, '1815-12-23', NULL),
        (3, 'Cosmos', 2, 396, 4.8, 1, '1980-10-12', '{"tags":["space"],"year":1980}'),
        (4, 'Loose Notes', NULL, 12, 2.0, 0, '2020-01-01', NULL),
        (5, '50% Off', 2, 100, 3.0, 8, '2001-02-03', NULL);
      """)
  return db
}

/// A `books` table alone (no `shelves`: `shelfID` references nothing), five books on two
/// shelves.
func booksOnTwoShelves() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "books" (
        "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "shelfID" INTEGER,
        "pages" INTEGER NOT NULL, "rating" REAL, "flags" INTEGER NOT NULL,
        "published" TEXT NOT NULL, "info" TEXT
      );
      INSERT INTO "books" VALUES
        (1, 'Dune', 1, 412, 4.5, 5, '1965-08-01', NULL),
        (2, 'Emma', 1, 320, NULL, 2, '1815-12-23', NULL),
        (3, 'Persuasion', 1, 249, 4.0, 0, '1817-12-20', NULL),
        (4, 'Cosmos', 2, 396, 4.8, 1, '1980-10-12', NULL),
        (5, 'Contact', 2, 432, 3.9, 0, '1985-09-01', NULL);
      """)
  return db
}

// MARK: - Shelf labels: find by a primary key with its own column name

/// A table whose primary key column has its own name in the database.
@Table("shelf_labels")
struct ShelfLabel: Equatable {
  @Column("label_id", primaryKey: true)
  let id: Int
  var text: String
}

/// A table without a primary key: `find` does not exist, and no pre-rendered select either.
@Table("log_lines")
struct LogLine {
  var name: String
}

/// `ShelfLabel`'s table, and three labels.
func labelsDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "shelf_labels" ("label_id" INTEGER PRIMARY KEY, "text" TEXT NOT NULL);
      INSERT INTO "shelf_labels" VALUES (1, 'fiction'), (2, 'poetry'), (3, 'history');
      """)
  return db
}

// MARK: - Users and posts: SQLite.swift's query examples

// The users and posts of seed 000 (the SQLite.swift documentation). The tests over them are
// typed Quarry equivalents of its examples, from "Building Complex Queries" through
// "Aggregation", "Other Operators", "Core SQLite Functions" and "Aggregate SQLite Functions".
// The seed selects `*` and leaves columns unqualified; Quarry lists and qualifies every column,
// so their SQL differs in that way only (noted where it differs otherwise).

@Table
struct User: Equatable, Sendable {
  let id: Int
  var email = ""
  var name: String?
  var age: Int?
  var balance = 0.0
  var verified = false
  @Column("manager_id")
  var managerID: Int?
}

@Table
struct Post: Equatable, Sendable {
  let id: Int
  @Column("user_id")
  var userID: Int
  var title = ""
}

/// Six users (some managed by others, some without a name or an age) and three posts.
func usersDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "users" (
        "id" INTEGER PRIMARY KEY, "email" TEXT NOT NULL UNIQUE, "name" TEXT, "age" INTEGER,
        "balance" REAL NOT NULL, "verified" INTEGER NOT NULL,
        "manager_id" INTEGER REFERENCES "users"
      );
      CREATE TABLE "posts" (
        "id" INTEGER PRIMARY KEY, "user_id" INTEGER NOT NULL REFERENCES "users",
        "title" TEXT NOT NULL
      );
      INSERT INTO "users" VALUES
        (1, 'alice@mac.com', 'Alice', 30, 12000.5, 1, NULL),
        (2, 'betty@icloud.com', 'Betty', 25, 500.0, 0, 1),
        (3, 'cathy@mac.com', NULL, NULL, 10000.0, 0, 1),
        (4, 'dan@example.com', 'Dan', 41, -20.0, 1, 2),
        (5, 'eve@mac.com', 'Eve', 35, 0.0, 0, NULL),
        (6, 'zed@mac.com', 'Zed', 22, 100.0, 1, 5);
      INSERT INTO "posts" VALUES (1, 1, 'Hello'), (2, 1, 'Again'), (3, 4, 'Dan here');
      """)
  return db
}

/// Every column of `User`, as `User.all` lists them.
let userColumns = """
  "users"."id", "users"."email", "users"."name", "users"."age", "users"."balance",
  "users"."verified", "users"."manager_id"
  """

// MARK: - Employees: self joins

@Table
struct Employee: Equatable, Sendable {
  let id: Int
  var name = ""
  var managerID: Int?
}

// MARK: - Counters: writes

@Table
struct Counter: Equatable, Sendable {
  let id: Int
  var name = ""
  var count = 0
  var bits = 0
  var ratio = 1.0
  var isOn = false
}

/// `Counter`'s table (with a `UNIQUE` name and a default for every column), and two counters.
func countersDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "counters" (
        "id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL UNIQUE DEFAULT 'unnamed',
        "count" INTEGER NOT NULL DEFAULT 0, "bits" INTEGER NOT NULL DEFAULT 0,
        "ratio" REAL NOT NULL DEFAULT 1.0, "isOn" INTEGER NOT NULL DEFAULT 0
      );
      INSERT INTO "counters" VALUES (1, 'a', 10, 12, 2.0, 0), (2, 'b', 20, 3, 4.0, 1);
      """)
  return db
}

// MARK: - Common table expressions

/// The numbers of a recursive common table expression.
@Table("counts")
struct Count: Equatable, Sendable {
  var n: Int
}

/// The items of a common table expression over `Item`.
@Table("bigItems")
struct BigItem: Equatable, Sendable {
  var id: Int
  var name: String
}

// MARK: - Tasks: views, triggers, full-text search

@Table
struct Task: Equatable, Sendable {
  let id: Int
  var title = ""
  var isDone = false
}

/// What a trigger on `Task` logs.
@Table("taskLog")
struct TaskLog: Equatable, Sendable {
  let id: Int
  var taskID: Int
  var message = ""
}

/// The rows of a temporary view over `Task`.
@Table("openTasks")
struct OpenTask: Equatable, Sendable {
  var id: Int
  var title = ""
}

/// An FTS5 table of task texts.
@Table("taskTexts")
struct TaskText: Equatable, Sendable {
  let rowid: Int
  var title = ""
  var notes = ""
}

/// `Task`'s and `TaskLog`'s tables, and three tasks (one done).
func tasksDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "tasks" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL,
        "isDone" INTEGER NOT NULL DEFAULT 0);
      CREATE TABLE "taskLog" ("id" INTEGER PRIMARY KEY, "taskID" INTEGER NOT NULL,
        "message" TEXT NOT NULL);
      INSERT INTO "tasks" ("title", "isDone") VALUES ('Write', 0), ('Test', 1), ('Ship', 0);
      """)
  return db
}

// MARK: - Column representations: JSON, dates, UUIDs, generated columns

enum JSONColumns {
  @Table struct Reminder: Equatable {
    let id: Int
    var title = ""
    @Column(as: [String].JSONRepresentation.self)
    var notes: [String]
  }
}

/// A generated column, and dates and UUIDs stored through representations.
@Table
struct Event: Equatable, Sendable {
  let id: UUID
  @Column(as: Date.UnixTimeRepresentation.self)
  var startAt: Date
  var duration: Double
  @Column(as: Date.UnixTimeRepresentation.self, generated: .stored)
  var endAt: Date
  @Column(as: UUID.BytesRepresentation.self)
  var ownerID: UUID?
}

/// A primary key stored through a representation: lookups take the property's type.
@Table
struct Device: Equatable, Sendable {
  @Column(as: UUID.BytesRepresentation.self)
  let id: UUID
  var name = ""
}

/// Reminders with a JSON array and a JSON object, for `json_each`.
enum JSONEachFixture {
  @Table struct Reminder: Equatable, Sendable {
    let id: Int
    var title = ""
    @Column(as: [String].JSONRepresentation.self)
    var tags: [String] = []
    @Column(as: [String: Int].JSONRepresentation.self)
    var estimates: [String: Int]?
  }

  /// `Reminder`'s table, and four reminders.
  static func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "tags" TEXT NOT NULL, "estimates" TEXT
        )
        """)
    try Reminder.insert {
      Reminder.Draft(title: "Write report", tags: ["work", "urgent"], estimates: ["draft": 3])
      Reminder.Draft(title: "Buy milk", tags: ["home"])
      Reminder.Draft(title: "Call Ana", tags: [], estimates: ["call": 1, "notes": 2])
      Reminder.Draft(title: "Plan sprint", tags: ["work"])
    }.execute(db)
    return db
  }
}

// MARK: - Selections: column groups, enum tables, row types

@Selection
struct Timestamps: Equatable {
  let createdAt: Date
  let updatedAt: Date?
}

enum GroupedColumns {
  @Table
  struct RemindersList: Equatable {
    let id: Int
    var name = ""
    let timestamps: Timestamps
  }

  @Table
  struct Reminder: Equatable {
    let id: Int
    var name = ""
    var isCompleted = false
    var listID: Int
    // An optional group: every column may be NULL, and all-NULL decodes as nil.
    var snoozed: Timestamps?
  }

  /// The tables of `RemindersList` and `Reminder`, empty.
  static func database() throws -> Database {
    let db = try Database()
    // The seed's CREATE TABLE for this example lists an "isCompleted" column that its
    // `RemindersList` does not have (it belongs to `Reminder`); it is left out here.
    try #sql(
      """
      CREATE TABLE "remindersLists" (
        "id" INTEGER PRIMARY KEY,
        "name" TEXT NOT NULL,
        "createdAt" TEXT NOT NULL,
        "updatedAt" TEXT
      ) STRICT;
      CREATE TABLE "reminders" (
        "id" INTEGER PRIMARY KEY,
        "name" TEXT NOT NULL,
        "isCompleted" INTEGER NOT NULL,
        "listID" INTEGER NOT NULL REFERENCES "remindersLists",
        "createdAt" TEXT,
        "updatedAt" TEXT
      ) STRICT
      """
    ).execute(db)
    return db
  }
}

enum EnumTable {
  @Table
  struct Attachment: Equatable {
    let id: Int
    let kind: Kind

    @CasePathable @Selection
    enum Kind: Equatable {
      case link(URL)
      case note(String)
      case image(URL)
    }
  }
}

enum GroupedEnumTable {
  @Table
  struct Attachment: Equatable {
    let id: Int
    let kind: Kind

    @CasePathable @Selection
    enum Kind: Equatable {
      case link(URL)
      case note(String)
      // The seed writes `Attachment.Image`; inside this namespace that would name
      // Swift Testing's `Attachment`, so the path is spelled out.
      case image(GroupedEnumTable.Attachment.Image)
    }
    @Selection
    struct Image: Equatable {
      var caption = ""
      var url: URL
    }
  }
}

/// A `@Table` enum: each row holds one case, in its own columns; the others' are `NULL`.
enum EnumTables {
  @Table
  enum Post: Equatable {
    case photo(EnumTables.Photo)
    case note(String = "")
    @Column("linkURL")
    case link(URL)
    @Column(as: [String].JSONRepresentation.self)
    case tags([String])
  }

  @Selection
  struct Photo: Equatable {
    var caption = ""
    var url: URL
  }

  /// The `posts` table, empty.
  static let postsTable = """
    CREATE TABLE "posts" (
      "caption" TEXT, "url" TEXT, "note" TEXT, "linkURL" TEXT, "tags" TEXT
    ) STRICT
    """

  /// A `@Selection` enum whose case's value has a label, held optionally by a table.
  @Table
  struct Record: Equatable {
    let id: Int
    var time: Time?

    @Selection
    enum Time: Equatable {
      case moment(Date)
      case interval(startDate: Date)
      case span(EnumTables.Record.Span)
    }

    @Selection
    struct Span: Equatable {
      @Column("spanStart") var startDate: Date
      @Column("spanEnd") var endDate: Date
    }
  }

  /// An optional value stored through an optional representation.
  @Table
  struct Item: Equatable {
    let id: Int
    @Column(as: [UInt8]?.JSONRepresentation.self)
    var data: [UInt8]?
  }
}

/// A query's own row type.
@Selection
struct ListSummary: Equatable {
  let name: String
  let reminderCount: Int
  @Column("open")
  let openCount: Int
}

// MARK: - Tagged identifiers

enum TaggedIdentifiers {
  @Table
  struct RemindersList: Identifiable, Equatable {
    typealias ID = Tagged<Self, Int>
    let id: ID
    var title = ""
  }

  @Table
  struct Reminder: Identifiable, Equatable {
    typealias ID = Tagged<Self, Int>
    let id: ID
    var title = ""
    var remindersList: TaggedIdentifiers.RemindersList.ID
  }

  @Table
  struct Device: Identifiable, Equatable {
    typealias ID = Tagged<Self, UUID>
    @Column(as: Tagged<Self, UUID.BytesRepresentation>.self)
    let id: ID
    var name = ""
  }
}

// MARK: - Enrollments: a composite primary key

/// A join table whose primary key is a `@Selection` group of two columns.
@Table
struct Enrollment: Equatable, Sendable {
  @Selection
  struct ID: Hashable, Sendable {
    let courseID: Int
    let studentID: Int
  }

  let id: ID
  var grade = ""
}

func enrollmentsDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "enrollments" (
        "courseID" INTEGER NOT NULL,
        "studentID" INTEGER NOT NULL,
        "grade" TEXT NOT NULL DEFAULT '',
        PRIMARY KEY ("courseID", "studentID")
      ) STRICT;
      INSERT INTO "enrollments" VALUES (1, 1, 'A'), (1, 2, 'B'), (2, 1, 'C');
      """)
  return db
}

// MARK: - Tables in other schemas

/// Notes kept in an attached database, `"archive"`, beside a `"notes"` table of `main`.
@Table("notes", schema: "archive")
struct ArchivedNote: Equatable, Sendable {
  let id: Int
  var title = ""
  var counterID = 1
}

/// `main`'s own `"notes"`, named with its schema, as structured-queries' tests do.
@Table("notes", schema: "main")
struct MainNote: Equatable, Sendable {
  let id: Int
  var title = ""
  var counterID = 1
}

/// `countersDatabase()` with an attached in-memory database, `"archive"`, holding a STRICT
/// `"notes"` table, and a `"notes"` table of `main` with other rows.
func archiveDatabase() throws -> Database {
  let db = try countersDatabase()
  try db.execute(
    sql: """
      ATTACH DATABASE ':memory:' AS "archive";
      CREATE TABLE "archive"."notes" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL,
        "counterID" INTEGER NOT NULL) STRICT;
      INSERT INTO "archive"."notes" VALUES (1, 'Old', 1), (2, 'Older', 2), (3, 'Oldest', 2);
      CREATE TABLE "main"."notes" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL,
        "counterID" INTEGER NOT NULL);
      INSERT INTO "main"."notes" VALUES (1, 'New', 2);
      """)
  return db
}

/// A view of log entries beside their tasks: the select reads two columns named `"id"`, which
/// the view names apart.
@Table("taskLogIDs")
struct TaskLogID: Equatable, Sendable {
  var taskID: Int
  var logID: Int
}
