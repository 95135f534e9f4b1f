import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// The expressions of issue 13 that SQLite has and structured-queries spells: NULL comparisons,
// truthful result types, and the operators, predicates and functions added for parity. Each
// one's SQL is checked and run.

/// A person with optional columns, for `??` chains and NULL arithmetic.
@Table("parityPeople")
struct OptionalPerson: Equatable, Sendable {
  let id: Int
  var name: String?
  var nickname: String?
  var age: Int?
  var title = ""
  var score = 0
}

/// `OptionalPerson`'s table, three people (one with no name, nickname or age).
private func createParityPeople(_ db: Database) throws {
  try db.execute(
    sql: """
      CREATE TABLE "parityPeople" (
        "id" INTEGER PRIMARY KEY, "name" TEXT, "nickname" TEXT, "age" INTEGER,
        "title" TEXT NOT NULL, "score" INTEGER NOT NULL
      );
      INSERT INTO "parityPeople" VALUES
        (1, 'Ada', 'A', 36, '50% Off_Sale', 0),
        (2, NULL, 'Bo', NULL, 'dune', 7),
        (3, NULL, NULL, NULL, 'Dune', -3);
      """)
}

/// `OptionalPerson`'s table in a queue.
private func parityQueue() throws -> DatabaseQueue {
  let queue = try DatabaseQueue()
  try queue.write { db in try createParityPeople(db) }
  return queue
}

@Suite("Query language: optional expressions and NULL arithmetic")
struct OptionalExpressionTests {
  // MARK: A. NULL and truthful types

  @Test func comparingWithNilRendersIsNull() throws {
    let db = try library()
    let equal = Book.where { $0.rating == nil }.select { $0.id }
    #expect(equal.query.sql.contains(#"("books"."rating" IS NULL)"#))
    #expect(equal.query.bindings.isEmpty)
    #expect(try equal.fetchAll(db).elementsEqual([2]))
    let notEqual = Book.where { $0.rating != nil }.select { $0.id }
    #expect(notEqual.query.sql.contains(#"("books"."rating" IS NOT NULL)"#))
    #expect(try notEqual.fetchAll(db).elementsEqual([1, 3, 4, 5]))
    let isNil = Book.where { $0.shelfID.is(nil) }.select { $0.id }
    #expect(isNil.query.sql.contains(#"("books"."shelfID" IS NULL)"#))
    #expect(try isNil.fetchAll(db).elementsEqual([4]))
    let isNotNil = Book.where { $0.shelfID.isNot(nil) }.select { $0.id }
    #expect(isNotNil.query.sql.contains(#"("books"."shelfID" IS NOT NULL)"#))
    #expect(isNotNil.query.bindings.isEmpty)
    #expect(try isNotNil.fetchAll(db).elementsEqual([1, 2, 3, 5]))
    // A value that isn't nil is still bound.
    let bound = Book.where { $0.shelfID.is(2) }.select { $0.id }
    let bindings: [QueryBinding] = bound.query.bindings
    #expect(bindings.elementsEqual([.int(2)]))
    #expect(try bound.fetchAll(db).elementsEqual([3, 5]))
  }

