import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Synchronization
import Testing

// Swift functions that SQL calls, declared with `@DatabaseFunction`: each test registers the
// ones it calls, renders the call and runs it on a live database.

@DatabaseFunction
func exclaim(_ text: String) -> String { text + "!" }

@DatabaseFunction("shout", isDeterministic: true)
func loud(_ text: String) -> String { text.uppercased() }

@DatabaseFunction
func answer() -> Int { 42 }

@DatabaseFunction
private func day(_ offset: Int = 0) -> Date {
  Date(timeIntervalSince1970: Double(offset) * 86_400)
}

@DatabaseFunction
func ranked(_ name: String, rank: Int? = nil) -> String? {
  rank.map { "\(name) #\($0)" }
}

struct MissingTag: LocalizedError {
  var errorDescription: String? { "this item has no tag" }
}

@DatabaseFunction
func requireTag(_ tag: String?) throws -> String {
  guard let tag else { throw MissingTag() }
  return tag
}

let recordedNames = Mutex<[String]>([])

@DatabaseFunction
func record(_ name: String) { recordedNames.withLock { $0.append(name) } }

@DatabaseFunction
func summary(_ item: Item) -> String { "\(item.name) at \(item.price)" }

@DatabaseFunction
func total(of prices: some Sequence<Double>) -> Double { prices.reduce(0, +) }

@DatabaseFunction
func mode(_ ranks: some Sequence<Int?>) -> Int? {
  var counts: [Int: Int] = [:]
  for case let rank? in ranks { counts[rank, default: 0] += 1 }
  return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
}

@DatabaseFunction
func joined(_ rows: some Sequence<(String, separator: String)>) -> String {
  var result = ""
  for (index, row) in rows.enumerated() {
    if index > 0 { result += row.separator }
    result += row.0
  }
  return result
}

@DatabaseFunction
func cheapest(_ items: some Sequence<Item>) -> String? {
  items.min { $0.price < $1.price }?.name
}

enum Pricing {
  @DatabaseFunction
  static func discounted(_ price: Double, by percent: Int) -> Double {
    price * Double(100 - percent) / 100
  }
}

@Suite("@DatabaseFunction")
struct DatabaseFunctionTests {
  @Test func scalarFunctions() throws {
    let db = try itemsDatabase()
    try db.add(function: $exclaim)
    try db.add(function: $loud)
    try db.add(function: $answer)
    let rows = try assertQuery(
      Item.order { $0.id }.limit(2).select { ($exclaim($0.name), $loud("a"), $answer()) },
      db: db,
      sql: """
        SELECT "exclaim"("items"."name"), "shout"('a'), "answer"()
        FROM "items" ORDER BY "items"."id" LIMIT 2
        """)
    #expect(rows.map(\.0) == ["apple!", "bread!"])
    #expect(rows.map(\.1) == ["A", "A"])
    #expect(rows.map(\.2) == [42, 42])
    let filtered = try assertQuery(
      Item.where { $exclaim($0.name) == "cheese!" }.select { $0.id },
      db: db,
      sql: """
        SELECT "items"."id" FROM "items" WHERE ("exclaim"("items"."name") = 'cheese!')
        """)
    #expect(filtered == [3])
    // A file's private function, a default argument and a `Date` result (stored as text).
    try db.add(function: $day)
    let days = try assertQuery(
      Item.where { $0.id == 1 }.select { _ in ($day(), $day(2)) },
      db: db,
      sql: """
        SELECT "day"(0), "day"(2) FROM "items" WHERE ("items"."id" = 1)
        """)
    #expect(days.map(\.0) == [Date(timeIntervalSince1970: 0)])
    #expect(days.map(\.1) == [Date(timeIntervalSince1970: 172_800)])
  }

