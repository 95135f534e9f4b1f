import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("Predicates: builders, constants, optional columns, combined filters")
struct PredicateTests {
  @Test func ifElseOptionalsAndLoopsInWhere() throws {
    let db = try itemsDatabase()
    func search(_ text: String?, onlyOpen: Bool, tags: [String]) -> Where<Item> {
      Item.where {
        if onlyOpen {
          !$0.isDone
        } else {
          $0.price > 0
        }
        if let text { $0.name.contains(text) }
        for tag in tags { $0.tag == tag }
      }
    }
    let open = search(nil, onlyOpen: true, tags: [])
    let openRows = try assertQuery(
      open,
      db: db,
      sql: """
        SELECT "items"."id", "items"."name", "items"."is_done", "items"."rank", "items"."price",
          "items"."tag"
        FROM "items" WHERE (NOT "items"."is_done")
        """)
    #expect(openRows.map(\.name).elementsEqual(["apple", "cheese"]))
    let fruit = search("pp", onlyOpen: false, tags: ["fruit"])
    let fruitRows = try assertQuery(
      fruit,
      db: db,
      sql: """
        SELECT "items"."id", "items"."name", "items"."is_done", "items"."rank", "items"."price",
          "items"."tag"
        FROM "items"
        WHERE ((("items"."price" > 0.0) AND ("items"."name" LIKE '%pp%' ESCAPE '\\'))
          AND ("items"."tag" = 'fruit'))
        """)
    #expect(fruitRows.map(\.name).elementsEqual(["apple"]))
  }

