import Foundation
import GRDB
import Quarry
import QuarrySQLite

// Runs every workload for every contender in one process and prints median times as ratios to
// raw SQLite C calls. `--quick` uses tiny sizes, to check that the harness still works.

let quick = CommandLine.arguments.contains("--quick")
let rowCount = quick ? 1_000 : 100_000
let insertCount = quick ? 1_000 : 20_000
let lookupCount = quick ? 500 : 10_000
let renderCount = quick ? 1_000 : 100_000
let iterations = quick ? 2 : 7

func grdbQueue(_ sql: String...) throws -> DatabaseQueue {
  let queue = try DatabaseQueue()
  try queue.write { db in for statement in sql { try db.execute(sql: statement) } }
  return queue
}

func quarryQueue(_ sql: String...) throws -> QuarrySQLite.DatabaseQueue {
  let queue = try QuarrySQLite.DatabaseQueue()
  try queue.writeWithoutTransaction { db in for statement in sql { try db.execute(sql: statement) }
  }
  return queue
}

func rawConnection(_ sql: String...) throws -> RawConnection {
  let connection = try RawConnection()
  for statement in sql { try connection.execute(statement) }
  return connection
}

var results: [[Measurement]] = []

// MARK: W1: fetch rows of ten integers

do {
  let raw = try rawConnection(wideSchema, wideRows(rowCount))
  let rawSelect = try raw.prepare(
    #"SELECT "id", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9" FROM "wide""#)
  let grdb = try grdbQueue(wideSchema, wideRows(rowCount))
  let quarry = try quarryQueue(wideSchema, wideRows(rowCount))
  let sql = #"SELECT "id", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9" FROM "wide""#
  results.append(
    try measure(
      workload: "W1 fetch \(rowCount) × 10 INT",
      contenders: [
        Contender(name: "raw C") { rawSelect.fetchWide().reduce(0) { $0 &+ $1.c9 } },
        Contender(name: "Quarry") {
          try quarry.read { db in try Wide.all.fetchAll(db) }.reduce(0) { $0 &+ $1.c9 }
        },
        Contender(name: "GRDB init(row:)") {
          try grdb.read { db in try GRDBWide.fetchAll(db, sql: sql) }.reduce(0) { $0 &+ $1.c9 }
        },
        Contender(name: "GRDB Codable") {
          try grdb.read { db in try GRDBWideCodable.fetchAll(db) }.reduce(0) { $0 &+ $1.c9 }
        },
      ],
      iterations: iterations))
}

// MARK: W2: fetch mixed rows

func itemChecksum(_ name: String, _ price: Double, _ note: String?, _ isActive: Bool) -> Int {
  name.utf8.count &+ Int(price) &+ (note?.utf8.count ?? 0) &+ (isActive ? 1 : 0)
}

do {
  let raw = try rawConnection(itemsSchema, itemRows(rowCount))
  let sql = #"SELECT "id", "name", "price", "note", "isActive" FROM "items""#
  let rawSelect = try raw.prepare(sql)
  let grdb = try grdbQueue(itemsSchema, itemRows(rowCount))
  let quarry = try quarryQueue(itemsSchema, itemRows(rowCount))
  results.append(
    try measure(
      workload: "W2 fetch \(rowCount) mixed rows",
      contenders: [
        Contender(name: "raw C") {
          rawSelect.fetchItems().reduce(0) {
            $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive)
          }
        },
        Contender(name: "Quarry") {
          try quarry.read { db in try Item.all.fetchAll(db) }
            .reduce(0) { $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive) }
        },
        Contender(name: "GRDB init(row:)") {
          try grdb.read { db in try GRDBItem.fetchAll(db, sql: sql) }
            .reduce(0) { $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive) }
        },
        Contender(name: "GRDB Codable") {
          try grdb.read { db in try GRDBItemCodable.fetchAll(db) }
            .reduce(0) { $0 &+ itemChecksum($1.name, $1.price, $1.note, $1.isActive) }
        },
      ],
      iterations: iterations))
}

// MARK: W3: insert rows one statement at a time, in one transaction

