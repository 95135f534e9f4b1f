import QuarrySQLText
import SwiftDiagnostics
import SwiftSyntax

/// One column of a `@Table` struct: a stored instance property.
package struct ColumnModel {
  /// The property's name as written in Swift (backticks kept).
  package var propertyName: String
  /// The column's name in the database.
  package var columnName: String
  /// The property's Swift type, written or inferred.
  package var type: String
  /// Whether ``type`` is an optional type.
  package var isOptional: Bool
  /// The property's initial value, the `Draft` initializer's default.
  package var initialValue: String?
  /// Whether the column is the table's primary key.
  package var isPrimaryKey = false
  /// The property's `@Column` attribute, if any.
  package var attribute: ColumnAttribute?

  /// Whether the database computes the column: decoded, never written, not in `Draft`.
  package var isGenerated: Bool { attribute?.isGenerated ?? false }

  /// The type the column binds and decodes as: the `@Column(as:)` representation (made optional
  /// for an optional property), or the property's own type.
  package var storedType: String {
    guard let representation = attribute?.representation else { return type }
    // `[String]?.JSONRepresentation` is optional already: an optional's representation.
    let isOptionalAlready = representation.hasSuffix("?") || representation.contains("?.")
    return isOptional && !isOptionalAlready ? representation + "?" : representation
  }

  /// The SQL expression of the property's value in bindings, through its representation.
  package func bindingExpression(_ value: String) -> String {
    "\(bindableExpression(value)).queryBinding"
  }

  /// The property's value as it binds: itself, or its representation.
  package func bindableExpression(_ value: String) -> String {
    guard attribute?.representation != nil else { return value }
    return "\(storedType)(queryOutput: \(value))"
  }

  /// Whether the macro knows from the type's name that the property is one column. Otherwise it
  /// may be a `@Selection` group, and generated code lets overloads decide (`MacroSupport`).
  package var isKnownColumn: Bool { attribute?.representation != nil || storageClass != "any" }

  /// The SQLite storage class the Swift type binds as, by its name (`TableSchema.StorageClass`):
  /// integers and `Bool` are `integer`, `Double` and `Float` `real`, `String`, `UUID` and `Date`
  /// `text`, `[UInt8]` and `Data` `blob`, JSONB `jsonb`, anything else (an enum, a custom type) `any`.
  package var storageClass: String {
    if let representation = attribute?.representation {
      if representation.contains("JSONBRepresentation") { return "jsonb" }
      if representation.contains("JSONRepresentation") || representation.contains("Lowercased")
        || representation.contains("Uppercased") || representation.contains("ISO8601")
      {
        return "text"
      }
      if representation.contains("JulianDay") { return "real" }
      if representation.contains("BytesRepresentation") { return "blob" }
      return "any"
    }
    var name = type.filter { !$0.isWhitespace }
    while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
    for prefix in ["Swift.Optional<", "Optional<"] where name.hasPrefix(prefix) {
      name = String(name.dropFirst(prefix.count).dropLast())
    }
    for module in ["Swift.", "Foundation."] where name.hasPrefix(module) {
      name.removeFirst(module.count)
    }
    switch name {
    case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
      "Bool":
      return "integer"
    case "Double", "Float", "Float32", "Float64":
      return "real"
    case "String", "UUID", "Date", "URL":
      return "text"
    case "[UInt8]", "Array<UInt8>", "[Swift.UInt8]", "Data":
      return "blob"
    default:
      return "any"
    }
  }
}

