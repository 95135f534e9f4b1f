import QuarrySQLText
import QuarryTableModel
import SwiftDiagnostics
import SwiftSyntax

extension SQLiteParserCheck {
  /// SQLite's verdict on the literal's SQL, as an error at the mistake, or nil.
  ///
  /// Interpolations become what they render: a table (`\(Reminder.self)`), a column
  /// (`\(Reminder.columns.title)`, `\($0.title)`) or `\(quote: …)` a quoted name, a
  /// `\(raw: "…")` literal its text. Any other interpolation may be a value (`?`) or a whole
  /// fragment, so the SQL is tried with it as `?`, as a name, and as nothing; SQLite's error
  /// counts only when every try fails, and the first try's error is reported. Unknown
  /// interpolations separated by spaces only count as one.
  static func diagnostic(for text: StringLiteralText) -> Diagnostic? {
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
    var reported: (problem: Problem, sourceOffsets: [Int])?
    for attempt in tries {
      let (sql, sourceOffsets) = text.substituting(substitutions, attempt)
      guard let problem = check(sql) else { return nil }
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
    _ substitutions: [SQLiteParserCheck.Substitution], _ attempt: SQLiteParserCheck.Substitution.Try
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
}
