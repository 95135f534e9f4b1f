import Quarry
import QuarryPostgres

/// W9's table, as a Quarry user writes it.
@Table("w9_rows")
struct W9Row {
  let id: Int
  var name: String
  var price: Double
  var quantity: Int
  var note: String?
  var active: Bool
  var category: String
  var rating: Double
  var stock: Int
  var code: String
}

/// The table the inserts go to: the same columns, its key assigned by the database.
@Table("w9_inserted")
struct W9InsertedRow {
  let id: Int
  var name: String
  var price: Double
  var quantity: Int
  var note: String?
  var active: Bool
  var category: String
  var rating: Double
  var stock: Int
  var code: String
}

/// Quarry through its public API, on a `PostgresDatabase`.
struct QuarryContenders {
  let db: PostgresDatabase

  var fetch: Contender {
    Contender(name: "Quarry") {
      try await db.read { db in try await W9Row.all.fetchAll(db) }.reduce(0) {
        $0
          &+ rowChecksum(
            $1.id, $1.name, $1.price, $1.quantity, $1.note, $1.active, $1.category, $1.rating,
            $1.stock, $1.code)
      }
    }
  }

  func insert(_ values: [RowValues]) -> Contender {
    Contender(
      name: "Quarry",
      reset: { try await db.writeWithoutTransaction { try await $0.execute(sql: clearInserted) } }
    ) {
      try await db.write { db in
        for value in values {
          try await W9InsertedRow.insert {
            W9InsertedRow.Draft(
              name: value.name, price: value.price, quantity: value.quantity, note: value.note,
              active: value.active, category: value.category, rating: value.rating,
              stock: value.stock, code: value.code)
          }.execute(db)
        }
        return values.count
      }
    }
  }

  func lookup(_ ids: [Int]) -> Contender {
    Contender(name: "Quarry") {
      try await db.read { db in
        var total = 0
        for id in ids {
          total &+= try await W9Row.find(id).fetchOne(db)?.id ?? 0
        }
        return total
      }
    }
  }
}
