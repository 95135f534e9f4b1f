import MacroTesting
import QuarryMacros
import Testing

@Suite(.macros(tableMacros))
struct ColumnRepresentationMacroTests {
  @Test func representationAndGeneratedColumns() {
    assertMacro {
      """
      @Table struct Event {
        let id: Int
        @Column(as: [String].JSONRepresentation.self)
        var tags: [String]
        @Column(as: Date.UnixTimeRepresentation.self)
        var startAt: Date?
        @Column(generated: .virtual)
        var total: Int
      }
      """
    } expansion: {
      #"""
      struct Event {
        let id: Int
        var tags: [String]
        var startAt: Date?
        var total: Int
      }

      nonisolated extension Event: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Event
          let id: QuarryCore.TableColumn<Event, Int>
          let tags: QuarryCore.TableColumn<Event, [String].JSONRepresentation>
          let startAt: QuarryCore.TableColumn<Event, Date.UnixTimeRepresentation?>
          let total: QuarryCore.TableColumn<Event, Int>
          var primaryKey: QuarryCore.TableColumn<Event, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"events\".\"id\"", qualifier: qualifier)
            self.tags = .init("tags", qualifiedName: "\"events\".\"tags\"", qualifier: qualifier)
            self.startAt = .init("startAt", qualifiedName: "\"events\".\"startAt\"", qualifier: qualifier)
            self.total = .init("total", qualifiedName: "\"events\".\"total\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Event
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          nonisolated static let schema = QuarryCore.TableSchema(draftOf: Event.schema)
          var id: Int?
          var tags: [String]
          var startAt: Date?
          nonisolated init(id: Int? = nil, tags: [String], startAt: Date? = nil) {
            self.id = id
            self.tags = tags
            self.startAt = startAt
          }
          nonisolated init(_ row: Event) {
            self.id = row.id
            self.tags = row.tags
            self.startAt = row.startAt
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try [String].JSONRepresentation(queryOutput: self.tags).bind(to: binder)
            try Date.UnixTimeRepresentation?(queryOutput: self.startAt).bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.tags = try decoder.decode([String].JSONRepresentation.self).queryOutput
            self.startAt = try decoder.decode(Date.UnixTimeRepresentation?.self).queryOutput
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Event
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, tags: some QuarryCore.QueryAssignable<[String].JSONRepresentation>, startAt: some QuarryCore.QueryAssignable<Date.UnixTimeRepresentation?> = QuarryCore.BoundValue<Date.UnixTimeRepresentation?>(Date.UnixTimeRepresentation?(queryOutput: nil)), total: some QuarryCore.QueryAssignable<Int>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(tags, named: "\"tags\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(startAt, named: "\"startAt\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(total, named: "\"total\"", isInserted: false, selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "events",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("tags", type: .text, nullable: false), .init("startAt", type: .any, nullable: true), .init("total", type: .integer, nullable: false, generated: .virtual)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try [String].JSONRepresentation(queryOutput: self.tags).bind(to: binder)
          try Date.UnixTimeRepresentation?(queryOutput: self.startAt).bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.tags = try decoder.decode([String].JSONRepresentation.self).queryOutput
          self.startAt = try decoder.decode(Date.UnixTimeRepresentation?.self).queryOutput
          self.total = try decoder.decode(Int.self)
        }
      }
      """#
    }
  }
}
