extension QueryFragment {
  /// Appends an expression that will stand beside others joined by an operator (`AND`), in
  /// parentheses unless it is already delimited: `#sql("a OR b")` becomes `(a OR b)`, so
  /// `… AND (a OR b)` keeps its meaning; `("a" = ?)` and `"t"."c"` are written as they are.
  @inlinable
  package mutating func appendDelimited(_ expression: some QueryAssignable) {
    let start = mark
    expression.write(to: &self)
    guard text.count > start.byteCount else { return }
    switch Delimitation.of(expression) {
    case .operand: return
    case .compound: break
    case .userText:
      // Only a user's hand-written SQL is read: Quarry knows how it wrote its own.
      if Self.isDelimited(text[start.byteCount...]) { return }
    }
    insert(byte: UInt8(ascii: "("), at: start.byteCount, since: start)
    text.append(UInt8(ascii: ")"))
  }

  /// Appends an operand of an operator Quarry writes (`AND`, `=`, `NOT`, `+`): as it renders,
  /// unless it is SQL whose value knows it is several operands (`#sql("a OR b")`), which is
  /// parenthesized, so `!#sql("a OR b")` is `(NOT (a OR b))`, not `(NOT a OR b)`.
  @inlinable
  package mutating func appendOperand<Expression: QueryAssignable>(_ expression: Expression) {
    if Expression.rendersDelimited || !(expression is any DelimitedByValue) {
      expression.write(to: &self)
    } else {
      appendDelimited(expression)
    }
  }

  /// Appends a predicate to an `AND`-joined list, delimited; a predicate that renders
  /// nothing (an empty `where` builder) leaves the list as it was.
  @inlinable
  package mutating func appendConjunct(_ predicate: some QueryAssignable) {
    let before = mark
    if !text.isEmpty { append(literal: " AND ") }
    let start = mark
    appendDelimited(predicate)
    if mark == start { removeAll(since: before) }
  }

  /// Whether hand-written SQL text is one operand that no neighbouring operator can split: wholly inside
  /// one pair of parentheses, or made only of names, quoted names and strings, numbers,
  /// placeholders, dots and calls.
  @usableFromInline
  package static func isDelimited(_ sql: ArraySlice<UInt8>) -> Bool {
    guard !sql.isEmpty else { return false }
    var depth = 0
    var quote: UInt8? = nil
    var isOneParenthesizedGroup = sql.first == UInt8(ascii: "(")
    var isAtomic = true
    var index = sql.startIndex
    while index < sql.endIndex {
      let byte = sql[index]
      defer { index += 1 }
      if let open = quote {
        if byte == open { quote = nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"):
        quote = byte
      case UInt8(ascii: "("):
        depth += 1
      case UInt8(ascii: ")"):
        depth -= 1
        if depth == 0, index != sql.endIndex - 1 { isOneParenthesizedGroup = false }
      default:
        guard depth == 0 else { continue }
        let isNamePart =
          (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "?")
          || byte >= 0x80
        if !isNamePart { isAtomic = false }
      }
    }
    return isOneParenthesizedGroup || isAtomic
  }
}
