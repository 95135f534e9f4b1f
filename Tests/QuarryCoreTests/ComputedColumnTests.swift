import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// Issue 13, columns: a table's columns reached through its type (`Reminder.title`), computed
// columns declared in extensions of `TableColumns` (on each side of a join, and under an
// alias), and `@Selection` row types whose `Columns` take plain values and fall back on the
// properties' defaults.

/// The fixtures of these tests.
enum ComputedColumnFixtures {
  /// "Now", fixed so the SQL is the same on every run.
  static let now = Date(timeIntervalSince1970: 1_700_000_000)
  static let yesterday = Date(timeIntervalSince1970: 1_699_913_600)
  static let tomorrow = Date(timeIntervalSince1970: 1_700_086_400)

  @Table
  struct RemindersList: Equatable, Sendable {
    let id: Int
    var name = ""
  }

  @Table
  struct Reminder: Equatable, Sendable {
    let id: Int
    var title = ""
    var isCompleted = false
    var dueDate: Date?
    var listID: Int?
    /// The reminder this one waits for.
    var parentID: Int?
  }

  /// A static member named like a column: it, not the column, is `Tag.name`.
  @Table
  struct Tag: Equatable, Sendable {
    let id: Int
    var name = ""
    static let name = "the tag table"
  }

  enum Urgency: Int, QueryBindable {
    case low, high
  }

  /// A query's row type with defaults: `Columns` may leave those properties out.
  @Selection
  struct ReminderRow: Equatable {
    var title: String
    var isUrgent = false
  }

  /// Two columns with defaults, as a group.
  @Selection
  struct Span: Equatable {
    var start = 0
    var end = 0
  }

  /// Defaults of every kind: an optional, an enum, a group. (Generated code is outside this
  /// namespace: the nested types are spelled out.)
  @Selection
  struct DetailedRow: Equatable {
    var title: String
    var note: String?
    var urgency: ComputedColumnFixtures.Urgency = .high
    var span = ComputedColumnFixtures.Span(start: 1, end: 2)
    @Column(as: Date.UnixTimeRepresentation.self)
    var seenAt: Date = ComputedColumnFixtures.now
    @Column(as: Date.UnixTimeRepresentation.self)
    var doneAt: Date?
    var rank: Int = Self.defaultRank

    static let defaultRank = 5
  }

