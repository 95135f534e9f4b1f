import MacroTesting
import QuarryMacros
import Testing

/// `@Table`'s `Draft`: its defaults and the conformances it shares with the table.
@Suite(.macros(tableMacros))
struct TableMacroDraftTests {
  @Test func draftDefaults() {
    assertMacro {
      """
      @Table struct Attendee {
        var id: Int? = nil
        var name: String
        var email: String?
        var nickname: Optional<String>
        var joinedAt = Date()
        var rank: Int = 3
      }
      """
    } expansion: {
      #"""
      struct Attendee {
        var id: Int? = nil
        var name: String
        var email: String?
        var nickname: Optional<String>
        var joinedAt = Date()
        var rank: Int = 3
      }

      nonisolated extension Attendee: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Attendee
          let id: QuarryCore.TableColumn<Attendee, Int?>
          let name: QuarryCore.TableColumn<Attendee, String>
          let email: QuarryCore.TableColumn<Attendee, String?>
          let nickname: QuarryCore.TableColumn<Attendee, Optional<String>>
          let joinedAt: QuarryCore.TableColumn<Attendee, Date>
          let rank: QuarryCore.TableColumn<Attendee, Int>
          var primaryKey: QuarryCore.TableColumn<Attendee, Int?> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"attendees\".\"id\"", qualifier: qualifier)
            self.name = .init("name", qualifiedName: "\"attendees\".\"name\"", qualifier: qualifier)
            self.email = .init("email", qualifiedName: "\"attendees\".\"email\"", qualifier: qualifier)
            self.nickname = .init("nickname", qualifiedName: "\"attendees\".\"nickname\"", qualifier: qualifier)
            self.joinedAt = .init("joinedAt", qualifiedName: "\"attendees\".\"joinedAt\"", qualifier: qualifier)
            self.rank = .init("rank", qualifiedName: "\"attendees\".\"rank\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Attendee
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          var name: String
          var email: String?
          var nickname: Optional<String>
          var joinedAt: Date
          var rank: Int
          nonisolated init(id: Int? = nil, name: String, email: String? = nil, nickname: Optional<String> = nil, joinedAt: Date = Date(), rank: Int = 3) {
            self.id = id
            self.name = name
            self.email = email
            self.nickname = nickname
            self.joinedAt = joinedAt
            self.rank = rank
          }
          nonisolated init(_ row: Attendee) {
            self.id = row.id
            self.name = row.name
            self.email = row.email
            self.nickname = row.nickname
            self.joinedAt = row.joinedAt
            self.rank = row.rank
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.name.bind(to: binder)
            try self.email.bind(to: binder)
            try self.nickname.bind(to: binder)
            try self.joinedAt.bind(to: binder)
            try self.rank.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.name = try decoder.decode(String.self)
            self.email = try decoder.decode(String?.self)
            self.nickname = try decoder.decode(Optional<String>.self)
            self.joinedAt = try decoder.decode(Date.self)
            self.rank = try decoder.decode(Int.self)
          }
        }
        typealias PrimaryKey = Int?
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Attendee
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int?> = QuarryCore.BoundValue<Int?>(nil), name: some QuarryCore.QueryAssignable<String>, email: some QuarryCore.QueryAssignable<String?> = QuarryCore.BoundValue<String?>(nil), nickname: some QuarryCore.QueryAssignable<Optional<String>> = QuarryCore.BoundValue<Optional<String>>(nil), joinedAt: some QuarryCore.QueryAssignable<Date> = QuarryCore.BoundValue<Date>(Date()), rank: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(3)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(name, named: "\"name\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(email, named: "\"email\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(nickname, named: "\"nickname\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(joinedAt, named: "\"joinedAt\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(rank, named: "\"rank\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "attendees",
          columns: [.init("id", type: .integer, nullable: true, primaryKey: true), .init("name", type: .text, nullable: false), .init("email", type: .text, nullable: true), .init("nickname", type: .text, nullable: true), .init("joinedAt", type: .text, nullable: false), .init("rank", type: .integer, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.name.bind(to: binder)
          try self.email.bind(to: binder)
          try self.nickname.bind(to: binder)
          try self.joinedAt.bind(to: binder)
          try self.rank.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int?.self)
          self.name = try decoder.decode(String.self)
          self.email = try decoder.decode(String?.self)
          self.nickname = try decoder.decode(Optional<String>.self)
          self.joinedAt = try decoder.decode(Date.self)
          self.rank = try decoder.decode(Int.self)
        }
      }
      """#
    }
  }

  @Test func draftSharesValueConformances() {
    assertMacro {
      """
      @Table struct Reminder: Sendable, Equatable, Identifiable, Swift.Hashable, Codable {
        let id: Int
        var title = ""
      }
      """
    } expansion: {
      #"""
      struct Reminder: Sendable, Equatable, Identifiable, Swift.Hashable, Codable {
        let id: Int
        var title = ""
      }

      nonisolated extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id: QuarryCore.TableColumn<Reminder, Int>
          let title: QuarryCore.TableColumn<Reminder, String>
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id = .init("id", qualifiedName: "\"reminders\".\"id\"", qualifier: qualifier)
            self.title = .init("title", qualifiedName: "\"reminders\".\"title\"", qualifier: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table, Sendable, Equatable, Hashable, Codable {
          typealias Base = Reminder
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: Int?
          var title: String
          nonisolated init(id: Int? = nil, title: String = "") {
            self.id = id
            self.title = title
          }
          nonisolated init(_ row: Reminder) {
            self.id = row.id
            self.title = row.title
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.title.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(Int?.self)
            self.title = try decoder.decode(String.self)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Reminder
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<Int>, title: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>("")) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: "\"id\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(title, named: "\"title\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("title", type: .text, nullable: false)]
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.title.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
          self.title = try decoder.decode(String.self)
        }
      }
      """#
    }
  }
}
