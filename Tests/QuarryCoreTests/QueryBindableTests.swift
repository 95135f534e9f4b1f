import Foundation
import Quarry
import QuarrySQLite
import Testing

@Suite("QueryBindable")
struct QueryBindableTests {
  @Test func integers() {
    #expect(Int8(-3).queryBinding == .int(-3))
    #expect(UInt32.max.queryBinding == .int(4_294_967_295))
    #expect(UInt64(Int64.max).queryBinding == .int(.max))
    guard case .invalid(let error) = UInt64.max.queryBinding else {
      Issue.record("UInt64.max should not bind")
      return
    }
    #expect(error.message.contains("does not fit"))
  }

  @Test func scalars() {
    let trueBinding: QueryBinding = true.queryBinding
    #expect(trueBinding == .bool(true))  // SQLite binds 1, PostgreSQL a boolean
    #expect(Float(0.5).queryBinding == .double(0.5))
    #expect("x".queryBinding == .text("x"))
    #expect([UInt8]([1, 2]).queryBinding == .blob([1, 2]))
    #expect(Data([3]).queryBinding == .blob([3]))
    #expect(Int?.none.queryBinding == .null)
    #expect(Int?.some(4).queryBinding == .int(4))
  }

  @Test func uuidBindsLowercasedText() {
    let uuid = UUID(uuidString: "DEADBEEF-0000-4000-8000-00000000ABCD")!
    #expect(uuid.queryBinding == .text("deadbeef-0000-4000-8000-00000000abcd"))
  }

  @Test func datesBindAsISO8601TextInUTC() {
    #expect(Date(timeIntervalSince1970: 0).queryBinding == .text("1970-01-01 00:00:00.000"))
    #expect(
      Date(timeIntervalSince1970: 1_795_000_000.25).queryBinding == .text("2026-11-18 11:06:40.250")
    )
    #expect(Date(timeIntervalSince1970: -86_400.5).queryBinding == .text("1969-12-30 23:59:59.500"))
    #expect(
      Date(timeIntervalSince1970: 951_782_400).queryBinding == .text("2000-02-29 00:00:00.000"))
  }

  @Test func everyBindableRoundTripsThroughSQLite() throws {
    let db = try Database()
    let date = Date(timeIntervalSince1970: 1_795_000_000.125)
    let uuid = UUID()
    let row = try #sql(
      "SELECT \(Int8.min), \(UInt16.max), \(Int64.min), \(2.5), \(Float(1.25)), \(true), \("héllo"), \([UInt8]()), \(Data([0, 255])), \(date), \(uuid), \(Int?.none)",
      as: (Int8, UInt16, Int64, Double, Float, Bool, String, [UInt8], Data, Date, UUID, Int?).self
    ).fetchOne(db)
    let values = try #require(row)
    #expect(values.0 == .min)
    #expect(values.1 == .max)
    #expect(values.2 == .min)
    #expect(values.3 == 2.5)
    #expect(values.4 == 1.25)
    #expect(values.5 == true)
    #expect(values.6 == "héllo")
    #expect(values.7.elementsEqual([]))
    #expect(values.8 == Data([0, 255]))
    #expect(values.9 == date)
    #expect(values.10 == uuid)
    #expect(values.11 == nil)
  }

  @Test func datesDecodeFromSQLiteDateFunctions() throws {
    let db = try Database()
    let row = try #sql(
      """
      SELECT datetime(0, 'unixepoch'), '2026-11-22T14:03:07Z', '2026-11-22T16:03:07.5+02:00',
        date(86400, 'unixepoch'), strftime('%Y-%m-%d %H:%M:%f', 1.25, 'unixepoch')
      """,
      as: (Date, Date, Date, Date, Date).self
    ).fetchOne(db)
    let dates = try #require(row)
    #expect(dates.0 == Date(timeIntervalSince1970: 0))
    #expect(dates.1 == Date(timeIntervalSince1970: 1_795_356_187))
    #expect(dates.2 == Date(timeIntervalSince1970: 1_795_356_187.5))
    #expect(dates.3 == Date(timeIntervalSince1970: 86_400))
    #expect(dates.4 == Date(timeIntervalSince1970: 1.25))
  }

  @Test func sqliteDatesAgreeWithQuarry() throws {
    let db = try Database()
    let date = Date(timeIntervalSince1970: 1_000_000_000.5)
    let seconds = try #sql("SELECT unixepoch(\(date))", as: Int.self).fetchOne(db)
    #expect(seconds == 1_000_000_000)
    let text = try #sql("SELECT strftime('%Y-%m-%d %H:%M:%f', \(date))", as: String.self).fetchOne(
      db)
    #expect(text == "2001-09-09 01:46:40.500")
  }
}
