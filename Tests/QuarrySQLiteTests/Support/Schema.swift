import Quarry
import QuarrySQLite

// The tables this target's tests share.

// MARK: - Reminders: the driver's reads, writes and transactions

@Table
struct Reminder: Equatable, Sendable {
  let id: Int
  var title = ""
  @Column("is_completed")
  var isCompleted = false
  var priority: Priority?
}

enum Priority: Int, QueryBindable, Sendable {
  case low = 1, medium, high
}

/// `Reminder`'s table; a title of 'forbidden' fails its `CHECK`.
let remindersSchema: SQLQueryExpression<Void> = #sql(
  """
  CREATE TABLE "reminders" (
    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL DEFAULT '' CHECK ("title" <> 'forbidden'),
    "is_completed" INTEGER NOT NULL DEFAULT 0,
    "priority" INTEGER
  )
  """
)

// MARK: - Counters: a value that does not fit a column

/// A count that can exceed `Int64.max`, which SQLite cannot store.
@Table
struct Counter: Equatable {
  let id: Int
  var count: UInt64
}

// MARK: - Drift: Swift tables for schemas that differ from them

@Table
struct DriftAuthor: Sendable {
  let id: Int
  var name: String
  var born: Int?
  var rating: Double
  var avatar: [UInt8]?
  var status: DriftStatus?
}

enum DriftStatus: String, QueryBindable, Sendable {
  case active, retired
}

/// A composite primary key: `PRIMARY KEY ("courseID", "studentID")`.
@Table("driftEnrollments")
struct DriftEnrollment {
  @Selection struct ID: Hashable {
    let courseID: Int
    let studentID: Int
  }
  let id: ID
  var grade: String
}

@Table("drift_labels")
struct DriftLabel {
  @Column(primaryKey: true)
  let code: String
  @Column("display_name")
  var displayName: String
}

@Table("drift_totals")
struct DriftTotal {
  let id: Int
  var price: Int
  @Column(generated: .stored)
  var total: Int
  @Column(generated: .virtual)
  var label: String
  var doubled: Int
  var halved: Int
}

@Table("drift_loans")
struct DriftLoan {
  let id: Int
  var bookID: Int?
}

// MARK: - STRICT tables: the column types a STRICT table guarantees

@Table("strictItems")
struct StrictItem: Equatable {
  let id: Int
  var name: String
  var price: Double
  var note: String?
  var isActive: Bool
  var data: [UInt8]
}

@Table("strictTags")
struct StrictTag: Equatable {
  let id: Int
  var itemID: Int
  var label: String
}

/// A view over a left join: its `name` comes from a STRICT `NOT NULL` column, yet is `NULL`
/// where the join found nothing.
@Table("strictItemNames")
struct StrictItemName: Equatable {
  let id: Int
  var name: String
}

// MARK: - Pending migrations: a schema's tables, and the Swift tables it evolves into

/// `evoLists`, as the starting schema has it; referenced by `evoItems`.
@Table("evoLists")
struct EvoList {
  let id: Int
  var title: String
}

/// `evoItems`, as the starting schema has it: indexed, with a trigger, a view, and notes that
/// refer to it.
@Table("evoItems")
struct EvoItem {
  let id: Int
  var title: String
  var priority: String?
  var listID: Int
}

/// `evoNotes`, as the starting schema has it: each refers to an item.
@Table("evoNotes")
struct EvoNote {
  let id: Int
  var itemID: Int?
  var body: String?
}

/// `evoTags`, keyed by its rowid in the starting schema.
@Table("evoTags")
struct EvoTag {
  let id: Int
  var name: String
}

/// `evoItems` with a new optional column.
@Table("evoItems")
struct EvoItemWithDueDate {
  let id: Int
  var title: String
  var priority: String?
  var listID: Int
  var dueDate: String?
}

/// `evoItems` with a new `NOT NULL` column.
@Table("evoItems")
struct EvoItemWithIsDone {
  let id: Int
  var title: String
  var priority: String?
  var listID: Int
  var isDone: Bool
}

/// `evoItems` whose priority is an integer now.
@Table("evoItems")
struct EvoItemWithIntPriority {
  let id: Int
  var title: String
  var priority: Int?
  var listID: Int
}

/// `evoItems` without its priority.
@Table("evoItems")
struct EvoItemWithoutPriority {
  let id: Int
  var title: String
  var listID: Int
}

/// `evoNotes` whose body is `NOT NULL` now.
@Table("evoNotes")
struct EvoNoteWithBody {
  let id: Int
  var itemID: Int?
  var body: String
}

/// `evoTags` keyed by its name now.
@Table("evoTags")
struct EvoTagByName {
  @Column(primaryKey: true)
  var name: String
  var id: Int
}

/// `evoLists` whose title may be `NULL` now: `evoItems` refer to it.
@Table("evoLists")
struct EvoListWithOptionalTitle {
  let id: Int
  var title: String?
}

/// A table the starting schema doesn't have.
@Table("evoLabels")
struct EvoLabel {
  let id: Int
  var name: String
  var color: Int?
}

/// A `STRICT` table with `AUTOINCREMENT`, whose `score` was an integer.
@Table("evoScores")
struct EvoScore {
  let id: Int
  var title: String
  var score: Double?
}

/// A `WITHOUT ROWID` table, whose `label` was optional.
@Table("evoCodes")
struct EvoCode {
  @Column(primaryKey: true)
  var code: String
  var label: String
}
