import Foundation
import Quarry
import QuarryPostgres
import QuarrySQLite
import Testing

// `json_each` of one JSON value as a subquery, built once at the top level and run on both
// databases (on PostgreSQL, a subquery over `jsonb_array_elements` or `jsonb_each`).

let taggedWorkByExists = Tagging.where { $0.tags.jsonEach().where { $0.value == "work" }.exists() }
  .order { $0.id }.select { $0.id }
let untaggedHome = Tagging.where { !$0.tags.jsonEach().where { $0.value == "home" }.exists() }
  .order { $0.id }.select { $0.id }
let tagCounts = Tagging.order { $0.id }.select { ($0.id, $0.tags.jsonEach().count()) }
let largestCounts = Tagging.order { $0.id }
  .select { $0.counts.jsonEach().select { $0.value.max() } }
let elementsAtAPath = BoundValue(#"{"xs":[4,5,6]}"#).jsonEach("$.xs", as: [Int].self)
  .where { $0.value > 4 }.select { ($0.key, $0.value, $0.fullKey, $0.path) }
let membersAtAPath = Tagging.order { $0.id }
  .select { $0.counts.jsonEach("$", as: [String: Int].self).where { $0.value > 0 }.count() }
let tagPairs = Tagging.join(jsonEach: { $0.tags }, as: "first")
  .join(jsonEach: { $0.tags }, as: "second")
  .where { $1.key < $2.key }
  .select { ($0.id, $1.value, $2.value) }
let aliasedTagging = Tagging.aliased("t").join(jsonEach: { $0.counts })
  .where { _, member in member.value > 0 }
  .order { ($0.id, $1.key) }
  .select { ($0.id, $1.key, $1.value) }

/// The taggings with a default scope: every row but the first, newest first.
@Table("taggings")
struct RecentTagging {
  static let all = unscoped.where { $0.id > 1 }.order { $0.id.desc() }
  let id: Int
  @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
  @Column(as: [String: Int].JSONRepresentation.self) var counts: [String: Int] = [:]
  var dueAt: Date
}
// A join of `json_each` starts from the table's own rows: its scope's filter and order.
let scopedTags = RecentTagging.leftJoin(jsonEach: { $0.tags }).select { ($0.id, $1.value) }

@Suite("json_each as a subquery on both databases", .enabled(if: PostgresTestServer.isEnabled))
struct JSONEachSubqueryCrossDialectTests {
  func rows<each Value: QueryDecodable>(
    _ statement: some Statement<(repeat each Value)>, on postgres: PostgresDatabase
  ) async throws -> (sqlite: [String], postgres: [String]) {
    let sqlite = try statement.fetchAll(SampleData.sqlite()).map { String(describing: $0) }
    let rows = try await postgres.read { db in
      try await statement.fetchAll(db).map { String(describing: $0) }
    }
    return (sqlite, rows)
  }

  @Test func theSameRowsOnBoth() async throws {
    try await PostgresTestServer.withDatabase { postgres in
      try await SampleData.load(into: postgres)
      let expected: [(String, [String], (sqlite: [String], postgres: [String]))] = [
        ("exists", ["1", "3"], try await rows(taggedWorkByExists, on: postgres)),
        ("not exists", ["2", "3"], try await rows(untaggedHome, on: postgres)),
        ("count", ["(1, 2)", "(2, 0)", "(3, 1)"], try await rows(tagCounts, on: postgres)),
        (
          "max of the elements", ["Optional(1)", "nil", "Optional(2)"],
          try await rows(largestCounts, on: postgres)
        ),
        (
          "a path", [#"(1, 5, "$.xs[1]", "$.xs")"#, #"(2, 6, "$.xs[2]", "$.xs")"#],
          try await rows(elementsAtAPath, on: postgres)
        ),
        ("an object at a path", ["1", "0", "1"], try await rows(membersAtAPath, on: postgres)),
        ("two joins", [#"(1, "home", "work")"#], try await rows(tagPairs, on: postgres)),
        (
          "an aliased table", [#"(1, "a", 1)"#, #"(3, "b", 2)"#],
          try await rows(aliasedTagging, on: postgres)
        ),
        (
          "a scoped table's left join", [#"(3, Optional("work"))"#, "(2, nil)"],
          try await rows(scopedTags, on: postgres)
        ),
      ]
      for (construct, rows, (sqlite, postgres)) in expected {
        #expect(sqlite == rows, "\(construct) on SQLite")
        #expect(postgres == rows, "\(construct) on PostgreSQL")
      }
    }
  }

  @Test func postgreSQLsSpelling() {
    let exists = taggedWorkByExists.sql(for: .postgres)
    #expect(exists.contains(#"WHERE (EXISTS (SELECT "json_each"."key""#))
    #expect(exists.contains(#"FROM jsonb_array_elements(CAST("taggings"."tags" AS jsonb))"#))
    let path = elementsAtAPath.sql(for: .postgres)
    #expect(
      path.contains(
        "FROM jsonb_array_elements(jsonb_path_query_first(CAST($3 AS jsonb), CAST($4 AS jsonpath)))"
      ))
    #expect(elementsAtAPath.sql(for: .sqlite).contains("FROM json_each(?, ?)"))
    let pairs = tagPairs.sql(for: .postgres)
    #expect(
      pairs.contains(#"WITH ORDINALITY AS "element"("value", "ordinality")) AS "first" ON TRUE"#))
    #expect(pairs.contains(#"AS "second" ON TRUE"#))
  }
}
