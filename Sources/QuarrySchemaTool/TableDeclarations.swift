import Foundation
import QuarryCore
import QuarryTableModel
import SwiftDiagnostics
import SwiftParser
import SwiftSyntax

/// The `@Table` declarations of Swift source files, read with the macro's own table model.
struct TableDeclarations {
  /// A `@Table` declaration: its model, its description, and where its attribute is.
  struct Declaration {
    var model: TableModel
    var schema: TableSchema
    /// `file:line:column` of the `@Table` attribute.
    var location: String
  }

  /// The declarations, in file order, then source order.
  var declarations: [Declaration] = []
  /// Each table's description, as the macro would generate its `schema`.
  var schemas: [TableSchema] { declarations.map(\.schema) }
  /// What the macro would report instead of expanding, as `file:line:column: error: …`.
  var problems: [String] = []

  /// Reads every `.swift` file of `paths` (files, or folders searched recursively).
  init(paths: [String]) throws {
    for file in try Self.swiftFiles(paths) {
      let source = try String(contentsOfFile: file, encoding: .utf8)
      let tree = Parser.parse(source: source)
      let converter = SourceLocationConverter(fileName: file, tree: tree)
      let finder = TableFinder(viewMode: .sourceAccurate)
      finder.walk(tree)
      for table in finder.tables {
        let model = TableModel(
          attribute: table.attribute, declaration: table.declaration, typeName: table.name)
        guard model.diagnostics.isEmpty else {
          problems += model.diagnostics.map { diagnostic in
            let location = diagnostic.location(converter: converter)
            return "\(file):\(location.line):\(location.column): error: \(diagnostic.message)"
          }
          continue
        }
        let location = table.attribute.startLocation(converter: converter)
        declarations.append(
          Declaration(
            model: model, schema: Self.schema(model),
            location: "\(file):\(location.line):\(location.column)"))
      }
    }
  }

  /// The table's description, as `@Table` writes it: a column's storage class from its Swift
  /// type's name, nullable when the property is optional.
  private static func schema(_ model: TableModel) -> TableSchema {
    TableSchema(
      name: model.tableName,
      columns: model.columns.map { column in
        let generated: GeneratedColumnStorage? =
          switch column.attribute?.generatedStorage {
          case "stored": .stored
          case "virtual": .virtual
          default: nil
          }
        return TableSchema.Column(
          column.columnName, type: TableSchema.StorageClass(rawValue: column.storageClass) ?? .any,
          nullable: column.isOptional, primaryKey: column.isPrimaryKey, generated: generated)
      })
  }

  static func swiftFiles(_ paths: [String]) throws -> [String] {
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

/// Finds the declarations marked `@Table`: structs, and what the macro refuses (classes,
/// actors, enums), so that its diagnostics are reported.
private final class TableFinder: SyntaxVisitor {
  var tables: [(attribute: AttributeSyntax, declaration: any DeclGroupSyntax, name: String)] = []

  private func add(_ node: some DeclGroupSyntax, named name: TokenSyntax) {
    if let attribute = node.attributes.first(named: "Table") {
      tables.append((attribute, node, name.text))
    }
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
