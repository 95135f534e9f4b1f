import CSQLiteRaw

/// The floor: SQLite's C API called directly.
enum RawContenders {
  static func connection(_ sql: String...) throws -> RawConnection {
    let connection = try RawConnection()
    for statement in sql { try connection.execute(statement) }
    return connection
  }

  static func fetchWide(rows: Int, strict: Bool = false) throws -> Contender {
    let schema = strict ? strictSchema(wideSchema) : wideSchema
    let connection = try connection(schema, wideRows(rows))
    let select = try connection.prepare(selectWide)
    return Contender(name: "raw C") { select.fetchWide().reduce(0) { $0 &+ $1.c9 } }
  }

  static func fetchItems(rows: Int, strict: Bool = false) throws -> Contender {
    let schema = strict ? strictSchema(itemsSchema) : itemsSchema
    let connection = try connection(schema, itemRows(rows))
    let select = try connection.prepare(selectItems)
    return Contender(name: "raw C") {
      select.fetchItems().reduce(0) { $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive) }
    }
  }

  static func insertItems(_ values: [ItemValues]) throws -> Contender {
    let connection = try connection(itemsSchema)
    let insert = try connection.prepare(
      #"INSERT INTO "items" ("id", "name", "price", "note", "isActive") VALUES (?, ?, ?, ?, ?)"#)
    return Contender(name: "raw C", reset: { try connection.execute(clearItems) }) {
      try connection.execute("BEGIN")
      for value in values { try insert.insert(value) }
      try connection.execute("COMMIT")
      return values.count
    }
  }

  static func findItems(rows: Int, ids: [Int]) throws -> Contender {
    let connection = try connection(itemsSchema, itemRows(rows))
    let find = try connection.prepare(selectItems + #" WHERE "id" = ?"#)
    return Contender(name: "raw C") { ids.reduce(0) { $0 &+ (find.findItem($1)?.id ?? 0) } }
  }

  /// W10: every row of the file at `path`, stepped and read one at a time, none kept.
  static func streamItems(path: String) throws -> Contender {
    let connection = try RawConnection(readingFile: path)
    let select = try connection.prepare(selectItems)
    return Contender(name: "raw C") {
      withExtendedLifetime(connection) {
        select.streamItems { $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive) }
      }
    }
  }

  /// The same SQL text and bindings built by hand with string appends.
  static func render(count: Int) -> Contender {
    Contender(name: "hand-built string") {
      var total = 0
      for _ in 0..<count {
        var sql =
          #"SELECT "items"."id", "items"."name", "items"."price", "items"."note", "items"."isActive""#
        sql += #" FROM "items" WHERE "items"."isActive" AND ("items"."price" > ?)"#
        sql += #" AND ("items"."name" <> ?) ORDER BY "items"."price" DESC LIMIT ?"#
        let bindings: [RawBinding] = [
          .double(renderMinimumPrice), .text(renderExcludedName), .int(10),
        ]
        total &+= sql.isEmpty || bindings.isEmpty ? 0 : 1
      }
      return total
    }
  }

  static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

  /// Whether SQLite counts the memory it uses (`SQLITE_CONFIG_MEMSTATUS`): with statistics off,
  /// its high-water mark stays at zero.
  static var memoryStatisticsEnabled: Bool { sqlite3_memory_highwater(0) > 0 }
}

/// What a hand-written binder would keep next to its SQL.
enum RawBinding {
  case int(Int64)
  case double(Double)
  case text(String)
}
