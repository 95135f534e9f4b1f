import Foundation
import Quarry
import QuarrySQLite

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

/// A path in a fresh temporary folder, removed by `cleanUp`.
struct TemporaryFile {
  let directory: URL
  let path: String

  init(_ name: String = "test.sqlite") throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent(name).path
  }

  func cleanUp() {
    try? FileManager.default.removeItem(at: directory)
  }
}
