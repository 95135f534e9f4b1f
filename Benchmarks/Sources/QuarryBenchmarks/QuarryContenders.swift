import Quarry
import QuarrySQLite

/// Quarry through its public API, written the way its README teaches.
enum QuarryContenders {
  /// Opens and closes a connection. Quarry configures SQLite for the whole process before its
  /// first connection (memory statistics off, see `Database`); the harness does this before
  /// the raw C and GRDB contenders initialize SQLite, so that every contender runs on the same
  /// configuration.
  static func configureSQLite() throws {
    _ = try Database()
  }

  static func queue(_ sql: String...) throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.writeWithoutTransaction { db in
      for statement in sql { try db.execute(sql: statement) }
    }
    return queue
  }

  /// Makes the database file at `path` with `sql` (W10: its rows are made once, untimed).
  static func makeFile(at path: String, _ sql: String...) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in
      for statement in sql { try db.execute(sql: statement) }
    }
  }

  static func fetchWide(rows: Int, strict: Bool = false) throws -> Contender {
    let queue = try queue(strict ? strictSchema(wideSchema) : wideSchema, wideRows(rows))
    return Contender(name: "Quarry") {
      try queue.read { db in try Wide.all.fetchAll(db) }.reduce(0) { $0 &+ $1.c9 }
    }
  }

  static func fetchItems(rows: Int, strict: Bool = false) throws -> Contender {
    let queue = try queue(strict ? strictSchema(itemsSchema) : itemsSchema, itemRows(rows))
    return Contender(name: "Quarry") {
      try queue.read { db in try Item.all.fetchAll(db) }.reduce(0) {
        $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive)
      }
    }
  }

  static func insertItems(_ values: [ItemValues]) throws -> Contender {
    let queue = try queue(itemsSchema)
    return Contender(
      name: "Quarry",
      reset: { try queue.writeWithoutTransaction { try $0.execute(sql: clearItems) } }
    ) {
      try queue.write { db in
        for value in values {
          try Item.insert {
            Item.Draft(
              name: value.name, price: value.price, note: value.note, isActive: value.isActive)
          }.execute(db)
        }
      }
      return values.count
    }
  }

  static func findItems(rows: Int, ids: [Int]) throws -> Contender {
    let queue = try queue(itemsSchema, itemRows(rows))
    return Contender(name: "Quarry") {
      try queue.read { db in
        try ids.reduce(0) { $0 &+ (try Item.find($1).fetchOne(db)?.id ?? 0) }
      }
    }
  }

  /// W10: every row of the file at `path` through `fetchCursor`, decoded one at a time.
  static func streamItems(path: String) throws -> Contender {
    let queue = try DatabaseQueue(path: path)
    return Contender(name: "Quarry") {
      try queue.read { db in
        let cursor = try Item.all.fetchCursor(db)
        var checksum = 0
        while let item = try cursor.next() {
          checksum &+= itemChecksum(item.name, item.price, item.note, item.isActive)
        }
        return checksum
      }
    }
  }

  /// Builds the select and renders it as the driver does: into one buffer that the
  /// connection keeps from one statement to the next.
  static func render(count: Int) -> Contender {
    Contender(name: "Quarry") {
      var total = 0
      var fragment = QueryFragment()
      for _ in 0..<count {
        let statement = Item.where { $0.isActive }.where { $0.price > renderMinimumPrice }
          .where { $0.name != renderExcludedName }.order { $0.price.desc() }.limit(10)
        fragment.removeAll(keepingCapacity: true)
        statement.writeStatement(to: &fragment)
        // The driver prepares the UTF-8 bytes as they are: no `String` is made on the way.
        total &+= fragment.utf8.isEmpty || fragment.bindings.isEmpty ? 0 : 1
      }
      return total
    }
  }

  /// The same select rendered into a new fragment each time (`statement.query`).
  static func renderQuery(count: Int) -> Contender {
    Contender(name: "Quarry .query") {
      var total = 0
      for _ in 0..<count {
        let fragment = Item.where { $0.isActive }.where { $0.price > renderMinimumPrice }
          .where { $0.name != renderExcludedName }.order { $0.price.desc() }.limit(10)
          .query
        total &+= fragment.utf8.isEmpty || fragment.bindings.isEmpty ? 0 : 1
      }
      return total
    }
  }
}
