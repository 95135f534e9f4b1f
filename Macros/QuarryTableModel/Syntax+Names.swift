import SwiftDiagnostics
import SwiftSyntax

/// The name a `@Table` or `@Column` argument spells, or nil for `nil` or a non-literal (which is
/// diagnosed with `error`).
package func literalName(
  _ expression: ExprSyntax,
  error: QuarryDiagnostic,
  diagnostics: inout [Diagnostic]
) -> String? {
  if expression.is(NilLiteralExprSyntax.self) { return nil }
  if let literal = expression.as(StringLiteralExprSyntax.self),
    let value = StringLiteralText(literal)?.plainValue
  {
    return value
  }
  diagnostics.append(Diagnostic(node: expression, message: error))
  return nil
}

extension AttributeSyntax {
  /// The attribute's name without a module qualifier: `Column` for `@Quarry.Column`.
  package var simpleName: String {
    if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text }
    return attributeName.trimmedDescription
  }
}

extension AttributeListSyntax {
  /// The first attribute named `name`, module-qualified or not.
  package func first(named name: String) -> AttributeSyntax? {
    for element in self {
      if case .attribute(let attribute) = element, attribute.simpleName == name {
        return attribute
      }
    }
    return nil
  }
}

extension PatternBindingSyntax {
  /// Whether the binding stores a value: it has no accessors, or only observers.
  package var isStored: Bool {
    switch accessorBlock?.accessors {
    case nil:
      return true
    case .getter:
      return false
    case .accessors(let accessors):
      let observers: Set<TokenKind> = [.keyword(.willSet), .keyword(.didSet)]
      return accessors.allSatisfy { observers.contains($0.accessorSpecifier.tokenKind) }
    }
  }

  /// The bound name without backticks, for messages.
  package var propertyName: String { pattern.trimmedDescription.trimmingBackticks }
}

extension TypeSyntax {
  /// Whether the type is written as an optional: `T?`, `T!` or `Optional<T>`.
  package var isOptional: Bool { isSugaredOptional || simpleName == "Optional" }

  /// Whether the type is written `T?` or `T!`, which a `var` initializes to nil by itself.
  package var isSugaredOptional: Bool {
    self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
  }

  /// The type's name without module qualifier or generic arguments: `Sendable` for
  /// `Swift.Sendable`.
  package var simpleName: String {
    if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
    if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    return trimmedDescription
  }
}

extension String {
  /// The identifier without the backticks that escape a keyword: `default` for `` `default` ``.
  package var trimmingBackticks: String {
    hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
  }
}
