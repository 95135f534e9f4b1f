import ArgumentParser
import Foundation
import Quarry
import QuarrySQLite

struct Demo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Migrate a reminders database, run typed queries, and print their SQL and rows."
  )

  @Option(help: "The database file (default: reminders.sqlite in a temporary folder).")
  var path: String?

  @Option(
    help: """
      Run the demo on a PostgreSQL server instead, in a transaction that is rolled back: \
      postgres://user@host:5432/database (or ?host=/socket/folder).
      """)
  var postgres: String?

  func run() async throws {
    if let postgres {
      try await PostgresDemo(url: postgres).run()
      return
    }
    try runSQLite()
  }

  func runSQLite() throws {
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
    print(TextTable(rows: rows.map { row in cells(of: row) }).rendered)
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

/// Prints the Swift that built a statement and the SQL it renders, its values inlined.
func printStatementHeader(
  _ swift: String, _ query: QueryFragment, dialect: SQLDialect = .sqlite
) {
  print("Swift: \(swift)")
  print(
    "SQL:   "
      + query.inlinedSQL(for: dialect).replacingOccurrences(of: "\n", with: "\n       "))
}

/// The labelled cells of a decoded row: a struct's properties, a tuple's elements, or a value.
func cells(of row: Any) -> [(label: String, value: String)] {
  let mirror = Mirror(reflecting: row)
  guard mirror.displayStyle == .struct || mirror.displayStyle == .tuple else {
    return [("value", describe(row))]
  }
  return mirror.children.enumerated().map { index, child in
    let label = child.label.map { $0.hasPrefix(".") ? "\(index)" : $0 } ?? "\(index)"
    return (label, describe(child.value))
  }
}

private func describe(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .optional {
    guard let wrapped = mirror.children.first?.value else { return "NULL" }
    return describe(wrapped)
  }
  if mirror.displayStyle == .enum { return "\(value)" }
  return String(describing: value)
}

/// A plain-text table with a header row.
struct TextTable {
  var rows: [[(label: String, value: String)]]

  var rendered: String {
    guard let header = rows.first?.map(\.label) else { return "(no rows)\n" }
    var widths = header.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.value.count) }
    }
    func line(_ values: [String]) -> String {
      "| "
        + zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: " | ") + " |"
    }
    let rule =
      "+" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "+") + "+"
    var lines = [rule, line(header), rule]
    lines += rows.map { line($0.map(\.value)) }
    lines.append(rule)
    return lines.joined(separator: "\n") + "\n"
  }
}
