/// W9's row as SQLKit's documentation models one: a `Codable` struct whose property names are
/// the column names. Rows decode into it with `all(decoding:)` (`SQLRow.decode(model:)`); an
/// insert encodes it with `insert(into:).model(_:)`, which leaves out its `nil` properties, so
/// that a new row's `id` (and a `NULL` note) takes the column's default.
struct W9SQLKitRow: Codable, Sendable {
  var id: Int?
  var name: String
  var price: Double
  var quantity: Int
  var note: String?
  var active: Bool
  var category: String
  var rating: Double
  var stock: Int
  var code: String

  /// The row to insert for `value`, its key left to the database.
  init(_ value: RowValues) {
    self.name = value.name
    self.price = value.price
    self.quantity = value.quantity
    self.note = value.note
    self.active = value.active
    self.category = value.category
    self.rating = value.rating
    self.stock = value.stock
    self.code = value.code
  }
}

/// The columns W9 selects, in the table's order.
let w9Columns = [
  "id", "name", "price", "quantity", "note", "active", "category", "rating", "stock", "code",
]
