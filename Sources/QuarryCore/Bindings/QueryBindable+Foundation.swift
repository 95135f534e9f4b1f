import Foundation

extension Data: QueryBindable {
  /// Binds the bytes as a `BLOB`.
  public var queryBinding: QueryBinding { .blob([UInt8](self)) }
  public init(decoder: inout some QueryDecoder) throws {
    self = Data(try decoder.decode([UInt8].self))
  }
}

extension UUID: QueryBindable {
  /// Binds the UUID as lowercased text: `'deadbeef-0000-4000-8000-000000000000'`.
  public var queryBinding: QueryBinding { .text(uuidString.lowercased()) }

  /// Decodes UUID text in either case.
  public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decodeText("UUID", parse: UUID.init(uuidString:))
  }
}

extension URL: QueryBindable {
  /// Binds the URL's text: `'https://example.com/a'`.
  public var queryBinding: QueryBinding { .text(absoluteString) }

  /// Decodes URL text, failing with a decoding error when it is not a URL.
  public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decodeText("URL", problem: "not a URL") { URL(string: $0) }
  }
}

extension Date: QueryBindable {
  /// Binds the date as ISO-8601 text in UTC with milliseconds, the form SQLite's date functions
  /// read and sort correctly: `'2026-11-22 14:03:07.250'`.
  public var queryBinding: QueryBinding { .text(ISO8601Text.format(self)) }

  /// Decodes ISO-8601 text: a date, or a date and time with optional seconds, fraction and
  /// time zone (`Z`, `+02:00`); `T` or a space between date and time.
  public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decodeText(
      "Date", problem: "not an ISO-8601 date", parse: ISO8601Text.parse)
  }
}

extension QueryDecoder {
  /// Decodes a `TEXT` column and parses it; when `parse` fails, the decoding error shows the
  /// text, followed by `problem` if given.
  mutating func decodeText<Value>(
    _ typeName: String, problem: String? = nil, parse: (String) -> Value?
  ) throws -> Value {
    let text = try decode(String.self)
    guard let value = parse(text) else {
      let found = "TEXT " + QueryBinding.text(text).sqlLiteral
      throw QueryDecodingError(
        expectedType: typeName, found: problem.map { found + ", " + $0 } ?? found)
    }
    return value
  }
}

/// Formats and parses the ISO-8601 text form of dates, without Foundation's formatters (which
/// are slow and not `Sendable`).
package enum ISO8601Text {
  package static func format(_ date: Date) -> String {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    let (days, millisecondOfDay) = milliseconds.floorDividedBy(86_400_000)
    let (year, month, day) = civilDate(fromDaysSinceEpoch: days)
    let seconds = millisecondOfDay / 1000
    var text = padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    text += " " + padded(seconds / 3600, 2) + ":" + padded(seconds / 60 % 60, 2) + ":"
    text += padded(seconds % 60, 2) + "." + padded(millisecondOfDay % 1000, 3)
    return text
  }

  package static func parse(_ text: String) -> Date? {
    var reader = DigitReader(Array(text.utf8))
    guard let year = reader.number(digits: 4), reader.skip("-"),
      let month = reader.number(digits: 2), reader.skip("-"),
      let day = reader.number(digits: 2),
      (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
    else { return nil }
    var seconds = Double(daysSinceEpoch(year: year, month: month, day: day)) * 86_400
    if reader.skip("T") || reader.skip(" ") {
      guard let hour = reader.number(digits: 2), hour < 24, reader.skip(":"),
        let minute = reader.number(digits: 2), minute < 60
      else { return nil }
      seconds += Double(hour * 3600 + minute * 60)
      if reader.skip(":") {
        guard let second = reader.number(digits: 2), second < 60 else { return nil }
        seconds += Double(second)
        if reader.skip(".") {
          guard let fraction = reader.fraction() else { return nil }
          seconds += fraction
        }
      }
      if reader.skip("Z") {
      } else if let sign = reader.sign() {
        guard let hours = reader.number(digits: 2), reader.skip(":"),
          let minutes = reader.number(digits: 2)
        else { return nil }
        seconds -= Double(sign * (hours * 3600 + minutes * 60))
      }
    }
    guard reader.isAtEnd else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }

  private static func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  private static func padded(_ value: Int, _ width: Int) -> String { padded(Int64(value), width) }

  private static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to a proleptic Gregorian date, counting in 400-year eras that start on
  /// March 1st so the leap day falls at the end of each year.
  static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
    let shiftedYear = Int64(month <= 2 ? year - 1 : year)
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let monthFromMarch = Int64(month > 2 ? month - 3 : month + 9)
    let dayOfYear = (153 * monthFromMarch + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The inverse of ``daysSinceEpoch(year:month:day:)``.
  static func civilDate(fromDaysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

private struct DigitReader {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { index == bytes.count }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  mutating func number(digits: Int) -> Int? {
    guard index + digits <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[index..<index + digits] {
      guard byte >= 48, byte <= 57 else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    index += digits
    return value
  }

  mutating func fraction() -> Double? {
    var numerator: Int64 = 0
    var denominator: Int64 = 1
    let start = index
    while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
      if denominator < 1_000_000_000 {
        numerator = numerator * 10 + Int64(bytes[index] - 48)
        denominator *= 10
      }
      index += 1
    }
    return index > start ? Double(numerator) / Double(denominator) : nil
  }

  mutating func sign() -> Int? {
    if skip("+") { return 1 }
    if skip("-") { return -1 }
    return nil
  }
}

extension Int64 {
  fileprivate func floorDividedBy(_ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = (self >= 0 ? self : self - divisor + 1) / divisor
    return (quotient, self - quotient * divisor)
  }
}
