import QuarrySQLText
import QuarryTableModel
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Selection`: conforms a struct or an enum to `Selection`, so a table can hold it as a group
/// of columns, and (for a struct) a query can select into it with `Row.Columns(…)`.
public struct SelectionMacro: ExtensionMacro {
  public static var formatMode: FormatMode { .disabled }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let typeName = type.trimmedDescription
    let source: String
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let model = EnumModel(
        attribute: node, enumDecl: enumDecl, typeName: typeName, isSelection: true)
      model.diagnostics.forEach(context.diagnose)
      guard model.diagnostics.isEmpty else { return [] }
      source = model.selectionExtensionSource()
    } else if declaration.is(StructDeclSyntax.self) {
      let model = TableModel(
        attribute: node, declaration: declaration, typeName: typeName, isSelection: true)
      model.diagnostics.forEach(context.diagnose)
      guard model.diagnostics.isEmpty else { return [] }
      source = model.selectionExtensionSource()
    } else {
      // A class or an actor becomes a struct; anything else has no obvious fix.
      var diagnostic = Diagnostic(
        node: node, message: QuarryDiagnostic.selectionRequiresStructOrEnum)
      if let classDecl = declaration.as(ClassDeclSyntax.self) {
        diagnostic = Diagnostic(
          node: classDecl.classKeyword, message: QuarryDiagnostic.selectionRequiresStructOrEnum,
          fixIts: [
            .replacing(
              classDecl.classKeyword, with: .struct, removing: classDecl.modifiers, .final)
          ])
      } else if let actorDecl = declaration.as(ActorDeclSyntax.self) {
        diagnostic = Diagnostic(
          node: actorDecl.actorKeyword, message: QuarryDiagnostic.selectionRequiresStructOrEnum,
          fixIts: [.replacing(actorDecl.actorKeyword, with: .struct)])
      }
      context.diagnose(diagnostic)
      return []
    }
    return [Verbatim.extension(source)]
  }
}

extension TableModel {
  /// The `Selection` conformance of a `@Selection` struct: its members and columns, bindings,
  /// decoder, and `Columns`, which selects a query's expressions into it.
  func selectionExtensionSource() -> String {
    var body = selectionMembersSource(
      access: access, columns.map { ($0.propertyName, $0.storedType, $0.columnName) })
    body += [
      "\(access)static let selectionColumns: [QuarryCore.TableSchema.Column] = "
        + schemaColumnsExpression(columns)
    ]
    body += block(
      "\(access)func bind(to binder: any QuarryCore.QueryBinder) throws", bindStatements(columns))
    body += decoderSource(columns: columns)
    body += columnsBuilderSource()
    return block("nonisolated extension \(typeName): QuarryCore.Selection", body)
      .joined(separator: "\n")
  }

  /// `Columns`: a row written as one expression or value per property, a `ColumnsExpression`
  /// decoded as the type. Selected, each is named as its column (a group's columns name
  /// themselves); its `values`, unnamed and without generated columns, are an insert's row. A
  /// property with an initial value (or an optional one) may be left out: its value is then
  /// bound, as the memberwise initializer would use it.
  func columnsBuilderSource() -> [String] {
    // `_selection` and `_values`: the parameters take the properties' names. (`let` when
    // there is no property to append.)
    let binding = columns.isEmpty ? "let" : "var"
    var initializer = [
      "\(binding) _selection = QuarryCore.QueryFragment()",
      "\(binding) _values = QuarryCore.QueryFragment()",
    ]
    for column in columns {
      let name =
        column.isKnownColumn ? swiftStringLiteral(quoteIdentifier(column.columnName)) : "nil"
      initializer.append(
        "QuarryCore.MacroSupport.appendTerm(\(column.propertyName), named: \(name), "
          + (column.isGenerated ? "isInserted: false, " : "")
          + "selection: &_selection, values: &_values)")
    }
    initializer += ["self.selection = _selection", "self.values = _values"]
    let body =
      [
        "\(access)typealias QueryValue = \(typeName)",
        "\(access)let selection: QuarryCore.QueryFragment",
        "\(access)let values: QuarryCore.QueryFragment",
      ]
      + block("\(access)init(\(columnsParameters().joined(separator: ", ")))", initializer)
      + block(
        "\(access)func write(to fragment: inout QuarryCore.QueryFragment)",
        ["fragment.append(selection)"])
    return block("\(access)nonisolated struct Columns: QuarryCore.ColumnsExpression", body)
  }

  /// The parameters of `Columns.init`: one expression or value per property, those with an
  /// initial value (or optional) defaulted to it, bound.
  func columnsParameters() -> [String] {
    columns.map { column in
      let parameter =
        "\(column.propertyName): some QuarryCore.QueryAssignable<\(column.storedType)>"
      guard let value = column.initialValue ?? (column.isOptional ? "nil" : nil) else {
        return parameter
      }
      // A known column's value is a `BoundValue`; otherwise the overload that fits the type (a
      // value or a `@Selection` group) binds it.
      let bound =
        column.isKnownColumn
        ? "QuarryCore.BoundValue<\(column.storedType)>(\(column.bindableExpression(value)))"
        : "QuarryCore.MacroSupport.value(\(column.type).self, \(value))"
      return parameter + " = " + bound
    }
  }
}

/// `SelectionMembers` and its one instance.
private func selectionMembersSource(
  access: String, _ members: [(property: String, type: String, column: String)]
) -> [String] {
  let declarations = members.map { member in
    "\(access)let \(member.property) = QuarryCore.SelectionMember<\(member.type)>("
      + "\(swiftStringLiteral(member.column)), "
      + "quotedName: \(swiftStringLiteral(quoteIdentifier(member.column))))"
  }
  return block("\(access)nonisolated struct SelectionMembers: Sendable", declarations)
    + ["\(access)static let selectionMembers = SelectionMembers()"]
}
