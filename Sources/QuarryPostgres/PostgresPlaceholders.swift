/// Rewrites the `?` placeholders Quarry renders into PostgreSQL's numbered `$1`, `$2`, ….
///
/// A `?` is a placeholder only outside string literals (`'…'`, `E'…'` with backslash escapes,
/// dollar-quoted `$tag$…$tag$`), quoted identifiers (`"…"`) and comments (`-- …`, nested
/// `/* … */`), which are copied as they are.
enum PostgresPlaceholders {
  /// PostgreSQL's limit on the parameters of one statement (the wire protocol counts them in
  /// 16 bits).
  static let maximumCount = 65_535

  /// The SQL with numbered placeholders, and how many it has.
  static func number(_ sql: [UInt8]) -> (sql: String, count: Int) {
    var output: [UInt8] = []
    output.reserveCapacity(sql.count + 16)
    var count = 0
    var index = 0
    let end = sql.count
    while index < end {
      let byte = sql[index]
      switch byte {
      case UInt8(ascii: "?"):
        count += 1
        output.append(UInt8(ascii: "$"))
        output.append(contentsOf: String(count).utf8)
        index += 1
      case UInt8(ascii: "'"):
        let escapes =
          index > 0 && (sql[index - 1] | 0x20) == UInt8(ascii: "e")
          && (index < 2 || !isIdentifierByte(sql[index - 2]))
        let stop = skipQuoted(sql, from: index, closing: byte, backslashEscapes: escapes)
        output.append(contentsOf: sql[index..<stop])
        index = stop
      case UInt8(ascii: "\""):
        let stop = skipQuoted(sql, from: index, closing: byte, backslashEscapes: false)
        output.append(contentsOf: sql[index..<stop])
        index = stop
      case UInt8(ascii: "-") where index + 1 < end && sql[index + 1] == UInt8(ascii: "-"):
        var stop = index
        while stop < end && sql[stop] != UInt8(ascii: "\n") { stop += 1 }
        output.append(contentsOf: sql[index..<stop])
        index = stop
      case UInt8(ascii: "/") where index + 1 < end && sql[index + 1] == UInt8(ascii: "*"):
        let stop = skipBlockComment(sql, from: index)
        output.append(contentsOf: sql[index..<stop])
        index = stop
      case UInt8(ascii: "$"):
        let stop = skipDollarQuoted(sql, from: index)
        output.append(contentsOf: sql[index..<stop])
        index = stop
      default:
        output.append(byte)
        index += 1
      }
    }
    return (String(decoding: output, as: UTF8.self), count)
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  /// The index just past a quoted run starting at `start` (a doubled quote stays inside).
  private static func skipQuoted(
    _ sql: [UInt8], from start: Int, closing: UInt8, backslashEscapes: Bool
  ) -> Int {
    var index = start + 1
    while index < sql.count {
      let byte = sql[index]
      if backslashEscapes && byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == closing {
        if index + 1 < sql.count && sql[index + 1] == closing {
          index += 2
          continue
        }
        return index + 1
      }
      index += 1
    }
    return sql.count
  }

  /// The index just past a block comment, which PostgreSQL lets nest.
  private static func skipBlockComment(_ sql: [UInt8], from start: Int) -> Int {
    var depth = 0
    var index = start
    while index + 1 < sql.count {
      if sql[index] == UInt8(ascii: "/") && sql[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if sql[index] == UInt8(ascii: "*") && sql[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return index }
      } else {
        index += 1
      }
    }
    return sql.count
  }

  /// The index just past a dollar-quoted string (`$$…$$`, `$body$…$body$`) starting at
  /// `start`, or just past the `$` when it starts none (a `$1` parameter, a `$` in a name).
  private static func skipDollarQuoted(_ sql: [UInt8], from start: Int) -> Int {
    if start > 0 && isIdentifierByte(sql[start - 1]) { return start + 1 }
    var tagEnd = start + 1
    while tagEnd < sql.count && sql[tagEnd] != UInt8(ascii: "$") {
      let byte = sql[tagEnd]
      let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
      guard isIdentifierByte(byte), !(isDigit && tagEnd == start + 1) else { return start + 1 }
      tagEnd += 1
    }
    guard tagEnd < sql.count else { return start + 1 }
    let tag = sql[start...tagEnd]
    var index = tagEnd + 1
    while index + tag.count <= sql.count {
      if sql[index] == UInt8(ascii: "$") && sql[index..<(index + tag.count)].elementsEqual(tag) {
        return index + tag.count
      }
      index += 1
    }
    return sql.count
  }
}
