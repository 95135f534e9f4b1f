import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// The tables the examples of doc comments query, as the comments show them.
enum DocCommentSchema {
  @Table struct Reminder: Codable {
    let id: Int
    var title = ""
    var isCompleted = false
    var priority: Int?
    var remindersListID = 1
  }

  @Table struct RemindersList: Codable {
    let id: Int
    var title = ""
  }

  /// A common table expression's rows.
  @Table("openReminders") struct OpenReminder {
    let id: Int
    var title = ""
  }

  /// An FTS5 table.
  @Table("reminderTexts") struct ReminderText {
    let rowid: Int
    var title = ""
    var notes = ""
  }

  /// A table whose primary key is stored through a representation.
  @Table("devices") struct Device {
    @Column(as: UUID.BytesRepresentation.self)
    let id: UUID
    var name = ""
  }

  /// Events, each at a time (stored as ISO-8601 text).
  @Table("events") struct Event {
    let id: Int
    var startsAt: Date
  }

  /// A recursive common table expression's rows.
  @Table("counts") struct Count {
    var n: Int
  }

  /// A subquery's rows: the number of reminders of each list.
  @Table("listStats") struct ListStat {
    var remindersListID: Int
    var reminders: Int
  }

  /// Two columns, as a group: `"startDay"` and `"endDay"`.
  @Selection struct Span {
    var startDay: Int
    var endDay: Int
  }

  /// A group holding a group: `"startDay"`, `"endDay"` and `"note"`.
  @Selection struct Schedule {
    var span: DocCommentSchema.Span
    var note: String
  }

  /// A group that may be absent, `"untilDay"`: `NULL` when it is.
  @Selection struct Snooze {
    var untilDay: Int
  }

  /// A table with groups of columns. (Generated code is outside this namespace: the groups'
  /// types are spelled out.)
  @Table("trips") struct Trip {
    let id: Int
    var schedule: DocCommentSchema.Schedule
    var snooze: DocCommentSchema.Snooze?
  }

  /// A `@Table` enum: a plan is a note or a span, each in its own columns.
  @Table("plans") enum Plan {
    case note(String)
    case span(DocCommentSchema.Span)
  }

  /// A join table whose primary key is a group of two columns: `"courseID"` and `"studentID"`.
  @Table("enrollments") struct Enrollment {
    @Selection struct ID: Hashable {
      var courseID: Int
      var studentID: Int
    }

    let id: ID
    var grade = ""
  }

  /// Reminders with a JSON array of tags.
  @Table("taggedReminders") struct TaggedReminder {
    let id: Int
    var title = ""
    @Column(as: [String].JSONRepresentation.self)
    var tags: [String] = []
    @Column(as: [String: [String]].JSONRepresentation.self)
    var details: [String: [String]] = [:]
  }

  /// Profiles with tags and an author stored as JSONB.
  @Table("profiles") struct Profile {
    let id: Int
    @Column(as: [String].JSONBRepresentation.self)
    var tags: [String] = []
    @Column(as: DocCommentSchema.Author.JSONBRepresentation.self)
    var author: DocCommentSchema.Author
  }

  /// An author, stored whole as JSON in a post.
  @Table("authors") struct Author: Codable {
    let id: Int
    var name = ""
    var nickname: String?
    @Column(as: [String].JSONRepresentation.self)
    var aliases: [String] = []
    @Column(as: [DocCommentSchema.Link].JSONRepresentation.self)
    var links: [DocCommentSchema.Link] = []
    var tenure = DocCommentSchema.Tenure(since: 2020)
  }

  /// When an author wrote, a group of two columns in the author's JSON: `"since"` and
  /// `"until"`.
  @Selection struct Tenure: Codable {
    var since: Int
    var until: Int?
  }

  /// An author's link, stored as JSON in the author.
  @Table("links") struct Link: Codable {
    var homepage = ""
  }

  /// Posts with their author as JSON.
  @Table("posts") struct Post {
    let id: Int
    @Column(as: DocCommentSchema.Author.JSONRepresentation.self)
    var author: DocCommentSchema.Author
  }

  /// Whether this SQLite has the `jsonb_*` functions (3.45 or later): examples that call them
  /// run only there.
  static let hasJSONBFunctions = Database.sqliteVersionNumber >= 3_045_000

  /// The rows of SQLite's table-valued function `pragma_table_info`.
  @Table("pragma_table_info") struct ColumnInfo {
    var cid: Int
    var name: String
    var type: String
    var notnull: Bool
    @Column("dflt_value") var defaultValue: String?
    var pk: Int
  }