do {
  let values = ItemValues.make(insertCount)
  let raw = try rawConnection(itemsSchema)
  let rawInsert = try raw.prepare(
    #"INSERT INTO "items" ("id", "name", "price", "note", "isActive") VALUES (?, ?, ?, ?, ?)"#)
  let grdb = try grdbQueue(itemsSchema)
  let quarry = try quarryQueue(itemsSchema)
  let clear = #"DELETE FROM "items""#
  results.append(
    try measure(
      workload: "W3 insert \(insertCount) rows",
      contenders: [
        Contender(name: "raw C", reset: { try raw.execute(clear) }) {
          try raw.execute("BEGIN")
          for value in values { try rawInsert.insert(value) }
          try raw.execute("COMMIT")
          return values.count
        },
        Contender(
          name: "Quarry",
          reset: { try quarry.writeWithoutTransaction { try $0.execute(sql: clear) } }
        ) {
          try quarry.write { db in
            for value in values {
              try Item.insert {
                Item.Draft(
                  name: value.name, price: value.price, note: value.note, isActive: value.isActive)
              }.execute(db)
            }
          }
          return values.count
        },
        Contender(name: "GRDB records", reset: { try grdb.write { try $0.execute(sql: clear) } }) {
          try grdb.write { db in
            for value in values {
              try GRDBItem(
                id: nil, name: value.name, price: value.price, note: value.note,
                isActive: value.isActive
              ).insert(db)
            }
          }
          return values.count
        },
      ],
      iterations: iterations))
}

// MARK: W4: primary-key lookups built with each query API

do {
  var generator = SystemRandomNumberGenerator()
  let ids = (0..<lookupCount).map { _ in Int.random(in: 1...rowCount, using: &generator) }
  let raw = try rawConnection(itemsSchema, itemRows(rowCount))
  let rawFind = try raw.prepare(
    #"SELECT "id", "name", "price", "note", "isActive" FROM "items" WHERE "id" = ?"#)
  let grdb = try grdbQueue(itemsSchema, itemRows(rowCount))
  let quarry = try quarryQueue(itemsSchema, itemRows(rowCount))
  results.append(
    try measure(
      workload: "W4 \(lookupCount) primary-key lookups",
      contenders: [
        Contender(name: "raw C") { ids.reduce(0) { $0 &+ (rawFind.findItem($1)?.id ?? 0) } },
        Contender(name: "Quarry") {
          try quarry.read { db in
            try ids.reduce(0) { $0 &+ (try Item.find($1).fetchOne(db)?.id ?? 0) }
          }
        },
        Contender(name: "GRDB records") {
          try grdb.read { db in
            try ids.reduce(0) { $0 &+ (try GRDBItem.fetchOne(db, key: $1)?.id ?? 0) }
          }
        },
      ],
      iterations: iterations))
}

// MARK: W5: render a select with three predicates, an order and a limit

do {
  let minimumPrice = 10.0
  let excluded = "item-000000000000042"
  let grdb = try grdbQueue(itemsSchema)
  let name = GRDB.Column("name")
  let price = GRDB.Column("price")
  let isActive = GRDB.Column("isActive")
  results.append(
    try measure(
      workload: "W5 render \(renderCount) selects",
      contenders: [
        Contender(name: "hand-built string") {
          var total = 0
          for _ in 0..<renderCount {
            var sql =
              #"SELECT "items"."id", "items"."name", "items"."price", "items"."note", "items"."isActive" FROM "items""#
            sql += #" WHERE "items"."isActive" AND ("items"."price" > ?) AND ("items"."name" <> ?)"#
            sql += #" ORDER BY "items"."price" DESC LIMIT ?"#
            let bindings: [QueryBinding] = [.double(minimumPrice), .text(excluded), .int(10)]
            total &+= sql.isEmpty || bindings.isEmpty ? 0 : 1
          }
          return total
        },
        Contender(name: "Quarry") {
          var total = 0
          for _ in 0..<renderCount {
            let fragment = Item.where { $0.isActive }.where { $0.price > minimumPrice }
              .where { $0.name != excluded }.order { $0.price.desc() }.limit(10).queryFragment
            total &+= fragment.sql.isEmpty || fragment.bindings.isEmpty ? 0 : 1
          }
          return total
        },
        Contender(name: "GRDB (needs a db)") {
          try grdb.read { db in
            var total = 0
            for _ in 0..<renderCount {
              let request = GRDBItem.filter(isActive).filter(price > minimumPrice)
                .filter(name != excluded).order(price.desc).limit(10)
              let prepared = try request.makePreparedRequest(db, forSingleResult: false)
              total &+= prepared.statement.sql.isEmpty ? 0 : 1
            }
            return total
          }
        },
      ],
      iterations: iterations))
}

let machine = ProcessInfo.processInfo
print(
  "Quarry benchmarks\(quick ? " (--quick: tiny sizes, timings meaningless)" : "") — "
    + "\(machine.activeProcessorCount) cores, SQLite \(String(cString: sqlite3_libversion_raw())), "
    + "median of \(iterations) runs after a warm-up\n")
printTable(results)
