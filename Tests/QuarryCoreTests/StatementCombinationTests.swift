import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// Builds statements by combining the public API's clauses, renders each, and has SQLite
/// prepare and run it on the shelves-and-books schema: every combination the API accepts must
/// be SQL SQLite accepts. (The class of bug this guards against: a clause that renders in a
/// place SQLite's grammar doesn't allow once another clause is present.)
@Suite("Every combination of clauses renders SQL SQLite prepares and runs")
struct StatementCombinationTests {
  /// The table a single-column common table expression names.
  @Table("cteValues")
  struct CTEValue {
    var value: Int
  }

  /// SQLite's `pragma_table_info`.
  @Table("pragma_table_info")
  struct ColumnInfoRow {
    var cid: Int
    var name: String
    var pk: Int
  }

  /// A select with one of each kind of clause, as an existential.
  typealias Made = (label: String, statement: any Statement)

  // MARK: Selects

  /// Selections over books, by kind.
  static let selectionKinds = [
    "rows", "column", "tuple with literals", "aggregate", "whole table beside a column",
    "scalar subquery",
  ]

  static func select(
    from source: Where<Book>, selection: String, order: Int, limit: Int, distinct: Bool
  ) -> any Statement {
    var base = Select<Book, Book>(filter: source)
    base = base.distinct(distinct)
    switch order {
    case 1: base = base.order { $0.title }
    case 2: base = base.order { ($0.rating.desc(nulls: .last), $0.id) }
    default: break
    }
    switch limit {
    case 1: base = base.limit(2)
    case 2: base = base.offset(1)
    case 3: base = base.limit(2, offset: 1)
    default: break
    }
    switch selection {
    case "column": return base.select { $0.title }
    case "tuple with literals": return base.select { ("book", $0.id, 1.5) }
    case "aggregate": return base.select { ($0.id.count(), $0.pages.sum()) }
    case "whole table beside a column": return base.select { ($0.title, $0) }
    case "scalar subquery":
      let most = Book.select { $0.pages.max() }
      return base.select { book in most ?? book.pages }
    default: return base
    }
  }

  static func sources() -> [(String, Where<Book>)] {
    let filtered = Book.where { $0.pages > 100 }
    let built = Book.where {
      $0.pages > 10
      if true { $0.shelfID != nil }
    }
    let combined = Book.where { $0.id < 3 } || Book.where { $0.title == "Cosmos" }
    return [
      ("all", Book.all), ("filtered", filtered), ("builder", built), ("or", combined),
      ("none", Book.none),
    ]
  }

  static func selects() -> [Made] {
    var made: [Made] = []
    for (sourceName, source) in sources() {
      for selection in selectionKinds {
        for order in 0..<3 {
          for limit in 0..<4 {
            for distinct in [false, true] {
              let label =
                "\(sourceName) \(selection) order\(order) limit\(limit) distinct\(distinct)"
              let statement = select(
                from: source, selection: selection, order: order, limit: limit,
                distinct: distinct)
              made.append((label, statement))
            }
          }
        }
      }
    }
    return made
  }

  static func joins() -> [Made] {
    var made: [Made] = []
    let inner = Book.where { $0.pages > 10 }.order { $0.id }.join(Shelf.all) {
      $0.shelfID == $1.id
    }
    made.append(("join rows", inner))
    made.append(("join tables", inner.select { ($0, $1) }))
    made.append(("join grouped", inner.group { _, shelf in shelf.id }.having { _, _ in true }))
    let left = Shelf.leftJoin(Book.where { $0.pages > 0 }) { $0.id == $1.shelfID }
    made.append(("left join", left))
    made.append(("left join tuple", left.select { ($1, $0.name, "x") }.limit(3).offset(1)))
    made.append(("left join distinct", left.select { shelf, _ in shelf.name }.distinct()))
    let cross = Shelf.crossJoin(Book.all).select { ($0.id, $1.id) }
    made.append(("cross join", cross))
    // (A table joined with itself needs an alias, `Book.aliased("others")`: without one, both
    // sides render the same names and SQLite rejects them as ambiguous.)
    let aliased = Book.join(Book.aliased("others")) { $0.shelfID == $1.shelfID }
    made.append(("alias", aliased.select { ($0.title, $1) }))
    let both = Book.aliased("a").leftJoin(Book.aliased("b")) { $0.shelfID == $1.shelfID }
    made.append(("aliases", both.where { $1.pages > 1 }.order { a, _ in a.id }.limit(2)))
    made.append(("alias find", Book.aliased("a").find(1).select { ($0.id, $0) }))
    made.append(("table function", ColumnInfoRow.call("books").where { $0.pk > 0 }))
    made.append(("values", Values(1, "a", Book.count())))
    let added = Book.where { $0.id > 1 }.select(\.id).select(\.title).limit(2)
    made.append(("select after select", added))
    made.append(("map", added.map { id, title in (title, id * 2) }))
    return made
  }

  /// Each select as it is, in both arms of a union, as a subquery of `IN`/`EXISTS`, counted,
  /// and (for one-column selects) as a common table expression.
  static func wrapped(_ made: [Made]) -> [Made] {
    var all: [Made] = []
    for (label, statement) in made {
      all.append((label, statement))
      all.append((label + " union", unionWithItself(statement)))
      all.append((label + " exists", Shelf.where { _ in exists(statement) }))
    }
    return all
  }