  /// The rows of SQLite's table-valued function `pragma_foreign_key_list`.
  @Table("pragma_foreign_key_list") struct ForeignKey {
    let id: Int
    var seq: Int
    var table: String
    var from: String
    var to: String?
  }

  /// The tables, and a few rows in them.
  static let sql = """
    CREATE TABLE "remindersLists" (
      "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL DEFAULT ''
    ) STRICT;
    CREATE TABLE "reminders" (
      "id" INTEGER PRIMARY KEY,
      "title" TEXT NOT NULL DEFAULT '',
      "isCompleted" INTEGER NOT NULL DEFAULT 0,
      "priority" INTEGER,
      "remindersListID" INTEGER NOT NULL DEFAULT 1
    ) STRICT;
    CREATE TABLE "events" ("id" INTEGER PRIMARY KEY, "startsAt" TEXT NOT NULL) STRICT;
    INSERT INTO "events" VALUES (1, '2026-08-14 06:59:37.250');
    CREATE TABLE "devices" ("id" BLOB PRIMARY KEY, "name" TEXT NOT NULL DEFAULT '') STRICT;
    CREATE TABLE "tags" ("id" TEXT PRIMARY KEY, "name" TEXT NOT NULL DEFAULT '') STRICT;
    CREATE VIEW "openReminders" AS SELECT "id", "title" FROM "reminders" WHERE NOT "isCompleted";
    CREATE UNIQUE INDEX "openReminderTitles" ON "reminders" ("title") WHERE NOT "isCompleted";
    CREATE VIRTUAL TABLE "reminderTexts" USING fts5("title", "notes");
    CREATE TABLE "trips" (
      "id" INTEGER PRIMARY KEY, "startDay" INTEGER NOT NULL, "endDay" INTEGER NOT NULL,
      "note" TEXT NOT NULL DEFAULT '', "untilDay" INTEGER
    ) STRICT;
    INSERT INTO "trips" VALUES (1, 1, 3, 'Lisbon', NULL), (2, 5, 9, 'Oslo', 6);
    CREATE TABLE "enrollments" (
      "courseID" INTEGER NOT NULL, "studentID" INTEGER NOT NULL, "grade" TEXT NOT NULL DEFAULT '',
      PRIMARY KEY ("courseID", "studentID")
    ) STRICT;
    INSERT INTO "enrollments" VALUES (1, 1, 'A'), (1, 2, 'B');
    CREATE TABLE "plans" ("note" TEXT, "startDay" INTEGER, "endDay" INTEGER) STRICT;
    CREATE TABLE "taggedReminders" (
      "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL DEFAULT '', "tags" TEXT NOT NULL DEFAULT '[]',
      "details" TEXT NOT NULL DEFAULT '{}'
    ) STRICT;
    INSERT INTO "taggedReminders" ("title", "tags", "details") VALUES
      ('Groceries', '["home","errands"]', '{"tags":["milk","eggs"]}'), ('Report', '["work"]', '{}'),
      ('Call Ada', '[]', '{"tags":[]}');
    CREATE TABLE "profiles" ("id" INTEGER PRIMARY KEY, "tags" BLOB NOT NULL, "author" BLOB) STRICT;
    CREATE TABLE "posts" ("id" INTEGER PRIMARY KEY, "author" TEXT NOT NULL) STRICT;
    INSERT INTO "posts" VALUES (1, '{"aliases":"[\\"B\\"]","id":7,"name":"Blob",'
      || '"links":"[{\\"homepage\\":\\"blob.example\\"}]","since":2020,"until":null}');
    INSERT INTO "profiles" VALUES (1, X'4B17611762', NULL);
    INSERT INTO "remindersLists" ("id", "title") VALUES (1, 'Home'), (2, 'Work');
    INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID") VALUES
      (1, 'Groceries', 0, 3, 1), (2, 'Haircut', 1, NULL, 1), (3, 'Call Ada', 0, 1, 2);
    INSERT INTO "reminderTexts" ("title", "notes") VALUES
      ('Groceries', 'milk and eggs'), ('Call Ada', 'about the milk recipe');
    """

  static func database() throws -> Database {
    let db = try Database()
    try db.execute(sql: sql)
    try db.add(function: hasPrefix)
    try db.add(function: joined)
    try db.add(function: product)
    try db.add(collation: localized)
    try db.add(function: $exclaim)
    try db.add(function: $mode)
    return db
  }
}