  @Test func divisionByAnExpressionIsOptional() throws {
    let db = try library()
    // `flags` is 0 for book 4: SQLite divides by zero into NULL, which decodes as nil.
    let query = Book.select { book in
      let quotient = book.pages / book.flags
      let remainder = book.pages % book.flags
      return (book.id, quotient, remainder)
    }
    .order { $0.id }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT "books"."id", ("books"."pages" / "books"."flags"), ("books"."pages" % "books"."flags")
        FROM "books" ORDER BY "books"."id"
        """)
    #expect(rows.map(\.1).elementsEqual([82, 160, 396, nil, 12]))
    #expect(rows.map(\.2).elementsEqual([2, 0, 0, nil, 4]))
    // By a Swift value: not optional, since the value isn't zero.
    let halves: [Int] = try Book.select { $0.pages / 2 }.order { $0.id }.fetchAll(db)
    #expect(halves.elementsEqual([206, 160, 198, 6, 50]))
  }

  @Test func castOfAnOptionalIsOptional() throws {
    let db = try library()
    let query = Book.select { $0.rating.cast(as: String.self) }.order { $0.id }
    let texts: [String?] = try assertQuery(
      query, db: db,
      sql: #"SELECT CAST("books"."rating" AS TEXT) FROM "books" ORDER BY "books"."id""#)
    #expect(texts.elementsEqual(["4.5", nil, "4.8", "2.0", "3.0"]))
  }

  @Test func optionalChainsInsideARead() throws {
    let queue = try parityQueue()
    let names = try queue.read { db in
      try OptionalPerson.select { ($0.name ?? $0.nickname ?? "anonymous") + "!" }
        .order { $0.id }.fetchAll(db)
    }
    #expect(names.elementsEqual(["Ada!", "Bo!", "anonymous!"]))
    let chain = try queue.read { db in
      try OptionalPerson.select { ($0.name ?? "x") + "a" + "b" + "c" + "d" + "e" }
        .order { $0.id }.fetchAll(db)
    }
    #expect(chain.elementsEqual(["Adaabcde", "xabcde", "xabcde"]))
    let arithmetic = try queue.read { db in
      try OptionalPerson.select { ($0.age ?? 0) * 2 + 1 - $0.id / 3 + 4 }.order { $0.id }
        .fetchAll(db)
    }
    #expect(arithmetic.elementsEqual([77, 5, 4]))
    // Two optionals: the result type must be given, or Swift's own `??` is chosen (and warns).
    let both: SQLQueryExpression<String?> =
      OptionalPerson.columns.name ?? OptionalPerson.columns.nickname
    let nameOrNickname = try queue.read { db in
      try OptionalPerson.select { _ in both }.order { $0.id }.fetchAll(db)
    }
    #expect(nameOrNickname.elementsEqual(["Ada", "Bo", nil]))
    let coalesced = OptionalPerson.select { $0.name ?? $0.nickname ?? "anonymous" }
    assertSQL(
      coalesced,
      """
      SELECT coalesce("parityPeople"."name", coalesce("parityPeople"."nickname", 'anonymous'))
      FROM "parityPeople"
      """)
  }

  @Test func concatenatingOptionalTextWithTextIsOptional() throws {
    let db = try Database()
    try createParityPeople(db)
    // SQLite's `NULL || 'x'` is NULL, so `String? + String` (either way round) is `String?`.
    let query = OptionalPerson.select { person in
      let nameFirst = person.name + person.title
      let titleFirst = person.title + person.name
      return (nameFirst, titleFirst)
    }
    .order { $0.id }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT ("parityPeople"."name" || "parityPeople"."title"),
          ("parityPeople"."title" || "parityPeople"."name")
        FROM "parityPeople" ORDER BY "parityPeople"."id"
        """)
    #expect(rows.map(\.0).elementsEqual(["Ada50% Off_Sale", nil, nil]))
    #expect(rows.map(\.1).elementsEqual(["50% Off_SaleAda", nil, nil]))
    // Six terms, mixing optional and non-optional text (`QuarryTypeCheckBudget` bounds its time).
    let chain: [String?] = try OptionalPerson.select {
      $0.name + $0.title + "a" + $0.nickname + "b" + $0.title
    }
    .order { $0.id }.fetchAll(db)
    #expect(chain.elementsEqual(["Ada50% Off_SaleaAb50% Off_Sale", nil, nil]))
  }

  // MARK: B. Operators

  @Test func prefixPlusNegateAndShiftsByExpressions() throws {
    let db = try library()
    let query = Book.where { $0.id == 1 }.select { book in
      let plus = +book.pages
      let negated = book.pages.negate()
      let left = book.flags << book.shelfID.ifnull(0)
      let right = book.pages >> book.flags
      let xor = book.flags ^ book.flags
      return (plus, negated, left, right, xor)
    }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT (+"books"."pages"), (-"books"."pages"),
          ("books"."flags" << ifnull("books"."shelfID", 0)), ("books"."pages" >> "books"."flags"),
          (~("books"."flags" & "books"."flags") & ("books"."flags" | "books"."flags"))
        FROM "books" WHERE ("books"."id" = 1)
        """)
    #expect(rows.count == 1)
    #expect(rows[0].0 == 412)
    #expect(rows[0].1 == -412)
    #expect(rows[0].2 == 10)
    let shifted = 412 >> 5
    #expect(rows[0].3 == shifted)
    #expect(rows[0].4 == 0)
  }

  @Test func prefixAndSuffixAreExactAndCaseSensitive() throws {
    let db = try Database()
    try createParityPeople(db)
    do {
      let prefix = OptionalPerson.where { $0.title.hasPrefix("50%") }.select { $0.id }
      #expect(
        try assertQuery(
          prefix, db: db,
          sql: """
            SELECT "parityPeople"."id" FROM "parityPeople"
            WHERE (instr("parityPeople"."title", '50%') = 1)
            """) == [1])
      // `_` and `%` are plain characters; case counts.
      #expect(try OptionalPerson.where { $0.title.hasPrefix("5_") }.fetchAll(db).isEmpty)
      #expect(
        try OptionalPerson.where { $0.title.hasPrefix("Du") }.select { $0.id }.fetchAll(db) == [3])
      let suffix = OptionalPerson.where { $0.title.hasSuffix("_Sale") }.select { $0.id }
      #expect(
        try assertQuery(
          suffix, db: db,
          sql: """
            SELECT "parityPeople"."id" FROM "parityPeople"
            WHERE (substr("parityPeople"."title",
              ((length("parityPeople"."title") - length('_Sale')) + 1)) = '_Sale')
            """) == [1])
      #expect(try OptionalPerson.where { $0.title.hasSuffix("xSale") }.fetchAll(db).isEmpty)
      #expect(
        try OptionalPerson.where { $0.title.hasSuffix("une") }.select { $0.id }.fetchAll(db)
          == [2, 3])
      #expect(
        try OptionalPerson.where { $0.title.hasSuffix("") }.select { $0.id }.fetchAll(db)
          == [1, 2, 3])
      #expect(
        try OptionalPerson.where { $0.title.hasSuffix("a longer suffix than the title") }
          .fetchAll(db).isEmpty)
      let word: Substring = "Off_"[...]
      let containing = OptionalPerson.where { $0.title.contains(word) }
      #expect(try containing.select { $0.id }.fetchAll(db).elementsEqual([1]))
    }
  }

  @Test func containsOnArraysStatementsAndRanges() throws {
    let db = try library()
    #expect(
      try assertQuery(
        Book.where { [1, 2].contains($0.id) }.select { $0.id }, db: db,
        sql: #"SELECT "books"."id" FROM "books" WHERE ("books"."id" IN (1, 2))"#) == [1, 2])
    let science = Shelf.where { $0.name == "Science" }.select { $0.id }
    #expect(
      try assertQuery(
        Book.where { science.contains($0.shelfID) }.select { $0.id }, db: db,
        sql: """
          SELECT "books"."id" FROM "books" WHERE ("books"."shelfID" IN (
            SELECT "shelves"."id" FROM "shelves" WHERE ("shelves"."name" = 'Science')
          ))
          """) == [3, 5])
    let fiction = Book.where { $0.shelfID == 1 }.select { $0.id }
    #expect(
      try Book.where { fiction.contains($0.id) }.select { $0.id }.fetchAll(db).elementsEqual([1, 2])
    )
    #expect(
      try assertQuery(
        Book.where { (1...3).contains($0.id) }.select { $0.id }, db: db,
        sql: #"SELECT "books"."id" FROM "books" WHERE ("books"."id" BETWEEN 1 AND 3)"#)
        == [1, 2, 3])
    #expect(
      try assertQuery(
        Book.where { (1..<3).contains($0.id) }.select { $0.id }, db: db,
        sql: """
          SELECT "books"."id" FROM "books" WHERE (("books"."id" >= 1) AND ("books"."id" < 3))
          """) == [1, 2])
  }

  @Test func rowValueComparisons() throws {
    let db = try library()
    let query = Book.where { row($0.shelfID.ifnull(0), $0.pages) > (1, 320) }.select { $0.id }
      .order { $0.id }
    #expect(
      try assertQuery(
        query, db: db,
        sql: """
          SELECT "books"."id" FROM "books"
          WHERE ((ifnull("books"."shelfID", 0), "books"."pages") > (1, 320))
          ORDER BY "books"."id"
          """) == [1, 3, 5])
    let three = Book.where { row($0.id, $0.title, $0.pages) <= (2, "Emma", 320) }.select { $0.id }
    #expect(
      three.query.sql.contains(
        #"("books"."id", "books"."title", "books"."pages") <= (?, ?, ?)"#))
    #expect(try three.fetchAll(db).elementsEqual([1, 2]))
  }

  // MARK: B. Functions

  @Test func aggregatesWithFiltersAndSeparators() throws {
    let db = try library()
    let query = Book.select { book in
      let countFiltered = book.id.count(filter: book.pages > 300)
      let distinctTotal = book.flags.total(distinct: true)
      let titles = book.title.groupConcat(book.title.substr(1, 1))
      return (countFiltered, distinctTotal, titles)
    }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT count("books"."id") FILTER (WHERE ("books"."pages" > 300)),
          total(DISTINCT "books"."flags"),
          group_concat("books"."title", substr("books"."title", 1, 1))
        FROM "books"
        """)
    #expect(rows[0].0 == 3)
    #expect(rows[0].1 == 16)
    #expect(rows[0].2 == "DuneEEmmaCCosmosLLoose Notes550% Off")
  }

  @Test func scalarFunctions() throws {
    let db = try library()
    let query = Book.where { $0.id == 4 }.select { book in
      let sign = (book.pages - 100).sign()
      let optionalSign = book.rating.sign()
      let count = book.title.count
      let likely = book.title.likely()
      let unlikely = (book.pages > 10).unlikely()
      let likelihood = (book.pages > 10).likelihood(0.25)
      return (sign, optionalSign, count, likely, unlikely, likelihood)
    }
    let rows = try assertQuery(
      query, db: db,
      sql: """
        SELECT sign(("books"."pages" - 100)), sign("books"."rating"), length("books"."title"),
          likely("books"."title"), unlikely(("books"."pages" > 10)),
          likelihood(("books"."pages" > 10), 0.25)
        FROM "books" WHERE ("books"."id" = 4)
        """)
    #expect(rows[0].0 == -1)
    #expect(rows[0].1 == 1)
    #expect(rows[0].2 == 11)
    #expect(rows[0].3 == "Loose Notes")
    #expect(rows[0].4 == true)
    #expect(rows[0].5 == true)
    let blobs = Book.where { $0.id == 1 }.select { _ in
      (SQLFunctions.randomblob(4), SQLFunctions.zeroblob(3))
    }
    let blobRows = try assertQuery(
      blobs, db: db,
      sql: #"SELECT randomblob(4), zeroblob(3) FROM "books" WHERE ("books"."id" = 1)"#)
    #expect(blobRows[0].0.count == 4)
    #expect(blobRows[0].1.elementsEqual([0, 0, 0]))
  }

  @Test func functionsOfNewerSQLite() throws {
    let db = try library()
    let unhex = Book.where { $0.id == 1 }.select { $0.title.hex().unhex() }
    assertSQL(unhex, #"SELECT unhex(hex("books"."title")) FROM "books" WHERE ("books"."id" = 1)"#)
    let octets = Book.where { $0.id == 1 }.select { $0.title.octetLength() }
    assertSQL(
      octets, #"SELECT octet_length("books"."title") FROM "books" WHERE ("books"."id" = 1)"#)
    if Database.sqliteVersionNumber >= 3_041_000 {
      #expect(try unhex.fetchAll(db).elementsEqual([Array("Dune".utf8)]))
    } else {
      print(
        "unhex needs SQLite 3.41; this is \(Database.sqliteVersionNumber): its SQL is checked, "
          + "not run")
    }
    if Database.sqliteVersionNumber >= 3_043_000 {
      #expect(try octets.fetchAll(db).elementsEqual([4]))
    } else {
      print(
        "octet_length needs SQLite 3.43; this is \(Database.sqliteVersionNumber): its SQL is "
          + "checked, not run")
    }
  }
}