  @Test func havingTakesTheSameBuilder() throws {
    let db = try itemsDatabase()
    let minimum: Int? = 1
    let query = Item.group { $0.isDone }.having {
      if let minimum { $0.id.count() >= minimum }
    }
    .select { ($0.isDone, $0.id.count()) }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "items"."is_done", count("items"."id") FROM "items" GROUP BY "items"."is_done"
        HAVING (count("items"."id") >= 1)
        """)
    #expect(rows.count == 2)
  }

  @Test func aBoolLiteralIsAConstantPredicate() throws {
    let db = try itemsDatabase()
    let all = try assertQuery(
      Item.where { _ in true }.select { $0.id },
      db: db,
      sql: #"SELECT "items"."id" FROM "items" WHERE 1"#)
    #expect(all.count == 4)
    let none = try assertQuery(
      Item.where { _ in false }.select { $0.id },
      db: db,
      sql: #"SELECT "items"."id" FROM "items" WHERE 0"#)
    #expect(none.isEmpty)
  }

  @Test func anOptionalBoolColumnFromALeftJoinIsAPredicate() throws {
    let db = try library()
    try db.execute(
      sql: #"CREATE TABLE "pairs" ("id" INTEGER PRIMARY KEY, "low" INTEGER, "high" INTEGER)"#)
    let joined = Shelf.leftJoin(Book.all) { $0.id == $1.shelfID }
    let query = joined.where { $1.pages > 350 }.select { ($0.name, $1.title) }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "shelves"."name", "books"."title"
        FROM "shelves" LEFT JOIN "books" ON ("shelves"."id" = "books"."shelfID")
        WHERE ("books"."pages" > 350)
        """)
    #expect(rows.map(\.1).elementsEqual(["Dune", "Cosmos"]))
    let flagged = Shelf.leftJoin(Item.all) { $0.id == $1.id }
    assertSQL(
      flagged.where { $1.isDone }.select { shelf, _ in shelf.name },
      """
      SELECT "shelves"."name" FROM "shelves" LEFT JOIN "items" ON ("shelves"."id" = "items"."id")
      WHERE "items"."is_done"
      """)
  }

  @Test func handWrittenPredicatesKeepTheirMeaningBesideOthers() throws {
    let db = try itemsDatabase()
    let query = Item.where { #sql("\($0.name) = 'apple' OR \($0.name) = 'bread'") }
      .where { !$0.isDone }
      .select { $0.name }
    let rows = try assertQuery(
      query,
      db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE ("items"."name" = 'apple' OR "items"."name" = 'bread') AND (NOT "items"."is_done")
        """)
    #expect(rows.elementsEqual(["apple"]))
  }

  @Test func handWrittenOperandsOfOperatorsKeepTheirMeaning() throws {
    let db = try itemsDatabase()
    let eitherName = #sql(
      "\(Item.columns.name) = 'apple' OR \(Item.columns.name) = 'bread'", as: Bool.self)
    // Without parentheses, `a OR b AND c` would be `a OR (b AND c)`: apple, not done, too.
    let done = try assertQuery(
      Item.where { eitherName && $0.isDone }.select { $0.name },
      db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE (("items"."name" = 'apple' OR "items"."name" = 'bread') AND "items"."is_done")
        """)
    #expect(done.elementsEqual(["bread"]))
    let neither = try assertQuery(
      Item.where { _ in !eitherName }.select { $0.name },
      db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE (NOT ("items"."name" = 'apple' OR "items"."name" = 'bread'))
        """)
    #expect(neither.elementsEqual(["cheese", "dates"]))
    // One operand as written stays as it is.
    assertSQL(
      Item.where { #sql("\($0.name)", as: String.self) == "x" }.select { $0.id },
      #"SELECT "items"."id" FROM "items" WHERE ("items"."name" = 'x')"#)
  }

  /// How a predicate stands beside others is known from how Quarry built it; only SQL a user
  /// wrote by hand is read to decide.
  @Test func quarryKnowsHowItsOwnPredicatesAreDelimited() throws {
    let columns = Item.columns
    #expect(Delimitation.of(columns.isDone) == .operand)
    #expect(Delimitation.of(columns.name.lower() == "a") == .operand)
    #expect(Delimitation.of(columns.name.like("a%")) == .operand)
    #expect(Delimitation.of(columns.rank.in([1, 2])) == .operand)
    #expect(Delimitation.of(#sql("\(columns.isDone) OR 1", as: Bool.self)) == .userText)
    let both = Item.where { $0.isDone }.where { $0.rank > 1 }
    #expect(Delimitation.of(both.predicate) == .compound)
    #expect(Delimitation.of(Item.where { $0.isDone }.predicate) == .operand)

    // A `where` made of two predicates, joined to another table's filter, stays whole.
    let db = try itemsDatabase()
    let names = try assertQuery(
      Item.where {
        $0.isDone
        $0.rank > 0
      }
      .or(Item.where { $0.price < 2 })
      .select { $0.name },
      db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE (("items"."is_done" AND ("items"."rank" > 0)) OR ("items"."price" < 2.0))
        """)
    // "dates" is done but has no rank.
    #expect(names.elementsEqual(["apple", "bread"]))
  }

  @Test func filtersCombineWithAndOrNot() throws {
    let db = try itemsDatabase()
    let done = Item.where { $0.isDone }
    let cheap = Item.where { $0.price < 2 }
    let either = try assertQuery(
      (done || cheap).select { $0.name },
      db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE ("items"."is_done" OR ("items"."price" < 2.0))
        """)
    #expect(either.elementsEqual(["apple", "bread", "dates"]))
    let both = try assertQuery(
      done.and(Item.where { $0.price > 3.5 }).select { $0.name },
      db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE "items"."is_done" AND ("items"."price" > 3.5)
        """)
    #expect(both.elementsEqual(["dates"]))
    let open = try assertQuery(
      (!done).select { $0.name },
      db: db,
      sql: #"SELECT "items"."name" FROM "items" WHERE NOT ("items"."is_done")"#)
    #expect(open.elementsEqual(["apple", "cheese"]))
    // An unfiltered side adds nothing, as in StructuredQueries: a filter can be built up from
    // `all`, one `or` at a time.
    let builtUp = try assertQuery(
      Item.all.or(done).select { $0.name }, db: db,
      sql: #"SELECT "items"."name" FROM "items" WHERE "items"."is_done""#)
    #expect(builtUp.elementsEqual(["bread", "dates"]))
    #expect(try done.or(Item.all).fetchAll(db).map(\.name) == ["bread", "dates"])
  }

  /// Regression (found by the random query trees): `a || b` rendered `(a) OR (b)`, so a filter
  /// added after it, a filter it was added to, or the join condition of a joined table read
  /// `… AND (a) OR (b)`, which SQLite reads as `(… AND a) OR b`.
  @Test func anOrOfFiltersStaysWholeBesideOtherPredicates() throws {
    let db = try itemsDatabase()
    let done = Item.where { $0.isDone }
    let cheap = Item.where { $0.price < 2 }
    let thenFiltered = try assertQuery(
      (done || cheap).where { !$0.isDone }.select { $0.name },
      db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE ("items"."is_done" OR ("items"."price" < 2.0)) AND (NOT "items"."is_done")
        """)
    #expect(thenFiltered.elementsEqual(["apple"]))
    let addedTo = try assertQuery(
      Item.where { $0.price < 4 }.and(done || Item.where { $0.price > 5 }).select { $0.name },
      db: db,
      sql: """
        SELECT "items"."name" FROM "items"
        WHERE ("items"."price" < 4.0) AND ("items"."is_done" OR ("items"."price" > 5.0))
        """)
    #expect(addedTo.elementsEqual(["bread"]))
    let nested = (done || cheap) || Item.where { $0.rank == 3 }.where { $0.price > 7 }
    #expect(
      try nested.fetchAll(db).map(\.name).elementsEqual(["apple", "bread", "cheese", "dates"]))

    let library = try shelvesAndBooks()
    let joined = Shelf.join(Book.where { $0.pages > 400 } || Book.where { $0.title == "Cosmos" }) {
      $0.id == $1.shelfID
    }
    .order { $1.id }
    .select { ($0.name, $1.title) }
    #expect(
      try joined.fetchAll(library).map { "\($0) \($1)" }
        .elementsEqual(["Fiction Dune", "Science Cosmos"]))
  }
}
