import ArgumentParser
import Foundation
import Quarry
import QuarryDemo
import QuarrySQLite

/// `quarry demo`: the demo on SQLite. The same demo on PostgreSQL is `quarry-postgres demo URL`,
/// a separate executable, so that this one builds without postgres-nio.
struct Demo: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Migrate a reminders database, run typed queries, and print their SQL and rows."
  )

  @Option(help: "The database file (default: reminders.sqlite in a temporary folder).")
  var path: String?

  func run() throws {
    let path = try path ?? defaultPath()
    print("Database: \(path)\n")
    let queue = try DatabaseQueue(path: path)
    try demoMigrator.migrate(queue)
    try queue.write { db in try seedDemoData(db) }

    try queue.read { db in
      try show(
        "Reminder.where { !$0.isCompleted }",
        Reminder.where { !$0.isCompleted }, db)
      try show(
        "Reminder.where { $0.priority == .high }.order { $0.title }",
        Reminder.where { $0.priority == .high }.order { $0.title }, db)
      try show(
        "Reminder.order { ($0.isCompleted, $0.priority.desc()) }.select { ($0.title, $0.priority) }",
        Reminder.order { ($0.isCompleted, $0.priority.desc()) }.select { ($0.title, $0.priority) },
        db)
      try show(
        "Reminder.where { !$0.isCompleted }.count()",
        Reminder.where { !$0.isCompleted }.count(), db)
      try show(
        "RemindersList.limit(1, offset: 1)",
        RemindersList.limit(1, offset: 1), db)
      try show(
        """
        Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
          .where { reminder, _ in reminder.priority != nil }.order { reminder, _ in reminder.title }
          .select { ($0.title, $1.title) }
        """,
        Reminder.join(RemindersList.all) { $0.remindersListID == $1.id }
          .where { reminder, _ in reminder.priority != nil }.order { reminder, _ in reminder.title }
          .select { ($0.title, $1.title) },
        db)
      try show(
        """
        RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
          .group { list, _ in list.id }.order { list, _ in list.title }
          .select {
            ListSummary.Columns(
              list: $0.title, open: $1.id.count().filter($1.isCompleted == false),
              total: $1.id.count())
          }
        """,
        RemindersList.leftJoin(Reminder.all) { $0.id == $1.remindersListID }
          .group { list, _ in list.id }.order { list, _ in list.title }
          .select {
            ListSummary.Columns(
              list: $0.title, open: $1.id.count().filter($1.isCompleted == false),
              total: $1.id.count())
          },
        db)
      try show(
        """
        OpenReminder.with(
          as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title, $0.remindersListID) }
        ) {
          OpenReminder.join(RemindersList.all) { $0.remindersListID == $1.id }
            .order { open, _ in open.title }.select { ($0.title, $1.title) }
        }
        """,
        OpenReminder.with(
          as: Reminder.where { !$0.isCompleted }.select { ($0.id, $0.title, $0.remindersListID) }
        ) {
          OpenReminder.join(RemindersList.all) { $0.remindersListID == $1.id }
            .order { open, _ in open.title }.select { ($0.title, $1.title) }
        },
        db)
      try show(
        #"#sql("SELECT … count(*) … GROUP BY …", as: (String, Int).self)"#,
        #sql(
          """
          SELECT \(RemindersList.columns.title), count(\(Reminder.columns.id))
          FROM \(RemindersList.self)
          JOIN \(Reminder.self) ON \(Reminder.columns.remindersListID) = \(RemindersList.columns.id)
          WHERE NOT \(Reminder.columns.isCompleted)
          GROUP BY \(RemindersList.columns.id)
          """,
          as: (String, Int).self
        ), db)
    }

    // Writes run in a transaction that is rolled back, so every run shows the same rows.
    struct Rollback: Error {}
    do {
      try queue.write { db in
        try run(
          "Reminder.update { $0.isCompleted = true }.where { $0.priority == .low }",
          Reminder.update { $0.isCompleted = true }.where { $0.priority == .low }, db)
        try run(
          "Reminder.delete().where { $0.isCompleted }",
          Reminder.delete().where { $0.isCompleted }, db)
        try run(
          #"Reminder.insert { Reminder.Draft(title: "Try Quarry", remindersListID: 2) }"#,
          Reminder.insert { Reminder.Draft(title: "Try Quarry", remindersListID: 2) }, db)
        try show("Reminder.all (inside the transaction)", Reminder.all, db)
        throw Rollback()
      }
    } catch is Rollback {
      print("(the writes above were rolled back)")
    }
  }

  private func defaultPath() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quarry-demo")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("reminders.sqlite").path
  }

  private func show<S: Statement, each Value: QueryDecodable>(
    _ swift: String, _ statement: S, _ db: Database
  ) throws where S.QueryValue == (repeat each Value) {
    printHeader(swift, statement)
    let rows = try statement.fetchAll(db)
    let names = try resultColumnNames(statement.query, db)
    print(TextTable(rows: rows.map { row in cells(of: row, columnNames: names) }).rendered)
  }

  private func run(_ swift: String, _ statement: some Statement, _ db: Database) throws {
    printHeader(swift, statement)
    try statement.execute(db)
    print("\(db.changesCount) row\(db.changesCount == 1 ? "" : "s") changed\n")
  }

  private func printHeader(_ swift: String, _ statement: some Statement) {
    printStatementHeader(swift, statement.query)
  }
}
