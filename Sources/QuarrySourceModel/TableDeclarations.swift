import Foundation
import QuarryCore
import QuarryTableModel
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax

/// The `@Table` declarations of Swift source files, read with the macro's own table model, and
/// the `@Selection` groups they hold.
///
/// A `@Selection` struct names no table: its columns are those of every table that holds it as
/// a property (`let timestamps: Timestamps`), so it is compared with the schema there, as the
/// macro's `schema` spells it: the group's own column names, all nullable when the property is
/// optional. A `@Selection` enum's cases are not read here: a table holding one is compared
/// without that group's columns, with a note saying so.
package struct TableDeclarations {
  /// A `@Table` declaration: its model, its description, and where its attribute is.
  package struct Declaration {
    package var model: TableModel
    package var schema: TableSchema
    /// `file:line:column` of the `@Table` attribute.
    package var location: String
  }

  /// The declarations, in file order, then source order.
  package var declarations: [Declaration] = []
  /// Each table's description, as the macro would generate its `schema`.
  package var schemas: [TableSchema] { declarations.map(\.schema) }
  /// What the macro would report instead of expanding, as `file:line:column: error: …`.
  package var problems: [String] = []
  /// What is left unchecked, as `file:line:column: note: …`.
  package var notes: [String] = []

  /// Reads every `.swift` file of `paths` (files, or folders searched recursively).
  package init(paths: [String]) throws {
    var tables: [(model: TableModel, qualifiedName: String, location: String)] = []
    // By simple name and by name qualified with the enclosing types (`Enrollment.ID`), so that
    // tables each holding their own nested `ID` group find their own.
    var groups: [String: Group] = [:]
    var enumGroups: Set<String> = []
    for file in try Self.swiftFiles(paths) {
      let source = try String(contentsOfFile: file, encoding: .utf8)
      let tree = Parser.parse(source: source)
      let converter = SourceLocationConverter(fileName: file, tree: tree)
      let finder = TableFinder(viewMode: .sourceAccurate)
      finder.walk(tree)
      for table in finder.tables {
        let isSelection = table.attribute.simpleName == "Selection"
        if isSelection, table.declaration.is(EnumDeclSyntax.self) {
          enumGroups.insert(table.name)
          continue
        }
        if !isSelection, let enumDecl = table.declaration.as(EnumDeclSyntax.self) {
          // A `@Table` enum: its cases are its columns, each nullable.
          let model = EnumModel(
            attribute: table.attribute, enumDecl: enumDecl, typeName: table.name,
            isSelection: false)
          let location = table.attribute.startLocation(converter: converter)
          guard model.diagnostics.isEmpty else {
            problems += model.diagnostics.map { diagnostic in
              let location = diagnostic.location(converter: converter)
              return "\(file):\(location.line):\(location.column): error: \(diagnostic.message)"
            }
            continue
          }
          var tableModel = TableModel(typeName: model.typeName)
          tableModel.tableName = model.tableName
          tableModel.schemaName = model.schemaName
          tableModel.columns = model.cases.map { enumCase in
            var column = enumCase.column
            column.isOptional = true
            return column
          }
          tables.append(
            (tableModel, table.qualifiedName, "\(file):\(location.line):\(location.column)"))
          continue
        }
        if isSelection, !table.declaration.is(StructDeclSyntax.self) {
          let location = table.attribute.startLocation(converter: converter)
          problems.append(
            "\(file):\(location.line):\(location.column): error: "
              + QuarryDiagnostic.selectionRequiresStructOrEnum.message)
          continue
        }
        let model = TableModel(
          attribute: table.attribute, declaration: table.declaration, typeName: table.name,
          isSelection: isSelection)
        guard model.diagnostics.isEmpty else {
          problems += model.diagnostics.map { diagnostic in
            let location = diagnostic.location(converter: converter)
            return "\(file):\(location.line):\(location.column): error: \(diagnostic.message)"
          }
          continue
        }
        if isSelection {
          let group = Group(model: model, qualifiedName: table.qualifiedName)
          groups[model.typeName] = group
          groups[table.qualifiedName] = group
          continue
        }
        let location = table.attribute.startLocation(converter: converter)
        tables.append((model, table.qualifiedName, "\(file):\(location.line):\(location.column)"))
      }
    }
    for (model, qualifiedName, location) in tables {
      var skipped: [String] = []
      let columns = Self.columns(
        of: model, owner: qualifiedName, nullable: false, groups: groups, enumGroups: enumGroups,
        skipped: &skipped)
      notes += skipped.map { property in
        "\(location): note: \(model.tableName).\(property): a @Selection enum's columns, not checked"
      }
      declarations.append(
        Declaration(
          model: model,
          schema: TableSchema(
            name: model.tableName, schemaName: model.schemaName, columns: columns),
          location: location))
    }
  }

  /// The columns of a table or group, as `@Table` writes them: a column's storage class from
  /// its Swift type's name, nullable when the property (or the group holding it) is optional; a
  /// `@Selection` struct's property replaced by the group's columns. Properties holding a
  /// `@Selection` enum go to `skipped`.
  private static func columns(
    of model: TableModel, owner: String, nullable: Bool, groups: [String: Group],
    enumGroups: Set<String>, skipped: inout [String], primaryKey: Bool = false, depth: Int = 0
  ) -> [TableSchema.Column] {
    model.columns.flatMap { column -> [TableSchema.Column] in
      var typeName = Self.typeName(column.type)
      if typeName.hasPrefix("Self.") { typeName = owner + typeName.dropFirst(4) }
      // A group that holds itself would never end; the compiler refuses it anyway. Every
      // column of a group that is the primary key is part of the key.
      if !column.isKnownColumn, depth < 16,
        let group = groups[owner + "." + typeName] ?? groups[typeName]
      {
        return Self.columns(
          of: group.model, owner: group.qualifiedName, nullable: nullable || column.isOptional,
          groups: groups,
          enumGroups: enumGroups, skipped: &skipped, primaryKey: primaryKey || column.isPrimaryKey,
          depth: depth + 1)
      }
      if !column.isKnownColumn, enumGroups.contains(typeName) {
        skipped.append(column.propertyName.trimmingBackticks)
        return []
      }
      let generated: GeneratedColumnStorage? =
        switch column.attribute?.generatedStorage {
        case "stored": .stored
        case "virtual": .virtual
        default: nil
        }
      return [
        TableSchema.Column(
          column.columnName, type: TableSchema.StorageClass(rawValue: column.storageClass) ?? .any,
          nullable: nullable || column.isOptional, primaryKey: primaryKey || column.isPrimaryKey,
          generated: generated)
      ]
    }
  }

  /// A `@Selection` struct, and its name qualified with the types enclosing it.
  private struct Group {
    var model: TableModel
    var qualifiedName: String
  }

  /// A property's type without its optionality: `Timestamps` for `Timestamps?` or
  /// `Optional<Timestamps>`.
  private static func typeName(_ type: String) -> String {
    var name = type.filter { !$0.isWhitespace }
    while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
    for prefix in ["Swift.Optional<", "Optional<"] where name.hasPrefix(prefix) {
      name = String(name.dropFirst(prefix.count).dropLast())
    }
    return name
  }

  /// The `.swift` files of `paths` (files, or folders searched recursively), sorted.
  package static func swiftFiles(_ paths: [String]) throws -> [String] {
    var files: [String] = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
      }
      guard isFolder.boolValue else {
        files.append(path)
        continue
      }
      let enumerator = FileManager.default.enumerator(atPath: path)
      while let name = enumerator?.nextObject() as? String {
        if name.hasSuffix(".swift") {
          files.append((path as NSString).appendingPathComponent(name))
        }
      }
    }
    return files.sorted()
  }
}

