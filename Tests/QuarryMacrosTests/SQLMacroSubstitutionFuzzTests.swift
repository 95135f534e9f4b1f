import Foundation
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

@testable import QuarryMacros

/// `#sql` literals made of random SQL pieces, escapes and interpolations of every kind the
/// checker substitutes (values, tables, columns, `quote:`, `raw:`): expanding one never
/// crashes or hangs, and every diagnostic points inside the literal. Seeded, so each run tries
/// the same literals.
@Suite struct SQLMacroSubstitutionFuzzTests {
  /// Pieces of literal source text: SQL, escape sequences, and interpolations.
  static let pieces = [
    "SELECT ", "FROM ", "WHERE ", "t", " ", "(", ")", ",", ";", "'", "''", "\\\"", "`", "[", "]",
    "--", "/*", "*/", "?", "?1", ":a", "@b", "$c", "1", "=", "é", "😀", "\\0", "\\n", "\\t",
    "\\u{1F600}", "\\\\", "\\(value)", "\\(Reminder.self)", "\\(Reminder.columns.title)",
    "\\($0.title)", "\\(quote: \"a\\\"b\")", "\\(quote: name)", "\\(raw: \"ORDER BY 1\")",
    "\\(raw: sql)", "\\(statement: query)", "\\(a) \\(b)", "quarry:unchecked", "CREATE TABLE t (a)",
    "INSERT INTO t VALUES (", "LIMIT ", "NULL", "#",
  ]

  @Test func randomLiteralsExpandWithDiagnosticsInsideTheLiteral() throws {
    var random = SplitMix64(seed: 0xF022)
    for _ in 0..<500 {
      let count = Int(random.next() % 16)
      let body = (0..<count).map { _ in
        Self.pieces[Int(random.next() % UInt64(Self.pieces.count))]
      }.joined()
      try expectDiagnosticsInside(body, raw: random.next() % 5 == 0)
    }
  }

  private func expectDiagnosticsInside(
    _ body: String, raw: Bool, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    // A raw literal (`#"…"#`) spells its escapes with a `#`.
    let literal =
      raw
      ? "#\"" + body.replacingOccurrences(of: "\\", with: "\\#") + "\"#"
      : "\"" + body + "\""
    let source = Parser.parse(source: "let x = #sql(\(literal))")
    guard !source.hasError,
      let expansion = source.statements.first?.item.as(VariableDeclSyntax.self)?.bindings.first?
        .initializer?.value.as(MacroExpansionExprSyntax.self)
    else { return }  // not valid Swift: the compiler reports it, the macro never runs
    let context = BasicMacroExpansionContext()
    _ = try SQLMacro.expansion(of: expansion, in: context)
    let argument = try #require(expansion.arguments.first?.expression)
    let range =
      argument.positionAfterSkippingLeadingTrivia...argument.endPositionBeforeTrailingTrivia
    for diagnostic in context.diagnostics {
      #expect(
        range.contains(diagnostic.position), "\(literal): \(diagnostic.message)",
        sourceLocation: sourceLocation)
    }
  }
}
