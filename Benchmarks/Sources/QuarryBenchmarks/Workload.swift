// The schema, the rows and the inserted values, the same for every contender.

struct RawWide {
  var id, c1, c2, c3, c4, c5, c6, c7, c8, c9: Int
}

struct RawItem {
  var id: Int
  var name: String
  var price: Double
  var note: String?
  var isActive: Bool
}

let wideSchema = """
  CREATE TABLE "wide" (
    "id" INTEGER PRIMARY KEY, "c1" INTEGER NOT NULL, "c2" INTEGER NOT NULL,
    "c3" INTEGER NOT NULL, "c4" INTEGER NOT NULL, "c5" INTEGER NOT NULL, "c6" INTEGER NOT NULL,
    "c7" INTEGER NOT NULL, "c8" INTEGER NOT NULL, "c9" INTEGER NOT NULL
  )
  """

/// `schema` as a STRICT table, whose declared types SQLite enforces (W1S, W2S).
func strictSchema(_ schema: String) -> String {
  schema + " STRICT"
}

func wideRows(_ count: Int) -> String {
  """
  WITH RECURSIVE seq(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM seq WHERE x < \(count))
  INSERT INTO "wide" SELECT x, x + 1, x + 2, x + 3, x + 4, x + 5, x + 6, x + 7, x + 8, x + 9 FROM seq
  """
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

let selectWide = #"SELECT "id", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9" FROM "wide""#
let selectItems = #"SELECT "id", "name", "price", "note", "isActive" FROM "items""#
let clearItems = #"DELETE FROM "items""#
/// W10O's write: a commit's value as the first row's price, read back by the consumer.
let largeResultUpdate = #"UPDATE "items" SET "price" = ? WHERE "id" = 1"#
let renderMinimumPrice = 10.0
let renderExcludedName = "item-000000000000042"

func itemChecksum(_ name: String, _ price: Double, _ note: String?, _ isActive: Bool) -> Int {
  name.utf8.count &+ Int(price) &+ (note?.utf8.count ?? 0) &+ (isActive ? 1 : 0)
}