extension DocCommentSQLTests {
  typealias ListStat = DocCommentSchema.ListStat
  typealias Span = DocCommentSchema.Span
  typealias Snooze = DocCommentSchema.Snooze
  typealias Trip = DocCommentSchema.Trip
  typealias Plan = DocCommentSchema.Plan
  typealias Event = DocCommentSchema.Event
}

// The computed columns the examples of doc comments read.

extension DocCommentSchema.Reminder.TableColumns {
  /// Open, and of the highest priority.
  var isUrgent: some QueryExpression<Bool> {
    !isCompleted && priority == 3
  }

  /// The priority, `NULL` for 0: an optional computed column.
  var urgency: SQLQueryExpression<Int?> {
    SQLQueryExpression("nullif(\(priority), 0)")
  }
}

// The functions and the collation the examples of QuarrySQLite's doc comments call.

let hasPrefix = DatabaseFunction("has_prefix", deterministic: true) {
  (text: String, prefix: String) in text.hasPrefix(prefix)
}

let joined = VariadicDatabaseFunction("joined") { (values: [QueryBinding]) -> String in
  values.map(\.sqlLiteral).joined(separator: "|")
}

struct Product: DatabaseAggregate {
  var result = 1
  mutating func step(_ arguments: [QueryBinding]) throws {
    if case .int(let value) = arguments[0] { result *= Int(value) }
  }
  func finalize() -> Int { result }
}

let product = DatabaseAggregateFunction("product", Product.self)

let localized = DatabaseCollation("localized") { $0.localizedCompare($1) }

// The `@DatabaseFunction` functions the examples call.

@DatabaseFunction(isDeterministic: true)
func exclaim(_ text: String) -> String { text + "!" }

@DatabaseFunction
func mode(_ values: some Sequence<Int?>) -> Int? {
  var counts: [Int: Int] = [:]
  for case let value? in values { counts[value, default: 0] += 1 }
  return counts.max { $0.value < $1.value }?.key
}

