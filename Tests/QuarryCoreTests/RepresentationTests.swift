import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("Representations")
struct RepresentationTests {
  @Test func dates() throws {
    let db = try Database()
    let date = Date(timeIntervalSince1970: 1_795_356_187)
    let row = try #require(
      try #sql(
        """
        SELECT \(Date.UnixTimeRepresentation(queryOutput: date)),
          \(Date.JulianDayRepresentation(queryOutput: date)),
          datetime(\(Date.UnixTimeRepresentation(queryOutput: date)), 'unixepoch'),
          datetime(\(Date.JulianDayRepresentation(queryOutput: date)))
        """,
        as: (Date.UnixTimeRepresentation, Date.JulianDayRepresentation, String, String).self
      ).fetchOne(db))
    #expect(row.0.queryOutput == date)
    #expect(abs(row.1.queryOutput.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.001)
    #expect(row.2 == "2026-11-22 14:03:07")
    #expect(row.3 == "2026-11-22 14:03:07")
    #expect(Date.UnixTimeRepresentation(queryOutput: date).queryBinding == .int(1_795_356_187))
  }

  @Test func uuids() throws {
    let db = try Database()
    let uuid = UUID(uuidString: "DEADBEEF-0000-4000-8000-00000000ABCD")!
    #expect(UUID.UppercasedRepresentation(queryOutput: uuid).queryBinding == .text(uuid.uuidString))
    #expect(
      UUID.LowercasedRepresentation(queryOutput: uuid).queryBinding
        == .text("deadbeef-0000-4000-8000-00000000abcd"))
    let row = try #require(
      try #sql(
        "SELECT \(UUID.BytesRepresentation(queryOutput: uuid)), hex(\(UUID.BytesRepresentation(queryOutput: uuid)))",
        as: (UUID.BytesRepresentation, String).self
      ).fetchOne(db))
    #expect(row.0.queryOutput == uuid)
    #expect(row.1 == "DEADBEEF00004000800000000000ABCD")
    let short = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT x'0102'", as: UUID.BytesRepresentation.self).fetchAll(db)
    }
    #expect(short?.found == "BLOB of 2 bytes")
  }

  @Test func json() throws {
    let db = try Database()
    let notes = ["Milk", "Eggs", "Bananas"]
    #expect(
      [String].JSONRepresentation(queryOutput: notes).queryBinding
        == .text(#"["Milk","Eggs","Bananas"]"#))
    let row = try #sql(
      "SELECT \([String].JSONRepresentation(queryOutput: notes)), json_array_length(\([String].JSONRepresentation(queryOutput: notes)))",
      as: ([String].JSONRepresentation, Int).self
    ).fetchOne(db)
    #expect(row?.0.queryOutput == notes)
    #expect(row?.1 == 3)
    let malformed = #expect(throws: QueryDecodingError.self) {
      try #sql("SELECT '[\"Milk\", ' AS notes", as: [String].JSONRepresentation.self).fetchAll(db)
    }
    #expect(malformed?.columnName == "notes")
    #expect(malformed?.expectedType == "Array<String> (JSON)")
    #expect(malformed?.found.contains("not valid JSON") == true)
  }
}