/// Finds the declarations marked `@Table` or `@Selection`: structs (and `@Selection` enums), and
/// `@Table` enums, and what the macros refuse (classes, actors), so that their diagnostics are
/// reported.
private final class TableFinder: SyntaxVisitor {
  var tables:
    [(
      attribute: AttributeSyntax, declaration: any DeclGroupSyntax, name: String,
      qualifiedName: String
    )] = []

  private func add(_ node: some DeclGroupSyntax, named name: TokenSyntax) {
    if let attribute = node.attributes.first(named: "Table")
      ?? node.attributes.first(named: "Selection")
    {
      tables.append((attribute, node, name.text, Self.qualifiedName(node, name.text)))
    }
  }

  /// `Enrollment.ID` for a struct `ID` declared in `Enrollment` (or in `extension Enrollment`).
  private static func qualifiedName(_ node: some SyntaxProtocol, _ name: String) -> String {
    var names = [name]
    var parent = node.parent
    while let current = parent {
      if let extensionDecl = current.as(ExtensionDeclSyntax.self) {
        names.insert(extensionDecl.extendedType.trimmedDescription, at: 0)
      } else if current.isProtocol(DeclGroupSyntax.self),
        let type = current.asProtocol(NamedDeclSyntax.self)
      {
        names.insert(type.name.text, at: 0)
      }
      parent = current.parent
    }
    return names.joined(separator: ".")
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node, named: node.name)
    return .visitChildren
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node, named: node.name)
    return .visitChildren
  }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node, named: node.name)
    return .visitChildren
  }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    add(node, named: node.name)
    return .visitChildren
  }
}
