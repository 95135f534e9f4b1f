import QuarrySQLText
import SwiftDiagnostics
import SwiftSyntax

/// One case of a `@Table` or `@Selection` enum: its one associated value is kept in its own
/// column (or `@Selection` group of columns), which is `NULL` in the rows of the other cases.
package struct EnumCaseModel {
  /// The case as a column: the case's name (backticks kept) as the property's, the associated
  /// value's type, and the case's `@Column` attribute (its column's name, its representation).
  package var column: ColumnModel
  /// The associated value's label, `startDate` in `case interval(startDate: Date)`; nil when
  /// it has none.
  package var label: String?

  /// The case's name as written in Swift.
  package var name: String { column.propertyName }

  /// `.name(value)`, with the label when the value has one.
  package func construction(_ value: String) -> String {
    ".\(name)(\(label.map { "\($0): " } ?? "")\(value))"
  }
}

/// What `@Table` and `@Selection` generate an enum's code from: its cases, each holding one
/// value, and for a table, its name.
package struct EnumModel {
  package var typeName: String
  /// `public ` or `package ` when the enum is, or empty.
  package var access = ""
  /// The table's name (`@Table` only): the one given, or the type name pluralized.
  package var tableName = ""
  /// The schema the table is in, when `@Table(schema:)` names one.
  package var schemaName: String?
  package var cases: [EnumCaseModel] = []
  package var diagnostics: [Diagnostic] = []

  /// The table's quoted name, qualified by its schema when it has one.
  package var qualifiedTableName: String {
    (schemaName.map { quoteIdentifier($0) + "." } ?? "") + quoteIdentifier(tableName)
  }

  /// Models `enumDecl`, which `attribute` (`@Table` unless `isSelection`) is attached to.
  package init(
    attribute: AttributeSyntax, enumDecl: EnumDeclSyntax, typeName: String, isSelection: Bool
  ) {
    self.typeName = typeName
    if let generics = enumDecl.genericParameterClause {
      diagnostics.append(
        Diagnostic(
          node: generics, message: isSelection ? QuarryDiagnostic.genericSelection : .genericTable
        ))
    }
    for modifier in enumDecl.modifiers {
      if modifier.name.tokenKind == .keyword(.public) { access = "public " }
      if modifier.name.tokenKind == .keyword(.package) { access = "package " }
    }
    if !isSelection {
      let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? []
      if let argument = arguments.first, argument.label == nil {
        tableName =
          literalName(argument.expression, error: .tableNameNotLiteral, diagnostics: &diagnostics)
          ?? ""
      }
      if tableName.isEmpty {
        tableName = defaultTableName(forTypeName: enumDecl.name.text.trimmingBackticks)
      }
      if let argument = arguments.first(where: { $0.label?.text == "schema" }) {
        schemaName = literalName(
          argument.expression, error: .schemaNameNotLiteral, diagnostics: &diagnostics)
      }
    }
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let attribute = caseDecl.attributes.first(named: "Column").map {
        ColumnAttribute($0, diagnostics: &diagnostics)
      }
      if let attribute { diagnoseCaseColumnArguments(attribute) }
      for element in caseDecl.elements { addCase(element, attribute: attribute, isSelection) }
    }
    if !isSelection, cases.isEmpty, diagnostics.isEmpty {
      diagnostics.append(
        Diagnostic(node: enumDecl.name, message: QuarryDiagnostic.tableEnumWithoutCases))
    }
  }

  private mutating func addCase(
    _ element: EnumCaseElementSyntax, attribute: ColumnAttribute?, _ isSelection: Bool
  ) {
    let name = element.name.text
    guard let parameters = element.parameterClause?.parameters, parameters.count == 1,
      let parameter = parameters.first
    else {
      diagnostics.append(
        Diagnostic(
          node: element,
          message: QuarryDiagnostic.enumCaseNeedsOneValue(
            case: name.trimmingBackticks, attribute: isSelection ? "Selection" : "Table")))
      return
    }
    var attribute = attribute
    let representation = attribute?.representation?.replacing(selfMarker, with: typeName)
    attribute?.representation = representation
    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0.text }
    let column = ColumnModel(
      propertyName: name, columnName: attribute?.name ?? name.trimmingBackticks,
      type: parameter.type.trimmedDescription, isOptional: false,
      initialValue: parameter.defaultValue?.value.trimmedDescription, attribute: attribute)
    cases.append(EnumCaseModel(column: column, label: label))
  }

  /// A case's column is never a primary key (the other cases' rows hold `NULL` in it) and never
  /// computed by the database (a row of its case writes it): the fix-it removes the argument.
  private mutating func diagnoseCaseColumnArguments(_ attribute: ColumnAttribute) {
    guard let arguments = attribute.node.arguments?.as(LabeledExprListSyntax.self) else { return }
    for argument in arguments {
      guard let label = argument.label?.text, label == "primaryKey" || label == "generated",
        !argument.expression.is(NilLiteralExprSyntax.self),
        argument.expression.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind
          != .keyword(.false)
      else { continue }
      var kept = Array(arguments.filter { $0.id != argument.id })
      if let last = kept.indices.last { kept[last].trailingComma = nil }
      var changes: [FixIt.Change] = [
        .replace(oldNode: Syntax(arguments), newNode: Syntax(LabeledExprListSyntax(kept)))
      ]
      if kept.isEmpty {
        // `@Column()` reads as a mistake: drop the parentheses with the last argument.
        var bare = attribute.node
        bare.leftParen = nil
        bare.arguments = nil
        bare.rightParen = nil
        changes = [.replace(oldNode: Syntax(attribute.node), newNode: Syntax(bare))]
      }
      diagnostics.append(
        Diagnostic(
          node: argument,
          message: label == "primaryKey"
            ? QuarryDiagnostic.enumCasePrimaryKey : .enumCaseGenerated,
          fixIts: [
            FixIt(message: QuarryFixIt.remove(argument.trimmedDescription), changes: changes)
          ]))
    }
  }
}
