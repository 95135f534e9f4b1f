import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Article: Safe SQL strings and compile-time checking")
struct SafeSQLStringsTests {
  @Test func boundValuesAndQuotedNames() throws {
    let queue = try sampleQueue()
    let title = "Robert'); DROP TABLE reminders;--"
    let byTitle = #sql(
      "SELECT count(*) FROM \(Reminder.self) WHERE \(Reminder.columns.title) = \(title)",
      as: Int.self
    )
    let recent = Reminder.where { _ in #sql("\(Reminder.columns.id) > 2") }

    #expect(
      String(decoding: byTitle.query.utf8, as: UTF8.self)
        == #"SELECT count(*) FROM "reminders" WHERE "reminders"."title" = ?"#)
    #expect(byTitle.query.bindings.elementsEqual([.text(title)]))
    let (count, ids) = try queue.read { db in
      (try byTitle.fetchOne(db), try recent.fetchAll(db).map(\.id))
    }
    #expect(count == 0)
    #expect(ids == [3, 4])
  }
}
