import QuarrySQLText
import QuarryTableModel
import SwiftDiagnostics
import SwiftSyntax

/// The mistakes `#sql` catches at compile time in the SQL a literal spells: unterminated quotes,
/// unbalanced parentheses, bare parameters, and bound values inside `'…'`.
///
/// It scans the SQL as SQLite does (``SQLScanner``), so text inside literals, quoted
/// identifiers and comments is never mistaken for a parameter or a parenthesis.
enum SQLTokenCheck {
  static func diagnostics(for text: StringLiteralText) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var openParentheses: [Int] = []
    var stringLiterals: [Range<Int>] = []
    var scanner = SQLScanner(text.text)
    while let token = scanner.next() {
      switch token.kind {
      case .stringLiteral:
        stringLiterals.append(token.offset..<token.offset + token.text.utf8.count)
        if !token.isTerminated {
          diagnostics.append(
            text.diagnostic(
              .unterminatedQuote(kind: "string literal", closing: "'"), at: token.offset))
        }
      case .quotedIdentifier where !token.isTerminated:
        let closing = token.text.first == "[" ? "]" : String(token.text.prefix(1))
        diagnostics.append(
          text.diagnostic(
            .unterminatedQuote(kind: "quoted identifier", closing: closing), at: token.offset))
      case .placeholder:
        diagnostics.append(bareParameter(token, in: text))
      case .openParenthesis:
        openParentheses.append(token.offset)
      case .closeParenthesis:
        if openParentheses.popLast() == nil {
          diagnostics.append(text.diagnostic(.unmatchedCloseParenthesis, at: token.offset))
        }
      default:
        break
      }
    }
    for offset in openParentheses {
      diagnostics.append(text.diagnostic(.unclosedOpenParenthesis, at: offset))
    }
    for interpolation in text.interpolations where !interpolation.isRaw {
      if stringLiterals.contains(where: { $0.contains(interpolation.offset) }) {
        diagnostics.append(
          Diagnostic(
            node: interpolation.segment, message: QuarryDiagnostic.interpolationInsideQuotes)
        )
      }
    }
    return diagnostics
  }

  /// The error for a `?`, `?1`, `:name`, `@name` or `$name`, with a fix-it that swaps it for an
  /// interpolation placeholder.
  private static func bareParameter(
    _ token: SQLScanner.Token,
    in text: StringLiteralText
  ) -> Diagnostic {
    let parameter = String(token.text)
    let first = text.origins[token.offset]
    let last = text.origins[token.offset + token.text.utf8.count - 1]
    var fixIts: [FixIt] = []
    if let segment = first.segment, last.segment == segment {
      let content = segment.content
      let source = Array(content.text.utf8)
      let base = content.positionAfterSkippingLeadingTrivia
      let lower = base.distance(to: first.start)
      let upper = base.distance(to: last.end)
      let replacement = "\\" + text.pounds + "(<#value#>)"
      let newText =
        String(decoding: source[..<lower], as: UTF8.self) + replacement
        + String(decoding: source[upper...], as: UTF8.self)
      let newContent = content.with(\.tokenKind, .stringSegment(newText))
      fixIts.append(
        FixIt(
          message: QuarryFixIt.interpolateValue(parameter: parameter),
          changes: [.replace(oldNode: Syntax(content), newNode: Syntax(newContent))]
        )
      )
    }
    return Diagnostic(
      node: first.node,
      position: first.start,
      message: QuarryDiagnostic.bareParameter(parameter),
      highlights: [],
      fixIts: fixIts
    )
  }
}
