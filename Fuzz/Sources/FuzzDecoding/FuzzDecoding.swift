import CFuzzDriver
// libFuzzer target: arbitrary SQLite values decoded into every `QueryDecodable` type and
// representation.
//
// Input: a storage class and a value: NULL, any 64-bit integer, any double bit pattern (NaN,
// infinities), text (valid, or invalid UTF-8 made by casting a blob, or text shaped like a
// date, a UUID, JSON), a blob (the corpus holds JSONB ones), a huge zero blob. Checked: each
// decode gives a value or throws a `QueryDecodingError`, never crashes; and a value read back
// agrees with the stored one.
import Foundation
import FuzzSupport
import QuarryCore
import QuarrySQLite

#if canImport(Tagged)
  import Tagged
#endif

enum Priority: Int, QueryBindable { case low = 1, medium, high }
enum Status: String, QueryBindable { case active, retired }
struct Point: Codable, Equatable { var x: Double; var y: Int? }

/// Text shaped like what the parsing decoders read, for the fuzzer to mutate from.
let shapedTexts = [
  "2026-11-22", "2026-11-22 14:03:07", "2026-11-22T14:03:07.250Z", "2026-02-29 10:00",
  "2024-02-29T23:59:59.999999999+14:00", "0000-01-01", "9999-12-31 23:59:59.999-23:59",
  "deadbeef-0000-4000-8000-000000000000", "DEADBEEF-0000-4000-8000-00000000000G", "[]",
  "[\"a\",\"b\"]", "{\"x\":1.5,\"y\":null}", "{\"x\":1e999}", "[1,2", "https://example.com/a?b",
  "", " ", "1", "low", "active", "NaN", "-0",
]

nonisolated(unsafe) let db: Database = {
  do { return try Database() } catch { fatalError("cannot open the fuzz database: \(error)") }
}()

/// The value under test: the SQL that produces it and its binding.
struct Stored {
  var sql = "SELECT ?"
  var binding = QueryBinding.null
  /// SQLite's storage class of the value, read back.
  var storage = ""
}

func stored(_ input: inout FuzzInput) -> Stored {
  var value = Stored()
  switch input.choice(9) {
  case 0: value.binding = .null
  case 1: value.binding = .int(Int64(bitPattern: input.word()))
  case 2: value.binding = .int(Int64(Int8(bitPattern: input.byte())))
  case 3: value.binding = .double(Double(bitPattern: input.word()))
  case 4: value.binding = .text(String(decoding: input.rest(), as: UTF8.self))
  case 5:
    // Text holding any bytes, invalid UTF-8 and NUL included.
    value.sql = "SELECT CAST(? AS TEXT)"
    value.binding = .blob(input.rest())
  case 6:
    var text = shapedTexts[input.choice(shapedTexts.count)]
    let tail = input.rest()
    if let position = tail.first, !text.isEmpty {
      var bytes = Array(text.utf8)
      bytes[Int(position) % bytes.count] = tail.dropFirst().first ?? 0
      text = String(decoding: bytes, as: UTF8.self)
    }
    value.binding = .text(text)
  case 7: value.binding = .blob(input.rest())
  default:
    value.sql = "SELECT zeroblob(?)"
    value.binding = .int(Int64(input.choice(1 << 16)) * 4)
  }
  do {
    value.storage =
      try db.fetchOne(
        String.self, sql: "SELECT typeof((\(value.sql.dropFirst(7))))",
        arguments: StatementArguments([value.binding]))
      ?? ""
  } catch {
    fuzzFailure("cannot read the storage class of \(value.binding): \(error)")
  }
  return value
}

/// Decodes `value` as `T`; a value must satisfy `agrees`, a failure must be a decoding error.
func decode<T: QueryDecodable>(
  _ type: T.Type, _ value: Stored, agrees: (T) -> Bool = { _ in true }
) {
  do {
    // `fetchAll`: `fetchOne` documents nil for a NULL it cannot decode.
    let rows = try db.fetchAll(
      T.self, sql: value.sql, arguments: StatementArguments([value.binding]))
    guard rows.count == 1, let decoded = rows.first else {
      fuzzFailure("\(T.self): \(rows.count) rows")
    }
    if !agrees(decoded) {
      fuzzFailure("\(T.self): \(decoded) from \(value.storage) \(value.binding)")
    }
  } catch is QueryDecodingError {
  } catch let error as DatabaseError where error.resultCode == DatabaseError.misuse {
    fuzzFailure("\(T.self): misuse \(error)")
  } catch {
    fuzzFailure("\(T.self): an error that is not a decoding error: \(error)")
  }
}

