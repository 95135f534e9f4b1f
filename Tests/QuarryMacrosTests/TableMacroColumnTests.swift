import MacroTesting
import QuarryMacros
import Testing

/// Which properties `@Table` makes columns (stored ones, not `@Ephemeral` ones), and their types.
@Suite(.macros(tableMacros))
struct TableMacroColumnTests {
  @Test func ephemeralProperties() {
    assertMacro {
      """
      @Table struct Note {
        let id: Int
        @Ephemeral var isSelected = false
        @Ephemeral let loadedAt: Date = Date()
        @Ephemeral var selection: Int?
        var body: String
      }
      """
    } expansion: {
      #"""
      struct Note {
        let id: Int
        var isSelected = false
        let loadedAt: Date = Date()
        var selection: Int?
        var body: String
      }

      nonisolated extension Note: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Note
          let id: QuarryCore.TableColumn<Note, Int>
          let body: QuarryCore.TableColumn<Note, String>
          var primaryKey: QuarryCore.TableColumn<Note, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"notes\".\"id\"", qualifier: qualifier)
            self.body = .init("body", qualifiedName: "\"notes\".\"body\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Note
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          var body: String
          nonisolated init(id: Int? = nil, body: String) {
            self.id = id
            self.body = body
          }
          nonisolated init(_ row: Note) {
            self.id = row.id
            self.body = row.body
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.body.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.body = try decoder.decode(String.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Note
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, body: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(body, named: "\"body\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "notes",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("body", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.body.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.body = try decoder.decode(String.self)
        }
      }
      """#
    }
  }

  @Test func typeInferenceAndStoredProperties() {
    assertMacro {
      """
      @Table struct Sample {
        let id: UUID
        var text = "a"
        var count = 1
        var ratio = 0.5
        var flag = true
        var offset = -1
        var delta = -0.25
        var createdAt = Date()
        var qualified = Foundation.Date()
        var explicitInit = Foo.init(bar: 1)
        var specialized = Box<Int>(1)
        var first = 1, second = "2"
        var x, y: Double
        var observed = 0 {
          didSet { print(observed) }
        }
        var `default` = 0
        var computed: Int { count * 2 }
        var getSet: Int {
          get { count }
          set { count = newValue }
        }
        lazy var cache = 0
        static let shared = 1
        func method() {}
      }
      """
    } expansion: {
      #"""
      struct Sample {
        let id: UUID
        var text = "a"
        var count = 1
        var ratio = 0.5
        var flag = true
        var offset = -1
        var delta = -0.25
        var createdAt = Date()
        var qualified = Foundation.Date()
        var explicitInit = Foo.init(bar: 1)
        var specialized = Box<Int>(1)
        var first = 1, second = "2"
        var x, y: Double
        var observed = 0 {
          didSet { print(observed) }
        }
        var `default` = 0
        var computed: Int { count * 2 }
        var getSet: Int {
          get { count }
          set { count = newValue }
        }
        lazy var cache = 0
        static let shared = 1
        func method() {}
      }

      nonisolated extension Sample: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Sample
          let id: QuarryCore.TableColumn<Sample, UUID>
          let text: QuarryCore.TableColumn<Sample, String>
          let count: QuarryCore.TableColumn<Sample, Int>
          let ratio: QuarryCore.TableColumn<Sample, Double>
          let flag: QuarryCore.TableColumn<Sample, Bool>
          let offset: QuarryCore.TableColumn<Sample, Int>
          let delta: QuarryCore.TableColumn<Sample, Double>
          let createdAt: QuarryCore.TableColumn<Sample, Date>
          let qualified: QuarryCore.TableColumn<Sample, Foundation.Date>
          private(set) var explicitInit = QuarryCore.MacroSupport.column(Sample.self, Foo.self, "explicitInit", qualifiedName: "\"samples\".\"explicitInit\"", tablePrefix: "\"samples\".")
          private(set) var specialized = QuarryCore.MacroSupport.column(Sample.self, Box<Int>.self, "specialized", qualifiedName: "\"samples\".\"specialized\"", tablePrefix: "\"samples\".")
          let first: QuarryCore.TableColumn<Sample, Int>
          let second: QuarryCore.TableColumn<Sample, String>
          let x: QuarryCore.TableColumn<Sample, Double>
          let y: QuarryCore.TableColumn<Sample, Double>
          let observed: QuarryCore.TableColumn<Sample, Int>
          let `default`: QuarryCore.TableColumn<Sample, Int>
          var primaryKey: QuarryCore.TableColumn<Sample, UUID> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"samples\".\"id\"", qualifier: qualifier)
            self.text = .init("text", qualifiedName: "\"samples\".\"text\"", qualifier: qualifier)
            self.count = .init("count", qualifiedName: "\"samples\".\"count\"", qualifier: qualifier)
            self.ratio = .init("ratio", qualifiedName: "\"samples\".\"ratio\"", qualifier: qualifier)
            self.flag = .init("flag", qualifiedName: "\"samples\".\"flag\"", qualifier: qualifier)
            self.offset = .init("offset", qualifiedName: "\"samples\".\"offset\"", qualifier: qualifier)
            self.delta = .init("delta", qualifiedName: "\"samples\".\"delta\"", qualifier: qualifier)
            self.createdAt = .init("createdAt", qualifiedName: "\"samples\".\"createdAt\"", qualifier: qualifier)
            self.qualified = .init("qualified", qualifiedName: "\"samples\".\"qualified\"", qualifier: qualifier)
            self.first = .init("first", qualifiedName: "\"samples\".\"first\"", qualifier: qualifier)
            self.second = .init("second", qualifiedName: "\"samples\".\"second\"", qualifier: qualifier)
            self.x = .init("x", qualifiedName: "\"samples\".\"x\"", qualifier: qualifier)
            self.y = .init("y", qualifiedName: "\"samples\".\"y\"", qualifier: qualifier)
            self.observed = .init("observed", qualifiedName: "\"samples\".\"observed\"", qualifier: qualifier)
            self.`default` = .init("default", qualifiedName: "\"samples\".\"default\"", qualifier: qualifier)
            self.explicitInit.qualify(by: qualifier)
            self.specialized.qualify(by: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Sample
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: UUID?
          var text: String
          var count: Int
          var ratio: Double
          var flag: Bool
          var offset: Int
          var delta: Double
          var createdAt: Date
          var qualified: Foundation.Date
          var explicitInit: Foo
          var specialized: Box<Int>
          var first: Int
          var second: String
          var x: Double
          var y: Double
          var observed: Int
          var `default`: Int
          nonisolated init(id: UUID? = nil, text: String = "a", count: Int = 1, ratio: Double = 0.5, flag: Bool = true, offset: Int = -1, delta: Double = -0.25, createdAt: Date = Date(), qualified: Foundation.Date = Foundation.Date(), explicitInit: Foo = Foo.init(bar: 1), specialized: Box<Int> = Box<Int>(1), first: Int = 1, second: String = "2", x: Double, y: Double, observed: Int = 0, `default`: Int = 0) {
            self.id = id
            self.text = text
            self.count = count
            self.ratio = ratio
            self.flag = flag
            self.offset = offset
            self.delta = delta
            self.createdAt = createdAt
            self.qualified = qualified
            self.explicitInit = explicitInit
            self.specialized = specialized
            self.first = first
            self.second = second
            self.x = x
            self.y = y
            self.observed = observed
            self.`default` = `default`
          }
          nonisolated init(_ row: Sample) {
            self.id = row.id
            self.text = row.text
            self.count = row.count
            self.ratio = row.ratio
            self.flag = row.flag
            self.offset = row.offset
            self.delta = row.delta
            self.createdAt = row.createdAt
            self.qualified = row.qualified
            self.explicitInit = row.explicitInit
            self.specialized = row.specialized
            self.first = row.first
            self.second = row.second
            self.x = row.x
            self.y = row.y
            self.observed = row.observed
            self.`default` = row.`default`
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.text.bind(to: binder)
            try self.count.bind(to: binder)
            try self.ratio.bind(to: binder)
            try self.flag.bind(to: binder)
            try self.offset.bind(to: binder)
            try self.delta.bind(to: binder)
            try self.createdAt.bind(to: binder)
            try self.qualified.bind(to: binder)
            try self.explicitInit.bind(to: binder)
            try self.specialized.bind(to: binder)
            try self.first.bind(to: binder)
            try self.second.bind(to: binder)
            try self.x.bind(to: binder)
            try self.y.bind(to: binder)
            try self.observed.bind(to: binder)
            try self.`default`.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(UUID?.self)
            self.text = try decoder.decode(String.self)
            self.count = try decoder.decode(Int.self)
            self.ratio = try decoder.decode(Double.self)
            self.flag = try decoder.decode(Bool.self)
            self.offset = try decoder.decode(Int.self)
            self.delta = try decoder.decode(Double.self)
            self.createdAt = try decoder.decode(Date.self)
            self.qualified = try decoder.decode(Foundation.Date.self)
            self.explicitInit = try decoder.decode(Foo.self)
            self.specialized = try decoder.decode(Box<Int>.self)
            self.first = try decoder.decode(Int.self)
            self.second = try decoder.decode(String.self)
            self.x = try decoder.decode(Double.self)
            self.y = try decoder.decode(Double.self)
            self.observed = try decoder.decode(Int.self)
            self.`default` = try decoder.decode(Int.self)
          }
        }
        typealias PrimaryKey = UUID
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Sample
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<UUID>, text: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>("a"), count: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(1), ratio: some QuarryCore.QueryAssignable<Double> = QuarryCore.BoundValue<Double>(0.5), flag: some QuarryCore.QueryAssignable<Bool> = QuarryCore.BoundValue<Bool>(true), offset: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(-1), delta: some QuarryCore.QueryAssignable<Double> = QuarryCore.BoundValue<Double>(-0.25), createdAt: some QuarryCore.QueryAssignable<Date> = QuarryCore.BoundValue<Date>(Date()), qualified: some QuarryCore.QueryAssignable<Foundation.Date> = QuarryCore.BoundValue<Foundation.Date>(Foundation.Date()), explicitInit: some QuarryCore.QueryAssignable<Foo> = QuarryCore.MacroSupport.value(Foo.self, Foo.init(bar: 1)), specialized: some QuarryCore.QueryAssignable<Box<Int>> = QuarryCore.MacroSupport.value(Box<Int>.self, Box<Int>(1)), first: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(1), second: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>("2"), x: some QuarryCore.QueryAssignable<Double>, y: some QuarryCore.QueryAssignable<Double>, observed: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(0), `default`: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(0)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(text, named: "\"text\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(count, named: "\"count\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(ratio, named: "\"ratio\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(flag, named: "\"flag\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(offset, named: "\"offset\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(delta, named: "\"delta\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(createdAt, named: "\"createdAt\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(qualified, named: "\"qualified\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(explicitInit, named: nil, selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(specialized, named: nil, selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(first, named: "\"first\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(second, named: "\"second\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(x, named: "\"x\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(y, named: "\"y\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(observed, named: "\"observed\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(`default`, named: "\"default\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "samples",
          columns: QuarryCore.MacroSupport.flatten([[.init("id", type: .text, nullable: false, primaryKey: true)], [.init("text", type: .text, nullable: false)], [.init("count", type: .integer, nullable: false)], [.init("ratio", type: .real, nullable: false)], [.init("flag", type: .integer, nullable: false)], [.init("offset", type: .integer, nullable: false)], [.init("delta", type: .real, nullable: false)], [.init("createdAt", type: .text, nullable: false)], [.init("qualified", type: .text, nullable: false)], QuarryCore.MacroSupport.schemaColumns(Foo.self, name: "explicitInit", type: .any, nullable: false), QuarryCore.MacroSupport.schemaColumns(Box<Int>.self, name: "specialized", type: .any, nullable: false), [.init("first", type: .integer, nullable: false)], [.init("second", type: .text, nullable: false)], [.init("x", type: .real, nullable: false)], [.init("y", type: .real, nullable: false)], [.init("observed", type: .integer, nullable: false)], [.init("default", type: .integer, nullable: false)]])
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.text.bind(to: binder)
          try self.count.bind(to: binder)
          try self.ratio.bind(to: binder)
          try self.flag.bind(to: binder)
          try self.offset.bind(to: binder)
          try self.delta.bind(to: binder)
          try self.createdAt.bind(to: binder)
          try self.qualified.bind(to: binder)
          try self.explicitInit.bind(to: binder)
          try self.specialized.bind(to: binder)
          try self.first.bind(to: binder)
          try self.second.bind(to: binder)
          try self.x.bind(to: binder)
          try self.y.bind(to: binder)
          try self.observed.bind(to: binder)
          try self.`default`.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(UUID.self)
          self.text = try decoder.decode(String.self)
          self.count = try decoder.decode(Int.self)
          self.ratio = try decoder.decode(Double.self)
          self.flag = try decoder.decode(Bool.self)
          self.offset = try decoder.decode(Int.self)
          self.delta = try decoder.decode(Double.self)
          self.createdAt = try decoder.decode(Date.self)
          self.qualified = try decoder.decode(Foundation.Date.self)
          self.explicitInit = try decoder.decode(Foo.self)
          self.specialized = try decoder.decode(Box<Int>.self)
          self.first = try decoder.decode(Int.self)
          self.second = try decoder.decode(String.self)
          self.x = try decoder.decode(Double.self)
          self.y = try decoder.decode(Double.self)
          self.observed = try decoder.decode(Int.self)
          self.`default` = try decoder.decode(Int.self)
        }
      }
      """#
    }
  }
}