/// What `@Table` generates code from: a pure model of the struct, built without side effects.
/// Parsing collects every problem in ``diagnostics``; the macro emits nothing when there are any.
package struct TableModel {
  /// The extended type, as the compiler names it (`Attachment.Image` for a nested type).
  package var typeName: String
  /// The table's name in the database.
  package var tableName = ""
  /// The schema the table is in (`@Table(schema: "archive")`), or nil.
  package var schemaName: String?
  /// The struct's access modifier followed by a space (`public `), or nothing.
  package var access = ""
  /// The table's columns, in declaration order.
  package var columns: [ColumnModel] = []
  /// The conformances the struct declares that `Draft` should share (`Sendable`, …).
  package var draftConformances: [String] = []
  /// The problems found.
  package var diagnostics: [Diagnostic] = []

  /// The table's quoted name, qualified by its schema when it has one: `"archive"."reminders"`.
  package var qualifiedTableName: String {
    (schemaName.map { quoteIdentifier($0) + "." } ?? "") + quoteIdentifier(tableName)
  }

  /// The primary key column, if the table has one.
  package var primaryKey: ColumnModel? { columns.first(where: \.isPrimaryKey) }

  /// A model with no columns yet, which the caller fills in: an enum's cases read as the
  /// columns of a table.
  package init(typeName: String) {
    self.typeName = typeName
  }

  /// Models `declaration`, the struct `attribute` is attached to. A `@Selection` struct
  /// (`isSelection`) has columns but no table name and no primary key.
  package init(
    attribute: AttributeSyntax, declaration: some DeclGroupSyntax, typeName: String,
    isSelection: Bool = false
  ) {
    self.typeName = typeName
    guard let structDecl = declaration.as(StructDeclSyntax.self) else {
      diagnoseNonStruct(declaration)
      return
    }
    if let generics = structDecl.genericParameterClause {
      diagnostics.append(
        Diagnostic(
          node: generics,
          message: isSelection ? QuarryDiagnostic.genericSelection : .genericTable))
    }
    tableName =
      isSelection
      ? ""
      : Self.explicitTableName(attribute, diagnostics: &diagnostics)
        ?? defaultTableName(forTypeName: structDecl.name.text.trimmingBackticks)
    if !isSelection { schemaName = Self.schemaName(attribute, diagnostics: &diagnostics) }
    access = Self.accessModifier(structDecl.modifiers)
    draftConformances = Self.draftConformances(structDecl.inheritanceClause)
    for member in structDecl.memberBlock.members {
      if let variable = member.decl.as(VariableDeclSyntax.self) {
        addColumns(variable)
      }
    }
    if !isSelection {
      choosePrimaryKey()
      diagnoseKeyGroupWithoutSelection(structDecl)
      diagnoseDuplicateColumnNames()
    }
  }

  /// A composite key's type declared in the table without `@Selection`: a nested struct of
  /// several stored properties that declares no conformance making it one column
  /// (`QueryBindable`, `QueryRepresentable`, `RawRepresentable`).
  private mutating func diagnoseKeyGroupWithoutSelection(_ structDecl: StructDeclSyntax) {
    guard let key = primaryKey, !key.isKnownColumn else { return }
    var name = key.type
    for prefix in ["Self.", typeName + "."] where name.hasPrefix(prefix) {
      name.removeFirst(prefix.count)
    }
    let oneColumn: Set = ["QueryBindable", "QueryRepresentable", "RawRepresentable"]
    for member in structDecl.memberBlock.members {
      guard let nested = member.decl.as(StructDeclSyntax.self),
        nested.name.text.trimmingBackticks == name,
        nested.attributes.first(named: "Selection") == nil,
        nested.attributes.first(named: "Table") == nil,
        !(nested.inheritanceClause?.inheritedTypes ?? []).contains(where: {
          oneColumn.contains($0.type.simpleName)
        })
      else { continue }
      let storedCount = nested.memberBlock.members.reduce(0) { count, member in
        guard let variable = member.decl.as(VariableDeclSyntax.self),
          !variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
        else { return count }
        return count + variable.bindings.filter(\.isStored).count
      }
      guard storedCount > 1 else { return }
      var marked = nested
      let selection = AttributeSyntax(
        atSign: .atSignToken(leadingTrivia: nested.leadingTrivia),
        attributeName: IdentifierTypeSyntax(name: .identifier("Selection")),
        trailingTrivia: .space)
      marked.leadingTrivia = []
      marked.attributes = AttributeListSyntax([.attribute(selection)] + Array(nested.attributes))
      diagnostics.append(
        Diagnostic(
          node: nested.name,
          message: QuarryDiagnostic.primaryKeyGroupWithoutSelection(type: name),
          fixIts: [
            FixIt(
              message: QuarryFixIt.insertSelection,
              changes: [.replace(oldNode: Syntax(nested), newNode: Syntax(marked))])
          ]))
      return
    }
  }

  /// Two properties of one column name: a table can't have them, and a view would read the
  /// first column twice.
  private mutating func diagnoseDuplicateColumnNames() {
    var seen: [String: ColumnModel] = [:]
    for column in columns {
      guard let first = seen[column.columnName] else {
        seen[column.columnName] = column
        continue
      }
      // One of the two names its column with `@Column("…")`: two properties can't share a name.
      guard let node = column.attribute?.node ?? first.attribute?.node else { continue }
      diagnostics.append(
        Diagnostic(
          node: node,
          message: QuarryDiagnostic.duplicateColumnName(
            column: column.columnName, property: first.propertyName.trimmingBackticks)))
    }
  }

  private mutating func diagnoseNonStruct(_ declaration: some DeclGroupSyntax) {
    let keyword: TokenSyntax
    var fixIts: [FixIt] = []
    if let decl = declaration.as(ClassDeclSyntax.self) {
      keyword = decl.classKeyword
      fixIts = [.replacing(keyword, with: .struct, removing: decl.modifiers, .final)]
    } else if let decl = declaration.as(ActorDeclSyntax.self) {
      keyword = decl.actorKeyword
      fixIts = [.replacing(keyword, with: .struct)]
    } else if let decl = declaration.as(EnumDeclSyntax.self) {
      keyword = decl.enumKeyword
    } else if let decl = declaration.as(ProtocolDeclSyntax.self) {
      keyword = decl.protocolKeyword
    } else if let decl = declaration.as(ExtensionDeclSyntax.self) {
      keyword = decl.extensionKeyword
    } else {
      diagnostics.append(
        Diagnostic(node: declaration, message: QuarryDiagnostic.tableRequiresStruct))
      return
    }
    diagnostics.append(
      Diagnostic(node: keyword, message: QuarryDiagnostic.tableRequiresStruct, fixIts: fixIts))
  }

  private static func explicitTableName(
    _ attribute: AttributeSyntax,
    diagnostics: inout [Diagnostic]
  ) -> String? {
    let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? []
    guard let argument = arguments.first, argument.label == nil else { return nil }
    return literalName(argument.expression, error: .tableNameNotLiteral, diagnostics: &diagnostics)
  }

  /// The `schema:` argument: a non-empty string literal, or nil when there is none.
  private static func schemaName(
    _ attribute: AttributeSyntax,
    diagnostics: inout [Diagnostic]
  ) -> String? {
    let arguments = attribute.arguments?.as(LabeledExprListSyntax.self) ?? []
    guard let argument = arguments.first(where: { $0.label?.text == "schema" }) else { return nil }
    if let literal = argument.expression.as(StringLiteralExprSyntax.self),
      let value = StringLiteralText(literal)?.plainValue, !value.isEmpty
    {
      return value
    }
    diagnostics.append(
      Diagnostic(node: argument.expression, message: QuarryDiagnostic.schemaNameNotLiteral))
    return nil
  }

  private static func accessModifier(_ modifiers: DeclModifierListSyntax) -> String {
    for modifier in modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }

  private static func draftConformances(_ clause: InheritanceClauseSyntax?) -> [String] {
    let shared: Set = ["Sendable", "Equatable", "Hashable", "Codable"]
    var conformances: [String] = []
    for inherited in clause?.inheritedTypes ?? [] {
      let name = inherited.type.simpleName
      if shared.contains(name), !conformances.contains(name) { conformances.append(name) }
    }
    return conformances
  }

  /// Adds a column for each stored binding of `variable`, unless it is static, lazy or
  /// `@Ephemeral`.
  private mutating func addColumns(_ variable: VariableDeclSyntax) {
    let skipped: Set<TokenKind> = [.keyword(.static), .keyword(.class), .keyword(.lazy)]
    if variable.modifiers.contains(where: { skipped.contains($0.name.tokenKind) }) { return }
    let bindings = Array(variable.bindings).filter(\.isStored)
    if variable.attributes.first(named: "Ephemeral") != nil {
      // A `var` of type `T?` starts as nil without an initial value.
      let startsNil = variable.bindingSpecifier.tokenKind == .keyword(.var)
      for binding in bindings where binding.initializer == nil {
        if startsNil, binding.typeAnnotation?.type.isSugaredOptional == true { continue }
        diagnostics.append(
          Diagnostic(
            node: binding,
            message: QuarryDiagnostic.ephemeralWithoutDefault(property: binding.propertyName)))
      }
      return
    }
    if variable.bindingSpecifier.tokenKind == .keyword(.let),
      let initialized = bindings.first(where: { $0.initializer != nil })
    {
      diagnostics.append(
        Diagnostic(
          node: variable.bindingSpecifier,
          message: QuarryDiagnostic.letWithInitialValue(property: initialized.propertyName),
          fixIts: [.replacing(variable.bindingSpecifier, with: .var)]))
    }
    let attribute = variable.attributes.first(named: "Column").map {
      ColumnAttribute($0, diagnostics: &diagnostics)
    }
    for (index, binding) in bindings.enumerated() {
      guard binding.pattern.is(IdentifierPatternSyntax.self) else { continue }
      // In `var a, b: Int`, `a` takes its type from a later binding.
      let annotation = bindings[index...].lazy.compactMap(\.typeAnnotation).first
      let type = binding.initializer == nil ? annotation?.type : binding.typeAnnotation?.type
      let typeName =
        type.map(resolvingSelf)
        ?? binding.initializer.flatMap { inferType($0, describe: resolvingSelf) }
      guard let typeName else {
        diagnostics.append(
          Diagnostic(
            node: binding.pattern,
            message: QuarryDiagnostic.cannotInferType(property: binding.propertyName)))
        continue
      }
      let propertyName = binding.pattern.trimmedDescription
      var attribute = attribute
      let representation = attribute?.representation?.replacing(selfMarker, with: self.typeName)
      attribute?.representation = representation
      columns.append(
        ColumnModel(
          propertyName: propertyName,
          columnName: attribute?.name ?? propertyName.trimmingBackticks,
          type: typeName,
          isOptional: type?.isOptional ?? false,
          initialValue: binding.initializer.map { resolvingSelf($0.value) },
          attribute: attribute))
    }
  }

  /// An expression or a type as written, `Self` replaced by the type's name: the generated code
  /// that uses a property's type or initial value (`TableColumns`, `Draft`, `Columns`) sits in
  /// nested types, where `Self` names another type.
  private func resolvingSelf(_ syntax: some SyntaxProtocol) -> String {
    let tokens = syntax.trimmed.tokens(viewMode: .sourceAccurate)
    return tokens.map { token in
      token.tokenKind == .keyword(.Self)
        ? token.leadingTrivia.description + typeName + token.trailingTrivia.description
        : token.description
    }.joined()
  }

  /// Marks the primary key: the one `@Column(primaryKey: true)` property, or else `id`.
  private mutating func choosePrimaryKey() {
    let explicit = columns.indices.filter { columns[$0].attribute?.primaryKey == true }
    if let first = explicit.first {
      let firstColumn = columns[first]
      for duplicate in explicit.dropFirst() {
        guard let attribute = columns[duplicate].attribute?.node,
          let firstAttribute = firstColumn.attribute?.node
        else { continue }
        let name = firstColumn.propertyName.trimmingBackticks
        diagnostics.append(
          Diagnostic(
            node: attribute,
            message: QuarryDiagnostic.duplicatePrimaryKey(property: name),
            notes: [
              Note(
                node: Syntax(firstAttribute),
                message: QuarryNote.primaryKeyDeclaredHere(property: name))
            ]))
      }
      columns[first].isPrimaryKey = true
    } else if let id = columns.firstIndex(where: {
      $0.propertyName.trimmingBackticks == "id" && $0.attribute?.primaryKey != false
    }) {
      columns[id].isPrimaryKey = true
    }
    diagnoseGeneratedPrimaryKey()
  }

  /// A generated column can't be the key: SQLite refuses `GENERATED` in a `PRIMARY KEY`. An
  /// `id` that is the key only by its name gets a fix-it that says it isn't.
  private mutating func diagnoseGeneratedPrimaryKey() {
    guard let key = columns.firstIndex(where: \.isPrimaryKey),
      let attribute = columns[key].attribute, let generated = attribute.generatedArgument
    else { return }
    let isImplicit = attribute.primaryKey != true
    var fixIts: [FixIt] = []
    if isImplicit, let arguments = attribute.node.arguments?.as(LabeledExprListSyntax.self),
      let position = arguments.firstIndex(where: { $0.label?.text == "generated" })
    {
      // `@Column`'s parameters are ordered: `primaryKey:` comes just before `generated:`.
      var elements = Array(arguments)
      elements.insert(
        LabeledExprSyntax(
          label: .identifier("primaryKey"), colon: .colonToken(trailingTrivia: .space),
          expression: BooleanLiteralExprSyntax(literal: .keyword(.false)),
          trailingComma: .commaToken(trailingTrivia: .space)),
        at: arguments.distance(from: arguments.startIndex, to: position))
      fixIts.append(
        FixIt(
          message: QuarryFixIt.notPrimaryKey,
          changes: [
            .replace(oldNode: Syntax(arguments), newNode: Syntax(LabeledExprListSyntax(elements)))
          ]))
    }
    diagnostics.append(
      Diagnostic(
        node: generated,
        message: QuarryDiagnostic.generatedPrimaryKey(
          property: columns[key].propertyName.trimmingBackticks, isImplicit: isImplicit),
        fixIts: fixIts))
  }
}