/// Decodes `value` as `T` and as `T?`: `NULL` must be nil, anything else as `T`.
func decodeWithOptional<T: QueryDecodable>(
  _ type: T.Type, _ value: Stored, agrees: @escaping (T) -> Bool = { _ in true }
) {
  decode(type, value, agrees: agrees)
  decode(T?.self, value) { decoded in
    value.storage == "null" ? decoded == nil : decoded.map(agrees) ?? false
  }
}

func integerAgrees<I: FixedWidthInteger>(_ value: Stored) -> (I) -> Bool {
  { decoded in
    guard value.storage == "integer", case .int(let stored) = value.binding else { return false }
    return Int64(exactly: decoded) == stored
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let value = stored(&input)
  let isText = value.storage == "text"
  let isBlob = value.storage == "blob"

  decodeWithOptional(Int.self, value, agrees: integerAgrees(value))
  decodeWithOptional(Int64.self, value, agrees: integerAgrees(value))
  decodeWithOptional(Int8.self, value, agrees: integerAgrees(value))
  decodeWithOptional(Int16.self, value, agrees: integerAgrees(value))
  decodeWithOptional(Int32.self, value, agrees: integerAgrees(value))
  decodeWithOptional(UInt8.self, value, agrees: integerAgrees(value))
  decodeWithOptional(UInt16.self, value, agrees: integerAgrees(value))
  decodeWithOptional(UInt32.self, value, agrees: integerAgrees(value))
  decodeWithOptional(UInt64.self, value, agrees: integerAgrees(value))
  decodeWithOptional(UInt.self, value, agrees: integerAgrees(value))
  decodeWithOptional(Bool.self, value) { _ in value.storage == "integer" }
  decodeWithOptional(Double.self, value) { decoded in
    switch value.binding {
    case .double(let stored): return decoded == stored
    case .int(let stored): return value.storage == "integer" && decoded == Double(stored)
    default: return false
    }
  }
  decodeWithOptional(Float.self, value) { _ in value.storage == "real" || value.storage == "integer"
  }
  decodeWithOptional(String.self, value) { _ in isText }
  decodeWithOptional([UInt8].self, value) { decoded in
    guard isBlob else { return false }
    if case .blob(let bytes) = value.binding { return decoded == bytes }
    return decoded.allSatisfy { $0 == 0 }
  }
  decodeWithOptional(Data.self, value) { _ in isBlob }
  decodeWithOptional(UUID.self, value) { _ in isText }
  decodeWithOptional(URL.self, value) { _ in isText }
  decodeWithOptional(Date.self, value) { _ in isText }
  decodeWithOptional(UUID.LowercasedRepresentation.self, value) { _ in isText }
  decodeWithOptional(UUID.UppercasedRepresentation.self, value) { _ in isText }
  decodeWithOptional(UUID.BytesRepresentation.self, value) { _ in isBlob }
  decodeWithOptional(Date.ISO8601Representation.self, value) { _ in isText }
  decodeWithOptional(Date.UnixTimeRepresentation.self, value) { _ in !isText && !isBlob }
  decodeWithOptional(Date.JulianDayRepresentation.self, value) { _ in !isText && !isBlob }
  // JSON is read from text, or from a blob in SQLite's JSONB format (which any blob may be).
  decodeWithOptional([String].JSONRepresentation.self, value) { _ in isText || isBlob }
  decodeWithOptional([String: Int].JSONRepresentation.self, value) { _ in isText || isBlob }
  decodeWithOptional(Point.JSONRepresentation.self, value) { _ in isText || isBlob }
  decodeWithOptional([String].JSONBRepresentation.self, value) { _ in isText || isBlob }
  decodeWithOptional(Point.JSONBRepresentation.self, value) { _ in isText || isBlob }
  decodeWithOptional(Priority.self, value) { _ in value.storage == "integer" }
  decodeWithOptional(Status.self, value) { _ in isText }
  #if canImport(Tagged)
    decodeWithOptional(
      Tagged<Point, Int>.self, value, agrees: { integerAgrees(value)($0.rawValue) })
  #endif
  return 0
}

/// The program's entry: SwiftPM links `main` to it; it hands over to libFuzzer's driver.
@_cdecl("FuzzDecoding_main")
public func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, fuzz)
}
