import Quarry

// Quarry's models, written the way the README teaches. (Each contender has its own files: GRDB
// and Quarry both define `Database`, `DatabaseQueue` and `Table`.)

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

@Table
struct Item {
  let id: Int
  var name: String
  var price: Double
  var note: String?
  var isActive: Bool
}
