import SwiftParser
import SwiftSyntax
import Testing

@testable import QuarryMacros
@testable import QuarryTableModel

/// The macros hand their generated source over unparsed: what reaches the compiler must be
/// exactly the text they built. (The macro snapshot tests check that text itself.)
struct VerbatimSourceTests {
  @Test func extensionTextIsExactlyTheSource() {
    let source = """
      nonisolated extension Item: QuarryCore.Table {
        static let name = "it\\"em — ✓"
        \tlet x = 1 // trailing spaces\u{20}\u{20}
      }
      """
    let node = Verbatim.extension(source)
    #expect(node.description == source)
  }

  @Test func declarationTextIsExactlyTheSource() {
    let source = "struct Helper {}\n"
    #expect(Verbatim.declaration(source).description == source)
  }

  /// The generated extension of a table parses as one extension, without syntax errors, so the
  /// compiler reads it as the plugin meant it.
  @Test func tableExtensionParsesAsOneExtension() throws {
    let file = Parser.parse(
      source: """
        @Table struct Item {
          let id: Int
          var name = ""
          var note: String?
        }
        """)
    let structDecl = try #require(file.statements.first?.item.as(StructDeclSyntax.self))
    let attribute = try #require(structDecl.attributes.first?.as(AttributeSyntax.self))
    let model = TableModel(attribute: attribute, declaration: structDecl, typeName: "Item")
    #expect(model.diagnostics.isEmpty)
    let source = model.extensionSource(conformances: model.conformances)
    let reparsed = Parser.parse(source: source)
    #expect(!reparsed.hasError)
    #expect(reparsed.statements.count == 1)
    #expect(reparsed.statements.first?.item.is(ExtensionDeclSyntax.self) == true)
    #expect(Verbatim.extension(source).description == source)
  }
}
