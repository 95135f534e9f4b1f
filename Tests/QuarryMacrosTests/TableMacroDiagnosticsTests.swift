import MacroTesting
import QuarryMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import Testing

@Suite(.macros(tableMacros))
struct TableMacroDiagnosticsTests {
  @Test func classIsNotAStruct() {
    assertMacro {
      """
      @Table final class Reminder {
        var id = 0
      }
      """
    } diagnostics: {
      """
      @Table final class Reminder {
                   ┬────
                   ╰─ 🛑 '@Table' can only be applied to a struct or an enum
                      ✏️ Replace 'class' with 'struct'
        var id = 0
      }
      """
    } fixes: {
      """
      @Table struct Reminder {
        var id = 0
      }
      """
    } expansion: {
      #"""
      struct Reminder {
        var id = 0
      }

      nonisolated extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id: QuarryCore.TableColumn<Reminder, Int>
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"reminders\".\"id\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Reminder
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          nonisolated init(id: Int? = nil) {
            self.id = id
          }
          nonisolated init(_ row: Reminder) {
            self.id = row.id
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Reminder
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(0)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
        }
      }
      """#
    }
  }

  @Test func actorIsNotAStruct() {
    assertMacro {
      """
      @Table actor Reminder {
        var id = 0
      }
      """
    } diagnostics: {
      """
      @Table actor Reminder {
             ┬────
             ╰─ 🛑 '@Table' can only be applied to a struct or an enum
                ✏️ Replace 'actor' with 'struct'
        var id = 0
      }
      """
    } fixes: {
      """
      @Table struct Reminder {
        var id = 0
      }
      """
    } expansion: {
      #"""
      struct Reminder {
        var id = 0
      }

      nonisolated extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id: QuarryCore.TableColumn<Reminder, Int>
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"reminders\".\"id\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Reminder
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          nonisolated init(id: Int? = nil) {
            self.id = id
          }
          nonisolated init(_ row: Reminder) {
            self.id = row.id
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Reminder
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(0)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
        }
      }
      """#
    }
  }

  @Test func enumIsNotAStruct() {
    assertMacro {
      """
      @Table enum Priority {
        case low
      }
      """
    } diagnostics: {
      """
      @Table enum Priority {
        case low
             ┬──
             ╰─ 🛑 case 'low' of a '@Table' enum needs exactly one associated value, which its column (or its '@Selection' group of columns) stores
      }
      """
    }
  }

  @Test func protocolIsNotAStruct() {
    assertMacro {
      """
      @Table protocol Named {
        var name: String { get }
      }
      """
    } diagnostics: {
      """
      @Table protocol Named {
             ┬───────
             ╰─ 🛑 '@Table' can only be applied to a struct or an enum
        var name: String { get }
      }
      """
    }
  }

  @Test func uninferableTypes() {
    assertMacro {
      """
      @Table struct Reminder {
        let id: Int
        var priority = Priority.low
        var x = makeX()
        var tags = [String]()
        var y = Foo.make()
      }
      """
    } diagnostics: {
      """
      @Table struct Reminder {
        let id: Int
        var priority = Priority.low
            ┬───────
            ╰─ 🛑 cannot infer the type of column 'priority'; add a type annotation
        var x = makeX()
            ┬
            ╰─ 🛑 cannot infer the type of column 'x'; add a type annotation
        var tags = [String]()
            ┬───
            ╰─ 🛑 cannot infer the type of column 'tags'; add a type annotation
        var y = Foo.make()
            ┬
            ╰─ 🛑 cannot infer the type of column 'y'; add a type annotation
      }
      """
    }
  }

  /// SQLite refuses a generated column in a primary key: a key marked so is an error.
  @Test func generatedPrimaryKey() {
    assertMacro {
      """
      @Table struct Code {
        @Column(primaryKey: true, generated: .stored) var code: String
        var raw = ""
      }
      """
    } diagnostics: {
      """
      @Table struct Code {
        @Column(primaryKey: true, generated: .stored) var code: String
                                             ┬──────
                                             ╰─ 🛑 'code' is a generated column, which SQLite refuses in a primary key: remove 'generated:', or make another column the primary key
        var raw = ""
      }
      """
    }
  }

  /// An `id` generated by the database is no key: the fix-it says so.
  @Test func generatedIDIsNotTheKey() {
    assertMacro {
      """
      @Table struct Measurement {
        @Column(generated: .virtual) var id: Int
        var value = 0
      }
      """
    } diagnostics: {
      """
      @Table struct Measurement {
        @Column(generated: .virtual) var id: Int
                           ┬───────
                           ╰─ 🛑 'id' is a generated column, which SQLite refuses in a primary key: add 'primaryKey: false' to its '@Column', or remove 'generated:'
                              ✏️ Add 'primaryKey: false'
        var value = 0
      }
      """
    } fixes: {
      """
      @Table struct Measurement {
        @Column(primaryKey: false, generated: .virtual) var id: Int
        var value = 0
      }
      """
    } expansion: {
      #"""
      struct Measurement {
        var id: Int
        var value = 0
      }

