import SwiftDiagnostics
import SwiftSyntax

/// The arguments of one `@Column(_ name:, primaryKey:)` attribute.
package struct ColumnAttribute {
  /// The attribute itself, where primary key diagnostics point.
  package var node: AttributeSyntax
  /// The column name, when one was given.
  package var name: String?
  /// `primaryKey: true` or `false`, when given.
  package var primaryKey: Bool?
  /// The representation type of `as: X.self`, as written (`[String].JSONRepresentation`).
  package var representation: String?
  /// `stored` or `virtual`, from `generated: .stored` or `.virtual`: the database computes the
  /// column.
  package var generatedStorage: String?
  /// The `generated:` argument's value, where a generated primary key's error points.
  package var generatedArgument: ExprSyntax?

  /// Whether the database computes the column.
  package var isGenerated: Bool { generatedStorage != nil }

  /// Reads `node`'s arguments, diagnosing the ones that aren't literals.
  package init(_ node: AttributeSyntax, diagnostics: inout [Diagnostic]) {
    self.node = node
    for argument in node.arguments?.as(LabeledExprListSyntax.self) ?? [] {
      switch argument.label?.text {
      case nil:
        name = literalName(
          argument.expression, error: .columnNameNotLiteral, diagnostics: &diagnostics)
      case "primaryKey":
        if let literal = argument.expression.as(BooleanLiteralExprSyntax.self) {
          primaryKey = literal.literal.tokenKind == .keyword(.true)
        } else if !argument.expression.is(NilLiteralExprSyntax.self) {
          diagnostics.append(
            Diagnostic(node: argument.expression, message: QuarryDiagnostic.primaryKeyNotLiteral))
        }
      case "as":
        // `Self` names the table type, and the generated code sits in nested types: keep a
        // marker to replace with the type's name.
        var expression = argument.expression.tokens(viewMode: .sourceAccurate)
          .map { $0.tokenKind == .keyword(.Self) ? selfMarker : $0.text }.joined()
        if expression.hasSuffix(".self") { expression.removeLast(5) }
        representation = expression
      case "generated":
        guard !argument.expression.is(NilLiteralExprSyntax.self) else { break }
        let name = argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        if let name, name == "stored" || name == "virtual" {
          generatedStorage = name
          generatedArgument = argument.expression
        } else {
          diagnostics.append(
            Diagnostic(node: argument.expression, message: QuarryDiagnostic.generatedNotLiteral))
        }
      default:
        break
      }
    }
  }
}

/// Stands for `Self` in a recorded `@Column(as:)` type until the table's name is known.
package let selfMarker = "\u{1}Self"
