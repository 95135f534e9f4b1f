import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// A book with its shelf, both whole: a `@Selection` whose properties are tables.
@Selection struct BookOnShelf: Equatable {
  let book: Book
  let shelf: Shelf?
}

/// A shelf with its books' titles gathered into a JSON array beside it.
@Selection struct ShelfWithTitles: Equatable {
  let shelf: Shelf
  @Column(as: [String?].JSONRepresentation.self) let titles: [String?]
}

@Suite("Whole tables as properties of selections")
struct TablesInSelectionsTests {
  /// An outer join's missing row is a nil table; the columns of both tables decode in order.
  @Test func aRowAndAnOptionalRow() throws {
    let db = try library()
    let rows = try assertQuery(
      Book.leftJoin(Shelf.all) { $0.shelfID == $1.id }.where { book, _ in book.id >= 3 }
        .order { book, _ in book.id }
        .select { BookOnShelf.Columns(book: $0, shelf: $1) },
      db: db,
      sql: """
        SELECT "books"."id", "books"."title", "books"."shelfID", "books"."pages", \
        "books"."rating", "books"."flags", "books"."published", "books"."info", \
        "shelves"."id", "shelves"."name"
        FROM "books"
        LEFT JOIN "shelves" ON ("books"."shelfID" = "shelves"."id")
        WHERE ("books"."id" >= 3)
        ORDER BY "books"."id"
        """)
    let books = try Book.where { $0.id >= 3 }.order { $0.id }.fetchAll(db)
    #expect(rows.map(\.book) == books)
    #expect(
      rows.map(\.shelf) == [Shelf(id: 2, name: "Science"), nil, Shelf(id: 2, name: "Science")])
    #expect(BookOnShelf.selectionColumns.count == 10)
    #expect(BookOnShelf.selectionColumns.suffix(2).allSatisfy { $0.isNullable == true })
  }

  /// A table beside an aggregate: each shelf, whole, with its books' titles.
  @Test func aRowBesideAnAggregate() throws {
    let db = try library()
    let rows = try assertQuery(
      Shelf.group { $0.id }.leftJoin(Book.all) { $0.id == $1.shelfID }
        .order { shelf, _ in shelf.id }
        .select { ShelfWithTitles.Columns(shelf: $0, titles: $1.title.jsonGroupArray()) },
      db: db,
      sql: """
        SELECT "shelves"."id", "shelves"."name", json_group_array("books"."title") AS "titles"
        FROM "shelves"
        LEFT JOIN "books" ON ("shelves"."id" = "books"."shelfID")
        GROUP BY "shelves"."id"
        ORDER BY "shelves"."id"
        """)
    #expect(rows.map(\.shelf.name) == ["Fiction", "Science", "Empty"])
    // (The empty shelf's one row has no book: its title is `null`.)
    let titles = rows.map { $0.titles.compactMap { $0 }.sorted() }
    #expect(titles == [["Dune", "Emma"], ["50% Off", "Cosmos"], []])
  }

  /// A selection holding a table binds the table's columns, and `NULL`s for a missing one.
  @Test func bindingATableProperty() throws {
    let row = BookOnShelf(book: Book(id: 9, title: "Ulysses"), shelf: nil)
    let bindings = row.queryBindings
    #expect(bindings.count == 10)
    #expect(bindings.prefix(2).elementsEqual([.int(9), .text("Ulysses")]))
    #expect(bindings.suffix(2).allSatisfy { $0.isNull })
    let db = try library()
    let missing = try assertQuery(
      Book.where { $0.id == 4 }.select { BookOnShelf.Columns(book: $0) }, db: db,
      sql: """
        SELECT "books"."id", "books"."title", "books"."shelfID", "books"."pages", \
        "books"."rating", "books"."flags", "books"."published", "books"."info", NULL, NULL
        FROM "books"
        WHERE ("books"."id" = 4)
        """)
    #expect(missing.map(\.shelf) == [nil])
  }
}
