import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("json_each of one JSON value as a subquery")
struct JSONEachSubqueryTests {
  typealias Reminder = JSONEachFixture.Reminder

  @Test func existsIsCorrelatedToTheOuterRow() throws {
    let db = try JSONEachFixture.database()
    let ids = try assertQuery(
      Reminder.where { $0.tags.jsonEach().where { $0.value == "work" }.exists() }
        .order { $0.id }.select { $0.id },
      db: db,
      sql: """
        SELECT "reminders"."id" FROM "reminders"
        WHERE (EXISTS (SELECT "json_each"."key", "json_each"."value", "json_each"."type",
          "json_each"."atom", "json_each"."id", "json_each"."parent", "json_each"."fullkey",
          "json_each"."path"
          FROM json_each("reminders"."tags")
          WHERE ("json_each"."value" = 'work')))
        ORDER BY "reminders"."id"
        """)
    #expect(ids.elementsEqual([1, 4]))
    let others = try Reminder.where { !$0.tags.jsonEach().where { $0.value == "work" }.exists() }
      .order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(others == [2, 3])
  }

  @Test func countPerRow() throws {
    let db = try JSONEachFixture.database()
    let rows = try assertQuery(
      Reminder.order { $0.id }.select { ($0.id, $0.tags.jsonEach().count()) },
      db: db,
      sql: """
        SELECT "reminders"."id", (SELECT count(*)
          FROM json_each("reminders"."tags"))
        FROM "reminders"
        ORDER BY "reminders"."id"
        """)
    #expect(rows.map(\.1).elementsEqual([2, 1, 0, 1]))
    // A NULL JSON value has no elements; ordering is left out of a count.
    let estimates = try Reminder.order { $0.id }
      .select { $0.estimates.jsonEach().order { $0.key }.count() }.fetchAll(db)
    #expect(estimates == [1, 0, 2, 0])
  }

  @Test func anAggregateOfTheElements() throws {
    let db = try JSONEachFixture.database()
    let rows = try assertQuery(
      Reminder.order { $0.id }.select { $0.estimates.jsonEach().select { $0.value.max() } },
      db: db,
      sql: """
        SELECT (SELECT max("json_each"."value")
          FROM json_each("reminders"."estimates"))
        FROM "reminders"
        ORDER BY "reminders"."id"
        """)
    #expect(rows.elementsEqual([3, nil, 2, nil]))
  }

  @Test func anArrayAtAPath() throws {
    let db = try JSONEachFixture.database()
    let json = BoundValue(#"{"xs":[4,5,6],"name":"n"}"#)
    let rows = try assertQuery(
      json.jsonEach("$.xs", as: [Int].self).where { $0.value > 4 }
        .select { ($0.key, $0.value, $0.fullKey, $0.path) },
      db: db,
      sql: """
        SELECT "json_each"."key", "json_each"."value", "json_each"."fullkey", "json_each"."path"
        FROM json_each('{"xs":[4,5,6],"name":"n"}', '$.xs')
        WHERE ("json_each"."value" > 4)
        """)
    #expect(rows.map(\.0).elementsEqual([1, 2]))
    #expect(rows.map(\.1).elementsEqual([5, 6]))
    #expect(rows.map(\.2).elementsEqual(["$.xs[1]", "$.xs[2]"]))
    #expect(rows.map(\.3).elementsEqual(["$.xs", "$.xs"]))
    // A path that finds nothing has no elements.
    #expect(try json.jsonEach("$.missing", as: [Int].self).count().fetchOne(db) == 0)
    // A column's object at a path, correlated.
    let counts = try Reminder.order { $0.id }
      .select { $0.estimates.jsonEach("$", as: [String: Int].self).count() }.fetchAll(db)
    #expect(counts == [1, 0, 2, 0])
  }

  @Test func twoJSONEachJoinsInOneStatement() throws {
    let db = try JSONEachFixture.database()
    let rows = try assertQuery(
      Reminder.join(jsonEach: { $0.tags }, as: "first")
        .join(jsonEach: { $0.tags }, as: "second")
        .where { $1.key < $2.key }
        .select { ($0.title, $1.value, $2.value) },
      db: db,
      sql: """
        SELECT "reminders"."title", "first"."value", "second"."value"
        FROM "reminders"
        JOIN json_each("reminders"."tags") AS "first"
        JOIN json_each("reminders"."tags") AS "second"
        WHERE ("first"."key" < "second"."key")
        """)
    #expect(rows.count == 1)
    #expect(rows.first?.0 == "Write report")
    #expect(rows.first?.1 == "work")
    #expect(rows.first?.2 == "urgent")
    // Whole rows decode: the table's and both json_each rows.
    let whole = try Reminder.join(jsonEach: { $0.tags }, as: "first")
      .join(jsonEach: { $0.estimates }, as: "estimate")
      .where { reminder, _, _ in reminder.id == 1 }
      .fetchAll(db)
    #expect(whole.count == 2)
    #expect(whole.map(\.1.value) == ["work", "urgent"])
    #expect(whole.map(\.2.key) == ["draft", "draft"])
    #expect(whole.map(\.2.value) == [3, 3])
  }

  @Test func aJoinOfAnAliasedTable() throws {
    let db = try JSONEachFixture.database()
    let rows = try assertQuery(
      Reminder.aliased("r").join(jsonEach: { $0.tags }, as: "tag")
        .where { reminder, tag in tag.value == "work" && reminder.id > 1 }
        .select { ($0.title, $1.key) },
      db: db,
      sql: """
        SELECT "r"."title", "tag"."key"
        FROM "reminders" AS "r"
        JOIN json_each("r"."tags") AS "tag"
        WHERE (("tag"."value" = 'work') AND ("r"."id" > 1))
        """)
    #expect(rows.map(\.0).elementsEqual(["Plan sprint"]))
    #expect(rows.map(\.1).elementsEqual([0]))
    // A subquery over the alias's column is correlated to it.
    let counted = try Reminder.aliased("r").where { $0.tags.jsonEach().count() > 1 }
      .select { $0.title }.fetchAll(db)
    #expect(counted == ["Write report"])
  }

  /// Malformed JSON in a JSON column is a decoding error that names the column, not a crash.
  @Test func malformedJSONIsAnError() throws {
    let db = try JSONEachFixture.database()
    try db.execute(sql: #"UPDATE "reminders" SET "tags" = '["unclosed' WHERE "id" = 2"#)
    #expect {
      _ = try Reminder.order { $0.id }.fetchAll(db)
    } throws: { error in
      let text = String(describing: error)
      return text.contains("tags") && text.contains("not valid JSON")
    }
  }
}