/// Where a check was written, for the issues it records.
private func location(
  _ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt
) -> SourceLocation {
  SourceLocation(
    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
}

/// Writes what a check rendered to the file `DOC_SQL_RECORD` names, when it names one: the
/// line of the check and the SQL, for filling in new examples.
private func record(_ sql: String, line: UInt) {
  guard let path = ProcessInfo.processInfo.environment["DOC_SQL_RECORD"] else { return }
  let entry = "\(line)\t\(sql.replacingOccurrences(of: "\n", with: "\\n"))\n"
  if let handle = FileHandle(forWritingAtPath: path) {
    _ = try? handle.seekToEnd()
    try? handle.write(contentsOf: Data(entry.utf8))
    try? handle.close()
  } else {
    _ = FileManager.default.createFile(atPath: path, contents: Data(entry.utf8))
  }
}

/// Checks that a statement renders `sql` (bound values inlined, whitespace aside), then runs
/// it on a database of ``DocCommentSchema`` unless `runs` is false (for SQL that needs a newer
/// SQLite than the one the tests run on).
func check(
  _ statement: some Statement, _ sql: String, runs: Bool = true,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  record(statement.query.debugDescription, line: line)
  assertSQL(statement, sql, fileID: fileID, filePath: filePath, line: line, column: column)
  guard runs else { return }
  do {
    try statement.execute(try DocCommentSchema.database())
  } catch {
    Issue.record(error, sourceLocation: location(fileID, filePath, line, column))
  }
}

/// Checks that an expression of the reminders' columns, `$0`, renders `sql`, then selects it
/// from the reminders (orders them by it, for an ordering term) unless `runs` is false.
func check<Expression: QueryExpression>(
  _ expression: (DocCommentSchema.Reminder.TableColumns) -> Expression, _ sql: String,
  runs: Bool = true,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let rendered = expression(DocCommentSchema.Reminder.columns)
  let actual = rendered.queryFragment.debugDescription
  record(actual, line: line)
  if normalizedSQL(actual) != normalizedSQL(sql) {
    Issue.record(
      "SQL differs.\nExpected:\n\(sql)\nActual:\n\(actual)",
      sourceLocation: location(fileID, filePath, line, column))
  }
  guard runs else { return }
  let query: SQLQueryExpression<Void> =
    Expression.QueryValue.self == Void.self
    ? SQLQueryExpression(#"SELECT 1 FROM "reminders" ORDER BY \#(rendered)"#)
    : SQLQueryExpression(#"SELECT \#(rendered) FROM "reminders""#)
  do {
    try query.execute(try DocCommentSchema.database())
  } catch {
    Issue.record(error, sourceLocation: location(fileID, filePath, line, column))
  }
}

/// Checks that a fragment built from the reminders' columns, `$0`, renders `sql` (bound values
/// inlined), then runs it unless `runs` is false: as it is when it is a statement, selected
/// from the reminders when it is an expression.
func checkFragment(
  _ fragment: (DocCommentSchema.Reminder.TableColumns) -> QueryFragment, _ sql: String,
  runs: Bool = true,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  let rendered = fragment(DocCommentSchema.Reminder.columns)
  let actual = rendered.debugDescription
  record(actual, line: line)
  if normalizedSQL(actual) != normalizedSQL(sql) {
    Issue.record(
      "SQL differs.\nExpected:\n\(sql)\nActual:\n\(actual)",
      sourceLocation: location(fileID, filePath, line, column))
  }
  guard runs else { return }
  let keyword = actual.prefix { $0.isLetter }.uppercased()
  let isStatement = ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "EXPLAIN"].contains(keyword)
  let query: SQLQueryExpression<Void> =
    isStatement
    ? SQLQueryExpression(rendered) : SQLQueryExpression(#"SELECT \#(rendered) FROM "reminders""#)
  do {
    try query.execute(try DocCommentSchema.database())
  } catch {
    Issue.record(error, sourceLocation: location(fileID, filePath, line, column))
  }
}

/// The examples doc comments show with the SQL they render: "`swift` renders `sql`" in
/// prose, or a Swift code block followed by an SQL code block.
struct DocCommentExample: CustomStringConvertible {
  var file: String
  var swift: String
  var sql: String

  var description: String { "\(file): \(swift)" }

  /// Every example in the doc comments of the Swift files under `folder`.
  static func all(under folder: URL) -> [DocCommentExample] {
    let files =
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    return files.sorted { $0.path < $1.path }.flatMap { url in
      let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      return examples(in: text, file: url.lastPathComponent)
    }
  }

  /// The examples of a Swift file's doc comments.
  static func examples(in text: String, file: String) -> [DocCommentExample] {
    var comments: [[String]] = []
    var current: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.drop { $0 == " " }
      if trimmed.hasPrefix("///") {
        var content = trimmed.dropFirst(3)
        if content.first == " " { content = content.dropFirst() }
        current.append(String(content))
      } else if !current.isEmpty {
        comments.append(current)
        current = []
      }
    }
    return comments.flatMap { examples(inComment: $0, file: file) }
  }

  static func examples(inComment lines: [String], file: String) -> [DocCommentExample] {
    var found: [DocCommentExample] = []
    // Code blocks: a Swift block, then an SQL block.
    var blocks: [(language: String, lines: [String])] = []
    var prose: [String] = []
    var index = 0
    while index < lines.count {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("```") {
        let language = String(line.dropFirst(3))
        var body: [String] = []
        index += 1
        while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
          body.append(lines[index])
          index += 1
        }
        blocks.append((language, body))
        prose.append("")
      } else {
        if !line.isEmpty { blocks.append(("", [])) }
        prose.append(line)
      }
      index += 1
    }
    for (position, block) in blocks.enumerated() where block.language == "swift" {
      let next = position + 1
      guard next < blocks.count, blocks[next].language == "sql" else { continue }
      found.append(
        DocCommentExample(
          file: file, swift: block.lines.joined(separator: "\n"),
          sql: blocks[next].lines.joined(separator: "\n")))
    }
    // Prose: "`swift` renders `sql`", within a paragraph.
    for paragraph in prose.split(separator: "").map({ $0.joined(separator: " ") }) {
      let parts = paragraph.components(separatedBy: "` renders `")
      guard parts.count > 1 else { continue }
      for index in 1..<parts.count {
        guard let swiftStart = parts[index - 1].lastIndex(of: "`"),
          let sqlEnd = parts[index].firstIndex(of: "`")
        else { continue }
        found.append(
          DocCommentExample(
            file: file, swift: String(parts[index - 1][swiftStart...].dropFirst()),
            sql: String(parts[index][..<sqlEnd])))
      }
    }
    return found
  }

  /// Whether a check of this example is in `source`: the example's Swift as the first
  /// argument of a check (or as the body of its closure), and its SQL as the second,
  /// whitespace aside.
  func isChecked(in source: String) -> Bool {
    let swift = Self.stripped(swift)
    let sql = Self.stripped(sql)
    for brace in ["", "}"] {
      for (open, close) in [("#\"", "\"#"), ("#\"\"\"", "\"\"\"#")] {
        if source.contains(swift + brace + "," + open + sql + close) { return true }
      }
    }
    return false
  }

  static func stripped(_ text: String) -> String {
    String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) })
  }
}
