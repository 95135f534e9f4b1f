import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Table("reminders")
struct OpenReminder {
  static let all = unscoped.where { !$0.isCompleted }.order { $0.title }
  let id: Int
  var title = ""
  @Column("is_completed") var isCompleted = false
  var priority: Priority?
  var remindersListID: Int
}

@DatabaseFunction(isDeterministic: true)
func initials(_ title: String) -> String {
  String(title.split(separator: " ").compactMap(\.first))
}

@DatabaseFunction
func highest(_ priorities: some Sequence<Priority?>) -> Priority? {
  priorities.compactMap { $0 }.max { $0.rawValue < $1.rawValue }
}

@Suite("Article: Queries")
struct QueriesTests {
  @Test func defaultScopes() throws {
    let queue = try sampleQueue()
    let prioritized = OpenReminder.where { $0.priority != nil }
    let everyRow = OpenReminder.unscoped.count()
    assertSQL(
      prioritized,
      """
      SELECT "reminders"."id", "reminders"."title", "reminders"."is_completed",
        "reminders"."priority", "reminders"."remindersListID"
      FROM "reminders"
      WHERE (NOT "reminders"."is_completed") AND ("reminders"."priority" IS NOT NULL)
      ORDER BY "reminders"."title"
      """)
    let titles = try queue.read { db in try prioritized.fetchAll(db).map(\.title) }
    #expect(titles == ["Groceries", "Report"])
    #expect(try queue.read { db in try everyRow.fetchOne(db) } == 4)
    #expect(try queue.read { db in try OpenReminder.count().fetchOne(db) } == 3)
    #expect(try queue.read { db in try OpenReminder.find(2).fetchOne(db) } == nil)
  }

  @Test func queries() throws {
    let queue = try sampleQueue()
    try queue.read { db in
      let open = Reminder.where { !$0.isCompleted && $0.priority == .high }
      let page = Reminder.order { ($0.priority.desc(), $0.title) }.limit(10, offset: 20)
      let titles = Reminder.where { $0.isCompleted }.select { ($0.title, $0.priority) }
      let perList = Reminder.group { $0.remindersListID }
        .having { $0.id.count() > 1 }
        .select { ($0.remindersListID, $0.id.count()) }
      let completed = Reminder.where(\.isCompleted).count()

      let reminders = try open.fetchAll(db)
      let first = try page.fetchOne(db)
      let pairs = try titles.fetchAll(db)
      let counts = try perList.fetchAll(db)
      let done = try completed.fetchOne(db)
      let one = try Reminder.find(1).fetchOne(db)

      assertSQL(
        open,
        """
        SELECT "reminders"."id", "reminders"."title", "reminders"."is_completed",
          "reminders"."priority", "reminders"."remindersListID"
        FROM "reminders"
        WHERE ((NOT "reminders"."is_completed") AND ("reminders"."priority" = 3))
        """)
      #expect(
        normalizedSQL(page.query.debugDescription).hasSuffix(
          #"ORDER BY "reminders"."priority" DESC, "reminders"."title" LIMIT 10 OFFSET 20"#))
      assertSQL(
        titles,
        """
        SELECT "reminders"."title", "reminders"."priority" FROM "reminders"
        WHERE "reminders"."is_completed"
        """)
      assertSQL(
        perList,
        """
        SELECT "reminders"."remindersListID", count("reminders"."id") FROM "reminders"
        GROUP BY "reminders"."remindersListID" HAVING (count("reminders"."id") > 1)
        """)
      assertSQL(completed, #"SELECT count(*) FROM "reminders" WHERE "reminders"."is_completed""#)

      #expect(reminders.map(\.title) == ["Groceries"])
      #expect(first == nil)
      #expect(pairs.map(\.0) == ["Haircut"])
      #expect(counts.map(\.1) == [2, 2])
      #expect(done == 1)
      #expect(one?.title == "Groceries")
    }
  }

  @Test func swiftFunctions() throws {
    var configuration = Configuration()
    configuration.prepareDatabase = { db in
      try db.add(function: $initials)
      try db.add(function: $highest)
    }
    let queue = try DatabaseQueue(configuration: configuration)
    try remindersMigrator().migrate(queue)
    try queue.write { db in
      try RemindersList.insert { RemindersList.Draft(title: "Home") }.execute(db)
      try Reminder.insert {
        Reminder.Draft(title: "Buy milk", priority: .low, remindersListID: 1)
        Reminder.Draft(title: "Call the bank", priority: .high, remindersListID: 1)
      }.execute(db)
    }
    let shortTitles = Reminder.select { ($0.title, $initials($0.title)) }
    let highestPerList = Reminder.group { $0.remindersListID }
      .select { ($0.remindersListID, $highest($0.priority)) }
    assertSQL(
      shortTitles,
      #"SELECT "reminders"."title", "initials"("reminders"."title") FROM "reminders""#)
    assertSQL(
      highestPerList,
      """
      SELECT "reminders"."remindersListID", "highest"("reminders"."priority") FROM "reminders"
      GROUP BY "reminders"."remindersListID"
      """)
    let titles = try queue.read { db in try shortTitles.fetchAll(db) }
    #expect(titles.map(\.1) == ["Bm", "Ctb"])
    let highest = try queue.read { db in try highestPerList.fetchAll(db) }
    #expect(highest.map(\.1) == [.high])
  }

  @Test func snapshot() throws {
    let queue = try sampleQueue()
    try queue.read { db in
      assertQuery(Reminder.where(\.isCompleted).select(\.title), db: db) {
        """
        SELECT "reminders"."title"
        FROM "reminders"
        WHERE "reminders"."is_completed"
        """
      } results: {
        """
        ┌───────────┐
        │ "Haircut" │
        └───────────┘
        """
      }
    }
  }
}
