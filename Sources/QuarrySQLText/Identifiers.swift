/// Quotes an SQL identifier: `title` becomes `"title"`, and embedded double quotes are doubled.
///
/// This is the only place Quarry quotes names, so the macro plugin and the runtime agree.
public func quoteIdentifier(_ name: String) -> String {
  var quoted = "\""
  quoted.reserveCapacity(name.utf8.count + 2)
  for character in name {
    if character == "\"" { quoted.append("\"\"") } else { quoted.append(character) }
  }
  quoted.append("\"")
  return quoted
}

/// The default table name for a Swift type name: its first word lowercased, its last word
/// pluralized (`Reminder` → `reminders`, `Category` → `categories`, `RemindersList` →
/// `remindersLists`).
public func defaultTableName(forTypeName typeName: String) -> String {
  pluralize(lowercasingFirstWord(typeName))
}

/// Lowercases the leading capital run of a type name: `Reminder` → `reminder`,
/// `URLItem` → `urlItem`.
func lowercasingFirstWord(_ name: String) -> String {
  let characters = Array(name)
  var index = 0
  while index < characters.count, characters[index].isUppercase { index += 1 }
  // In `URLItem` the capital run is `URLI`; its last capital starts the next word.
  if index > 1, index < characters.count, characters[index].isLowercase { index -= 1 }
  return String(characters[..<index]).lowercased() + String(characters[index...])
}

/// English pluralization, light enough to be predictable: `status` → `statuses`,
/// `category` → `categories`, `day` → `days`, everything else gains an `s`.
func pluralize(_ word: String) -> String {
  guard let last = word.last else { return word }
  let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
  if last == "y", word.count > 1 {
    let beforeY = word[word.index(word.endIndex, offsetBy: -2)]
    return vowels.contains(Character(beforeY.lowercased())) ? word + "s" : word.dropLast() + "ies"
  }
  for suffix in ["s", "x", "z", "ch", "sh"] where word.hasSuffix(suffix) {
    return word + "es"
  }
  return word + "s"
}
