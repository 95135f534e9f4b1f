import QuarrySQLText
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#sql("…")` and `#sql("…", as: T.self)`: wraps the fragment in a `SQLQueryExpression`, after
/// checking the SQL a literal argument spells, first with Quarry's scanner, then with SQLite's
/// own parser (``SQLChecker``).
///
/// A literal with a comment `-- quarry:unchecked` (or `/* quarry:unchecked */`) skips the SQLite
/// check; one with a `\(raw: …)` interpolation that isn't a plain string literal skips it too,
/// since its SQL is unknown until run time.
public struct SQLMacro: ExpressionMacro {
  /// The argument goes through exactly as written.
  public static var formatMode: FormatMode { .disabled }

  public static func expansion(
    of node: some FreestandingMacroExpansionSyntax,
    in context: some MacroExpansionContext
  ) throws -> ExprSyntax {
    if let literal = node.arguments.first?.expression.as(StringLiteralExprSyntax.self),
      let text = StringLiteralText(literal)
    {
      let diagnostics = SQLCheck.diagnostics(for: text)
      for diagnostic in diagnostics {
        context.diagnose(diagnostic)
      }
      // SQLite would report the same mistakes less precisely: ask it only about clean text.
      if diagnostics.isEmpty, let diagnostic = SQLCheck.sqliteDiagnostic(for: text) {
        context.diagnose(diagnostic)
      }
    }
    return "QuarryCore.SQLQueryExpression(\(node.arguments.trimmed))"
  }
}

/// The mistakes `#sql` catches at compile time in the SQL a literal spells: unterminated quotes,
/// unbalanced parentheses, bare parameters, and bound values inside `'…'`.
///
/// It scans the SQL as SQLite does (``SQLScanner``), so text inside literals, quoted
/// identifiers and comments is never mistaken for a parameter or a parenthesis.
enum SQLCheck {
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

extension SQLCheck {
  /// SQLite's verdict on the literal's SQL, as an error at the mistake, or nil.
  ///
  /// Interpolations become what they render: a table (`\(Reminder.self)`), a column
  /// (`\(Reminder.columns.title)`, `\($0.title)`) or `\(quote: …)` a quoted name, a
  /// `\(raw: "…")` literal its text. Any other interpolation may be a value (`?`) or a whole
  /// fragment, so the SQL is tried with it as `?`, as a name, and as nothing; SQLite's error
  /// counts only when every try fails, and the first try's error is reported. Unknown
  /// interpolations separated by spaces only count as one.
  static func sqliteDiagnostic(for text: StringLiteralText) -> Diagnostic? {
    var scanner = SQLScanner(text.text)
    while let token = scanner.next() {
      if token.kind == .comment, token.text.contains("quarry:unchecked") { return nil }
    }
    var substitutions: [Substitution] = []
    var previousEnd: Int?
    for interpolation in text.interpolations {
      guard var substitution = Substitution(interpolation.segment) else { return nil }
      // `\(whereClause) \(orderClause)`: fragments side by side read as one.
      if case .unknown = substitution, let previousEnd, case .unknown = substitutions.last,
        text.bytes[previousEnd..<interpolation.offset].allSatisfy({ $0 == UInt8(ascii: " ") })
      {
        substitution = .text("")
      }
      substitutions.append(substitution)
      previousEnd = interpolation.offset + 1
    }
    let hasUnknown = substitutions.contains { if case .unknown = $0 { true } else { false } }
    let tries: [Substitution.Try] = hasUnknown ? [.parameter, .name, .nothing] : [.parameter]
    var reported: (problem: SQLChecker.Problem, sourceOffsets: [Int])?
    for attempt in tries {
      let (sql, sourceOffsets) = text.substituting(substitutions, attempt)
      guard let problem = SQLChecker.check(sql) else { return nil }
      if reported == nil { reported = (problem, sourceOffsets) }
    }
    guard let (problem, sourceOffsets) = reported, !sourceOffsets.isEmpty else { return nil }
    let offset = sourceOffsets[min(problem.offset, sourceOffsets.count - 1)]
    return text.diagnostic(.sqliteError(problem.message), at: offset)
  }

  /// What an interpolation stands for in the SQL given to SQLite.
  enum Substitution {
    /// SQL text known at compile time: a name, or a `\(raw: "…")` literal.
    case text(String)
    /// An interpolation that may be a value or a fragment; `name` is its source text.
    case unknown(name: String)

    /// How unknown interpolations are replaced.
    enum Try { case parameter, name, nothing }

    /// Classifies an interpolation; nil for raw SQL that is unknown until run time.
    init?(_ segment: ExpressionSegmentSyntax) {
      guard let argument = segment.expressions.first else { return nil }
      let expression = argument.expression
      let source = expression.trimmedDescription
      let literalValue = expression.as(StringLiteralExprSyntax.self)
        .flatMap(StringLiteralText.init)?.plainValue
      switch argument.label?.text {
      case "raw":
        guard let literalValue else { return nil }
        self = .text(literalValue)
      case "quote":
        self = .text(quoteIdentifier(literalValue ?? source))
      case nil:
        let isTable =
          expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "self"
        let isColumn =
          source.contains(".columns.") || (source.hasPrefix("$") && source.contains("."))
        self = isTable || isColumn ? .text(quoteIdentifier(source)) : .unknown(name: source)
      default:
        self = .unknown(name: source)
      }
    }

    func sql(_ attempt: Try) -> String {
      switch (self, attempt) {
      case (.text(let text), _): return text
      case (.unknown, .parameter): return "?"
      case (.unknown(let name), .name): return quoteIdentifier(name)
      case (.unknown, .nothing): return ""
      }
    }
  }
}

extension StringLiteralText {
  /// The SQL with each interpolation's placeholder replaced, and for each of its bytes the
  /// offset in ``bytes`` it comes from.
  fileprivate func substituting(
    _ substitutions: [SQLCheck.Substitution], _ attempt: SQLCheck.Substitution.Try
  ) -> (sql: String, sourceOffsets: [Int]) {
    var sql: [UInt8] = []
    var sourceOffsets: [Int] = []
    var next = 0
    for (interpolation, substitution) in zip(interpolations, substitutions) {
      sql += bytes[next..<interpolation.offset]
      sourceOffsets += next..<interpolation.offset
      let replacement = Array(substitution.sql(attempt).utf8)
      sql += replacement
      sourceOffsets += repeatElement(interpolation.offset, count: replacement.count)
      next = interpolation.offset + 1
    }
    sql += bytes[next...]
    sourceOffsets += next..<bytes.count
    return (String(decoding: sql, as: UTF8.self), sourceOffsets)
  }

  /// An error at the source character that produced the SQL byte at `offset`.
  fileprivate func diagnostic(_ message: QuarryDiagnostic, at offset: Int) -> Diagnostic {
    let origin = origins[offset]
    return Diagnostic(node: origin.node, position: origin.start, message: message, highlights: [])
  }
}
