import QuarryTableModel
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@DatabaseFunction`: a peer `$name` value describing a global or static Swift function to
/// SQLite, whose call renders `"name"(arguments…)` typed by the function's result.
public struct DatabaseFunctionMacro: PeerMacro {
  public static var formatMode: FormatMode { .disabled }

  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let function = declaration.as(FunctionDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: node, message: QuarryDiagnostic.functionRequiresFunction))
      return []
    }
    let isInType = context.lexicalContext.contains {
      $0.is(StructDeclSyntax.self) || $0.is(ClassDeclSyntax.self) || $0.is(EnumDeclSyntax.self)
        || $0.is(ActorDeclSyntax.self) || $0.is(ExtensionDeclSyntax.self)
    }
    let model = DatabaseFunctionModel(
      attribute: node, function: function, isInType: isInType,
      typeName: context.makeUniqueName(function.name.text.filter { $0 != "`" }).text)
    for diagnostic in model.diagnostics {
      context.diagnose(diagnostic)
    }
    guard model.diagnostics.isEmpty else { return [] }
    return model.peerSource().map(Verbatim.declaration)
  }
}

/// What `@DatabaseFunction` reads from a function declaration, with the diagnostics of what it
/// can't turn into an SQL function.
struct DatabaseFunctionModel {
  /// A parameter of the generated call: its argument label (nil for none), its name and the
  /// Swift type of the value it passes.
  struct Argument {
    var label: String?
    var name: String
    var type: String
    var defaultValue: String?
  }

  var diagnostics: [Diagnostic] = []
  /// The Swift function's name, as written (backticks kept).
  var swiftName = ""
  /// The function's full name for a reference: `exclaim(_:)`.
  var reference = ""
  var sqlName = ""
  var isDeterministic = false
  var access = ""
  var isStatic = false
  var output = "Void"
  var arguments: [Argument] = []
  /// The sequence's element for an aggregate: its type, and whether it is a tuple of the
  /// arguments.
  var aggregateElement: (type: String, isTuple: Bool)?
  /// The generated struct's name.
  var typeName: String

  init(attribute: AttributeSyntax, function: FunctionDeclSyntax, isInType: Bool, typeName: String) {
    self.typeName = typeName
    swiftName = function.name.text
    sqlName = swiftName.filter { $0 != "`" }
    readOptions(attribute)
    readModifiers(function, isInType: isInType)
    readSignature(function)
  }

  private mutating func readOptions(_ attribute: AttributeSyntax) {
    guard case .argumentList(let options) = attribute.arguments else { return }
    for option in options {
      switch option.label?.text {
      case nil:
        if let name = literalName(
          option.expression, error: .functionNameNotLiteral, diagnostics: &diagnostics)
        {
          sqlName = name
        }
      case "isDeterministic":
        switch option.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind {
        case .keyword(.true): isDeterministic = true
        case .keyword(.false): isDeterministic = false
        default:
          diagnostics.append(
            Diagnostic(node: option.expression, message: QuarryDiagnostic.deterministicNotLiteral))
        }
      default: break
      }
    }
  }