  static func unionWithItself<S: Statement>(_ statement: S) -> any Statement {
    statement.unionAll(statement)
  }

  // MARK: Writes

  static func writes() -> [Made] {
    var made: [Made] = []
    for (sourceName, source) in sources() {
      let update = source.update { $0.pages += 1 }
      made.append(("update \(sourceName)", update))
      made.append(("update returning \(sourceName)", update.returning { ($0.id, $0.title) }))
      made.append(("delete \(sourceName)", source.delete()))
      made.append(("delete returning \(sourceName)", source.delete().returning { $0.id }))
    }
    let setters = Book.where { $0.id == 1 }.update {
      $0.title += "!"
      $0.rating = Double?.none
      $0.pages = Book.where { $0.id == 2 }.select { $0.pages }.subquery()
    }
    made.append(("update setters", setters))
    let aliased = Book.aliased("b")
    let aliasedUpdate = aliased.update { $0.pages += 1 }.where { $0.id > 1 }
    made.append(("aliased update", aliasedUpdate))
    made.append(("aliased update returning", aliasedUpdate.returning { $0.id }))
    made.append(("aliased delete", aliased.delete().where { $0.pages > 1 }.returning { $0.title }))
    for resolution in [nil, ConflictResolution.ignore, .replace] {
      let draft = Book.insert(or: resolution) {
        Book.Draft(title: "New", shelfID: 1, pages: 5, published: "2024")
      }
      made.append(("insert draft \(String(describing: resolution))", draft))
      made.append(("insert draft returning", draft.returning { $0.id }))
    }
    let values = Shelf.insert {
      ($0.id, $0.name)
    } values: {
      (10, "Ten")
      (11, "Eleven")
    }
    made.append(("insert values", values))
    made.append(("insert values do nothing", values.onConflictDoNothing()))
    let upserted = values.onConflict {
      $0.id
    } doUpdate: {
      $0.name = $1.name
    }
    made.append(("insert values upsert", upserted))
    for order in 0..<3 {
      for limit in 0..<4 {
        for upsert in 0..<3 {
          made.append(
            ("insert select \(order) \(limit) \(upsert)", insertSelect(order, limit, upsert)))
        }
      }
    }
    made.append(("insert default values", CTEValue.insert()))
    return made
  }

  static func insertSelect(_ order: Int, _ limit: Int, _ upsert: Int) -> any Statement {
    var books = Select<Book, Book>(filter: Book.where { $0.pages > 0 })
    if order == 1 { books = books.order { $0.title } }
    if order == 2 { books = books.order { $0.pages.desc() } }
    if limit == 1 { books = books.limit(1) }
    if limit == 2 { books = books.offset(1) }
    if limit == 3 { books = books.limit(2, offset: 1) }
    let source = books.select { ($0.id + 100, $0.title) }
    let insert = Shelf.insert {
      ($0.id, $0.name)
    } select: {
      source
    }
    switch upsert {
    case 1: return insert.onConflictDoNothing()
    case 2:
      let upserted = insert.onConflict {
        $0.id
      } doUpdate: {
        $0.name = $1.name
      }
      return upserted
    default: return insert
    }
  }

  // MARK: Checks

  /// Prepares and runs every statement, inside a transaction that is rolled back.
  func check(_ made: [Made]) throws {
    let db = try library()
    try db.execute(sql: #"CREATE TABLE "cteValues" ("value" INTEGER NOT NULL DEFAULT 0)"#)
    var failures: [String] = []
    for (label, statement) in made {
      let query = statement.query
      guard !query.sql.isEmpty else { continue }
      do {
        _ = try db.prepare(sql: query.sql)
        try db.execute(sql: "SAVEPOINT combination")
        try db.execute(query)
        try db.execute(sql: "ROLLBACK TO combination")
        try db.execute(sql: "RELEASE combination")
      } catch {
        failures.append("\(label):\n\(query.debugDescription)\n\(error)")
        try? db.execute(sql: "ROLLBACK TO combination")
        try? db.execute(sql: "RELEASE combination")
      }
    }
    let shown = failures.prefix(3).joined(separator: "\n\n")
    #expect(failures.isEmpty, "\(failures.count) of \(made.count) failed; the first:\n\(shown)")
  }

  @Test func selects() throws {
    let made = Self.selects()
    #expect(made.count == 5 * 6 * 3 * 4 * 2)
    try check(Self.wrapped(made))
  }

  @Test func joins() throws {
    try check(Self.wrapped(Self.joins()))
  }

  @Test func oneColumnSelectsAsCommonTables() throws {
    var made: [Made] = []
    for (label, statement) in Self.selects()
    where label.contains(" column order") && !label.contains("beside") {
      made.append((label + " cte", cte(statement)))
    }
    #expect(made.count == 5 * 3 * 4 * 2)
    try check(made)
  }

  func cte<S: Statement>(_ statement: S) -> any Statement {
    CTEValue.with(as: statement) { CTEValue.where { $0.value != 0 }.order { $0.value } }
  }

  @Test func writes() throws {
    try check(Self.writes())
  }
}
