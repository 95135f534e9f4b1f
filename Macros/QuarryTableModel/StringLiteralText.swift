import SwiftDiagnostics
import SwiftSyntax

/// The text a Swift string literal spells at run time (escape sequences resolved), with each
/// interpolation replaced by a placeholder byte and every byte mapped back to its source.
///
/// `#sql` scans this text as SQL and points its diagnostics at the exact source character;
/// `@Table` and `@Column` read their name arguments with it.
package struct StringLiteralText {
  /// An interpolation, `\(…)`, and where its placeholder byte sits in ``bytes``.
  package struct Interpolation {
    package var segment: ExpressionSegmentSyntax
    package var offset: Int
    /// Whether it is `\(raw: …)`: opaque SQL text rather than a bound value.
    package var isRaw: Bool
  }

  /// Where a byte of ``bytes`` came from: the source range of its character or escape sequence,
  /// and the literal segment holding it (nil for an interpolation's placeholder).
  package struct Origin {
    package var start: AbsolutePosition
    package var end: AbsolutePosition
    package var segment: StringSegmentSyntax?
    /// The token or interpolation holding the byte, which diagnostics anchor to. The compiler
    /// reports a plugin's diagnostic at the start of its node, ignoring the finer position that
    /// swift-syntax tools honor, so the smallest enclosing node keeps it as close as it can.
    package var node: Syntax
  }

  /// The byte that stands for an interpolation. A space is neutral in SQL: it neither opens nor
  /// closes a quote or a parenthesis, and it ends a parameter name.
  package static let placeholder = UInt8(ascii: " ")

  /// The `#`s of a raw literal (`#"…"#`), which its escape sequences repeat (`\#n`).
  package let pounds: String
  /// The literal's UTF-8 text.
  package private(set) var bytes: [UInt8] = []
  /// One origin per byte of ``bytes``.
  package private(set) var origins: [Origin] = []
  /// The literal's interpolations, in order.
  package private(set) var interpolations: [Interpolation] = []

  /// Reads `literal`, or returns nil when it doesn't parse cleanly.
  package init?(_ literal: StringLiteralExprSyntax) {
    guard !literal.hasError else { return nil }
    self.pounds = literal.openingPounds?.text ?? ""
    for element in literal.segments {
      switch element {
      case .stringSegment(let segment):
        append(segment)
      case .expressionSegment(let segment):
        let isRaw = segment.expressions.first?.label?.text == "raw"
        interpolations.append(Interpolation(segment: segment, offset: bytes.count, isRaw: isRaw))
        bytes.append(Self.placeholder)
        origins.append(
          Origin(
            start: segment.positionAfterSkippingLeadingTrivia,
            end: segment.endPositionBeforeTrailingTrivia,
            node: Syntax(segment)
          )
        )
      }
    }
  }

  /// The literal's value as a `String`.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The literal's value when it has no interpolation.
  package var plainValue: String? { interpolations.isEmpty ? text : nil }

  /// Appends a segment's text, resolving escape sequences. A multi-line literal's indentation,
  /// final newline and line continuations (`\` at the end of a line) are trivia of its segments,
  /// so they never reach here.
  private mutating func append(_ segment: StringSegmentSyntax) {
    let source = Array(segment.content.text.utf8)
    let base = segment.content.positionAfterSkippingLeadingTrivia
    let delimiter = Array(pounds.utf8)
    var index = 0
    while index < source.count {
      let start = index
      var value: [UInt8]
      if source[index] == UInt8(ascii: "\\"),
        source[(index + 1)...].starts(with: delimiter),
        index + 1 + delimiter.count < source.count
      {
        index += 1 + delimiter.count
        value = Self.unescape(source, at: &index)
      } else {
        value = [source[index]]
        index += 1
      }
      let origin = Origin(
        start: base.advanced(by: start),
        end: base.advanced(by: index),
        segment: segment,
        node: Syntax(segment.content)
      )
      bytes.append(contentsOf: value)
      origins.append(contentsOf: repeatElement(origin, count: value.count))
    }
  }

  /// The bytes of the escape sequence whose character (after `\` and the pounds) is at `index`,
  /// which it advances past the sequence.
  private static func unescape(_ source: [UInt8], at index: inout Int) -> [UInt8] {
    let character = source[index]
    index += 1
    switch character {
    case UInt8(ascii: "0"): return [0]
    case UInt8(ascii: "t"): return [UInt8(ascii: "\t")]
    case UInt8(ascii: "n"): return [UInt8(ascii: "\n")]
    case UInt8(ascii: "r"): return [UInt8(ascii: "\r")]
    case UInt8(ascii: "u"):
      guard index < source.count, source[index] == UInt8(ascii: "{"),
        let close = source[index...].firstIndex(of: UInt8(ascii: "}")),
        let code = UInt32(String(decoding: source[(index + 1)..<close], as: UTF8.self), radix: 16),
        let scalar = Unicode.Scalar(code)
      else { return [character] }
      index = close + 1
      return Array(String(Character(scalar)).utf8)
    case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
      // A line continuation the parser left in the text: it spells nothing.
      index -= 1
      while index < source.count, source[index] != UInt8(ascii: "\n") { index += 1 }
      index = min(index + 1, source.count)
      return []
    default:
      // `\\`, `\"`, `\'`: the character itself.
      return [character]
    }
  }
}

extension StringLiteralText {
  /// An error at the source character that produced the SQL byte at `offset`.
  package func diagnostic(_ message: QuarryDiagnostic, at offset: Int) -> Diagnostic {
    let origin = origins[offset]
    return Diagnostic(node: origin.node, position: origin.start, message: message, highlights: [])
  }
}
