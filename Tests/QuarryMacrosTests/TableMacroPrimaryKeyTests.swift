import MacroTesting
import QuarryMacros
import Testing

/// `@Table`'s primary key: `id` by default, or the one `@Column(primaryKey:)` names.
@Suite(.macros(tableMacros))
struct TableMacroPrimaryKeyTests {
  @Test func explicitPrimaryKey() {
    assertMacro {
      """
      @Table struct Book {
        @Column(primaryKey: true) let isbn: String
        var title: String
      }
      """
    } expansion: {
      #"""
      struct Book {
        let isbn: String
        var title: String
      }

      nonisolated extension Book: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Book
          let isbn: QuarryCore.TableColumn<Book, String>
          let title: QuarryCore.TableColumn<Book, String>
          var primaryKey: QuarryCore.TableColumn<Book, String> { self.isbn }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.isbn = .init("isbn", qualifiedName: "\"books\".\"isbn\"", qualifier: qualifier)
            self.title = .init("title", qualifiedName: "\"books\".\"title\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Book
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var isbn: String?
          var title: String
          nonisolated init(isbn: String? = nil, title: String) {
            self.isbn = isbn
            self.title = title
          }
          nonisolated init(_ row: Book) {
            self.isbn = row.isbn
            self.title = row.title
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.isbn.bind(to: binder)
            try self.title.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.isbn = try decoder.decode(String?.self)
            self.title = try decoder.decode(String.self)
          }
        }
        typealias PrimaryKey = String
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Book
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(isbn: some QuarryCore.QueryAssignable<String>, title: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(isbn, named: "\"isbn\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(title, named: "\"title\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "books",
          columns: [.init("isbn", type: .text, nullable: false, primaryKey: true), .init("title", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.isbn.bind(to: binder)
          try self.title.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.isbn = try decoder.decode(String.self)
          self.title = try decoder.decode(String.self)
        }
      }
      """#
    }
  }

  @Test func idThatIsNotThePrimaryKey() {
    assertMacro {
      """
      @Table struct Event {
        @Column(primaryKey: false) var id: String
        var name: String
      }
      """
    } expansion: {
      #"""
      struct Event {
        var id: String
        var name: String
      }

      nonisolated extension Event: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Event
          let id: QuarryCore.TableColumn<Event, String>
          let name: QuarryCore.TableColumn<Event, String>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"events\".\"id\"", qualifier: qualifier)
            self.name = .init("name", qualifiedName: "\"events\".\"name\"", qualifier: qualifier)
          }
        }
        typealias Draft = Event
        init(_ row: Event) {
          self = row
        }
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Event
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<String>, name: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(name, named: "\"name\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "events",
          columns: [.init("id", type: .text, nullable: false), .init("name", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(String.self)
          self.name = try decoder.decode(String.self)
        }
      }
      """#
    }
  }
}
