import MacroTesting
import QuarryMacros
import Testing

/// `@Table` with a composite primary key: a `@Selection` group as the key.
@Suite(.macros(tableMacros))
struct TableMacroCompositeKeyTests {
  /// `let id: ID` is the key, as for one column; the macro can't tell a group from a column by
  /// the type's name, so `MacroSupport` overloads choose the key's column (a `ColumnGroup`) and
  /// mark every column of the group as part of the key.
  @Test func groupNamedIDIsTheKey() {
    assertMacro {
      """
      @Table struct Enrollment {
        @Selection struct ID: Hashable {
          let courseID: Int
          let studentID: Int
        }
        let id: ID
        var grade = ""
      }
      """
    } expansion: {
      #"""
      struct Enrollment {
        struct ID: Hashable {
          let courseID: Int
          let studentID: Int
        }
        let id: ID
        var grade = ""
      }

      nonisolated extension Enrollment.ID: QuarryCore.Selection {
        nonisolated struct SelectionMembers: Sendable {
          let courseID = QuarryCore.SelectionMember<Int>("courseID", quotedName: "\"courseID\"")
          let studentID = QuarryCore.SelectionMember<Int>("studentID", quotedName: "\"studentID\"")
        }
        static let selectionMembers = SelectionMembers()
        static let selectionColumns: [QuarryCore.TableSchema.Column] = [.init("courseID", type: .integer, nullable: false), .init("studentID", type: .integer, nullable: false)]
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.courseID.bind(to: binder)
          try self.studentID.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.courseID = try decoder.decode(Int.self)
          self.studentID = try decoder.decode(Int.self)
        }
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Enrollment.ID
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(courseID: some QuarryCore.QueryAssignable<Int>, studentID: some QuarryCore.QueryAssignable<Int>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(courseID, named: "\"courseID\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(studentID, named: "\"studentID\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
      }

      nonisolated extension Enrollment: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Enrollment
          private(set) var id = QuarryCore.MacroSupport.column(Enrollment.self, ID.self, "id", qualifiedName: "\"enrollments\".\"id\"", tablePrefix: "\"enrollments\".")
          let grade: QuarryCore.TableColumn<Enrollment, String>
          private(set) var primaryKey = QuarryCore.MacroSupport.column(Enrollment.self, ID.self, "id", qualifiedName: "\"enrollments\".\"id\"", tablePrefix: "\"enrollments\".")
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.grade = .init("grade", qualifiedName: "\"enrollments\".\"grade\"", qualifier: qualifier)
            self.id.qualify(by: qualifier)
            self.primaryKey.qualify(by: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Enrollment
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: ID?
          var grade: String
          nonisolated init(id: ID? = nil, grade: String = "") {
            self.id = id
            self.grade = grade
          }
          nonisolated init(_ row: Enrollment) {
            self.id = row.id
            self.grade = row.grade
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.grade.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(ID?.self)
            self.grade = try decoder.decode(String.self)
          }
        }
        typealias PrimaryKey = ID
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Enrollment
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<ID>, grade: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>("")) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: nil, selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(grade, named: "\"grade\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "enrollments",
          columns: QuarryCore.MacroSupport.flatten([QuarryCore.MacroSupport.schemaColumns(ID.self, name: "id", type: .any, nullable: false, primaryKey: true), [.init("grade", type: .text, nullable: false)]])
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
          try self.grade.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(ID.self)
          self.grade = try decoder.decode(String.self)
        }
      }
      """#
    }
  }

  @Test func groupMarkedPrimaryKey() {
    assertMacro {
      """
      @Table struct Membership {
        @Column(primaryKey: true) let key: MembershipKey
        var role: String
      }
      """
    } expansion: {
      #"""
      struct Membership {
        let key: MembershipKey
        var role: String
      }

      nonisolated extension Membership: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Membership
          private(set) var key = QuarryCore.MacroSupport.column(Membership.self, MembershipKey.self, "key", qualifiedName: "\"memberships\".\"key\"", tablePrefix: "\"memberships\".")
          let role: QuarryCore.TableColumn<Membership, String>
          private(set) var primaryKey = QuarryCore.MacroSupport.column(Membership.self, MembershipKey.self, "key", qualifiedName: "\"memberships\".\"key\"", tablePrefix: "\"memberships\".")
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.role = .init("role", qualifiedName: "\"memberships\".\"role\"", qualifier: qualifier)
            self.key.qualify(by: qualifier)
            self.primaryKey.qualify(by: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Membership
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var key: MembershipKey?
          var role: String
          nonisolated init(key: MembershipKey? = nil, role: String) {
            self.key = key
            self.role = role
          }
          nonisolated init(_ row: Membership) {
            self.key = row.key
            self.role = row.role
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.key.bind(to: binder)
            try self.role.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.key = try decoder.decode(MembershipKey?.self)
            self.role = try decoder.decode(String.self)
          }
        }
        typealias PrimaryKey = MembershipKey
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Membership
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(key: some QuarryCore.QueryAssignable<MembershipKey>, role: some QuarryCore.QueryAssignable<String>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(key, named: nil, selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(role, named: "\"role\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "memberships",
          columns: QuarryCore.MacroSupport.flatten([QuarryCore.MacroSupport.schemaColumns(MembershipKey.self, name: "key", type: .any, nullable: false, primaryKey: true), [.init("role", type: .text, nullable: false)]])
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.key.bind(to: binder)
          try self.role.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.key = try decoder.decode(MembershipKey.self)
          self.role = try decoder.decode(String.self)
        }
      }
      """#
    }
  }

  @Test func keyStructWithoutSelection() {
    assertMacro {
      """
      @Table struct Enrollment {
        struct ID: Hashable {
          let courseID: Int
          let studentID: Int
        }
        let id: ID
      }
      """
    } diagnostics: {
      """
      @Table struct Enrollment {
        struct ID: Hashable {
               ┬─
               ╰─ 🛑 primary key type 'ID' has several properties but isn't a '@Selection' struct: mark it '@Selection' to make them the columns of a composite key
                  ✏️ Mark it '@Selection'
          let courseID: Int
          let studentID: Int
        }
        let id: ID
      }
      """
    } fixes: {
      """
      @Table struct Enrollment {
        @Selection struct ID: Hashable {
          let courseID: Int
          let studentID: Int
        }
        let id: ID
      }
      """
    } expansion: {
      #"""
      struct Enrollment {
        struct ID: Hashable {
          let courseID: Int
          let studentID: Int
        }
        let id: ID
      }

      nonisolated extension Enrollment.ID: QuarryCore.Selection {
        nonisolated struct SelectionMembers: Sendable {
          let courseID = QuarryCore.SelectionMember<Int>("courseID", quotedName: "\"courseID\"")
          let studentID = QuarryCore.SelectionMember<Int>("studentID", quotedName: "\"studentID\"")
        }
        static let selectionMembers = SelectionMembers()
        static let selectionColumns: [QuarryCore.TableSchema.Column] = [.init("courseID", type: .integer, nullable: false), .init("studentID", type: .integer, nullable: false)]
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.courseID.bind(to: binder)
          try self.studentID.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.courseID = try decoder.decode(Int.self)
          self.studentID = try decoder.decode(Int.self)
        }
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Enrollment.ID
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(courseID: some QuarryCore.QueryAssignable<Int>, studentID: some QuarryCore.QueryAssignable<Int>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(courseID, named: "\"courseID\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(studentID, named: "\"studentID\"", selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
      }

      nonisolated extension Enrollment: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Enrollment
          private(set) var id = QuarryCore.MacroSupport.column(Enrollment.self, ID.self, "id", qualifiedName: "\"enrollments\".\"id\"", tablePrefix: "\"enrollments\".")
          private(set) var primaryKey = QuarryCore.MacroSupport.column(Enrollment.self, ID.self, "id", qualifiedName: "\"enrollments\".\"id\"", tablePrefix: "\"enrollments\".")
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id.qualify(by: qualifier)
            self.primaryKey.qualify(by: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Enrollment
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: ID?
          nonisolated init(id: ID? = nil) {
            self.id = id
          }
          nonisolated init(_ row: Enrollment) {
            self.id = row.id
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(ID?.self)
          }
        }
        typealias PrimaryKey = ID
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Enrollment
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<ID>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: nil, selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "enrollments",
          columns: QuarryCore.MacroSupport.flatten([QuarryCore.MacroSupport.schemaColumns(ID.self, name: "id", type: .any, nullable: false, primaryKey: true)])
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(ID.self)
        }
      }
      """#
    }
  }

  /// A nested struct that says it binds as one value is a one-column key, not a group.
  @Test func oneColumnKeyStructIsNotDiagnosed() {
    assertMacro {
      """
      @Table struct Enrollment {
        struct ID: QueryBindable {
          let courseID: Int
          let studentID: Int
        }
        let id: ID
      }
      """
    } expansion: {
      #"""
      struct Enrollment {
        struct ID: QueryBindable {
          let courseID: Int
          let studentID: Int
        }
        let id: ID
      }

      nonisolated extension Enrollment: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        nonisolated struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Enrollment
          private(set) var id = QuarryCore.MacroSupport.column(Enrollment.self, ID.self, "id", qualifiedName: "\"enrollments\".\"id\"", tablePrefix: "\"enrollments\".")
          private(set) var primaryKey = QuarryCore.MacroSupport.column(Enrollment.self, ID.self, "id", qualifiedName: "\"enrollments\".\"id\"", tablePrefix: "\"enrollments\".")
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.id.qualify(by: qualifier)
            self.primaryKey.qualify(by: qualifier)
          }
        }
        struct Draft: nonisolated QuarryCore.TableDraft, nonisolated QuarryCore.Table {
          typealias Base = Enrollment
          typealias TableColumns = QuarryCore.DraftColumns<Draft>
          var id: ID?
          nonisolated init(id: ID? = nil) {
            self.id = id
          }
          nonisolated init(_ row: Enrollment) {
            self.id = row.id
          }
          nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
          }
          nonisolated init(decoder: inout some QuarryCore.QueryDecoder) throws {
            self.id = try decoder.decode(ID?.self)
          }
        }
        typealias PrimaryKey = ID
        static let columns = TableColumns()
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Enrollment
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(id: some QuarryCore.QueryAssignable<ID>) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(id, named: nil, selection: &_selection, values: &_values)
            self.selection = _selection
            self.values = _values
          }
          func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
        static let schema = QuarryCore.TableSchema(
          name: "enrollments",
          columns: QuarryCore.MacroSupport.flatten([QuarryCore.MacroSupport.schemaColumns(ID.self, name: "id", type: .any, nullable: false, primaryKey: true)])
        )
        nonisolated func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(ID.self)
        }
      }
      """#
    }
  }

  @Test func twoPrimaryKeysPointToAGroup() {
    assertMacro {
      """
      @Table struct Enrollment {
        @Column(primaryKey: true) let courseID: Int
        @Column(primaryKey: true) let studentID: Int
      }
      """
    } diagnostics: {
      """
      @Table struct Enrollment {
        @Column(primaryKey: true) let courseID: Int
        @Column(primaryKey: true) let studentID: Int
        ┬────────────────────────
        ╰─ 🛑 '@Table' supports one primary key; 'courseID' is already the primary key (for a key of several columns, group them in one '@Selection' struct)
      }
      """
    }
  }
}