  @Test func optionalArgumentsAndResults() throws {
    let db = try itemsDatabase()
    try db.add(function: $ranked)
    let rows = try assertQuery(
      Item.order { $0.id }.select { ($ranked($0.name, rank: $0.rank), $ranked($0.name)) },
      db: db,
      sql: """
        SELECT "ranked"("items"."name", "items"."rank"), "ranked"("items"."name", NULL)
        FROM "items" ORDER BY "items"."id"
        """)
    #expect(rows.map(\.0) == ["apple #2", "bread #1", "cheese #3", nil])
    #expect(rows.map(\.1) == [nil, nil, nil, nil])
  }

  @Test func anErrorTheFunctionThrowsFailsTheStatement() throws {
    let db = try itemsDatabase()
    try db.add(function: $requireTag)
    let tagged = try assertQuery(
      Item.where { $0.tag != nil }.order { $0.id }.select { $requireTag($0.tag) },
      db: db,
      sql: """
        SELECT "requireTag"("items"."tag") FROM "items"
        WHERE ("items"."tag" IS NOT NULL) ORDER BY "items"."id"
        """)
    #expect(tagged == ["fruit", "dairy"])
    let error = #expect(throws: DatabaseError.self) {
      try Item.select { $requireTag($0.tag) }.fetchAll(db)
    }
    #expect(error?.message == "this item has no tag")
    // A `NULL` for a non-optional parameter fails too, naming the argument.
    try db.add(function: $exclaim)
    let null = #expect(throws: DatabaseError.self) {
      try Item.select { _ in $exclaim(#sql("NULL", as: String.self)) }.fetchAll(db)
    }
    #expect(null?.message == "argument 1: expected String, found NULL")
  }

  @Test func voidFunctions() throws {
    let db = try itemsDatabase()
    try db.add(function: $record)
    // A call of a function without a result runs for its effect; the call gives `NULL`.
    let calls = Item.where { $0.isDone }.order { $0.id }.select { $record($0.name) }
    assertSQL(
      calls,
      """
      SELECT "record"("items"."name") FROM "items" WHERE "items"."is_done" ORDER BY "items"."id"
      """)
    try calls.execute(db)
    #expect(recordedNames.withLock { $0 } == ["bread", "dates"])
  }

  @Test func tableAndAliasArguments() throws {
    let db = try itemsDatabase()
    try db.add(function: $summary)
    let rows = try assertQuery(
      Item.where { $0.id == 1 }.select { $summary($0) },
      db: db,
      sql: """
        SELECT "summary"("items"."id", "items"."name", "items"."is_done", "items"."rank", \
        "items"."price", "items"."tag")
        FROM "items" WHERE ("items"."id" = 1)
        """)
    #expect(rows == ["apple at 1.5"])
    let aliased = try assertQuery(
      Item.join(Item.aliased("next")) { $0.rank.eq($1.id) }
        .where { item, _ in item.id == 1 }
        .select { _, next in $summary(next) },
      db: db,
      sql: """
        SELECT "summary"("next"."id", "next"."name", "next"."is_done", "next"."rank", \
        "next"."price", "next"."tag")
        FROM "items" JOIN "items" AS "next" ON ("items"."rank" = "next"."id")
        WHERE ("items"."id" = 1)
        """)
    #expect(aliased == ["bread at 3.0"])
  }

  @Test func staticFunctions() throws {
    let db = try itemsDatabase()
    try db.add(function: Pricing.$discounted)
    let prices = try assertQuery(
      Item.order { $0.id }.select { Pricing.$discounted($0.price, by: 20) },
      db: db,
      sql: """
        SELECT "discounted"("items"."price", 20) FROM "items" ORDER BY "items"."id"
        """)
    #expect(prices == [1.2, 2.4, 5.8, 3.2])
  }

