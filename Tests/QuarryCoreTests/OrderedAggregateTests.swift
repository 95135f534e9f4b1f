import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

// `ORDER BY` inside an aggregate call arrived in SQLite 3.44. The SQL is checked on every
// SQLite; it runs live only where SQLite accepts it, and elsewhere must fail with SQLite's
// syntax error, not decode garbage.

private let hasOrderedAggregates = Database.sqliteVersionNumber >= 3_044_000

/// Titles per shelf, longest book first, then ids as a JSON array by title, for long books.
private let orderedTitles = Book.group { $0.shelfID }
  .select {
    (
      $0.shelfID,
      $0.title.groupConcat(", ").order(by: $0.pages.desc()),
      $0.id.jsonGroupArray().order(by: $0.title).filter($0.pages > 300)
    )
  }
  .order { $0.shelfID }

/// Distinct titles, best rated first; ordering terms accumulate.
private let distinctTitles = Book.select {
  $0.title.groupConcat(distinct: true).order(by: $0.rating.desc().nullsLast()).order(by: $0.id)
}

private let distinctTitlesSQL = """
  SELECT group_concat(DISTINCT "books"."title" ORDER BY "books"."rating" DESC NULLS LAST,
    "books"."id")
  FROM "books"
  """

private let orderedTitlesSQL = """
  SELECT "books"."shelfID",
    group_concat("books"."title", ', ' ORDER BY "books"."pages" DESC),
    json_group_array("books"."id" ORDER BY "books"."title") FILTER (WHERE ("books"."pages" > 300))
  FROM "books"
  GROUP BY "books"."shelfID"
  ORDER BY "books"."shelfID"
  """

@Suite("Ordered aggregates (SQLite 3.44+)")
struct OrderedAggregateTests {
  @Test(
    .enabled(
      if: hasOrderedAggregates,
      Comment(
        rawValue: "Skipped: this SQLite (\(Database.sqliteVersion)) is older than 3.44, which "
          + "added ORDER BY inside aggregate calls; orderedGroupConcatFailsClearlyBeforeSQLite344 "
          + "checks the SQL and the error instead")))
  func orderedGroupConcatRunsOnSQLite344() throws {
    let db = try booksOnTwoShelves()
    let rows = try assertQuery(orderedTitles, db: db, sql: orderedTitlesSQL)
    #expect(rows.map(\.0).elementsEqual([1, 2] as [Int?]))
    #expect(rows.map(\.1).elementsEqual(["Dune, Emma, Persuasion", "Contact, Cosmos"]))
    #expect(rows.map(\.2.queryOutput).elementsEqual([[1, 2], [5, 4]]))
    let keyed = try assertQuery(
      Book.select {
        SQLFunctions.jsonGroupObject(key: $0.title, value: $0.pages).order(by: $0.pages)
      }.where { $0.shelfID == 2 },
      db: db,
      sql: """
        SELECT json_group_object("books"."title", "books"."pages" ORDER BY "books"."pages")
        FROM "books" WHERE ("books"."shelfID" = 2)
        """)
    #expect(keyed.elementsEqual([#"{"Cosmos":396,"Contact":432}"#]))
    let distinct = try assertQuery(distinctTitles, db: db, sql: distinctTitlesSQL)
    #expect(distinct.elementsEqual(["Cosmos,Dune,Persuasion,Contact,Emma"]))
  }

  @Test(
    .enabled(
      if: !hasOrderedAggregates,
      Comment(
        rawValue: "Skipped: this SQLite (\(Database.sqliteVersion)) accepts ORDER BY inside "
          + "aggregate calls; orderedGroupConcatRunsOnSQLite344 runs the queries live")))
  func orderedGroupConcatFailsClearlyBeforeSQLite344() throws {
    let db = try booksOnTwoShelves()
    assertSQL(orderedTitles, orderedTitlesSQL)
    let error = #expect(throws: DatabaseError.self) { try orderedTitles.fetchAll(db) }
    #expect(error?.message == #"near "ORDER": syntax error"#)
    #expect(error?.sql?.contains("ORDER BY \"books\".\"pages\" DESC)") == true)
    assertSQL(distinctTitles, distinctTitlesSQL)
    #expect(throws: DatabaseError.self) { try distinctTitles.fetchAll(db) }
    // The same query without the ordering runs on any SQLite.
    let unordered = try assertQuery(
      Book.group { $0.shelfID }.select { ($0.shelfID, $0.title.groupConcat(", ")) }
        .order { $0.shelfID },
      db: db,
      sql: """
        SELECT "books"."shelfID", group_concat("books"."title", ', ') FROM "books"
        GROUP BY "books"."shelfID" ORDER BY "books"."shelfID"
        """)
    #expect(unordered.map(\.0).elementsEqual([1, 2] as [Int?]))
    #expect(Set(unordered[0].1?.split(separator: ", ") ?? []) == ["Dune", "Emma", "Persuasion"])
  }
}
