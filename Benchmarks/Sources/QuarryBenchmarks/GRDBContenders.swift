import GRDB

/// GRDB 7.10.0, with records decoded by column index (its fastest way) and with Codable.
enum GRDBContenders {
  static func queue(_ sql: String...) throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in for statement in sql { try db.execute(sql: statement) } }
    return queue
  }

  static func fetchWide(rows: Int, strict: Bool = false) throws -> [Contender] {
    let queue = try queue(strict ? strictSchema(wideSchema) : wideSchema, wideRows(rows))
    return [
      Contender(name: "GRDB init(row:)") {
        try queue.read { db in try GRDBWide.fetchAll(db, sql: selectWide) }.reduce(0) {
          $0 &+ $1.c9
        }
      },
      Contender(name: "GRDB Codable") {
        try queue.read { db in try GRDBWideCodable.fetchAll(db) }.reduce(0) { $0 &+ $1.c9 }
      },
    ]
  }

  static func fetchItems(rows: Int, strict: Bool = false) throws -> [Contender] {
    let queue = try queue(strict ? strictSchema(itemsSchema) : itemsSchema, itemRows(rows))
    return [
      Contender(name: "GRDB init(row:)") {
        try queue.read { db in try GRDBItem.fetchAll(db, sql: selectItems) }.reduce(0) {
          $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive)
        }
      },
      Contender(name: "GRDB Codable") {
        try queue.read { db in try GRDBItemCodable.fetchAll(db) }.reduce(0) {
          $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive)
        }
      },
    ]
  }

  static func insertItems(_ values: [ItemValues]) throws -> Contender {
    let queue = try queue(itemsSchema)
    return Contender(
      name: "GRDB records", reset: { try queue.write { try $0.execute(sql: clearItems) } }
    ) {
      try queue.write { db in
        for value in values {
          try GRDBItem(
            id: nil, name: value.name, price: value.price, note: value.note,
            isActive: value.isActive
          ).insert(db)
        }
      }
      return values.count
    }
  }

  static func findItems(rows: Int, ids: [Int]) throws -> Contender {
    let queue = try queue(itemsSchema, itemRows(rows))
    return Contender(name: "GRDB records") {
      try queue.read { db in
        try ids.reduce(0) { $0 &+ (try GRDBItem.fetchOne(db, key: $1)?.id ?? 0) }
      }
    }
  }

  /// W10: every row of the file at `path` through a cursor of records (`init(row:)`, by
  /// column index), decoded one at a time.
  static func streamRecords(path: String) throws -> Contender {
    let queue = try DatabaseQueue(path: path)
    return Contender(name: "GRDB records") {
      try queue.read { db in
        let cursor = try GRDBItem.fetchCursor(db, sql: selectItems)
        var checksum = 0
        while let item = try cursor.next() {
          checksum &+= itemChecksum(item.name, item.price, item.note, item.isActive)
        }
        return checksum
      }
    }
  }

  /// W10: every row of the file at `path` through a cursor of rows, each value read by column
  /// index.
  static func streamRows(path: String) throws -> Contender {
    let queue = try DatabaseQueue(path: path)
    return Contender(name: "GRDB Row") {
      try queue.read { db in
        let cursor = try Row.fetchCursor(db, sql: selectItems)
        var checksum = 0
        while let row = try cursor.next() {
          checksum &+= itemChecksum(row[1], row[2], row[3], row[4])
        }
        return checksum
      }
    }
  }

  /// GRDB renders SQL only with a database at hand: this prepares the request, as a fetch would.
  static func render(count: Int) throws -> Contender {
    let queue = try queue(itemsSchema)
    let name = Column("name")
    let price = Column("price")
    let isActive = Column("isActive")
    return Contender(name: "GRDB (prepares)") {
      try queue.read { db in
        var total = 0
        for _ in 0..<count {
          let request = GRDBItem.filter(isActive).filter(price > renderMinimumPrice)
            .filter(name != renderExcludedName).order(price.desc).limit(10)
          let prepared = try request.makePreparedRequest(db, forSingleResult: false)
          total &+= prepared.statement.sql.isEmpty ? 0 : 1
        }
        return total
      }
    }
  }
}
