import QuarrySQLText
import QuarrySQLite

/// How database names and types become Swift names and types.
enum SwiftNaming {
  /// A struct name for a table: its words capitalized, its last word singular (`reminders` →
  /// `Reminder`, `reminder_tags` → `ReminderTag`, `statuses` → `Status`).
  static func typeName(forTable table: String) -> String {
    let words = splitWords(table)
    var name = words.map(capitalizingFirst).joined()
    name = singular(name)
    if name.isEmpty { name = "Table" }
    if name.first!.isNumber { name = "T" + name }
    if ["Any", "Self", "Type", "Protocol"].contains(name) { name += "Record" }
    return name
  }

  /// A property name for a column: camelCase (`is_completed` → `isCompleted`, `ID` → `id`,
  /// `author_id` → `authorID`), backticked when it is a Swift keyword.
  static func propertyName(forColumn column: String) -> String {
    let words = splitWords(column)
    guard let first = words.first else { return "column" }
    let initialisms: Set = ["id", "url", "uuid"]
    let rest = words.dropFirst().map {
      initialisms.contains($0.lowercased()) ? $0.uppercased() : capitalizingFirst($0)
    }
    var name = lowercasingFirstWord(first) + rest.joined()
    if name.first!.isNumber { name = "_" + name }
    return keywords.contains(name) ? "`\(name)`" : name
  }

  /// The Swift type for a column, by SQLite's affinity rules: `INTEGER` affinity is `Int`,
  /// `REAL` `Double`, `TEXT` `String`, `BLOB` `[UInt8]`, `NUMERIC` `Double` (or `Bool` for a
  /// `BOOL…` type). A column without a type holds anything: it is read as `String`.
  static func swiftType(for column: ColumnInfo) -> String {
    let declared = column.type.uppercased()
    if declared.trimmingSpaces.isEmpty || declared == "ANY" { return "String" }
    switch column.affinity {
    case .integer: return "Int"
    case .real: return "Double"
    case .text: return "String"
    case .blob: return "[UInt8]"
    case .numeric: return declared.hasPrefix("BOOL") ? "Bool" : "Double"
    }
  }

  private static func splitWords(_ name: String) -> [String] {
    name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
  }

  private static func capitalizingFirst(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }

  /// Lowercases a word's leading capitals, keeping the last one of a run that starts the next
  /// word: `Title` → `title`, `ID` → `id`, `URLPath` → `urlPath`.
  private static func lowercasingFirstWord(_ word: String) -> String {
    let characters = Array(word)
    var index = 0
    while index < characters.count, characters[index].isUppercase { index += 1 }
    if index > 1, index < characters.count, characters[index].isLowercase { index -= 1 }
    return String(characters[..<index]).lowercased() + String(characters[index...])
  }

  /// The singular of a plural name, the inverse of Quarry's default table names.
  private static func singular(_ name: String) -> String {
    let lower = name.lowercased()
    if lower.hasSuffix("ies"), name.count > 3 { return name.dropLast(3) + "y" }
    if lower.hasSuffix("es") {
      let stem = lower.dropLast(2)
      let sibilant = ["ss", "x", "z", "ch", "sh", "us"].contains { stem.hasSuffix($0) }
      if sibilant, !stem.hasSuffix("ous") { return String(name.dropLast(2)) }
    }
    if lower.hasSuffix("s"), !lower.hasSuffix("ss"), name.count > 1 {
      return String(name.dropLast())
    }
    return name
  }

  private static let keywords: Set = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
    "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
    "is", "nil", "self", "super", "throws", "true", "try", "await", "async", "consume", "some",
    "any",
  ]
}

extension String {
  fileprivate var trimmingSpaces: String { filter { !$0.isWhitespace } }
}