  private mutating func readModifiers(_ function: FunctionDeclSyntax, isInType: Bool) {
    for modifier in function.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.class): isStatic = true
      case .keyword(.public), .keyword(.package), .keyword(.internal), .keyword(.fileprivate),
        .keyword(.private):
        access = modifier.name.text + " "
      case .keyword(.open): access = "public "
      default: break
      }
    }
    if isInType, !isStatic {
      diagnostics.append(
        Diagnostic(
          node: function.funcKeyword, message: QuarryDiagnostic.instanceMethodFunction,
          fixIt: FixIt(message: QuarryFixIt.insertStatic, changes: insertingStatic(function))))
    }
    if let generics = function.genericParameterClause {
      diagnostics.append(Diagnostic(node: generics, message: QuarryDiagnostic.genericFunction))
    } else if let whereClause = function.genericWhereClause {
      diagnostics.append(Diagnostic(node: whereClause, message: QuarryDiagnostic.genericFunction))
    }
    if let async = function.signature.effectSpecifiers?.asyncSpecifier {
      diagnostics.append(
        Diagnostic(
          node: async, message: QuarryDiagnostic.asyncFunction,
          fixIt: FixIt(
            message: QuarryFixIt.remove(async.text),
            changes: [.replace(oldNode: Syntax(async), newNode: Syntax(missing(async)))])))
    }
  }

  private mutating func readSignature(_ function: FunctionDeclSyntax) {
    if let returnType = function.signature.returnClause?.type.trimmedDescription,
      returnType != "()"
    {
      output = returnType
    }
    let parameters = function.signature.parameterClause.parameters
    var labels: [String] = []
    for parameter in parameters {
      let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
      labels.append((label ?? "_") + ":")
      let name = (parameter.secondName ?? parameter.firstName).text
      readSpecifiers(parameter, name: name)
      if let element = sequenceElement(parameter.type) {
        readAggregate(parameter, label: label, element: element, alone: parameters.count == 1)
        continue
      }
      arguments.append(
        Argument(
          label: label, name: name, type: parameter.type.trimmedDescription,
          defaultValue: parameter.defaultValue?.value.trimmedDescription))
    }
    reference = labels.isEmpty ? swiftName : "\(swiftName)(\(labels.joined()))"
  }

  private mutating func readSpecifiers(_ parameter: FunctionParameterSyntax, name: String) {
    if let attributed = parameter.type.as(AttributedTypeSyntax.self) {
      for specifier in attributed.specifiers {
        guard case .simpleTypeSpecifier(let simple) = specifier,
          simple.specifier.tokenKind == .keyword(.inout)
        else { continue }
        diagnostics.append(
          Diagnostic(
            node: simple.specifier, message: QuarryDiagnostic.inoutParameter(name),
            fixIt: FixIt(
              message: QuarryFixIt.remove("inout"),
              changes: [
                .replace(
                  oldNode: Syntax(parameter.type),
                  newNode: Syntax(attributed.baseType.with(\.leadingTrivia, [])))
              ])))
      }
    }
    if let ellipsis = parameter.ellipsis {
      diagnostics.append(
        Diagnostic(node: ellipsis, message: QuarryDiagnostic.variadicParameter(name)))
    }
  }

  /// The element type of a `some Sequence<Element>` (or `any`) parameter; nil for another type.
  private mutating func sequenceElement(_ type: TypeSyntax) -> Syntax?? {
    guard let opaque = type.as(SomeOrAnyTypeSyntax.self),
      let constraint = opaque.constraint.as(IdentifierTypeSyntax.self),
      constraint.name.text == "Sequence"
    else { return nil }
    guard let clause = constraint.genericArgumentClause, clause.arguments.count == 1,
      let argument = clause.arguments.first
    else {
      diagnostics.append(
        Diagnostic(node: constraint, message: QuarryDiagnostic.aggregateSequenceElement))
      return .some(nil)
    }
    return Syntax(argument.argument)
  }

  private mutating func readAggregate(
    _ parameter: FunctionParameterSyntax, label: String?, element: Syntax?, alone: Bool
  ) {
    guard alone else {
      diagnostics.append(
        Diagnostic(node: parameter, message: QuarryDiagnostic.aggregateSequenceAlone))
      return
    }
    guard let element else { return }
    if let tuple = element.as(TupleTypeSyntax.self), tuple.elements.count > 1 {
      for (index, member) in tuple.elements.enumerated() {
        arguments.append(
          Argument(
            label: member.firstName?.text == "_" ? nil : member.firstName?.text,
            name: "element\(index)", type: member.type.trimmedDescription))
      }
      aggregateElement = (tuple.trimmedDescription, true)
    } else {
      arguments.append(Argument(label: label, name: "element", type: element.trimmedDescription))
      aggregateElement = (element.trimmedDescription, false)
    }
  }
}

/// `static` inserted before `func`, after any other modifier.
private func insertingStatic(_ function: FunctionDeclSyntax) -> [FixIt.Change] {
  let keyword = function.funcKeyword
  let staticModifier = DeclModifierSyntax(
    name: .keyword(.static, leadingTrivia: keyword.leadingTrivia, trailingTrivia: .space))
  return [
    .replace(
      oldNode: Syntax(function.modifiers), newNode: Syntax(function.modifiers + [staticModifier])),
    .replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.leadingTrivia, []))),
  ]
}

/// `token` marked missing, so a fix-it that replaces it with this removes it.
private func missing(_ token: TokenSyntax) -> TokenSyntax {
  token.with(\.presence, .missing).with(\.leadingTrivia, []).with(\.trailingTrivia, [])
}
