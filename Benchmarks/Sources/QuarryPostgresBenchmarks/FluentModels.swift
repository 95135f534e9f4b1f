import FluentKit

/// W9's table as a Fluent model: a final class with property wrappers, its integer key generated
/// by the database (`@ID(custom:)`), the nullable column an `@OptionalField`.
final class W9FluentRow: Model, @unchecked Sendable {
  static let schema = "w9_rows"

  @ID(custom: "id", generatedBy: .database) var id: Int?
  @Field(key: "name") var name: String
  @Field(key: "price") var price: Double
  @Field(key: "quantity") var quantity: Int
  @OptionalField(key: "note") var note: String?
  @Field(key: "active") var active: Bool
  @Field(key: "category") var category: String
  @Field(key: "rating") var rating: Double
  @Field(key: "stock") var stock: Int
  @Field(key: "code") var code: String

  init() {}
}

/// The table the inserts go to: the same fields, its key assigned by the database on `create`.
final class W9FluentInsertedRow: Model, @unchecked Sendable {
  static let schema = "w9_inserted"

  @ID(custom: "id", generatedBy: .database) var id: Int?
  @Field(key: "name") var name: String
  @Field(key: "price") var price: Double
  @Field(key: "quantity") var quantity: Int
  @OptionalField(key: "note") var note: String?
  @Field(key: "active") var active: Bool
  @Field(key: "category") var category: String
  @Field(key: "rating") var rating: Double
  @Field(key: "stock") var stock: Int
  @Field(key: "code") var code: String

  init() {}

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