      nonisolated extension Measurement: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Measurement
          let id: QuarryCore.TableColumn<Measurement, Int>
          let value: QuarryCore.TableColumn<Measurement, Int>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"measurements\".\"id\"", qualifier: qualifier)
            self.value = .init("value", qualifiedName: "\"measurements\".\"value\"", qualifier: qualifier)
          }
        }
        typealias Draft = Measurement
        init(_ row: Measurement) {
          self = row
        }
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Measurement
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, value: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(0)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", isInserted: false, selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(value, named: "\"value\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "measurements",
          columns: [.init("id", type: .integer, nullable: false, generated: .virtual), .init("value", type: .integer, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.value.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.value = try decoder.decode(Int.self)
        }
      }
      """#
    }
  }

  @Test func twoPrimaryKeys() {
    assertMacro {
      """
      @Table struct Pair {
        @Column(primaryKey: true) var b: Int
        @Column(primaryKey: true) var c: Int
      }
      """
    } diagnostics: {
      """
      @Table struct Pair {
        @Column(primaryKey: true) var b: Int
        @Column(primaryKey: true) var c: Int
        ┬────────────────────────
        ╰─ 🛑 '@Table' supports one primary key; 'b' is already the primary key (for a key of several columns, group them in one '@Selection' struct)
      }
      """
    }
  }

  @Test func letWithInitialValue() {
    assertMacro {
      """
      @Table struct Item {
        let id: Int
        let kind = "x"
      }
      """
    } diagnostics: {
      """
      @Table struct Item {
        let id: Int
        let kind = "x"
        ┬──
        ╰─ 🛑 'let' property 'kind' has an initial value, so it can't be decoded from a row; make it 'var' or mark it '@Ephemeral'
           ✏️ Replace 'let' with 'var'
      }
      """
    } fixes: {
      """
      @Table struct Item {
        let id: Int
        var kind = "x"
      }
      """
    } expansion: {
      #"""
      struct Item {
        let id: Int
        var kind = "x"
      }

      nonisolated extension Item: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Item
          let id: QuarryCore.TableColumn<Item, Int>
          let kind: QuarryCore.TableColumn<Item, String>
          var primaryKey: QuarryCore.TableColumn<Item, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"items\".\"id\"", qualifier: qualifier)
            self.kind = .init("kind", qualifiedName: "\"items\".\"kind\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Item
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          var kind: String
          nonisolated init(id: Int? = nil, kind: String = "x") {
            self.id = id
            self.kind = kind
          }
          nonisolated init(_ row: Item) {
            self.id = row.id
            self.kind = row.kind
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.kind.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.kind = try decoder.decode(String.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Item
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, kind: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>("x")) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(kind, named: "\"kind\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "items",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("kind", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.kind.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.kind = try decoder.decode(String.self)
        }
      }
      """#
    }
  }

  @Test func ephemeralWithoutDefault() {
    assertMacro {
      """
      @Table struct Item {
        let id: Int
        @Ephemeral var x: Int
      }
      """
    } diagnostics: {
      """
      @Table struct Item {
        let id: Int
        @Ephemeral var x: Int
                       ┬─────
                       ╰─ 🛑 '@Ephemeral' property 'x' needs a default value
      }
      """
    }
  }

  @Test func schemaNameMustBeANonEmptyLiteral() {
    assertMacro {
      """
      @Table(schema: "") struct Item {
        let id: Int
      }
      @Table("others", schema: name) struct Other {
        let id: Int
      }
      """
    } diagnostics: {
      """
      @Table(schema: "") struct Item {
                     ┬─
                     ╰─ 🛑 the schema name must be a non-empty string literal
        let id: Int
      }
      @Table("others", schema: name) struct Other {
                               ┬───
                               ╰─ 🛑 the schema name must be a non-empty string literal
        let id: Int
      }
      """
    }
  }

  /// structured-queries renders such a view's columns `("id", "id")`, which SQLite accepts and
  /// then reads the first column twice: here the declaration is refused.
  @Test func twoPropertiesOfOneColumnName() {
    assertMacro {
      """
      @Table struct ReminderAndListID {
        @Column("id") let reminderID: Int
        @Column("id") let remindersListID: Int
      }
      """
    } diagnostics: {
      """
      @Table struct ReminderAndListID {
        @Column("id") let reminderID: Int
        @Column("id") let remindersListID: Int
        ┬────────────
        ╰─ 🛑 column 'id' is already the column of 'reminderID': give each property its own column with '@Column("…")' (SQLite would read the first of two columns of one name twice)
      }
      """
    }
  }

  @Test func tableNameMustBeALiteral() {
    assertMacro {
      """
      @Table(tableName) struct Item {
        let id: Int
      }
      @Table("items_\\(suffix)") struct Other {
        let id: Int
      }
      """
    } diagnostics: {
      #"""
      @Table(tableName) struct Item {
             ┬────────
             ╰─ 🛑 the table name must be a string literal
        let id: Int
      }
      @Table("items_\(suffix)") struct Other {
             ┬────────────────
             ╰─ 🛑 the table name must be a string literal
        let id: Int
      }
      """#
    }
  }

  @Test func columnNameMustBeALiteral() {
    assertMacro {
      """
      @Table struct Item {
        let id: Int
        @Column(columnName) var title: String
        @Column("\\(prefix)_body") var body: String
      }
      """
    } diagnostics: {
      #"""
      @Table struct Item {
        let id: Int
        @Column(columnName) var title: String
                ┬─────────
                ╰─ 🛑 the column name must be a string literal
        @Column("\(prefix)_body") var body: String
                ┬───────────────
                ╰─ 🛑 the column name must be a string literal
      }
      """#
    }
  }

  @Test func primaryKeyMustBeALiteral() {
    assertMacro {
      """
      @Table struct Item {
        @Column(primaryKey: isKey) var code: String
      }
      """
    } diagnostics: {
      """
      @Table struct Item {
        @Column(primaryKey: isKey) var code: String
                            ┬────
                            ╰─ 🛑 'primaryKey' must be 'true' or 'false'
      }
      """
    }
  }

  @Test func generatedMustBeStoredOrVirtual() {
    assertMacro {
      """
      @Table struct Event {
        let id: Int
        @Column(generated: storage)
        var endAt: Int
      }
      """
    } diagnostics: {
      """
      @Table struct Event {
        let id: Int
        @Column(generated: storage)
                           ┬──────
                           ╰─ 🛑 'generated' must be '.stored' or '.virtual'
        var endAt: Int
      }
      """
    }
  }

  @Test func genericStruct() {
    assertMacro {
      """
      @Table struct Box<Value> {
        let id: Int
        var value: Value
      }
      """
    } diagnostics: {
      """
      @Table struct Box<Value> {
                       ┬──────
                       ╰─ 🛑 '@Table' does not support generic types
        let id: Int
        var value: Value
      }
      """
    }
  }
}

/// MacroTesting's snapshots leave notes out, so this one checks the note directly.
@Test func duplicatePrimaryKeyNotesTheFirst() throws {
  let source = Parser.parse(
    source: """
      @Table struct Pair {
        @Column(primaryKey: true) var b: Int
        @Column(primaryKey: true) var c: Int
      }
      """
  )
  let structDecl = try #require(source.statements.first?.item.as(StructDeclSyntax.self))
  let attribute = try #require(structDecl.attributes.first?.as(AttributeSyntax.self))
  let context = BasicMacroExpansionContext()
  let extensions = try TableMacro.expansion(
    of: attribute,
    attachedTo: structDecl,
    providingExtensionsOf: TypeSyntax("Pair"),
    conformingTo: ["Table", "PrimaryKeyedTable"],
    in: context
  )
  #expect(extensions.isEmpty)
  let converter = SourceLocationConverter(fileName: "", tree: source)
  let diagnostic = try #require(context.diagnostics.first)
  #expect(context.diagnostics.count == 1)
  #expect(diagnostic.location(converter: converter).line == 3)
  let note = try #require(diagnostic.notes.first)
  #expect(note.message == "'b' is declared the primary key here")
  #expect(note.location(converter: converter).line == 2)
  #expect(note.location(converter: converter).column == 3)
}
