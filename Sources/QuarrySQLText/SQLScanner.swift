/// Splits SQL text into the few kinds of token that matter to Quarry: literals, quoted
/// identifiers, comments, parameters, parentheses, and everything else.
///
/// It follows SQLite's tokenizer rules for quotes and comments, so a `?` inside `'…'` or
/// `"…"` is text, and a `?` outside them is a parameter, exactly as SQLite would see it.
public struct SQLScanner: IteratorProtocol, Sendable {
  /// One token of SQL text.
  public struct Token: Sendable, Equatable {
    /// What a token is.
    public enum Kind: Sendable, Equatable {
      /// Plain SQL: keywords, names, operators, whitespace, numbers.
      case text
      /// A `'…'` string literal.
      case stringLiteral
      /// A `"…"`, `` `…` `` or `[…]` quoted identifier.
      case quotedIdentifier
      /// A `-- …` or `/* … */` comment.
      case comment
      /// A parameter: `?`, `?NNN`, `:name`, `@name` or `$name`.
      case placeholder
      /// `(`
      case openParenthesis
      /// `)`
      case closeParenthesis
    }
    /// The kind of token.
    public var kind: Kind
    /// The token's text.
    public var text: Substring
    /// The token's start, as a UTF-8 offset from the start of the scanned text.
    public var offset: Int
    /// False for a literal, quoted identifier or block comment that runs off the end.
    public var isTerminated: Bool
  }

  private let source: String
  private let bytes: [UInt8]
  private var position = 0

  /// Creates a scanner over `sql`.
  public init(_ sql: String) {
    source = sql
    bytes = Array(sql.utf8)
  }

  /// The next token, or nil at the end.
  public mutating func next() -> Token? {
    guard position < bytes.count else { return nil }
    let start = position
    let byte = bytes[position]
    var kind = Token.Kind.text
    var terminated = true
    switch byte {
    case UInt8(ascii: "'"):
      kind = .stringLiteral
      terminated = scanQuoted(closing: byte)
    case UInt8(ascii: "\""), UInt8(ascii: "`"):
      kind = .quotedIdentifier
      terminated = scanQuoted(closing: byte)
    case UInt8(ascii: "["):
      kind = .quotedIdentifier
      terminated = scanBracketed()
    case UInt8(ascii: "-") where peek(1) == UInt8(ascii: "-"):
      kind = .comment
      while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
    case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
      kind = .comment
      terminated = scanBlockComment()
    case UInt8(ascii: "?"):
      kind = .placeholder
      position += 1
      while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
      if let next = peek(1), isIdentifierByte(next) {
        kind = .placeholder
        position += 1
        while position < bytes.count, isIdentifierByte(bytes[position]) { position += 1 }
      } else {
        position += 1
      }
    case UInt8(ascii: "("):
      kind = .openParenthesis
      position += 1
    case UInt8(ascii: ")"):
      kind = .closeParenthesis
      position += 1
    default:
      position += 1
      while position < bytes.count, !startsToken(at: position) { position += 1 }
    }
    return Token(kind: kind, text: slice(start, position), offset: start, isTerminated: terminated)
  }

  private func peek(_ distance: Int) -> UInt8? {
    position + distance < bytes.count ? bytes[position + distance] : nil
  }

  private func startsToken(at index: Int) -> Bool {
    switch bytes[index] {
    case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "["),
      UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"),
      UInt8(ascii: "("), UInt8(ascii: ")"):
      return true
    case UInt8(ascii: "-"):
      return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-")
    case UInt8(ascii: "/"):
      return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*")
    default:
      return false
    }
  }

  /// Scans `'…'`, `"…"` or `` `…` ``, where a doubled quote stands for one.
  private mutating func scanQuoted(closing: UInt8) -> Bool {
    position += 1
    while position < bytes.count {
      if bytes[position] == closing {
        if peek(1) == closing {
          position += 2
          continue
        }
        position += 1
        return true
      }
      position += 1
    }
    return false
  }

  private mutating func scanBracketed() -> Bool {
    position += 1
    while position < bytes.count {
      defer { position += 1 }
      if bytes[position] == UInt8(ascii: "]") { return true }
    }
    return false
  }

  private mutating func scanBlockComment() -> Bool {
    position += 2
    while position < bytes.count {
      if bytes[position] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
        position += 2
        return true
      }
      position += 1
    }
    return false
  }

  private func slice(_ start: Int, _ end: Int) -> Substring {
    let utf8 = source.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: start)
    let upper = utf8.index(lower, offsetBy: end - start)
    return source[lower..<upper]
  }
}

private func isDigit(_ byte: UInt8) -> Bool {
  byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

private func isIdentifierByte(_ byte: UInt8) -> Bool {
  isDigit(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
    || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
}