  /// Two lists, and five reminders: two past due (one of them completed), one due later, one
  /// without a date, one on no list. Reminder 3 waits for reminder 1, reminder 4 for reminder 2.
  static func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
        CREATE TABLE "reminders" (
          "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "isCompleted" INTEGER NOT NULL,
          "dueDate" TEXT, "listID" INTEGER REFERENCES "remindersLists",
          "parentID" INTEGER REFERENCES "reminders"
        );
        CREATE TABLE "tags" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
        INSERT INTO "remindersLists" VALUES (1, 'Home'), (2, 'Work'), (3, 'Empty');
        """)
    try Reminder.insert {
      Reminder.Draft(title: "Milk", dueDate: yesterday, listID: 1)
      Reminder.Draft(title: "Eggs", isCompleted: true, dueDate: yesterday, listID: 1)
      Reminder.Draft(title: "Report", dueDate: tomorrow, listID: 2, parentID: 1)
      Reminder.Draft(title: "Call", listID: 2, parentID: 2)
      Reminder.Draft(title: "Loose")
    }.execute(db)
    return db
  }
}

extension ComputedColumnFixtures.Reminder.TableColumns {
  /// Open and due before now.
  var isPastDue: some QueryExpression<Bool> {
    !isCompleted && dueDate < ComputedColumnFixtures.now
  }

  /// The title, or `NULL` when it is empty: an optional computed column.
  var nonEmptyTitle: some QueryExpression<String?> {
    title.nullif("")
  }

  /// A reusable helper with an argument.
  func isDue(before date: Date) -> some QueryExpression<Bool> {
    dueDate < date
  }

  /// How many reminders wait for this one: a subquery of the same table, correlated through
  /// `self.id`, and a hand-written SQL part over `self.title`.
  var waitingCount: some QueryExpression<Int> {
    ComputedColumnFixtures.Reminder.where { $0.parentID == self.id }.count()
  }

  /// Done, or without a title: hand-written SQL of two operands.
  var isDoneOrUntitled: some QueryExpression<Bool> {
    #sql("\(isCompleted) OR \(title) = ''", as: Bool.self)
  }

  /// The title in capitals, written by hand.
  var shoutedTitle: some QueryExpression<String> {
    #sql("upper(\(title))", as: String.self)
  }
}

@Suite("Columns: through the table type, computed columns, selection defaults")
struct ComputedColumnTests {
  typealias Reminder = ComputedColumnFixtures.Reminder
  typealias RemindersList = ComputedColumnFixtures.RemindersList
  typealias ReminderRow = ComputedColumnFixtures.ReminderRow

  // MARK: Columns through the table type

  @Test func columnsThroughTheTableType() throws {
    #expect(Reminder.title.name == "title")
    #expect(Reminder.title.qualifiedName == Reminder.columns.title.qualifiedName)
    #expect(Reminder.id.qualifiedName == #""reminders"."id""#)
    #expect(Reminder.primaryKey.name == "id")
    // A computed column too.
    assertSQL(
      Reminder.isPastDue,
      """
      ((NOT "reminders"."isCompleted") AND ("reminders"."dueDate" < '2023-11-14 22:13:20.000'))
      """)

    let db = try ComputedColumnFixtures.database()
    let open = try assertQuery(
      Reminder.where { !$0.isCompleted }.select { $0.title }.order { _ in Reminder.id },
      db: db,
      sql: """
        SELECT "reminders"."title" FROM "reminders"
        WHERE (NOT "reminders"."isCompleted")
        ORDER BY "reminders"."id"
        """)
    #expect(open.elementsEqual(["Milk", "Report", "Call", "Loose"]))
  }

  /// The seed's migration: an index on `Reminder.title`, named through the table type.
  @Test func columnsThroughTheTableTypeInMigrations() throws {
    let db = try ComputedColumnFixtures.database()
    let createIndex = #sql(
      "CREATE INDEX \"reminders_title\" ON \(Reminder.self) (\(quote: Reminder.title.name))")
    assertSQL(createIndex, #"CREATE INDEX "reminders_title" ON "reminders" ("title")"#)
    try createIndex.execute(db)
    let indexed = try #sql(
      "SELECT \"name\" FROM pragma_index_info('reminders_title')", as: String.self
    ).fetchAll(db)
    #expect(indexed.elementsEqual(["title"]))

    // A qualified column, and the table's whole column list.
    let query = #sql(
      "SELECT \(Reminder.columns) FROM \(Reminder.self) WHERE \(Reminder.title) = 'Call'",
      as: Reminder.self)
    assertSQL(
      query,
      """
      SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted",
      "reminders"."dueDate", "reminders"."listID", "reminders"."parentID"
      FROM "reminders" WHERE "reminders"."title" = 'Call'
      """)
    let rows = try query.fetchAll(db)
    #expect(rows.map(\.id).elementsEqual([4]))
  }

  /// The table's own static members come first.
  @Test func staticMembersNamedLikeColumnsWin() throws {
    typealias Tag = ComputedColumnFixtures.Tag
    #expect(Tag.name == "the tag table")
    #expect(Tag.columns.name.qualifiedName == #""tags"."name""#)
    #expect(Tag.id.name == "id")
    let db = try ComputedColumnFixtures.database()
    try Tag.insert { Tag.Draft(name: "home") }.execute(db)
    let names = try assertQuery(
      Tag.select { $0.name }, db: db, sql: #"SELECT "tags"."name" FROM "tags""#)
    #expect(names.elementsEqual(["home"]))
  }

  // MARK: Computed columns

  @Test func computedColumnsInWhereAndSelect() throws {
    let db = try ComputedColumnFixtures.database()
    let pastDue = try assertQuery(
      Reminder.where { $0.isPastDue }.select { $0.title },
      db: db,
      sql: """
        SELECT "reminders"."title" FROM "reminders"
        WHERE ((NOT "reminders"."isCompleted")
          AND ("reminders"."dueDate" < '2023-11-14 22:13:20.000'))
        """)
    #expect(pastDue.elementsEqual(["Milk"]))

    // (Without a due date the comparison is NULL, which a `Bool` can't decode.)
    let flags = try assertQuery(
      Reminder.where { $0.dueDate != nil }.order { $0.id }
        .select { ($0.title, $0.isPastDue, $0.nonEmptyTitle) },
      db: db,
      sql: """
        SELECT "reminders"."title",
          ((NOT "reminders"."isCompleted")
            AND ("reminders"."dueDate" < '2023-11-14 22:13:20.000')),
          nullif("reminders"."title", '')
        FROM "reminders" WHERE ("reminders"."dueDate" IS NOT NULL) ORDER BY "reminders"."id"
        """)
    #expect(flags.map(\.1).elementsEqual([true, false, false]))
    #expect(flags.map(\.2).elementsEqual(["Milk", "Eggs", "Report"]))

    let dueBeforeTomorrow = try assertQuery(
      Reminder.where { $0.isDue(before: ComputedColumnFixtures.tomorrow) }.select { $0.id },
      db: db,
      sql: """
        SELECT "reminders"."id" FROM "reminders"
        WHERE ("reminders"."dueDate" < '2023-11-15 22:13:20.000')
        """)
    #expect(dueBeforeTomorrow.elementsEqual([1, 2]))
  }

  /// On the outer side of a join a computed column is optional: `NULL` where nothing matched.
  @Test func computedColumnsThroughAnOuterJoin() throws {
    let db = try ComputedColumnFixtures.database()
    let rows = try assertQuery(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.listID }
        .order { list, reminder in (list.id, reminder.id) }
        .select { ($0.name, $1.isPastDue, $1.nonEmptyTitle) },
      db: db,
      sql: """
        SELECT "remindersLists"."name",
          ((NOT "reminders"."isCompleted")
            AND ("reminders"."dueDate" < '2023-11-14 22:13:20.000')),
          nullif("reminders"."title", '')
        FROM "remindersLists"
        LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."listID")
        ORDER BY "remindersLists"."id", "reminders"."id"
        """)
    #expect(rows.map(\.0).elementsEqual(["Home", "Home", "Work", "Work", "Empty"]))
    // "Call" has no due date: `NULL < …` is NULL and so is `true AND NULL`.
    #expect(rows.map(\.1).elementsEqual([true, false, false, nil, nil]))
    #expect(rows.map(\.2).elementsEqual(["Milk", "Eggs", "Report", "Call", nil]))

    let listsWithPastDue = try assertQuery(
      RemindersList.leftJoin(Reminder.all) { $0.id == $1.listID }
        .where { $1.isPastDue == true }
        .select { list, _ in list.name },
      db: db,
      sql: """
        SELECT "remindersLists"."name" FROM "remindersLists"
        LEFT JOIN "reminders" ON ("remindersLists"."id" = "reminders"."listID")
        WHERE (((NOT "reminders"."isCompleted")
          AND ("reminders"."dueDate" < '2023-11-14 22:13:20.000')) = 1)
        """)
    #expect(listsWithPastDue.elementsEqual(["Home"]))
  }

  /// Under an alias, a computed column's columns are qualified by the alias.
  @Test func computedColumnsUnderAnAlias() throws {
    let db = try ComputedColumnFixtures.database()
    let blocked = try assertQuery(
      Reminder.join(Reminder.aliased("parents")) { $0.parentID == $1.id }
        .select { ($0.title, $1.isPastDue, $1.title) },
      db: db,
      sql: """
        SELECT "reminders"."title",
          ((NOT "parents"."isCompleted") AND ("parents"."dueDate" < '2023-11-14 22:13:20.000')),
          "parents"."title"
        FROM "reminders"
        JOIN "reminders" AS "parents" ON ("reminders"."parentID" = "parents"."id")
        """)
    #expect(blocked.map(\.0).elementsEqual(["Report", "Call"]))
    #expect(blocked.map(\.1).elementsEqual([true, false]))

    // A left join under an alias: optional and aliased.
    let waiting = try assertQuery(
      Reminder.leftJoin(Reminder.aliased("parents")) { $0.parentID == $1.id }
        .select { ($0.title, $1.isPastDue, $1.nonEmptyTitle) },
      db: db,
      sql: """
        SELECT "reminders"."title",
          ((NOT "parents"."isCompleted") AND ("parents"."dueDate" < '2023-11-14 22:13:20.000')),
          nullif("parents"."title", '')
        FROM "reminders"
        LEFT JOIN "reminders" AS "parents" ON ("reminders"."parentID" = "parents"."id")
        """)
    #expect(waiting.map(\.0).elementsEqual(["Milk", "Eggs", "Report", "Call", "Loose"]))
    #expect(waiting.map(\.1).elementsEqual([nil, nil, true, false, nil]))
    #expect(waiting.map(\.2).elementsEqual([nil, nil, "Milk", "Eggs", nil]))
  }

  /// Under an alias, a computed column reads the alias's columns through `self`, hand-written
  /// SQL included; a subquery inside it that starts from the table reads the table itself, so
  /// it stays correlated with the aliased row.
  @Test func computedColumnSubqueryUnderAnAliasReadsTheTable() throws {
    let db = try ComputedColumnFixtures.database()
    let parents = try assertQuery(
      Reminder.join(Reminder.aliased("parents")) { $0.parentID == $1.id }
        .select { ($0.title, $1.shoutedTitle, $1.waitingCount) },
      db: db,
      sql: """
        SELECT "reminders"."title", upper("parents"."title"),
          (SELECT count(*) FROM "reminders" WHERE ("reminders"."parentID" = "parents"."id"))
        FROM "reminders"
        JOIN "reminders" AS "parents" ON ("reminders"."parentID" = "parents"."id")
        """)
    #expect(parents.map(\.0).elementsEqual(["Report", "Call"]))
    #expect(parents.map(\.1).elementsEqual(["MILK", "EGGS"]))
    #expect(parents.map(\.2).elementsEqual([1, 1]))

    // The same through a left join and through the alias's own columns.
    let aliased = Reminder.aliased("parents")
    #expect(
      aliased.columns.waitingCount.queryFragment.sql
        == """
        (SELECT count(*)
        FROM "reminders"
        WHERE ("reminders"."parentID" = "parents"."id"))
        """)
    let waiting = try assertQuery(
      Reminder.leftJoin(aliased) { $0.parentID == $1.id }.select { ($0.title, $1.waitingCount) },
      db: db,
      sql: """
        SELECT "reminders"."title",
          (SELECT count(*) FROM "reminders" WHERE ("reminders"."parentID" = "parents"."id"))
        FROM "reminders"
        LEFT JOIN "reminders" AS "parents" ON ("reminders"."parentID" = "parents"."id")
        """)
    #expect(waiting.map(\.1).elementsEqual([0, 0, 1, 1, 0]))
  }

  /// A hand-written computed column of two operands, under an alias, stays whole beside
  /// another predicate.
  @Test func handWrittenComputedColumnUnderAnAliasStaysWhole() throws {
    let db = try ComputedColumnFixtures.database()
    let titles = try assertQuery(
      Reminder.join(Reminder.aliased("parents")) { $0.parentID == $1.id }
        .where { $1.isDoneOrUntitled }
        .where { child, _ in child.id > 0 }
        .select { child, _ in child.title },
      db: db,
      sql: """
        SELECT "reminders"."title" FROM "reminders"
        JOIN "reminders" AS "parents" ON ("reminders"."parentID" = "parents"."id")
        WHERE ("parents"."isCompleted" OR "parents"."title" = '') AND ("reminders"."id" > 0)
        """)
    #expect(titles.elementsEqual(["Call"]))
  }

  /// Drafts have no columns of their own: the closures of statements that write drafts get the
  /// table's columns, computed ones included.
  @Test func computedColumnsBesideDrafts() throws {
    let db = try ComputedColumnFixtures.database()
    let inserted = try assertQuery(
      Reminder.insert {
        Reminder.Draft(title: "Bills", dueDate: ComputedColumnFixtures.yesterday)
      }.returning { ($0.title, $0.isPastDue) },
      db: db,
      sql: """
        INSERT INTO "reminders" ("id", "title", "isCompleted", "dueDate", "listID", "parentID")
        VALUES (NULL, 'Bills', 0, '2023-11-13 22:13:20.000', NULL, NULL)
        RETURNING "reminders"."title",
          ((NOT "reminders"."isCompleted")
            AND ("reminders"."dueDate" < '2023-11-14 22:13:20.000'))
        """)
    #expect(inserted.map(\.0).elementsEqual(["Bills"]))
    #expect(inserted.map(\.1).elementsEqual([true]))
  }

  // MARK: @Selection defaults and values

  @Test func selectionColumnsTakeDefaultsAndValues() throws {
    let db = try ComputedColumnFixtures.database()
    let defaulted = try assertQuery(
      Reminder.where { $0.id < 3 }.select { ReminderRow.Columns(title: $0.title) },
      db: db,
      sql: """
        SELECT "reminders"."title" AS "title", 0 AS "isUrgent"
        FROM "reminders" WHERE ("reminders"."id" < 3)
        """)
    #expect(
      defaulted == [
        ReminderRow(title: "Milk", isUrgent: false), ReminderRow(title: "Eggs", isUrgent: false),
      ])

    let literal = try assertQuery(
      Reminder.where { $0.id == 1 }.select { ReminderRow.Columns(title: $0.title, isUrgent: true) },
      db: db,
      sql: """
        SELECT "reminders"."title" AS "title", 1 AS "isUrgent"
        FROM "reminders" WHERE ("reminders"."id" = 1)
        """)
    #expect(literal.elementsEqual([ReminderRow(title: "Milk", isUrgent: true)]))

    let computed = try assertQuery(
      Reminder.where { $0.id < 3 }.select {
        ReminderRow.Columns(title: "reminder", isUrgent: $0.isPastDue)
      },
      db: db,
      sql: """
        SELECT 'reminder' AS "title",
          ((NOT "reminders"."isCompleted")
            AND ("reminders"."dueDate" < '2023-11-14 22:13:20.000')) AS "isUrgent"
        FROM "reminders" WHERE ("reminders"."id" < 3)
        """)
    #expect(
      computed == [
        ReminderRow(title: "reminder", isUrgent: true),
        ReminderRow(title: "reminder", isUrgent: false),
      ])
  }

  /// A column the macro can't tell from a group by its type (an enum) and a group keep the
  /// names SQLite gives them: rows decode by position.
  @Test func selectionColumnsDefaultsOfEveryKind() throws {
    typealias DetailedRow = ComputedColumnFixtures.DetailedRow
    let db = try ComputedColumnFixtures.database()
    let rows = try assertQuery(
      Reminder.where { $0.id == 1 }.select { DetailedRow.Columns(title: $0.title) },
      db: db,
      sql: """
        SELECT "reminders"."title" AS "title", NULL AS "note", 1, 1, 2,
          1700000000 AS "seenAt", NULL AS "doneAt", 5 AS "rank"
        FROM "reminders" WHERE ("reminders"."id" = 1)
        """)
    let expected = DetailedRow(
      title: "Milk", note: nil, urgency: .high, span: ComputedColumnFixtures.Span(start: 1, end: 2))
    #expect(rows.elementsEqual([expected]))

    let given = try assertQuery(
      Reminder.where { $0.id == 1 }.select {
        DetailedRow.Columns(
          title: $0.title, note: $0.nonEmptyTitle, urgency: ComputedColumnFixtures.Urgency.low)
      },
      db: db,
      sql: """
        SELECT "reminders"."title" AS "title", nullif("reminders"."title", '') AS "note", 0, 1, 2,
          1700000000 AS "seenAt", NULL AS "doneAt", 5 AS "rank"
        FROM "reminders" WHERE ("reminders"."id" = 1)
        """)
    // A bare `nil` names no type: an explicit one is spelled `String?.none`.
    let explicitNil = Reminder.where { $0.id == 1 }.select {
      DetailedRow.Columns(title: $0.title, note: String?.none)
    }
    #expect(try explicitNil.fetchAll(db).elementsEqual([expected]))

    var lowMilk = expected
    lowMilk.note = "Milk"
    lowMilk.urgency = .low
    #expect(given.elementsEqual([lowMilk]))
  }
}
