import QuarrySQLText
import QuarryTableModel
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Table`: conforms a struct to `Table` (and `PrimaryKeyedTable` when it has a primary key)
/// with one extension holding its columns, schema, bindings and row decoder.
public struct TableMacro: ExtensionMacro {
  public static var formatMode: FormatMode { .disabled }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      let model = EnumModel(
        attribute: node, enumDecl: enumDecl, typeName: type.trimmedDescription, isSelection: false)
      model.diagnostics.forEach(context.diagnose)
      guard model.diagnostics.isEmpty else { return [] }
      let source = model.tableExtensionSource(declaresAll: declaresStaticAll(declaration))
      return [Verbatim.extension(source)]
    }
    let model = TableModel(
      attribute: node, declaration: declaration, typeName: type.trimmedDescription)
    for diagnostic in model.diagnostics {
      context.diagnose(diagnostic)
    }
    guard model.diagnostics.isEmpty else { return [] }
    let requested = Set(protocols.map(\.simpleName))
    let source = model.extensionSource(
      conformances: model.conformances.filter(requested.contains),
      declaresAll: declaresStaticAll(declaration))
    return [Verbatim.extension(source)]
  }

  /// Whether the type declares its own `static let all` (or `var`): its default scope.
  static func declaresStaticAll(_ declaration: some DeclGroupSyntax) -> Bool {
    declaration.memberBlock.members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) })
      else { return false }
      return variable.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "all"
      }
    }
  }
}

/// The generated code, one small function per member, indented here rather than by the
/// formatter so the expansion keeps its compact shape. Everything is spelled `QuarryCore.…` so
/// user types with the same names don't interfere.
extension TableModel {
  /// The protocols the table conforms to.
  var conformances: [String] {
    primaryKey == nil ? ["Table"] : ["Table", "PrimaryKeyedTable"]
  }

  func extensionSource(conformances: [String], declaresAll: Bool = false) -> String {
    let inheritance = conformances.map { "QuarryCore.\($0)" }.joined(separator: ", ")
    var body = tableColumnsSource()
    if let primaryKey {
      body += draftSource(primaryKey: primaryKey, declaresAll: declaresAll)
      body.append("\(access)typealias PrimaryKey = \(primaryKey.storedType)")
    } else {
      // Without a key a row inserts as it is: it is its own draft.
      body.append("\(access)typealias Draft = \(typeName)")
      body += block("\(access)init(_ row: \(typeName))", ["self = row"])
    }
    body.append("\(access)static let columns = TableColumns()")
    body += columnsBuilderSource()
    if declaresAll {
      // The type's own `all` is where every statement from the table starts.
      body.append(
        "\(access)static var defaultScope: QuarryCore.DefaultScope { QuarryCore.DefaultScope(all) }"
      )
    }
    body += schemaSource()
    body += bindSource(columns: columns)
    body += decoderSource(columns: columns)
    // `nonisolated`: in a module isolated to the main actor by default, the conformance and
    // what it generates must still be usable from database closures, off the main actor.
    let header =
      "nonisolated extension \(typeName)\(inheritance.isEmpty ? "" : ": \(inheritance)")"
    return block(header, body).joined(separator: "\n")
  }

  func tableColumnsSource() -> [String] {
    let definition = primaryKey == nil ? "TableDefinition" : "PrimaryKeyedTableDefinition"
    var body = ["\(access)typealias QueryValue = \(typeName)"]
    let tablePrefix = qualifiedTableName + "."
    // A column of a known type is a `let`, set once by `init(qualifier:)`: no setter or
    // property initializer to compile. One the macro can't type (a column or a `@Selection`
    // group, which the overloads of `MacroSupport.column` decide) is a `private(set) var`
    // with its initial value, qualified after the others.
    let stored = access.isEmpty ? "private(set) var" : "\(access)private(set) var"
    var assigned = ["self.columnQualifier = qualifier"]
    var qualified: [String] = []
    func append(undecided propertyName: String, _ column: ColumnModel) {
      body.append(
        "\(stored) \(propertyName) = QuarryCore.MacroSupport.column("
          + "\(typeName).self, \(column.type).self, \(swiftStringLiteral(column.columnName)), "
          + "qualifiedName: \(qualifiedNameLiteral(column, tablePrefix: tablePrefix)), "
          + "tablePrefix: \(swiftStringLiteral(tablePrefix)))")
      qualified.append("self.\(propertyName).qualify(by: qualifier)")
    }
    for column in columns {
      guard column.isKnownColumn else {
        append(undecided: column.propertyName, column)
        continue
      }
      body.append("\(access)let \(column.propertyName): \(columnType(column.storedType))")
      assigned.append(
        "self.\(column.propertyName) = .init(\(swiftStringLiteral(column.columnName)), "
          + "qualifiedName: \(qualifiedNameLiteral(column, tablePrefix: tablePrefix)), "
          + "qualifier: qualifier)")
    }
    if let primaryKey {
      if primaryKey.isKnownColumn {
        body.append(
          "\(access)var primaryKey: \(columnType(primaryKey.storedType))"
            + " { self.\(primaryKey.propertyName) }")
      } else {
        // A key the macro can't type: a column of another type, or a composite key's group.
        append(undecided: "primaryKey", primaryKey)
      }
    }
    body.append("\(access)let columnQualifier: QuarryCore.ColumnQualifier")
    body.append("\(access)init() { self.init(qualifier: .table) }")
    body += block("\(access)init(qualifier: QuarryCore.ColumnQualifier)", assigned + qualified)
    return block("\(access)nonisolated struct TableColumns: QuarryCore.\(definition)", body)
  }

  /// A column's table-qualified, quoted name as a Swift string literal: `"\"reminders\".\"id\""`.
  private func qualifiedNameLiteral(_ column: ColumnModel, tablePrefix: String) -> String {
    swiftStringLiteral(tablePrefix + quoteIdentifier(column.columnName))
  }

  private func draftSource(primaryKey: ColumnModel, declaresAll: Bool) -> [String] {
    let inheritance =
      (["nonisolated QuarryCore.TableDraft", "nonisolated QuarryCore.Table"] + draftConformances)
      .joined(separator: ", ")
    var draftColumns = columns.filter { !$0.isGenerated }
    for index in draftColumns.indices where draftColumns[index].isPrimaryKey {
      if !draftColumns[index].isOptional {
        draftColumns[index].type = optional(draftColumns[index].type)
        draftColumns[index].isOptional = true
      }
      draftColumns[index].initialValue = "nil"
    }
    let parameters = draftColumns.map { column in
      let defaultValue = column.initialValue ?? (column.isOptional ? "nil" : nil)
      return "\(column.propertyName): \(column.type)" + (defaultValue.map { " = \($0)" } ?? "")
    }
    // The draft keeps the table type's isolation, so that the conformances it mirrors from it
    // (`Equatable`, …) can use its members' as they are; what Quarry calls is `nonisolated`,
    // so a draft is made and inserted off the main actor too.
    let initializer = block(
      "\(access)nonisolated init(\(parameters.joined(separator: ", ")))",
      draftColumns.map { "self.\($0.propertyName) = \($0.propertyName)" })
    // A draft is a table reading its base table's rows: the base's columns (`DraftColumns`),
    // schema and scope, written here only where they differ from the defaults.
    var body = [
      "\(access)typealias Base = \(typeName)",
      "\(access)typealias TableColumns = QuarryCore.DraftColumns<Draft>",
    ]
    if columns.contains(where: \.isGenerated) {
      body.append(
        "\(access)nonisolated static let schema = QuarryCore.TableSchema(draftOf: \(typeName).schema)"
      )
    }
    if declaresAll {
      body.append(
        "\(access)nonisolated static var defaultScope: QuarryCore.DefaultScope { \(typeName).defaultScope }"
      )
    }
    body += draftColumns.map { "\(access)var \($0.propertyName): \($0.type)" }
    body += initializer
    body += block(
      "\(access)nonisolated init(_ row: \(typeName))",
      draftColumns.map { "self.\($0.propertyName) = row.\($0.propertyName)" })
    body += bindSource(columns: draftColumns)
    body += decoderSource(columns: draftColumns, modifier: "nonisolated ")
    return block("\(access)struct Draft: \(inheritance)", body)
  }

  private func schemaSource() -> [String] {
    [
      "\(access)static let schema = QuarryCore.TableSchema(",
      "  name: \(swiftStringLiteral(tableName)),",
    ]
      + (schemaName.map { ["  schemaName: \(swiftStringLiteral($0)),"] } ?? [])
      + [
        "  columns: \(schemaColumnsExpression(columns))",
        ")",
      ]
  }

  /// The `[TableSchema.Column]` of `columns`: a literal, flattened through `MacroSupport` when a
  /// property may be a `@Selection` group.
  func schemaColumnsExpression(_ columns: [ColumnModel]) -> String {
    func describe(_ column: ColumnModel) -> String {
      "(\(swiftStringLiteral(column.columnName)), type: .\(column.storageClass), "
        + "nullable: \(column.isOptional)\(column.isPrimaryKey ? ", primaryKey: true" : "")"
        + "\(column.attribute?.generatedStorage.map { ", generated: .\($0)" } ?? ""))"
    }
    if columns.allSatisfy(\.isKnownColumn) {
      return "[\(columns.map { ".init" + describe($0) }.joined(separator: ", "))]"
    }
    let groups = columns.map { column in
      column.isKnownColumn
        ? "[.init\(describe(column))]"
        : "QuarryCore.MacroSupport.schemaColumns(\(column.type).self, name: \(describe(column).dropFirst())"
    }
    return "QuarryCore.MacroSupport.flatten([\(groups.joined(separator: ", "))])"
  }

  /// `bind(to:)`: hands the values of the writable columns to a binder, in schema order, with
  /// no array. (`queryBindings` derives from it.) A value and a `@Selection` group both have a
  /// `bind(to:)`, so one spelling serves either.
  private func bindSource(columns: [ColumnModel]) -> [String] {
    block(
      "\(access)nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws",
      bindStatements(columns))
  }

  /// Statements handing `columns`' values to `binder`; generated columns are never written.
  func bindStatements(_ columns: [ColumnModel]) -> [String] {
    columns.filter { !$0.isGenerated }.map {
      "try \($0.bindableExpression("self.\($0.propertyName)")).bind(to: binder)"
    }
  }

  func decoderSource(columns: [ColumnModel], modifier: String = "") -> [String] {
    block(
      "\(access)\(modifier)init(decoder: inout some QuarryCore.QueryDecoder) throws",
      columns.map { column in
        column.attribute?.representation == nil
          ? "self.\(column.propertyName) = try decoder.decode(\(column.type).self)"
          : "self.\(column.propertyName) = try decoder.decode(\(column.storedType).self).queryOutput"
      })
  }

  private func columnType(_ valueType: String) -> String {
    "QuarryCore.TableColumn<\(typeName), \(valueType)>"
  }
}