  @Test func aggregateFunctions() throws {
    let db = try itemsDatabase()
    try db.add(function: $total)
    try db.add(function: $mode)
    let totals = try assertQuery(
      Item.select { ($total(of: $0.price), $mode($0.rank)) },
      db: db, sql: #"SELECT "total"("items"."price"), "mode"("items"."rank") FROM "items""#)
    #expect(totals.map(\.0) == [15.75])
    #expect(totals.map(\.1) == [1])
    let grouped = try assertQuery(
      Item.group { $0.isDone }.order { $0.isDone }.select { ($0.isDone, $total(of: $0.price)) },
      db: db,
      sql: """
        SELECT "items"."is_done", "total"("items"."price") FROM "items"
        GROUP BY "items"."is_done" ORDER BY "items"."is_done"
        """)
    #expect(grouped.map(\.1) == [8.75, 7])
    // No rows: the function gets an empty sequence.
    let empty = try Item.where { $0.id > 10 }.select { $total(of: $0.price) }.fetchOne(db)
    #expect(empty == 0)
  }

  @Test func distinctAndFilteredAggregates() throws {
    let db = try itemsDatabase()
    try db.execute(sql: #"INSERT INTO "items" ("name", "price") VALUES ('eggs', 1.5)"#)
    try db.add(function: $total)
    let rows = try assertQuery(
      Item.select {
        (
          $total(of: $0.price, distinct: true),
          $total(of: $0.price).filter($0.isDone),
          $total(of: $0.price, distinct: true).filter(!$0.isDone)
        )
      },
      db: db,
      sql: """
        SELECT "total"(DISTINCT "items"."price"), \
        "total"("items"."price") FILTER (WHERE "items"."is_done"), \
        "total"(DISTINCT "items"."price") FILTER (WHERE (NOT "items"."is_done"))
        FROM "items"
        """)
    #expect(rows.map(\.0) == [15.75])
    #expect(rows.map(\.1) == [7])
    #expect(rows.map(\.2) == [8.75])
  }

  @Test func aggregatesOfTuplesAndTables() throws {
    let db = try itemsDatabase()
    try db.add(function: $joined)
    try db.add(function: $cheapest)
    let rows = try assertQuery(
      Item.select { ($joined($0.name, separator: "+"), $cheapest($0)) },
      db: db,
      sql: """
        SELECT "joined"("items"."name", '+'), "cheapest"("items"."id", "items"."name", \
        "items"."is_done", "items"."rank", "items"."price", "items"."tag")
        FROM "items"
        """)
    #expect(rows.map(\.0) == ["apple+bread+cheese+dates"])
    #expect(rows.map(\.1) == ["apple"])
  }

  @Test func determinismLetsAnIndexUseTheFunction() throws {
    let db = try itemsDatabase()
    try db.add(function: $loud)
    try db.add(function: $exclaim)
    // SQLite accepts only deterministic functions in an index's expressions.
    try db.execute(sql: #"CREATE INDEX "items_shout" ON "items" ("shout"("name"))"#)
    let found = try Item.where { $loud($0.name) == "BREAD" }.select { $0.id }.fetchAll(db)
    #expect(found == [2])
    let error = #expect(throws: DatabaseError.self) {
      try db.execute(sql: #"CREATE INDEX "items_exclaim" ON "items" ("exclaim"("name"))"#)
    }
    #expect(error?.message.contains("non-deterministic functions prohibited") == true)
  }

  @Test func aPoolRegistersTheFunctionOnEveryConnection() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-functions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var configuration = Configuration()
    configuration.prepareDatabase = { db in
      try db.add(function: $exclaim)
      try db.add(function: $total)
    }
    let pool = try DatabasePool(
      path: directory.appendingPathComponent("pool.sqlite").path, configuration: configuration)
    try pool.write { db in
      try db.execute(sql: #"CREATE TABLE "shelves" ("id" INTEGER PRIMARY KEY, "name" TEXT)"#)
      try db.execute(sql: #"INSERT INTO "shelves" VALUES (1, 'Fiction'), (2, 'Science')"#)
    }
    let names = Shelf.order { $0.id }.select { $exclaim($0.name) }
    #expect(try pool.read { try names.fetchAll($0) } == ["Fiction!", "Science!"])
    #expect(try pool.write { try names.fetchAll($0) } == ["Fiction!", "Science!"])
    let queue = try DatabaseQueue(
      path: directory.appendingPathComponent("queue.sqlite").path, configuration: configuration)
    let greeting = try queue.read { db in try Values($exclaim("hi")).fetchOne(db) }
    #expect(greeting == "hi!")
  }
}
