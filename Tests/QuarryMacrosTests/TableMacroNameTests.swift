import MacroTesting
import QuarryMacros
import Testing

/// `@Table`'s table names: explicit, or inflected from the type's name.
@Suite(.macros(tableMacros))
struct TableMacroNameTests {
  @Test func explicitTableName() {
    assertMacro {
      """
      @Table("reminder") struct Reminder {
        let id: Int
      }
      """
    } expansion: {
      #"""
      struct Reminder {
        let id: Int
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
            self.id = .init("id", qualifiedName: "\"reminder\".\"id\"", qualifier: qualifier)
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
          init(id: some QuarryCore.QueryAssignable<Int>) {
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
          name: "reminder",
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

  /// `schema:` qualifies the table's name, in its columns and its schema.
  @Test func schemaQualifiedTable() {
    assertMacro {
      """
      @Table("notes", schema: "archive") struct Note {
        var title: String
      }
      @Table(schema: "main") struct Tag {
        var name: String
      }
      """
    } expansion: {
      #"""
      struct Note {
        var title: String
      }
      struct Tag {
        var name: String
      }

      nonisolated extension Note: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Note
          let title: QuarryCore.TableColumn<Note, String>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.title = .init("title", qualifiedName: "\"archive\".\"notes\".\"title\"", qualifier: qualifier)
          }
        }
        typealias Draft = Note
        init(_ row: Note) {
          self = row
        }
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Note
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(title: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(title, named: "\"title\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "notes",
          schemaName: "archive",
          columns: [.init("title", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.title.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.title = try decoder.decode(String.self)
        }
      }

      nonisolated extension Tag: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Tag
          let name: QuarryCore.TableColumn<Tag, String>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.name = .init("name", qualifiedName: "\"main\".\"tags\".\"name\"", qualifier: qualifier)
          }
        }
        typealias Draft = Tag
        init(_ row: Tag) {
          self = row
        }
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Tag
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(name: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(name, named: "\"name\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "tags",
          schemaName: "main",
          columns: [.init("name", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.name = try decoder.decode(String.self)
        }
      }
      """#
    }
  }

  @Test func tableNameInflection() {
    assertMacro {
      """
      @Table struct Category {
        var name: String
      }
      @Table struct Status {
        var name: String
      }
      @Table struct RemindersList {
        var name: String
      }
      """
    } expansion: {
      #"""
      struct Category {
        var name: String
      }
      struct Status {
        var name: String
      }
      struct RemindersList {
        var name: String
      }

      nonisolated extension Category: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Category
          let name: QuarryCore.TableColumn<Category, String>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.name = .init("name", qualifiedName: "\"categories\".\"name\"", qualifier: qualifier)
          }
        }
        typealias Draft = Category
        init(_ row: Category) {
          self = row
        }
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Category
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(name: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(name, named: "\"name\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "categories",
          columns: [.init("name", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.name = try decoder.decode(String.self)
        }
      }

      nonisolated extension Status: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Status
          let name: QuarryCore.TableColumn<Status, String>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.name = .init("name", qualifiedName: "\"statuses\".\"name\"", qualifier: qualifier)
          }
        }
        typealias Draft = Status
        init(_ row: Status) {
          self = row
        }
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Status
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(name: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(name, named: "\"name\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "statuses",
          columns: [.init("name", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.name = try decoder.decode(String.self)
        }
      }

      nonisolated extension RemindersList: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = RemindersList
          let name: QuarryCore.TableColumn<RemindersList, String>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.name = .init("name", qualifiedName: "\"remindersLists\".\"name\"", qualifier: qualifier)
          }
        }
        typealias Draft = RemindersList
        init(_ row: RemindersList) {
          self = row
        }
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = RemindersList
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(name: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(name, named: "\"name\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "remindersLists",
          columns: [.init("name", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.name = try decoder.decode(String.self)
        }
      }
      """#
    }
  }
}
