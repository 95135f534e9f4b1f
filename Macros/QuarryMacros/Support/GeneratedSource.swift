/// `header { body }`, with the body indented; `header {}` when the body is empty.
func block(_ header: String, _ body: [String]) -> [String] {
  if body.isEmpty { return ["\(header) {}"] }
  return ["\(header) {"] + body.map { "  \($0)" } + ["}"]
}

/// `type` made optional, parenthesized when `?` would bind to part of it (`(() -> Void)?`).
func optional(_ type: String) -> String {
  let needsParentheses =
    type.contains("->") || type.hasPrefix("any ") || type.hasPrefix("some ")
    || type.contains("&")
  return needsParentheses ? "(\(type))?" : "\(type)?"
}
