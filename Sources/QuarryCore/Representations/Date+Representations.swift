import Foundation

extension Date {
  /// A date stored as ISO-8601 text in UTC, `'2026-11-22 14:03:07.250'`: what `Date` binds to by
  /// default, and what SQLite's date functions read.
  public struct ISO8601Representation: QueryRepresentable, Hashable, Sendable {
    public var queryOutput: Date
    public init(queryOutput: Date) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding { queryOutput.queryBinding }
    public init(decoder: inout some QueryDecoder) throws {
      queryOutput = try Date(decoder: &decoder)
    }
  }

  /// A date stored as seconds since 1970 (`INTEGER`, or `REAL` with a fraction): SQLite's
  /// `unixepoch()` form.
  public struct UnixTimeRepresentation: QueryRepresentable, Hashable, Sendable {
    public var queryOutput: Date
    public init(queryOutput: Date) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding {
      let seconds = queryOutput.timeIntervalSince1970
      return seconds.rounded() == seconds && abs(seconds) < 9e15
        ? .int(Int64(seconds)) : .double(seconds)
    }
    public init(decoder: inout some QueryDecoder) throws {
      queryOutput = Date(timeIntervalSince1970: try decoder.decode(Double.self))
    }
  }

  /// A date stored as a Julian day number (`REAL`): SQLite's `julianday()` form.
  public struct JulianDayRepresentation: QueryRepresentable, Hashable, Sendable {
    public var queryOutput: Date
    public init(queryOutput: Date) { self.queryOutput = queryOutput }
    /// The Julian day of the Unix epoch.
    static let epoch = 2_440_587.5
    public var queryBinding: QueryBinding {
      .double(queryOutput.timeIntervalSince1970 / 86_400 + Self.epoch)
    }
    public init(decoder: inout some QueryDecoder) throws {
      let day = try decoder.decode(Double.self)
      queryOutput = Date(timeIntervalSince1970: (day - Self.epoch) * 86_400)
    }
  }
}
