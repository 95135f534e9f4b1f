import GRDB
import Quarry

// The same rows, modelled once per contender.

// MARK: W1: ten integer columns

@Table("wide")
struct Wide {
  let id: Int
  var c1: Int
  var c2: Int
  var c3: Int
  var c4: Int
  var c5: Int
  var c6: Int
  var c7: Int
  var c8: Int
  var c9: Int
}

struct RawWide {
  var id, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int
}

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

let wideSchema = """
  CREATE TABLE "wide" (
    "id" INTEGER PRIMARY KEY, "c1" INTEGER NOT NULL, "c2" INTEGER NOT NULL,
    "c3" INTEGER NOT NULL, "c4" INTEGER NOT NULL, "c5" INTEGER NOT NULL, "c6" INTEGER NOT NULL,
    "c7" INTEGER NOT NULL, "c8" INTEGER NOT NULL, "c9" INTEGER NOT NULL
  )
  """

func wideRows(_ count: Int) -> String {
  """
  WITH RECURSIVE seq(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM seq WHERE x < \(count))
  INSERT INTO "wide" SELECT x, x + 1, x + 2, x + 3, x + 4, x + 5, x + 6, x + 7, x + 8, x + 9 FROM seq
  """
}

// MARK: W2–W5: mixed columns

@Table
struct Item {
  let id: Int
  var name: String
  var price: Double
  var note: String?
  var isActive: Bool
}

struct RawItem {
  var id: Int
  var name: String
  var price: Double
  var note: String?
  var isActive: Bool
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

let itemsSchema = """
  CREATE TABLE "items" (
    "id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "price" REAL NOT NULL, "note" TEXT,
    "isActive" INTEGER NOT NULL
  )
  """

func itemRows(_ count: Int) -> String {
  """
  WITH RECURSIVE seq(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM seq WHERE x < \(count))
  INSERT INTO "items"
  SELECT x, printf('item-%015d', x), x * 0.5, CASE WHEN x % 2 = 0 THEN printf('note %d', x) END,
    x % 3 = 0
  FROM seq
  """
}

/// The values W3 inserts, the same for every contender.
struct ItemValues {
  var name: String
  var price: Double
  var note: String?
  var isActive: Bool

  static func make(_ count: Int) -> [ItemValues] {
    (0..<count).map { index in
      ItemValues(
        name: "inserted-\(String(repeating: "0", count: 11 - String(index).count))\(index)",
        price: Double(index) * 0.25, note: index.isMultiple(of: 2) ? "note \(index)" : nil,
        isActive: index.isMultiple(of: 3))
    }
  }
}
