import SwiftSyntax
import SwiftSyntaxMacros

/// `@Table`: conforms a struct to `Table` (and `PrimaryKeyedTable` when it has a primary key)
/// with one extension holding its columns, schema, bindings and row decoder.
public struct TableMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let model = TableModel(
      attribute: node, declaration: declaration, typeName: type.trimmedDescription)
    for diagnostic in model.diagnostics {
      context.diagnose(diagnostic)
    }
    guard model.diagnostics.isEmpty else { return [] }
    let requested = Set(protocols.map(\.simpleName))
    let source = model.extensionSource(conformances: model.conformances.filter(requested.contains))
    guard let extensionDecl = DeclSyntax("\(raw: source)").as(ExtensionDeclSyntax.self) else {
      return []
    }
    return [extensionDecl]
  }
}

/// The generated code, one small function per member. Everything is spelled `QuarryCore.…` so
/// user types with the same names don't interfere.
extension TableModel {
  /// The protocols the table conforms to.
  var conformances: [String] {
    primaryKey == nil ? ["Table"] : ["Table", "PrimaryKeyedTable"]
  }

  func extensionSource(conformances: [String]) -> String {
    let inheritance = conformances.map { "QuarryCore.\($0)" }.joined(separator: ", ")
    var lines = ["extension \(typeName)\(inheritance.isEmpty ? "" : ": \(inheritance)") {"]
    lines += tableColumnsSource()
    if let primaryKey {
      lines += draftSource(primaryKey: primaryKey)
      lines.append("\(access)typealias PrimaryKey = \(primaryKey.type)")
    }
    lines.append("\(access)static let columns = TableColumns()")
    lines += schemaSource()
    lines += queryBindingsSource(columns: columns)
    lines += decoderSource()
    lines.append("}")
    return lines.joined(separator: "\n")
  }

  private func tableColumnsSource() -> [String] {
    let definition = primaryKey == nil ? "TableDefinition" : "PrimaryKeyedTableDefinition"
    var lines = [
      "\(access)struct TableColumns: QuarryCore.\(definition) {",
      "\(access)typealias QueryValue = \(typeName)",
    ]
    for column in columns {
      lines.append(
        "\(access)let \(column.propertyName) = \(columnType(column.type))"
          + "(\(stringLiteral(column.columnName)))")
    }
    if let primaryKey {
      lines.append(
        "\(access)var primaryKey: \(columnType(primaryKey.type)) { self.\(primaryKey.propertyName) }"
      )
    }
    lines.append("}")
    return lines
  }

  private func draftSource(primaryKey: ColumnModel) -> [String] {
    let inheritance = (["QuarryCore.TableDraft"] + draftConformances).joined(separator: ", ")
    var draftColumns = columns
    for index in draftColumns.indices where draftColumns[index].isPrimaryKey {
      if !draftColumns[index].isOptional {
        draftColumns[index].type = optional(draftColumns[index].type)
        draftColumns[index].isOptional = true
      }
      draftColumns[index].initialValue = "nil"
    }
    var lines = [
      "\(access)struct Draft: \(inheritance) {",
      "\(access)typealias Base = \(typeName)",
    ]
    lines += draftColumns.map { "\(access)var \($0.propertyName): \($0.type)" }
    let parameters = draftColumns.map { column in
      let defaultValue = column.initialValue ?? (column.isOptional ? "nil" : nil)
      return "\(column.propertyName): \(column.type)" + (defaultValue.map { " = \($0)" } ?? "")
    }
    lines.append("\(access)init(\(parameters.joined(separator: ", "))) {")
    lines += draftColumns.map { "self.\($0.propertyName) = \($0.propertyName)" }
    lines.append("}")
    lines += queryBindingsSource(columns: draftColumns)
    lines.append("}")
    return lines
  }

  private func schemaSource() -> [String] {
    let columnList = columns.map { column in
      ".init(\(stringLiteral(column.columnName))\(column.isPrimaryKey ? ", primaryKey: true" : ""))"
    }
    return [
      "\(access)static let schema = QuarryCore.TableSchema(",
      "name: \(stringLiteral(tableName)),",
      "columns: [\(columnList.joined(separator: ", "))]",
      ")",
    ]
  }

  private func queryBindingsSource(columns: [ColumnModel]) -> [String] {
    let bindings = columns.map { "self.\($0.propertyName).queryBinding" }
    return [
      "\(access)var queryBindings: [QuarryCore.QueryBinding] {",
      "[\(bindings.joined(separator: ", "))]",
      "}",
    ]
  }

  private func decoderSource() -> [String] {
    ["\(access)init(decoder: inout some QuarryCore.QueryDecoder) throws {"]
      + columns.map { "self.\($0.propertyName) = try decoder.decode(\($0.type).self)" }
      + ["}"]
  }

  private func columnType(_ valueType: String) -> String {
    "QuarryCore.TableColumn<\(typeName), \(valueType)>"
  }
}

/// `type` made optional, parenthesized when `?` would bind to part of it (`(() -> Void)?`).
private func optional(_ type: String) -> String {
  let needsParentheses = type.contains("->") || type.hasPrefix("any ") || type.hasPrefix("some ")
    || type.contains("&")
  return needsParentheses ? "(\(type))?" : "\(type)?"
}

/// `value` as a Swift string literal.
private func stringLiteral(_ value: String) -> String {
  var literal = "\""
  for scalar in value.unicodeScalars {
    switch scalar {
    case "\"": literal += "\\\""
    case "\\": literal += "\\\\"
    case "\n": literal += "\\n"
    case "\r": literal += "\\r"
    case "\t": literal += "\\t"
    case "\0": literal += "\\0"
    default: literal.unicodeScalars.append(scalar)
    }
  }
  return literal + "\""
}
