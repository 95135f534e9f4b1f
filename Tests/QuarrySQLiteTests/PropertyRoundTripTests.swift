import Foundation
import PropertyBased
import Quarry
import QuarrySQLite
import Tagged
import Testing

/// Every `QueryBindable` and representation, bound, stored in a live database and fetched
/// back, gives back an equal value, or the documented normalisation (dates to milliseconds).
/// Two paths: raw SQL with an argument into a table column, and a `#sql` interpolation.
@Suite("Properties: round trips")
struct PropertyRoundTripTests {
  static let count = 150

  /// A table whose column has no type: SQLite keeps each value's storage class as bound.
  static func database() throws -> Database {
    let db = try Database()
    try db.execute(sql: "CREATE TABLE t (v)")
    return db
  }

  /// Stores `value`, fetches it back both ways and hands each result to `check`.
  static func roundTrip<T: QueryBindable>(
    _ value: T, on db: Database, sourceLocation: SourceLocation = #_sourceLocation,
    _ check: (T) -> Bool
  ) throws {
    try db.execute(sql: "DELETE FROM t")
    try db.execute(sql: "INSERT INTO t (v) VALUES (?)", arguments: [value])
    let stored = try #require(try db.fetchOne(T.self, sql: "SELECT v FROM t"))
    #expect(
      check(stored), "stored \(String(reflecting: value)), fetched \(stored)",
      sourceLocation: sourceLocation)
    let selected = try #require(try #sql("SELECT \(value)", as: T.self).fetchOne(db))
    #expect(
      check(selected), "selected \(String(reflecting: value)), fetched \(selected)",
      sourceLocation: sourceLocation)
  }

  static func roundTrip<T: QueryBindable & Equatable>(
    _ value: T, on db: Database, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try roundTrip(value, on: db, sourceLocation: sourceLocation) { $0 == value }
  }

  @Test func integers() throws {
    let db = try Self.database()
    forEachValue(seed: 1, count: Self.count, of: Awkward.integer(Int.self)) {
      try Self.roundTrip($0, on: db)
    }
    forEachValue(seed: 2, count: Self.count, of: Awkward.integer(Int64.self)) {
      try Self.roundTrip($0, on: db)
    }
    forEachValue(seed: 3, count: Self.count, of: Awkward.integer(Int8.self)) {
      try Self.roundTrip($0, on: db)
    }
    forEachValue(seed: 4, count: Self.count, of: Awkward.integer(Int16.self)) {
      try Self.roundTrip($0, on: db)
    }
    forEachValue(seed: 5, count: Self.count, of: Awkward.integer(Int32.self)) {
      try Self.roundTrip($0, on: db)
    }
    forEachValue(seed: 6, count: Self.count, of: Awkward.integer(UInt8.self)) {
      try Self.roundTrip($0, on: db)
    }
    forEachValue(seed: 7, count: Self.count, of: Awkward.integer(UInt16.self)) {
      try Self.roundTrip($0, on: db)
    }
    forEachValue(seed: 8, count: Self.count, of: Awkward.integer(UInt32.self)) {
      try Self.roundTrip($0, on: db)
    }
    forEachValue(seed: 9, count: Self.count, of: Gen<Bool>.bool) { try Self.roundTrip($0, on: db) }
  }

  /// `UInt64` and `UInt` round-trip up to `Int64.max`; above it, binding is a typed error and
  /// nothing is stored.
  @Test func unsignedIntegersBeyondInt64AreATypedError() throws {
    let db = try Self.database()
    forEachValue(seed: 10, count: Self.count, of: Awkward.integer(UInt64.self)) { value in
      if value <= UInt64(Int64.max) {
        try Self.roundTrip(value, on: db)
        try Self.roundTrip(UInt(value), on: db)
      } else {
        try db.execute(sql: "DELETE FROM t")
        #expect(throws: (any Error).self) {
          try db.execute(sql: "INSERT INTO t (v) VALUES (?)", arguments: [value])
        }
        #expect(throws: (any Error).self) {
          try #sql("SELECT \(value)", as: UInt64.self).fetchOne(db)
        }
        #expect(try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t") == 0)
      }
    }
  }

  @Test func floatingPoint() throws {
    let db = try Self.database()
    forEachValue(seed: 12, count: Self.count, of: Awkward.double) { value in
      try Self.roundTrip(value, on: db) { $0 == value && $0.sign == value.sign }
    }
    forEachValue(seed: 13, count: Self.count, of: Awkward.double) { value in
      let float = Float(value)
      try Self.roundTrip(float, on: db) { $0 == float && $0.sign == float.sign }
    }
  }

  /// SQLite stores NaN as `NULL`: reading it back as `Double` is a typed error, never a number.
  @Test func notANumberComesBackAsATypedError() throws {
    let db = try Self.database()
    try db.execute(sql: "INSERT INTO t (v) VALUES (?)", arguments: [Double.nan])
    #expect(throws: QueryDecodingError.self) {
      try db.fetchAll(Double.self, sql: "SELECT v FROM t")
    }
    // `fetchOne` documents nil for a NULL it cannot decode; an optional says so.
    #expect(try db.fetchOne(Double.self, sql: "SELECT v FROM t") == nil)
    #expect(try db.fetchAll(Double?.self, sql: "SELECT v FROM t").elementsEqual([nil]))
  }

  @Test func textAndBytes() throws {
    let db = try Self.database()
    forEachValue(seed: 14, count: Self.count, of: Awkward.string) { try Self.roundTrip($0, on: db) }
    forEachValue(seed: 15, count: Self.count, of: Awkward.bytes) { try Self.roundTrip($0, on: db) }
    forEachValue(seed: 16, count: Self.count, of: Awkward.bytes) {
      try Self.roundTrip(Data($0), on: db)
    }
  }

  /// UUIDs of random bytes.
  static let uuids = Generator<UUID, Shrink.None<UUID>> { random in
    var bytes = UUID().uuid
    withUnsafeMutableBytes(of: &bytes) { buffer in
      for index in buffer.indices { buffer[index] = UInt8.random(in: 0...255, using: &random) }
    }
    return UUID(uuid: bytes)
  }

  @Test func uuidsInEveryRepresentation() throws {
    let db = try Self.database()
    forEachValue(seed: 17, count: Self.count, of: Self.uuids) { uuid in
      try Self.roundTrip(uuid, on: db)
      try Self.roundTrip(UUID.LowercasedRepresentation(queryOutput: uuid), on: db)
      try Self.roundTrip(UUID.UppercasedRepresentation(queryOutput: uuid), on: db)
      try Self.roundTrip(UUID.BytesRepresentation(queryOutput: uuid), on: db)
    }
  }

  /// The tag of the swift-tagged values below.
  enum Tag {}

  /// swift-tagged values bind and decode as their raw values, optional or not, and a tagged
  /// representation as its representation.
  @Test func taggedValues() throws {
    let db = try Self.database()
    forEachValue(seed: 23, count: Self.count, of: Awkward.integer(Int.self)) { value in
      let tagged = Tagged<Tag, Int>(rawValue: value)
      try Self.roundTrip(tagged, on: db)
      try Self.roundTrip(value % 2 == 0 ? nil : tagged, on: db)
      try Self.roundTrip(Tagged<Tag, Int64>(rawValue: Int64(value)), on: db)
    }
    forEachValue(seed: 24, count: Self.count, of: Awkward.string) { value in
      let tagged = Tagged<Tag, String>(rawValue: value)
      try Self.roundTrip(tagged, on: db)
      try Self.roundTrip(value.isEmpty ? nil : tagged, on: db)
    }
    forEachValue(seed: 25, count: Self.count, of: Self.uuids) { uuid in
      try Self.roundTrip(Tagged<Tag, UUID>(rawValue: uuid), on: db)
      try Self.roundTrip(
        Tagged<Tag, UUID.BytesRepresentation>(queryOutput: Tagged(rawValue: uuid)), on: db)
      try Self.roundTrip(
        Tagged<Tag, UUID.LowercasedRepresentation>(queryOutput: Tagged(rawValue: uuid)), on: db)
    }
  }

  /// Dates between the years 1 and 9999. ISO-8601 text (the default) keeps milliseconds; Unix
  /// time keeps the exact `Double`; a Julian day keeps the time to within a millisecond.
  @Test func datesInEveryRepresentation() throws {
    let db = try Self.database()
    let dates = Generator<Date, Shrink.None<Date>> { random in
      let seconds = Double.random(in: -62_135_596_800...253_402_300_799, using: &random)
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return Date(timeIntervalSince1970: seconds.rounded())
      case 1: return Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
      default: return Date(timeIntervalSince1970: seconds)
      }
    }
    func milliseconds(_ date: Date) -> Int64 {
      Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
    forEachValue(seed: 18, count: Self.count, of: dates) { date in
      try Self.roundTrip(date, on: db) { milliseconds($0) == milliseconds(date) }
      try Self.roundTrip(Date.ISO8601Representation(queryOutput: date), on: db) {
        milliseconds($0.queryOutput) == milliseconds(date)
      }
      try Self.roundTrip(Date.UnixTimeRepresentation(queryOutput: date), on: db)
      try Self.roundTrip(Date.JulianDayRepresentation(queryOutput: date), on: db) {
        abs($0.queryOutput.timeIntervalSince(date)) < 0.001
      }
    }
  }

  @Test func jsonEnumsOptionalsAndURLs() throws {
    let db = try Self.database()
    let dictionaries = Generator<[String: Int], Shrink.None<[String: Int]>> { random in
      var dictionary: [String: Int] = [:]
      for _ in 0..<Int.random(in: 0...5, using: &random) {
        dictionary[Awkward.string.run(using: &random)] = Int(truncatingIfNeeded: random.next())
      }
      return dictionary
    }
    forEachValue(seed: 19, count: Self.count, of: dictionaries) { dictionary in
      try Self.roundTrip([String: Int].JSONRepresentation(queryOutput: dictionary), on: db)
    }
    forEachValue(seed: 20, count: Self.count, of: Awkward.string.array(of: 0...5)) { strings in
      try Self.roundTrip([String].JSONRepresentation(queryOutput: strings), on: db)
      try Self.roundTrip(strings.first, on: db)
    }
    forEachValue(seed: 21, count: Self.count, of: Awkward.integer(Int.self)) { value in
      try Self.roundTrip(value % 2 == 0 ? nil : value, on: db)
      let priority = Priority(rawValue: Int(value.magnitude % 3) + 1)
      try Self.roundTrip(priority, on: db)
      try Self.roundTrip(priority!, on: db)
      try Self.roundTrip(value % 2 == 0 ? DriftStatus.active : .retired, on: db)
    }
    let urls = Generator<URL, Shrink.None<URL>> { random in
      var components = URLComponents()
      components.scheme = ["https", "http", "file", "x-custom"].randomElement(using: &random)!
      components.host = ["example.com", "localhost", "a.b.c"].randomElement(using: &random)!
      components.path = "/" + Awkward.string.run(using: &random)
      if Bool.random(using: &random) { components.query = Awkward.string.run(using: &random) }
      return components.url!
    }
    forEachValue(seed: 22, count: Self.count, of: urls) { url in
      try Self.roundTrip(url, on: db) { $0.absoluteString == url.absoluteString }
    }
  }
}
