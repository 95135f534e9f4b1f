import MacroTesting
import QuarryMacros
import Testing

/// A type or an initial value that names `Self`: `TableColumns` and `Draft` are nested types,
/// where `Self` would name them, so the generated code names the table type.
@Suite(.macros(tableMacros))
struct TableMacroSelfDefaultTests {
  @Test func typeAndDefaultNamingSelf() {
    assertMacro {
      """
      @Table struct Setting {
        let id: Int
        var limit = Self.Limit(rawValue: Self.defaultLimit)
        static let defaultLimit = 10
      }
      """
    } expansion: {
      #"""
      struct Setting {
        let id: Int
        var limit = Self.Limit(rawValue: Self.defaultLimit)
        static let defaultLimit = 10
      }

      nonisolated extension Setting: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Setting
          let id: QuarryCore.TableColumn<Setting, Int>
          private(set) var limit = QuarryCore.MacroSupport.column(Setting.self, Setting.Limit.self, "limit", qualifiedName: "\"settings\".\"limit\"", tablePrefix: "\"settings\".")
          var primaryKey: QuarryCore.TableColumn<Setting, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"settings\".\"id\"", qualifier: qualifier)
            self.limit.qualify(by: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Setting
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          var limit: Setting.Limit
          nonisolated init(id: Int? = nil, limit: Setting.Limit = Setting.Limit(rawValue: Setting.defaultLimit)) {
            self.id = id
            self.limit = limit
          }
          nonisolated init(_ row: Setting) {
            self.id = row.id
            self.limit = row.limit
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.limit.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.limit = try decoder.decode(Setting.Limit.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Setting
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, limit: some QuarryCore.QueryAssignable<Setting.Limit> = QuarryCore.MacroSupport.value(Setting.Limit.self, Setting.Limit(rawValue: Setting.defaultLimit))) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(limit, named: nil, selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "settings",
          columns: QuarryCore.MacroSupport.flatten([[.init("id", type: .integer, nullable: false, primaryKey: true)], QuarryCore.MacroSupport.schemaColumns(Setting.Limit.self, name: "limit", type: .any, nullable: false)])
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.limit.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.limit = try decoder.decode(Setting.Limit.self)
        }
      }
      """#
    }
  }
}
