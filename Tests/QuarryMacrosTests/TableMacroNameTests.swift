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
          private(set) var id = QuarryCore.TableColumn<Reminder, Int>("id", qualifiedName: "\"reminder\".\"id\"")
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
          private(set) var columnQualifier = QuarryCore.ColumnQualifier.table
          init() {}
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id.qualify(by: qualifier)
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
          private(set) var title = QuarryCore.TableColumn<Note, String>("title", qualifiedName: "\"archive\".\"notes\".\"title\"")
          private(set) var columnQualifier = QuarryCore.ColumnQualifier.table
          init() {}
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.title.qualify(by: qualifier)
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
          private(set) var name = QuarryCore.TableColumn<Tag, String>("name", qualifiedName: "\"main\".\"tags\".\"name\"")
          private(set) var columnQualifier = QuarryCore.ColumnQualifier.table
          init() {}
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.name.qualify(by: qualifier)
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
          private(set) var name = QuarryCore.TableColumn<Category, String>("name", qualifiedName: "\"categories\".\"name\"")
          private(set) var columnQualifier = QuarryCore.ColumnQualifier.table
          init() {}
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.name.qualify(by: qualifier)
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
          private(set) var name = QuarryCore.TableColumn<Status, String>("name", qualifiedName: "\"statuses\".\"name\"")
          private(set) var columnQualifier = QuarryCore.ColumnQualifier.table
          init() {}
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.name.qualify(by: qualifier)
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
          private(set) var name = QuarryCore.TableColumn<RemindersList, String>("name", qualifiedName: "\"remindersLists\".\"name\"")
          private(set) var columnQualifier = QuarryCore.ColumnQualifier.table
          init() {}
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.name.qualify(by: qualifier)
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