/// The type of a property from its initial value, when the value spells it: a literal, or a call
/// of a capitalized name (`Date()`, `Foo.init(…)`, `Module.Foo(…)`), which `describe` spells.
package func inferType(
  _ initializer: InitializerClauseSyntax, describe: (ExprSyntax) -> String = \.trimmedDescription
) -> String? {
  var value = initializer.value
  if let prefix = value.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-",
    prefix.expression.is(IntegerLiteralExprSyntax.self)
      || prefix.expression.is(FloatLiteralExprSyntax.self)
  {
    value = prefix.expression
  }
  if value.is(StringLiteralExprSyntax.self) { return "String" }
  if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
  if value.is(FloatLiteralExprSyntax.self) { return "Double" }
  if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
  guard var callee = value.as(FunctionCallExprSyntax.self)?.calledExpression else { return nil }
  if let member = callee.as(MemberAccessExprSyntax.self),
    member.declName.baseName.tokenKind == .keyword(.`init`), let base = member.base
  {
    callee = base
  }
  return typeReference(callee).map { _ in describe(callee) }
}

/// The type an expression names, by Swift's naming convention: `Foo`, `Module.Foo`, `Foo<Bar>`.
private func typeReference(_ expression: ExprSyntax) -> String? {
  if let reference = expression.as(DeclReferenceExprSyntax.self) {
    return reference.baseName.text.trimmingBackticks.first?.isUppercase == true
      ? expression.trimmedDescription : nil
  }
  if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base {
    guard member.declName.baseName.text.first?.isUppercase == true,
      typeReference(base) != nil
    else { return nil }
    return expression.trimmedDescription
  }
  if let generic = expression.as(GenericSpecializationExprSyntax.self),
    typeReference(generic.expression) != nil
  {
    return expression.trimmedDescription
  }
  return nil
}
