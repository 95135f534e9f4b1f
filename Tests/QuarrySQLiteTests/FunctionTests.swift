import Foundation
import Quarry
import QuarrySQLite
import Testing

struct Product: DatabaseAggregate {
  var result: Int64 = 1
  var sawRow = false
  mutating func step(_ arguments: [QueryBinding]) throws {
    guard case .int(let value) = arguments[0] else {
      throw DatabaseError(resultCode: DatabaseError.error, message: "product needs integers")
    }
    result *= value
    sawRow = true
  }
  func finalize() -> Int? { sawRow ? Int(result) : nil }
}

@Suite("Functions and collations")
struct FunctionTests {
  let hasPrefix = DatabaseFunction("has_prefix", deterministic: true) {
    (text: String, prefix: String) in text.hasPrefix(prefix)
  }
  let joined = VariadicDatabaseFunction("joined") { (values: [QueryBinding]) -> String in
    values.map(\.sqlLiteral).joined(separator: "|")
  }
  let product = DatabaseAggregateFunction<Product>("product")

  private func database() throws -> Database {
    let db = try Database()
    try remindersSchema.execute(db)
    for title in ["Buy milk", "call mom", "Buy bread", "Apple"] {
      try Reminder.insert { Reminder.Draft(title: title) }.execute(db)
    }
    try db.add(function: hasPrefix)
    try db.add(function: joined)
    try db.add(function: product)
    return db
  }

  @Test func typedScalarFunctionsFromSQLAndTheQueryBuilder() throws {
    let db = try database()
    #expect(try db.fetchOne(Bool.self, sql: "SELECT has_prefix('abc', 'ab')") == true)
    let query = Reminder.where { hasPrefix($0.title, BoundValue("Buy")) }.select { $0.title }
    #expect(
      query.query.sql.hasSuffix(
        #"WHERE has_prefix("reminders"."title", ?)"#))
    #expect(try query.fetchAll(db) == ["Buy milk", "Buy bread"])
    let error = #expect(throws: DatabaseError.self) {
      try db.execute(sql: "SELECT has_prefix(NULL, 'a')")
    }
    #expect(error?.message.contains("argument 1: expected String, found NULL") == true)
    #expect(throws: DatabaseError.self) { try db.execute(sql: "SELECT has_prefix('a')") }
  }

  @Test func variadicFunctions() throws {
    let db = try database()
    #expect(
      try db.fetchOne(String.self, sql: "SELECT joined(1, 'a', NULL, 2.5)") == "1|'a'|NULL|2.5")
    #expect(try db.fetchOne(String.self, sql: "SELECT joined()") == "")
    let call = joined(Reminder.columns.id, BoundValue("x"))
    #expect(call.queryFragment.sql == #"joined("reminders"."id", ?)"#)
    let rendered = try Reminder.where { $0.id == 1 }.select { _ in call }.fetchOne(db)
    #expect(rendered == "1|'x'")
  }

  @Test func aggregateFunctions() throws {
    let db = try database()
    #expect(try db.fetchOne(Int?.self, sql: "SELECT product(id) FROM reminders") == 24)
    #expect(
      try db.fetchOne(Int?.self, sql: "SELECT product(id) FROM reminders WHERE 0") == .some(nil))
    let grouped = try db.fetchAll(
      Int?.self, sql: "SELECT product(id) FROM reminders GROUP BY id % 2 ORDER BY id % 2")
    #expect(grouped == [8, 3])
    let error = #expect(throws: DatabaseError.self) {
      try db.execute(sql: "SELECT product(title) FROM reminders")
    }
    #expect(error?.message == "product needs integers")
    let viaBuilder = try Reminder.select { product($0.id) }.fetchOne(db)
    #expect(viaBuilder == 24)
  }

  @Test func collationsOrderAndDefineColumns() throws {
    let db = try database()
    let caseless = DatabaseCollation("caseless") { lhs, rhs in
      lhs.lowercased() < rhs.lowercased()
        ? .orderedAscending
        : lhs.lowercased() == rhs.lowercased() ? .orderedSame : .orderedDescending
    }
    try db.add(collation: caseless)
    let ordered = Reminder.order { $0.title.collate(caseless) }.select { $0.title }
    #expect(ordered.query.sql.contains(#"("reminders"."title" COLLATE "caseless")"#))
    #expect(try ordered.fetchAll(db) == ["Apple", "Buy bread", "Buy milk", "call mom"])
    try db.execute(sql: "CREATE TABLE tags (name TEXT COLLATE caseless UNIQUE)")
    try db.execute(sql: "INSERT INTO tags VALUES ('Home')")
    #expect(throws: DatabaseError.self) { try db.execute(sql: "INSERT INTO tags VALUES ('HOME')") }
  }
}
