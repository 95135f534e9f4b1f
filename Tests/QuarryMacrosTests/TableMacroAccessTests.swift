import MacroTesting
import QuarryMacros
import Testing

/// `@Table` gives every generated member the struct's access level, and works on nested types.
@Suite(.macros(tableMacros))
struct TableMacroAccessTests {
  @Test func publicReminder() {
    assertMacro {
      """
      @Table public struct Reminder {
        public let id: Int
        public var title = ""
        @Column("is_completed") public var isCompleted = false
        public var priority: Priority?
        @Ephemeral var scratch = ""
        var computed: Int { 1 }
        static var x = 1
      }
      """
    } expansion: {
      #"""
      public struct Reminder {
        public let id: Int
        public var title = ""
        public var isCompleted = false
        public var priority: Priority?
        var scratch = ""
        var computed: Int { 1 }
        static var x = 1
      }

      nonisolated extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        public nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          public typealias QueryValue = Reminder
          public let id: QuarryCore.TableColumn<Reminder, Int>
          public let title: QuarryCore.TableColumn<Reminder, String>
          public let isCompleted: QuarryCore.TableColumn<Reminder, Bool>
          public private(set) var priority = QuarryCore.MacroSupport.column(Reminder.self, Priority?.self, "priority", qualifiedName: "\"reminders\".\"priority\"", tablePrefix: "\"reminders\".")
          public var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
          public let columnQualifier: QuarryCore.ColumnQualifier
          public init() { self.init(qualifier: .table) }
          public init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"reminders\".\"id\"", qualifier: qualifier)
            self.title = .init("title", qualifiedName: "\"reminders\".\"title\"", qualifier: qualifier)
            self.isCompleted = .init("is_completed", qualifiedName: "\"reminders\".\"is_completed\"", qualifier: qualifier)
            self.priority.qualify(by: qualifier)
          }
        }
        public struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          public typealias Base = Reminder
          public typealias TableColumns = QuarryCore.DraftColumns<Draft>
          public var id: Int?
          public var title: String
          public var isCompleted: Bool
          public var priority: Priority?
          public nonisolated init(id: Int? = nil, title: String = "", isCompleted: Bool = false, priority: Priority? = nil) {
            self.id = id
            self.title = title
            self.isCompleted = isCompleted
            self.priority = priority
          }
          public nonisolated init(_ row: Reminder) {
            self.id = row.id
            self.title = row.title
            self.isCompleted = row.isCompleted
            self.priority = row.priority
          }
          public nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.title.bind(to: binder)
            try self.isCompleted.bind(to: binder)
            try self.priority.bind(to: binder)
          }
          public nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.title = try decoder.decode(String.self)
            self.isCompleted = try decoder.decode(Bool.self)
            self.priority = try decoder.decode(Priority?.self)
          }
        }
        public typealias PrimaryKey = Int
        public static let columns = TableColumns()
        public nonisolated struct Columns: QuarryCore.ColumnsExpression {
          public typealias QueryValue = Reminder
          public let selection: QuarryCore.QueryFragment
          public let values: QuarryCore.QueryFragment
          public init(id: some QuarryCore.QueryAssignable<Int>, title: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>(""), isCompleted: some QuarryCore.QueryAssignable<Bool> = QuarryCore.BoundValue<Bool>(false), priority: some QuarryCore.QueryAssignable<Priority?> = QuarryCore.MacroSupport.value(Priority?.self, nil)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(title, named: "\"title\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(isCompleted, named: "\"is_completed\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(priority, named: nil, selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          public func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        public static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: QuarryCore.MacroSupport.flatten([[.init("id", type: .integer, nullable: false, primaryKey: true)], [.init("title", type: .text, nullable: false)], [.init("is_completed", type: .integer, nullable: false)], QuarryCore.MacroSupport.schemaColumns(Priority?.self, name: "priority", type: .any, nullable: true)])
        )
        public nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.title.bind(to: binder)
          try self.isCompleted.bind(to: binder)
          try self.priority.bind(to: binder)
        }
        public init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.title = try decoder.decode(String.self)
          self.isCompleted = try decoder.decode(Bool.self)
          self.priority = try decoder.decode(Priority?.self)
        }
      }
      """#
    }
  }

  @Test func packageAccess() {
    assertMacro {
      """
      @Table package struct Tag {
        package let id: Int
        package var name: String
      }
      """
    } expansion: {
      #"""
      package struct Tag {
        package let id: Int
        package var name: String
      }

      nonisolated extension Tag: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        package nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          package typealias QueryValue = Tag
          package let id: QuarryCore.TableColumn<Tag, Int>
          package let name: QuarryCore.TableColumn<Tag, String>
          package var primaryKey: QuarryCore.TableColumn<Tag, Int> { self.id }
          package let columnQualifier: QuarryCore.ColumnQualifier
          package init() { self.init(qualifier: .table) }
          package init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"tags\".\"id\"", qualifier: qualifier)
            self.name = .init("name", qualifiedName: "\"tags\".\"name\"", qualifier: qualifier)
          }
        }
        package struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          package typealias Base = Tag
          package typealias TableColumns = QuarryCore.DraftColumns<Draft>
          package var id: Int?
          package var name: String
          package nonisolated init(id: Int? = nil, name: String) {
            self.id = id
            self.name = name
          }
          package nonisolated init(_ row: Tag) {
            self.id = row.id
            self.name = row.name
          }
          package nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.name.bind(to: binder)
          }
          package nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.name = try decoder.decode(String.self)
          }
        }
        package typealias PrimaryKey = Int
        package static let columns = TableColumns()
        package nonisolated struct Columns: QuarryCore.ColumnsExpression {
          package typealias QueryValue = Tag
          package let selection: QuarryCore.QueryFragment
          package let values: QuarryCore.QueryFragment
          package init(id: some QuarryCore.QueryAssignable<Int>, name: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(name, named: "\"name\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          package func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        package static let schema = QuarryCore.TableSchema(
          name: "tags",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("name", type: .text, nullable: false)]
        )
        package nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.name.bind(to: binder)
        }
        package init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.name = try decoder.decode(String.self)
        }
      }
      """#
    }
  }

  @Test func nestedType() {
    assertMacro {
      """
      struct Attachment {
        @Table struct Image {
          let id: Int
          var path: String
        }
      }
      """
    } expansion: {
      #"""
      struct Attachment {
        struct Image {
          let id: Int
          var path: String
        }
      }

      nonisolated extension Attachment.Image: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Attachment.Image
          let id: QuarryCore.TableColumn<Attachment.Image, Int>
          let path: QuarryCore.TableColumn<Attachment.Image, String>
          var primaryKey: QuarryCore.TableColumn<Attachment.Image, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"images\".\"id\"", qualifier: qualifier)
            self.path = .init("path", qualifiedName: "\"images\".\"path\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Attachment.Image
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          var path: String
          nonisolated init(id: Int? = nil, path: String) {
            self.id = id
            self.path = path
          }
          nonisolated init(_ row: Attachment.Image) {
            self.id = row.id
            self.path = row.path
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.path.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.path = try decoder.decode(String.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Attachment.Image
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, path: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(path, named: "\"path\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "images",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("path", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.path.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.path = try decoder.decode(String.self)
        }
      }
      """#
    }
  }
}
