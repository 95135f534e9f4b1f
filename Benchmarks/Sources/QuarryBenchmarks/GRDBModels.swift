import GRDB

// GRDB's records: by column index (its fastest), and Codable.

struct GRDBWide: FetchableRecord {
  var id, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int
  init(row: GRDB.Row) {
    id = row[0]
    c1 = row[1]
    c2 = row[2]
    c3 = row[3]
    c4 = row[4]
    c5 = row[5]
    c6 = row[6]
    c7 = row[7]
    c8 = row[8]
    c9 = row[9]
  }
}

struct GRDBWideCodable: Codable, FetchableRecord, TableRecord {
  static let databaseTableName = "wide"
  var id, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int
}

struct GRDBItem: FetchableRecord, PersistableRecord {
  static let databaseTableName = "items"
  var id: Int?
  var name: String
  var price: Double
  var note: String?
  var isActive: Bool

  init(id: Int?, name: String, price: Double, note: String?, isActive: Bool) {
    self.id = id
    self.name = name
    self.price = price
    self.note = note
    self.isActive = isActive
  }

  init(row: GRDB.Row) {
    id = row[0]
    name = row[1]
    price = row[2]
    note = row[3]
    isActive = row[4]
  }

  func encode(to container: inout PersistenceContainer) {
    container["id"] = id
    container["name"] = name
    container["price"] = price
    container["note"] = note
    container["isActive"] = isActive
  }
}

struct GRDBItemCodable: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "items"
  var id: Int?
  var name: String
  var price: Double
  var note: String?
  var isActive: Bool
}
