import Foundation

/// SQLite's date-time functions (`date`, `time`, `datetime`, `julianday`, `unixepoch`,
/// `strftime`) in PostgreSQL: the time read as a `timestamptz`, taken in UTC (as SQLite's
/// functions are), its modifiers turned into `date_trunc` and `interval` arithmetic, and the
/// result formatted with `to_char`. What has no faithful form is refused.
enum PostgresTime {
  /// The PostgreSQL form of `function(time, modifiers…)`, with `format` for `strftime`.
  static func call(_ call: DateTimeCall) -> QueryFragment {
    let function = call.function
    let time = call.time
    let format = call.format
    var modifiers = call.modifiers[...]
    var timestamp = QueryFragment()
    if call.timeType?.isNumber == true {
      // SQLite reads a number as a Julian day, or as seconds since 1970 with 'unixepoch'.
      if modifiers.first?.lowercased() == "unixepoch" {
        modifiers.removeFirst()
        timestamp.append("to_timestamp(\(time))")
      } else {
        timestamp.append("to_timestamp((\(time) - 2440587.5) * 86400)")
      }
    } else {
      timestamp.append("CAST(\(time) AS timestamptz)")
    }
    timestamp = "(\(timestamp) AT TIME ZONE 'UTC')"
    for modifier in modifiers {
      switch Modifier(modifier) {
      case .startOf(let unit): timestamp = "date_trunc('\(raw: unit)', \(timestamp))"
      case .shift(let interval): timestamp = "(\(timestamp) + interval '\(raw: interval)')"
      case .unsupported(let reason): return .refusal(reason.0, instead: reason.1, in: .postgres)
      }
    }
    switch function {
    case "date": return "to_char(\(timestamp), 'YYYY-MM-DD')"
    case "time": return "to_char(\(timestamp), 'HH24:MI:SS')"
    case "datetime": return "to_char(\(timestamp), 'YYYY-MM-DD HH24:MI:SS')"
    case "julianday":
      return "CAST(extract(epoch FROM \(timestamp)) / 86400 + 2440587.5 AS double precision)"
    case "unixepoch": return "CAST(floor(extract(epoch FROM \(timestamp))) AS bigint)"
    default:
      switch toCharPattern(format ?? "") {
      case .success(let pattern): return "to_char(\(timestamp), \(pattern))"
      case .failure(let unsupported):
        return .refusal(
          "strftime's \(unsupported.specifier)",
          instead: "PostgreSQL's to_char has no form of it; use #sql(\"to_char(…)\") or extract(…)",
          in: .postgres)
      }
    }
  }

  /// A modifier of SQLite's date-time functions, as PostgreSQL can apply it.
  enum Modifier {
    case startOf(String)
    case shift(String)
    case unsupported((String, String))

    init(_ text: String) {
      let words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
      if words.count == 3, words[0] == "start", words[1] == "of",
        ["day", "month", "year"].contains(words[2])
      {
        self = .startOf(String(words[2]))
        return
      }
      if words.count == 2, let amount = Double(words[0]), amount.isFinite {
        var unit = words[1]
        if unit.hasSuffix("s") { unit.removeLast() }
        if ["day", "hour", "minute", "second"].contains(unit) {
          // The amount was read as a number: written back, it is a safe literal.
          let sign = words[0].hasPrefix("-") ? "-" : "+"
          self = .shift("\(sign)\(words[0].trimmingCharacters(in: ["+", "-"])) \(unit)")
          return
        }
        if ["month", "year"].contains(unit) {
          self = .unsupported(
            (
              "The date modifier '\(text)'",
              "SQLite carries an overflowing day into the next month where PostgreSQL keeps the "
                + "month's last day; write the interval arithmetic you mean with #sql"
            ))
          return
        }
      }
      self = .unsupported(
        (
          "The date modifier '\(text)'",
          "PostgreSQL's forms take 'start of day|month|year' and '±N days|hours|minutes|seconds'; "
            + "write others with #sql (times here are UTC: use AT TIME ZONE for local time)"
        ))
    }
  }

  struct UnsupportedSpecifier: Error { let specifier: String }

  /// The `to_char` pattern of a `strftime` format: `%Y-%m-%d` → `"YYYY"-"MM"-"DD"` with
  /// literal text quoted, or the first specifier `to_char` has no form of.
  static func toCharPattern(_ format: String) -> Result<String, UnsupportedSpecifier> {
    var pattern = ""
    var literal = ""
    func flushLiteral() {
      guard !literal.isEmpty else { return }
      pattern +=
        "\""
        + literal.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "\"", with: "\\\"") + "\""
      literal = ""
    }
    var characters = format.makeIterator()
    while let character = characters.next() {
      guard character == "%" else {
        literal.append(character)
        continue
      }
      guard let specifier = characters.next() else {
        literal.append("%")
        break
      }
      let field: String
      switch specifier {
      case "Y": field = "YYYY"
      case "m": field = "MM"
      case "d": field = "DD"
      case "H": field = "HH24"
      case "M": field = "MI"
      case "S": field = "SS"
      case "f": field = "SS.MS"
      case "j": field = "DDD"
      case "%":
        literal.append("%")
        continue
      default: return .failure(UnsupportedSpecifier(specifier: "%\(specifier)"))
      }
      flushLiteral()
      pattern += field
    }
    flushLiteral()
    return .success(pattern)
  }
}
