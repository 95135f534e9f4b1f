import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Writes")
struct WriteTests {
  @Test func chosenColumnsWithValues() throws {
    let db = try countersDatabase()
    let insert = Counter.insert {
      ($0.name, $0.count)
    } values: {
      ("c", 30)
      ("d", 40)
    }
    assertSQL(insert, #"INSERT INTO "counters" ("name", "count") VALUES ('c', 30), ('d', 40)"#)
    try insert.execute(db)
    let ratios = try Counter.where { $0.id > 2 }.select { $0.ratio }.fetchAll(db)
    #expect(ratios.elementsEqual([1, 1]))
  }

  @Test func insertSelectAndDefaultValues() throws {
    let db = try countersDatabase()
    let copy = Counter.insert {
      ($0.name, $0.count)
    } select: {
      Counter.where { $0.count > 15 }.select { ($0.name + " copy", $0.count * 2) }
    }
    assertSQL(
      copy,
      """
      INSERT INTO "counters" ("name", "count")
      SELECT ("counters"."name" || ' copy'), ("counters"."count" * 2) FROM "counters"
      WHERE ("counters"."count" > 15)
      """)
    try copy.execute(db)
    #expect(try Counter.find(3).fetchOne(db)?.name == "b copy")
    #expect(try Counter.find(3).fetchOne(db)?.count == 40)

    assertSQL(Counter.insert(), #"INSERT INTO "counters" DEFAULT VALUES"#)
    try Counter.insert().execute(db)
    let defaults = try Counter.find(4).fetchOne(db)
    #expect(defaults == Counter(id: 4, name: "unnamed", count: 0, bits: 0, ratio: 1, isOn: false))
  }

  @Test func conflictResolution() throws {
    let db = try countersDatabase()
    let replace = Counter.insert(or: .replace) {
      Counter(id: 1, name: "a2", count: 0, bits: 0, ratio: 1, isOn: true)
    }
    assertSQL(
      replace,
      """
      INSERT OR REPLACE INTO "counters" ("id", "name", "count", "bits", "ratio", "isOn")
      VALUES (1, 'a2', 0, 0, 1.0, 1)
      """)
    try replace.execute(db)
    #expect(try Counter.find(1).fetchOne(db)?.name == "a2")

    try Counter.insert(or: .ignore) { Counter.Draft(name: "b") }.execute(db)
    #expect(db.changesCount == 0)
    #expect(try Counter.count().fetchOne(db) == 2)

    for resolution in [ConflictResolution.abort, .fail, .rollback] {
      let error = #expect(throws: DatabaseError.self) {
        try Counter.insert(or: resolution) { Counter.Draft(name: "b") }.execute(db)
      }
      #expect(error?.resultCode == DatabaseError.constraint)
      #expect(error?.sql?.hasPrefix("INSERT OR \(resolution.rawValue) INTO") == true)
    }

    let ignored = Counter.update(or: .ignore) { $0.name = "b" }.where { $0.id == 1 }
    assertSQL(ignored, #"UPDATE OR IGNORE "counters" SET "name" = 'b' WHERE ("counters"."id" = 1)"#)
    try ignored.execute(db)
    #expect(try Counter.find(1).fetchOne(db)?.name == "a2")
  }

  @Test func upserts() throws {
    let db = try countersDatabase()
    let upsert = Counter.insert {
      ($0.name, $0.count)
    } values: {
      ("a", 5)
    }
    .onConflict {
      $0.name
    } doUpdate: { row, excluded in
      row.count += excluded.count
    }
    assertSQL(
      upsert,
      """
      INSERT INTO "counters" ("name", "count") VALUES ('a', 5)
      ON CONFLICT ("name") DO UPDATE SET "count" = ("counters"."count" + excluded."count")
      """)
    try upsert.execute(db)
    #expect(try Counter.find(1).fetchOne(db)?.count == 15)

    let nothing = Counter.insert { Counter.Draft(name: "b", count: 99) }.onConflictDoNothing {
      $0.name
    }
    assertSQL(
      nothing,
      """
      INSERT INTO "counters" ("id", "name", "count", "bits", "ratio", "isOn")
      VALUES (NULL, 'b', 99, 0, 1.0, 0) ON CONFLICT ("name") DO NOTHING
      """)
    try nothing.execute(db)
    #expect(try Counter.find(2).fetchOne(db)?.count == 20)

    let byKey = Counter.upsert {
      Counter.Draft(id: 2, name: "b", count: 21)
      Counter.Draft(name: "new")
    }
    assertSQL(
      byKey,
      """
      INSERT INTO "counters" ("id", "name", "count", "bits", "ratio", "isOn")
      VALUES (2, 'b', 21, 0, 1.0, 0), (NULL, 'new', 0, 0, 1.0, 0)
      ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name", "count" = excluded."count",
        "bits" = excluded."bits", "ratio" = excluded."ratio", "isOn" = excluded."isOn"
      """)
    try byKey.execute(db)
    let counts = try Counter.order { $0.id }.select { $0.count }.fetchAll(db)
    #expect(counts.elementsEqual([15, 21, 0]))
  }

  @Test func setters() throws {
    let db = try countersDatabase()
    let update = Counter.update {
      $0.count += 1
      $0.count *= 3
      $0.bits |= 1
      $0.bits <<= 2
      $0.ratio /= 4
      $0.name += "!"
      $0.isOn.toggle()
    }.where { $0.id == 1 }
    assertSQL(
      update,
      """
      UPDATE "counters" SET "count" = (("counters"."count" + 1) * 3),
        "bits" = (("counters"."bits" | 1) << 2), "ratio" = ("counters"."ratio" / 4.0),
        "name" = ("counters"."name" || '!'), "isOn" = (NOT "counters"."isOn")
      WHERE ("counters"."id" = 1)
      """)
    try update.execute(db)
    let updated = try Counter.find(1).fetchOne(db)
    #expect(updated == Counter(id: 1, name: "a!", count: 33, bits: 52, ratio: 0.5, isOn: true))

    let second = Counter.update {
      $0.count -= 5
      $0.count %= 7
      $0.bits &= 6
      $0.bits >>= 1
    }
    try second.where { $0.id == 2 }.execute(db)
    let row = try Counter.find(2).fetchOne(db)
    #expect(row?.count == (20 - 5) % 7)
    #expect(row?.bits == (3 & 6) >> 1)

    let xor = Counter.update { $0.bits ^= 5 }.where { $0.id == 2 }
    assertSQL(
      xor,
      """
      UPDATE "counters" SET "bits" = (~("counters"."bits" & 5) & ("counters"."bits" | 5))
      WHERE ("counters"."id" = 2)
      """)
    try xor.execute(db)
    let expectedBits = ((3 & 6) >> 1) ^ 5
    #expect(try Counter.find(2).fetchOne(db)?.bits == expectedBits)
  }

  @Test func negateInAnUpdate() throws {
    let db = try countersDatabase()
    let negate = Counter.update {
      $0.count.negate()
      $0.ratio.negate()
    }.where { $0.id == 1 }
    assertSQL(
      negate,
      """
      UPDATE "counters" SET "count" = (-"counters"."count"), "ratio" = (-"counters"."ratio")
      WHERE ("counters"."id" = 1)
      """)
    let before = try #require(try Counter.find(1).fetchOne(db))
    try negate.execute(db)
    let after = try #require(try Counter.find(1).fetchOne(db))
    #expect(after.count == -before.count && after.ratio == -before.ratio)
    #expect(try Counter.find(2).fetchOne(db)?.count == 20)

    // Negated twice, after another assignment: each reads the value assigned before it.
    let twice = Counter.update {
      $0.count += 1
      $0.count.negate()
      $0.count.negate()
    }.where { $0.id == 2 }
    assertSQL(
      twice,
      """
      UPDATE "counters" SET "count" = (-(-("counters"."count" + 1)))
      WHERE ("counters"."id" = 2)
      """)
    try twice.execute(db)
    #expect(try Counter.find(2).fetchOne(db)?.count == 21)
    // The expression `negate()` still reads a column without assigning it.
    let doubled = Counter.update { $0.count = $0.count.negate() * 2 }.where { $0.id == 2 }
    assertSQL(
      doubled,
      """
      UPDATE "counters" SET "count" = ((-"counters"."count") * 2)
      WHERE ("counters"."id" = 2)
      """)
    try doubled.execute(db)
    #expect(try Counter.find(2).fetchOne(db)?.count == -42)
  }

  @Test func rowsByPrimaryKey() throws {
    let db = try countersDatabase()
    var first = try #require(try Counter.find(1).fetchOne(db))
    first.name = "renamed"
    first.count = 11
    assertSQL(
      Counter.update(first),
      """
      UPDATE "counters" SET "name" = 'renamed', "count" = 11, "bits" = 12, "ratio" = 2.0, "isOn" = 0
      WHERE ("counters"."id" = 1)
      """)
    try Counter.update(first).execute(db)
    #expect(try Counter.find(1).fetchOne(db) == first)
    let found = try Counter.find([2, 1, 9]).order { $0.id }.select { $0.id }.fetchAll(db)
    #expect(found.elementsEqual([1, 2]))
    assertSQL(Counter.delete(first), #"DELETE FROM "counters" WHERE ("counters"."id" = 1)"#)
    try Counter.delete(first).execute(db)
    #expect(try Counter.select { $0.id }.fetchAll(db).elementsEqual([2]))
  }

  @Test func returning() throws {
    let db = try countersDatabase()
    let inserted = try assertQuery(
      Counter.insert { Counter.Draft(name: "c", count: 3) }.returning { ($0.id, $0.name) }, db: db,
      sql: """
        INSERT INTO "counters" ("id", "name", "count", "bits", "ratio", "isOn")
        VALUES (NULL, 'c', 3, 0, 1.0, 0) RETURNING "counters"."id", "counters"."name"
        """)
    #expect(inserted.map(\.0).elementsEqual([3]))
    let updated = try Counter.update { $0.count += 100 }.where { $0.count < 15 }.returning {
      $0.count
    }
    .fetchAll(db)
    #expect(updated.sorted().elementsEqual([103, 110]))
    let deleted = try Counter.delete().where { $0.count > 100 }.returningAll().fetchAll(db)
    #expect(deleted.map(\.name).sorted().elementsEqual(["a", "c"]))
    #expect(try Counter.count().fetchOne(db) == 1)
  }

  @Test func aFailingWriteInATransactionLeavesNothing() throws {
    let db = try countersDatabase()
    #expect(throws: DatabaseError.self) {
      try db.transaction {
        try Counter.insert { Counter.Draft(name: "x") }.execute(db)
        try Counter.update { $0.count = 0 }.execute(db)
        try Counter.insert { Counter.Draft(name: "a") }.execute(db)  // UNIQUE name
      }
    }
    let counts = try Counter.order { $0.id }.select { $0.count }.fetchAll(db)
    #expect(counts.elementsEqual([10, 20]))
  }
}
