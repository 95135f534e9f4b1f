import MacroTesting
import QuarryMacros
import Testing

/// `@Table` on an enum: a table whose rows each hold one case, in the case's own columns.
@Suite(.macros(tableMacros))
struct TableMacroEnumTests {
  @Test func enumTable() {
    assertMacro {
      """
      @Table public enum Post {
        case photo(Photo)
        case note(String = "")
        @Column("link_url")
        case link(URL)
      }
      """
    }
  }

  @Test func enumTableOfRepresentationsAndLabels() {
    assertMacro {
      """
      @Table("entries", schema: "archive") enum Entry {
        @Column(as: [String].JSONRepresentation.self)
        case tags([String])
        case interval(startDate: Date)
      }
      """
    }
  }

  @Test func selectionEnumWithLabeledValue() {
    assertMacro {
      """
      @Selection enum Time {
        case moment(Date)
        case interval(startDate: Date)
        @Column("spanStart")
        case span(Span)
      }
      """
    }
  }

  @Test func enumCaseWithoutOneValue() {
    assertMacro {
      """
      @Table enum Post {
        case untitled
        case note(title: String, body: String)
      }
      """
    }
  }

  @Test func enumWithoutCases() {
    assertMacro {
      """
      @Table enum Nothing {
        static let name = "nothing"
      }
      """
    }
  }

  @Test func caseColumnIsNeitherKeyNorGenerated() {
    assertMacro {
      """
      @Table enum Post {
        @Column("noteID", primaryKey: true)
        case note(String)
        @Column(generated: .virtual)
        case code(Int)
      }
      """
    }
  }

  @Test func genericEnumTable() {
    assertMacro {
      """
      @Table enum Post<Value> {
        case value(Value)
      }
      """
    }
  }
}
