import MacroTesting
import QuarryMacros
import Testing

@Suite(.macros(tableMacros))
struct SelectionMacroTests {
  @Test func structGroup() {
    assertMacro {
      """
      @Selection public struct Timestamps {
        let createdAt: Date
        @Column("updated_at")
        var updatedAt: Date?
      }
      """
    } expansion: {
      #"""
      public struct Timestamps {
        let createdAt: Date
        var updatedAt: Date?
      }

      nonisolated extension Timestamps: QuarryCore.Selection {
        public nonisolated struct SelectionMembers: Sendable {
          public let createdAt = QuarryCore.SelectionMember<Date>("createdAt", quotedName: "\"createdAt\"")
          public let updatedAt = QuarryCore.SelectionMember<Date?>("updated_at", quotedName: "\"updated_at\"")
        }
        public static let selectionMembers = SelectionMembers()
        public static let selectionColumns: [QuarryCore.TableSchema.Column] = [.init("createdAt", type: .text, nullable: false), .init("updated_at", type: .text, nullable: true)]
        public func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.createdAt.bind(to: binder)
          try self.updatedAt.bind(to: binder)
        }
        public init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.createdAt = try decoder.decode(Date.self)
          self.updatedAt = try decoder.decode(Date?.self)
        }
        public nonisolated struct Columns: QuarryCore.ColumnsExpression {
          public typealias QueryValue = Timestamps
          public let selection: QuarryCore.QueryFragment
          public let values: QuarryCore.QueryFragment
          public init(createdAt: some QuarryCore.QueryAssignable<Date>, updatedAt: some QuarryCore.QueryAssignable<Date?> = QuarryCore.BoundValue<Date?>(nil)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(createdAt, named: "\"createdAt\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(updatedAt, named: "\"updated_at\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          public func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
      }
      """#
    }
  }

  @Test func tableHoldingAGroup() {
    assertMacro {
      """
      @Table struct RemindersList {
        let id: Int
        var name = ""
        let timestamps: Timestamps
      }
      """
    } expansion: {
      #"""
      struct RemindersList {
        let id: Int
        var name = ""
        let timestamps: Timestamps
      }

      nonisolated extension RemindersList: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = RemindersList
          let id: QuarryCore.TableColumn<RemindersList, Int>
          let name: QuarryCore.TableColumn<RemindersList, String>
          private(set) var timestamps = QuarryCore.MacroSupport.column(RemindersList.self, Timestamps.self, "timestamps", qualifiedName: "\"remindersLists\".\"timestamps\"", tablePrefix: "\"remindersLists\".")
          var primaryKey: QuarryCore.TableColumn<RemindersList, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"remindersLists\".\"id\"", qualifier: qualifier)
            self.name = .init("name", qualifiedName: "\"remindersLists\".\"name\"", qualifier: qualifier)
            self.timestamps.qualify(by: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = RemindersList
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          var name: String
          var timestamps: Timestamps
          nonisolated init(id: Int? = nil, name: String = "", timestamps: Timestamps) {
            self.id = id
            self.name = name
            self.timestamps = timestamps
          }
          nonisolated init(_ row: RemindersList) {
            self.id = row.id
            self.name = row.name
            self.timestamps = row.timestamps
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.name.bind(to: binder)
            try self.timestamps.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.name = try decoder.decode(String.self)
            self.timestamps = try decoder.decode(Timestamps.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = RemindersList
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, name: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>(""), timestamps: some QuarryCore.QueryAssignable<Timestamps>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(name, named: "\"name\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(timestamps, named: nil, selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "remindersLists",
          columns: QuarryCore.MacroSupport.flatten([[.init("id", type: .integer, nullable: false, primaryKey: true)], [.init("name", type: .text, nullable: false)], QuarryCore.MacroSupport.schemaColumns(Timestamps.self, name: "timestamps", type: .any, nullable: false)])
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.name.bind(to: binder)
          try self.timestamps.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.name = try decoder.decode(String.self)
          self.timestamps = try decoder.decode(Timestamps.self)
        }
      }
      """#
    }
  }

  @Test func enumOfCases() {
    assertMacro {
      """
      @Selection enum Kind {
        case link(URL)
        case note(String)
        case image(Attachment.Image)
      }
      """
    } expansion: {
      #"""
      enum Kind {
        case link(URL)
        case note(String)
        case image(Attachment.Image)
      }

      nonisolated extension Kind: QuarryCore.Selection {
        nonisolated struct SelectionMembers: Sendable {
          let link = QuarryCore.SelectionMember<URL?>("link", quotedName: "\"link\"")
          let note = QuarryCore.SelectionMember<String?>("note", quotedName: "\"note\"")
          let image = QuarryCore.SelectionMember<Attachment.Image?>("image", quotedName: "\"image\"")
        }
        static let selectionMembers = SelectionMembers()
        static let selectionCases: [QuarryCore.SelectionCase]? = [QuarryCore.SelectionCase(name: "link", columns: [.init("link", type: .text, nullable: true)]), QuarryCore.SelectionCase(name: "note", columns: [.init("note", type: .text, nullable: true)]), QuarryCore.SelectionCase(name: "image", columns: QuarryCore.MacroSupport.flatten([QuarryCore.MacroSupport.schemaColumns(Attachment.Image?.self, name: "image", type: .any, nullable: true)]))]
        static let selectionColumns: [QuarryCore.TableSchema.Column] = QuarryCore.MacroSupport.columns(ofCases: selectionCases)
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          if case .link(let value) = self {
            try value.bind(to: binder)
          } else {
            try URL?.none.bind(to: binder)
          }
          if case .note(let value) = self {
            try value.bind(to: binder)
          } else {
            try String?.none.bind(to: binder)
          }
          if case .image(let value) = self {
            try value.bind(to: binder)
          } else {
            try Attachment.Image?.none.bind(to: binder)
          }
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          let _link = try decoder.decode(URL?.self)
          let _note = try decoder.decode(String?.self)
          let _image = try decoder.decode(Attachment.Image?.self)
          if let _link {
            self = .link(_link)
          } else if let _note {
            self = .note(_note)
          } else if let _image {
            self = .image(_image)
          } else {
            throw QuarryCore.QueryDecodingError(expectedType: "Kind", found: "NULL in the columns of every case: " + Self.selectionColumns.map(\.name).joined(separator: ", "))
          }
        }
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Kind
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          static func link(_ value: some QuarryCore.QueryAssignable<URL>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Kind.selectionCases ?? [], case: 0, value)
            return Columns(selection: row.selection, values: row.values)
          }
          static func note(_ value: some QuarryCore.QueryAssignable<String>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Kind.selectionCases ?? [], case: 1, value)
            return Columns(selection: row.selection, values: row.values)
          }
          static func image(_ value: some QuarryCore.QueryAssignable<Attachment.Image>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Kind.selectionCases ?? [], case: 2, value)
            return Columns(selection: row.selection, values: row.values)
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
      }
      """#
    }
  }

  @Test func enumCaseWithoutOneValue() {
    assertMacro {
      """
      @Selection enum Kind {
        case none
        case pair(Int, String)
        case note(String)
      }
      """
    } diagnostics: {
      """
      @Selection enum Kind {
        case none
             ┬───
             ╰─ 🛑 case 'none' of a '@Selection' enum needs exactly one associated value, which its column (or its '@Selection' group of columns) stores
        case pair(Int, String)
             ┬────────────────
             ╰─ 🛑 case 'pair' of a '@Selection' enum needs exactly one associated value, which its column (or its '@Selection' group of columns) stores
        case note(String)
      }
      """
    }
  }

  @Test func classIsNotASelection() {
    assertMacro {
      """
      @Selection final class Row {
        var name = ""
      }
      """
    } diagnostics: {
      """
      @Selection final class Row {
                       ┬────
                       ╰─ 🛑 '@Selection' can only be applied to a struct or an enum
                          ✏️ Replace 'class' with 'struct'
        var name = ""
      }
      """
    } fixes: {
      """
      @Selection struct Row {
        var name = ""
      }
      """
    } expansion: {
      #"""
      struct Row {
        var name = ""
      }

      nonisolated extension Row: QuarryCore.Selection {
        nonisolated struct SelectionMembers: Sendable {
          let name = QuarryCore.SelectionMember<String>("name", quotedName: "\"name\"")
        }
        static let selectionMembers = SelectionMembers()
        static let selectionColumns: [QuarryCore.TableSchema.Column] = [.init("name", type: .text, nullable: false)]
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.name = try decoder.decode(String.self)
        }
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Row
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(name: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>("")) {
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
      }
      """#
    }
  }

  @Test func genericSelection() {
    assertMacro {
      """
      @Selection struct Pair<T> {
        var first: T
      }
      """
    } diagnostics: {
      """
      @Selection struct Pair<T> {
                            ┬──
                            ╰─ 🛑 '@Selection' does not support generic types
        var first: T
      }
      """
    }
  }
}
