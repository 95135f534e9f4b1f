import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("json_each as a table-valued source")
struct JSONEachTests {
  typealias Reminder = JSONEachFixture.Reminder

  @Test func remindersTaggedWork() throws {
    let db = try JSONEachFixture.database()
    let titles = try assertQuery(
      Reminder.join(jsonEach: { $0.tags }).where { $1.value == "work" }
        .select { reminder, _ in reminder.title }
        .order { reminder, _ in reminder.id },
      db: db,
      sql: """
        SELECT "reminders"."title"
        FROM "reminders"
        JOIN json_each("reminders"."tags")
        WHERE ("json_each"."value" = 'work')
        ORDER BY "reminders"."id"
        """)
    #expect(titles.elementsEqual(["Write report", "Plan sprint"]))
  }

  /// The length of a JSON array, of one at a path, and 0 for an object.
  @Test func arrayLengths() throws {
    let db = try JSONEachFixture.database()
    let lengths = try assertQuery(
      Reminder.order { $0.id }.select {
        ($0.tags.jsonArrayLength(), $0.estimates.jsonArrayLength())
      },
      db: db,
      sql: """
        SELECT json_array_length("reminders"."tags"), json_array_length("reminders"."estimates")
        FROM "reminders" ORDER BY "reminders"."id"
        """)
    #expect(lengths.map(\.0) == [2, 1, 0, 1])
    #expect(lengths.map(\.1) == [0, nil, 0, nil])
    let nested = try assertQuery(
      Values(#sql("'{\"a\": [1, 2, 3]}'", as: String.self).jsonArrayLength(at: "$.a")),
      db: db, sql: #"SELECT json_array_length('{"a": [1, 2, 3]}', '$.a')"#)
    #expect(nested == [3])
  }

  /// A column stored as JSON aggregates as JSON: an array of arrays, not of strings.
  @Test func aJSONColumnAggregatesAsJSON() throws {
    let db = try JSONEachFixture.database()
    let arrays = try assertQuery(
      Reminder.select { $0.tags.jsonGroupArray() }, db: db,
      sql: """
        SELECT json_group_array(json("reminders"."tags"))
        FROM "reminders"
        """)
    #expect(arrays.map(\.queryOutput) == [[["work", "urgent"], ["home"], [], ["work"]]])
    let titles = try assertQuery(
      Reminder.select { $0.title.jsonGroupArray() }, db: db,
      sql: """
        SELECT json_group_array("reminders"."title")
        FROM "reminders"
        """)
    #expect(titles.map(\.queryOutput) == [["Write report", "Buy milk", "Call Ana", "Plan sprint"]])
  }

  @Test func elementsPerReminderWithLeftJoin() throws {
    let db = try JSONEachFixture.database()
    let counts = try assertQuery(
      Reminder.leftJoin(jsonEach: { $0.tags })
        .group { reminder, _ in reminder.id }
        .select { ($0.title, $1.key.count(), $1.value.max()) }
        .order { reminder, _ in reminder.id },
      db: db,
      sql: """
        SELECT "reminders"."title", count("json_each"."key"), max("json_each"."value")
        FROM "reminders"
        LEFT JOIN json_each("reminders"."tags")
        GROUP BY "reminders"."id"
        ORDER BY "reminders"."id"
        """)
    #expect(counts.map(\.0).elementsEqual(["Write report", "Buy milk", "Call Ana", "Plan sprint"]))
    #expect(counts.map(\.1).elementsEqual([2, 1, 0, 1]))
    #expect(counts.map(\.2).elementsEqual(["work", "home", nil, "work"]))
  }

  @Test func wholeRowsDecode() throws {
    let db = try JSONEachFixture.database()
    let rows = try assertQuery(
      Reminder.join(jsonEach: { $0.tags }).where { reminder, _ in reminder.id == 1 }
        .order { _, tag in tag.key },
      db: db,
      sql: """
        SELECT "reminders"."id", "reminders"."title", "reminders"."tags", "reminders"."estimates",
          "json_each"."key", "json_each"."value", "json_each"."type", "json_each"."atom",
          "json_each"."id", "json_each"."parent", "json_each"."fullkey", "json_each"."path"
        FROM "reminders"
        JOIN json_each("reminders"."tags")
        WHERE ("reminders"."id" = 1)
        ORDER BY "json_each"."key"
        """)
    #expect(rows.map(\.0.title).elementsEqual(["Write report", "Write report"]))
    #expect(rows.map(\.0.tags).elementsEqual([["work", "urgent"], ["work", "urgent"]]))
    #expect(rows.map(\.1.key).elementsEqual([0, 1]))
    #expect(rows.map(\.1.value).elementsEqual(["work", "urgent"]))
    #expect(rows.map(\.1.type).elementsEqual(["text", "text"]))
    #expect(rows.map(\.1.atom).elementsEqual(["work", "urgent"]))
    #expect(rows.map(\.1.parent).elementsEqual([nil, nil]))
    #expect(rows.map(\.1.fullKey).elementsEqual(["$[0]", "$[1]"]))
    #expect(rows.map(\.1.path).elementsEqual(["$", "$"]))

    // In a left join, a reminder without tags comes with no element.
    let left = try assertQuery(
      Reminder.leftJoin(jsonEach: { $0.tags }).where { reminder, _ in reminder.id == 3 },
      db: db,
      sql: """
        SELECT "reminders"."id", "reminders"."title", "reminders"."tags", "reminders"."estimates",
          "json_each"."key", "json_each"."value", "json_each"."type", "json_each"."atom",
          "json_each"."id", "json_each"."parent", "json_each"."fullkey", "json_each"."path"
        FROM "reminders"
        LEFT JOIN json_each("reminders"."tags")
        WHERE ("reminders"."id" = 3)
        """)
    #expect(left.count == 1)
    #expect(left.first?.0.title == "Call Ana")
    #expect(left.first?.1 == nil)
  }

  @Test func objectMembersOfAnOptionalColumn() throws {
    let db = try JSONEachFixture.database()
    let rows = try assertQuery(
      Reminder.join(jsonEach: { $0.estimates }, as: "estimate")
        .where { $1.value >= 2 }
        .select { ($0.title, $1.key, $1.value, $1.fullKey) }
        .order { _, estimate in estimate.key },
      db: db,
      sql: """
        SELECT "reminders"."title", "estimate"."key", "estimate"."value", "estimate"."fullkey"
        FROM "reminders"
        JOIN json_each("reminders"."estimates") AS "estimate"
        WHERE ("estimate"."value" >= 2)
        ORDER BY "estimate"."key"
        """)
    #expect(rows.map(\.0).elementsEqual(["Write report", "Call Ana"]))
    #expect(rows.map(\.1).elementsEqual(["draft", "notes"]))
    #expect(rows.map(\.2).elementsEqual([3, 2]))
    #expect(rows.map(\.3).elementsEqual(["$.draft", "$.notes"]))
  }
}

@Suite("json_each over a bound Swift collection")
struct JSONEachFromTests {
  typealias Reminder = JSONEachFixture.Reminder

  @Test func aListAsOneParameter() throws {
    let db = try JSONEachFixture.database()
    let titles = ["Buy milk", "Plan sprint", "Nothing like it"]
    let rows = try assertQuery(
      Reminder.where { $0.title.in(JSONEach.from(titles).select { $0.value }) }
        .select { $0.id },
      db: db,
      sql: """
        SELECT "reminders"."id" FROM "reminders"
        WHERE ("reminders"."title" IN (SELECT "json_each"."value"
          FROM json_each('["Buy milk","Plan sprint","Nothing like it"]')))
        """)
    #expect(rows.elementsEqual([2, 4]))
    let elements = try assertQuery(
      JSONEach.from(["b": 2, "a": 1]).where { $0.value > 1 },
      db: db,
      sql: """
        SELECT "json_each"."key", "json_each"."value", "json_each"."type", "json_each"."atom",
          "json_each"."id", "json_each"."parent", "json_each"."fullkey", "json_each"."path"
        FROM json_each('{"a":1,"b":2}')
        WHERE ("json_each"."value" > 1)
        """)
    #expect(elements.map(\.key).elementsEqual(["b"]))
    #expect(elements.map(\.value).elementsEqual([2]))
    #expect(elements.map(\.type).elementsEqual(["integer"]))
    #expect(elements.map(\.fullKey).elementsEqual(["$.b"]))
  }
}
