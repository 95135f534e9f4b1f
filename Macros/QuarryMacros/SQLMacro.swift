import QuarryTableModel
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#sql("…")` and `#sql("…", as: T.self)`: wraps the fragment in a `SQLQueryExpression`, after
/// checking the SQL a literal argument spells, first with Quarry's scanner (``SQLTokenCheck``),
/// then with SQLite's own parser (``SQLiteParserCheck``).
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
    // A literal written for another dialect (`dialect: .postgres`) is not SQLite's to judge.
    let isSQLite = node.arguments.allSatisfy { argument in
      argument.label?.text != "dialect"
        || argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "sqlite"
    }
    if isSQLite, let literal = node.arguments.first?.expression.as(StringLiteralExprSyntax.self),
      let text = StringLiteralText(literal)
    {
      let diagnostics = SQLTokenCheck.diagnostics(for: text)
      for diagnostic in diagnostics {
        context.diagnose(diagnostic)
      }
      // SQLite would report the same mistakes less precisely: ask it only about clean text.
      if diagnostics.isEmpty, let diagnostic = SQLiteParserCheck.diagnostic(for: text) {
        context.diagnose(diagnostic)
      }
    }
    return "QuarryCore.SQLQueryExpression(\(node.arguments.trimmed))"
  }
}
