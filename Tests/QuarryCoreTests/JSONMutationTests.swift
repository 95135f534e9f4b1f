import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Table("profiles")
struct Profile: Equatable {
  let id: Int
  @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
  @Column(as: [String: Int].JSONRepresentation.self) var counts: [String: Int] = [:]
}

private func profilesDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "profiles" (
        "id" INTEGER PRIMARY KEY, "tags" TEXT NOT NULL, "counts" TEXT NOT NULL
      ) STRICT;
      INSERT INTO "profiles" VALUES (1, '["home","work"]', '{"a":1}'), (2, '[]', '{}');
      """)
  return db
}

@Suite("JSON mutation: json_set, json_insert, json_replace, json_remove")
struct JSONMutationTests {
  @Test func updatesAssignTheChangedJSONToItsColumn() throws {
    let db = try profilesDatabase()
    let update = Profile.update {
      $0.tags = $0.tags.jsonAppend("errands")
      $0.counts = $0.counts.jsonSet("$.b", to: 2)
    }
    assertSQL(
      update,
      """
      UPDATE "profiles"
      SET "tags" = json_insert("profiles"."tags", '$[#]', 'errands'), \
      "counts" = json_set("profiles"."counts", '$.b', 2)
      """)
    try update.execute(db)
    let rows = try Profile.order { $0.id }.fetchAll(db)
    #expect(rows.map(\.tags) == [["home", "work", "errands"], ["errands"]])
    #expect(rows.map(\.counts) == [["a": 1, "b": 2], ["b": 2]])
  }

  @Test func eachMutationKeepsSQLitesRules() throws {
    let db = try profilesDatabase()
    let first = Profile.find(1)
    func tags(_ change: (Profile.TableColumns) -> SQLQueryExpression<[String].JSONRepresentation>)
      throws -> [String]?
    {
      try first.select { change($0) }.fetchOne(db)?.queryOutput
    }
    // `json_set` replaces or creates; `json_insert` only creates; `json_replace` only replaces.
    #expect(try tags { $0.tags.jsonSet("$[0]", to: "garden") } == ["garden", "work"])
    #expect(try tags { $0.tags.jsonInsert("$[0]", "garden") } == ["home", "work"])
    #expect(try tags { $0.tags.jsonInsert("$[2]", "garden") } == ["home", "work", "garden"])
    #expect(try tags { $0.tags.jsonReplace("$[1]", with: "office") } == ["home", "office"])
    #expect(try tags { $0.tags.jsonReplace("$[5]", with: "office") } == ["home", "work"])
    #expect(try tags { $0.tags.jsonRemove("$[0]") } == ["work"])
    #expect(try tags { $0.tags.jsonRemove("$[#-1]") } == ["home"])
    #expect(
      try tags { $0.tags.jsonAppend($0.tags.jsonExtract("$[0]", as: String.self)) }
        == ["home", "work", "home"])
    let counts = try first.select { $0.counts.jsonRemove("$.a").jsonSet("$.c", to: 3) }
      .fetchOne(db)?.queryOutput
    #expect(counts == ["c": 3])
  }

  @Test func aBadPathIsSQLitesError() throws {
    let db = try profilesDatabase()
    #expect(throws: DatabaseError.self) {
      try Profile.select { $0.tags.jsonSet("tags", to: 1) }.fetchAll(db)
    }
  }
}
