import SwiftSyntax

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

/// Generated source, handed to the compiler as it is.
///
/// The compiler receives every expansion as text and parses it itself. Parsing the generated
/// code here first, only to print it back, was most of the plugin's time in a debug build (W7), so
/// the text travels in a single token of an otherwise empty node, whose `description` is exactly
/// `source`. The compiler still parses and checks all of it. (Only for macros whose
/// `formatMode` is `.disabled`: the formatter would read the token as one opaque word.)
enum Verbatim {
  /// A declaration whose text is `source`.
  static func declaration(_ source: String) -> DeclSyntax {
    DeclSyntax(
      MissingDeclSyntax(
        carrying(source),
        placeholder: .identifier("", presence: .missing)))
  }

  /// An extension whose text is `source`, which must be a whole `extension … { … }`.
  static func `extension`(_ source: String) -> ExtensionDeclSyntax {
    ExtensionDeclSyntax(
      carrying(source),
      extensionKeyword: .keyword(.extension, presence: .missing),
      extendedType: MissingTypeSyntax(placeholder: .identifier("", presence: .missing)),
      memberBlock: MemberBlockSyntax(
        leftBrace: .leftBraceToken(presence: .missing), members: [],
        rightBrace: .rightBraceToken(presence: .missing)))
  }

  /// The one token that holds the text, in the slot that leads the node.
  private static func carrying(_ source: String) -> UnexpectedNodesSyntax {
    UnexpectedNodesSyntax([Syntax(TokenSyntax(.unknown(source), presence: .present))])
  }
}
