import MacroTesting
import QuarryMacros
import SwiftSyntaxMacroExpansion
import Testing

/// `@Table`'s expansion of a plain struct: columns, draft, schema, binding and decoding.
@Suite(.macros(tableMacros))
struct TableMacroTests {
  @Test func internalReminder() {
    assertMacro {
      """
      @Table struct Reminder {
        let id: Int
        var title = ""
        @Column("is_completed") var isCompleted = false
        var priority: Priority?
        @Ephemeral var scratch = ""
        var computed: Int { 1 }
        static var x = 1
      }
      """
    } expansion: {
      #"""
      struct Reminder {
        let id: Int
        var title = ""
        var isCompleted = false
        var priority: Priority?
        var scratch = ""
        var computed: Int { 1 }
        static var x = 1
      }

      nonisolated extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id: QuarryCore.TableColumn<Reminder, Int>
          let title: QuarryCore.TableColumn<Reminder, String>
          let isCompleted: QuarryCore.TableColumn<Reminder, Bool>
          private(set) var priority = QuarryCore.MacroSupport.column(Reminder.self, Priority?.self, "priority", qualifiedName: "\"reminders\".\"priority\"", tablePrefix: "\"reminders\".")
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"reminders\".\"id\"", qualifier: qualifier)
            self.title = .init("title", qualifiedName: "\"reminders\".\"title\"", qualifier: qualifier)
            self.isCompleted = .init("is_completed", qualifiedName: "\"reminders\".\"is_completed\"", qualifier: qualifier)
            self.priority.qualify(by: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Reminder
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          var title: String
          var isCompleted: Bool
          var priority: Priority?
          nonisolated init(id: Int? = nil, title: String = "", isCompleted: Bool = false, priority: Priority? = nil) {
            self.id = id
            self.title = title
            self.isCompleted = isCompleted
            self.priority = priority
          }
          nonisolated init(_ row: Reminder) {
            self.id = row.id
            self.title = row.title
            self.isCompleted = row.isCompleted
            self.priority = row.priority
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.title.bind(to: binder)
            try self.isCompleted.bind(to: binder)
            try self.priority.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.title = try decoder.decode(String.self)
            self.isCompleted = try decoder.decode(Bool.self)
            self.priority = try decoder.decode(Priority?.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Reminder
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, title: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>(""), isCompleted: some QuarryCore.QueryAssignable<Bool> = QuarryCore.BoundValue<Bool>(false), priority: some QuarryCore.QueryAssignable<Priority?> = QuarryCore.MacroSupport.value(Priority?.self, nil)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(title, named: "\"title\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(isCompleted, named: "\"is_completed\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(priority, named: nil, selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: QuarryCore.MacroSupport.flatten([[.init("id", type: .integer, nullable: false, primaryKey: true)], [.init("title", type: .text, nullable: false)], [.init("is_completed", type: .integer, nullable: false)], QuarryCore.MacroSupport.schemaColumns(Priority?.self, name: "priority", type: .any, nullable: true)])
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.title.bind(to: binder)
          try self.isCompleted.bind(to: binder)
          try self.priority.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.title = try decoder.decode(String.self)
          self.isCompleted = try decoder.decode(Bool.self)
          self.priority = try decoder.decode(Priority?.self)
        }
      }
      """#
    }
  }

  @Test func emptyTable() {
    assertMacro {
      """
      @Table struct Empty {}
      """
    } expansion: {
      """
      struct Empty {}

      nonisolated extension Empty: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Empty
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
          }
        }
        typealias Draft = Empty
        init(_ row: Empty) {
          self = row
        }
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Empty
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init() {
            let _selection = QuarryCore.QueryFragment()
            let _values = QuarryCore.QueryFragment()
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "empties",
          columns: []
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {}
        init(decoder: inout some QuarryCore.QueryDecoder) throws {}
      }
      """
    }
  }

  /// A type's own `static let all` becomes its default scope; an instance `all` does not.
  @Test func ownAllIsTheDefaultScope() {
    assertMacro {
      """
      @Table public struct Item {
        public static let all = unscoped.where { !$0.isDeleted }
        var isDeleted = false
      }
      """
    } expansion: {
      #"""
      public struct Item {
        public static let all = unscoped.where { !$0.isDeleted }
        var isDeleted = false
      }

      nonisolated extension Item: QuarryCore.Table {
        public nonisolated struct TableColumns: QuarryCore.TableDefinition {
          public typealias QueryValue = Item
          public let isDeleted: QuarryCore.TableColumn<Item, Bool>
          public let columnQualifier: QuarryCore.ColumnQualifier
          public init() { self.init(qualifier: .table) }
          public init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.isDeleted = .init("isDeleted", qualifiedName: "\"items\".\"isDeleted\"", qualifier: qualifier)
          }
        }
        public typealias Draft = Item
        public init(_ row: Item) {
          self = row
        }
        public static let columns = TableColumns()
        public nonisolated struct Columns: QuarryCore.ColumnsExpression {
          public typealias QueryValue = Item
          public let selection: QuarryCore.QueryFragment
          public let values: QuarryCore.QueryFragment
          public init(isDeleted: some QuarryCore.QueryAssignable<Bool> = QuarryCore.BoundValue<Bool>(false)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(isDeleted, named: "\"isDeleted\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          public func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        public static var defaultScope: QuarryCore.DefaultScope { QuarryCore.DefaultScope(all) }
        public static let schema = QuarryCore.TableSchema(
          name: "items",
          columns: [.init("isDeleted", type: .integer, nullable: false)]
        )
        public nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.isDeleted.bind(to: binder)
        }
        public init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.isDeleted = try decoder.decode(Bool.self)
        }
      }
      """#
    }
  }

  @Test func alreadyConformsToTable() {
    // The compiler asks only for the conformances the struct doesn't declare itself.
    assertMacro(
      ["Table": MacroSpec(type: TableMacro.self, conformances: ["QuarryCore.PrimaryKeyedTable"])]
    ) {
      """
      @Table struct Reminder: Table {
        let id: Int
      }
      """
    } expansion: {
      #"""
      struct Reminder: Table {
        let id: Int
      }

      nonisolated extension Reminder: QuarryCore.PrimaryKeyedTable {
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
    assertMacro(["Table": MacroSpec(type: TableMacro.self, conformances: [])]) {
      """
      @Table struct Reminder: PrimaryKeyedTable {
        let id: Int
      }
      """
    } expansion: {
      #"""
      struct Reminder: PrimaryKeyedTable {
        let id: Int
      }

      nonisolated extension Reminder {
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
}
