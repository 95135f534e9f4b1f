import MacroTesting
import QuarryMacros
import Testing

/// `@Table` on an enum: a table whose rows each hold one case, in the case's own columns.
@Suite(.macros(tableMacros))
struct TableMacroEnumTests {
  @Test func enumTable() {
    assertMacro {
      """
      @Table public enum Post {
        case photo(Photo)
        case note(String = "")
        @Column("link_url")
        case link(URL)
      }
      """
    } expansion: {
      #"""
      public enum Post {
        case photo(Photo)
        case note(String = "")
        case link(URL)
      }

      nonisolated extension Post: QuarryCore.Table {
        public nonisolated struct TableColumns: QuarryCore.TableDefinition {
          public typealias QueryValue = Post
          public private(set) var photo = QuarryCore.MacroSupport.column(Post.self, Photo?.self, "photo", qualifiedName: "\"posts\".\"photo\"", tablePrefix: "\"posts\".")
          public let note: QuarryCore.TableColumn<Post, String?>
          public let link: QuarryCore.TableColumn<Post, URL?>
          public let columnQualifier: QuarryCore.ColumnQualifier
          public init() { self.init(qualifier: .table) }
          public init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.note = .init("note", qualifiedName: "\"posts\".\"note\"", qualifier: qualifier)
            self.link = .init("link_url", qualifiedName: "\"posts\".\"link_url\"", qualifier: qualifier)
            self.photo.qualify(by: qualifier)
          }
        }
        public typealias Draft = Post
        public init(_ row: Post) {
          self = row
        }
        public static let columns = TableColumns()
        public static let schema = QuarryCore.TableSchema(
          name: "posts",
          cases: [QuarryCore.SelectionCase(name: "photo", columns: QuarryCore.MacroSupport.flatten([QuarryCore.MacroSupport.schemaColumns(Photo?.self, name: "photo", type: .any, nullable: true)])), QuarryCore.SelectionCase(name: "note", columns: [.init("note", type: .text, nullable: true)]), QuarryCore.SelectionCase(name: "link", columns: [.init("link_url", type: .text, nullable: true)])]
        )
        public func bind(to binder: any QuarryCore.QueryBinder) throws {
          if case .photo(let value) = self {
            try value.bind(to: binder)
          } else {
            try Photo?.none.bind(to: binder)
          }
          if case .note(let value) = self {
            try value.bind(to: binder)
          } else {
            try String?.none.bind(to: binder)
          }
          if case .link(let value) = self {
            try value.bind(to: binder)
          } else {
            try URL?.none.bind(to: binder)
          }
        }
        public init(decoder: inout some QuarryCore.QueryDecoder) throws {
          let _photo = try decoder.decode(Photo?.self)
          let _note = try decoder.decode(String?.self)
          let _link = try decoder.decode(URL?.self)
          if let _photo {
            self = .photo(_photo)
          } else if let _note {
            self = .note(_note)
          } else if let _link {
            self = .link(_link)
          } else {
            throw QuarryCore.QueryDecodingError(expectedType: "Post", found: "NULL in the columns of every case: " + Self.schema.columns.map(\.name).joined(separator: ", "))
          }
        }
        public nonisolated struct Columns: QuarryCore.ColumnsExpression {
          public typealias QueryValue = Post
          public let selection: QuarryCore.QueryFragment
          public let values: QuarryCore.QueryFragment
          public static func photo(_ value: some QuarryCore.QueryAssignable<Photo>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Post.schema.cases ?? [], case: 0, value)
            return Columns(selection: row.selection, values: row.values)
          }
          public static func note(_ value: some QuarryCore.QueryAssignable<String> = QuarryCore.BoundValue<String>("")) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Post.schema.cases ?? [], case: 1, value)
            return Columns(selection: row.selection, values: row.values)
          }
          public static func link(_ value: some QuarryCore.QueryAssignable<URL>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Post.schema.cases ?? [], case: 2, value)
            return Columns(selection: row.selection, values: row.values)
          }
          public func write(to fragment: inout QuarryCore.QueryFragment) {
            fragment.append(selection)
          }
        }
      }
      """#
    }
  }

  @Test func enumTableOfRepresentationsAndLabels() {
    assertMacro {
      """
      @Table("entries", schema: "archive") enum Entry {
        @Column(as: [String].JSONRepresentation.self)
        case tags([String])
        case interval(startDate: Date)
      }
      """
    } expansion: {
      #"""
      enum Entry {
        case tags([String])
        case interval(startDate: Date)
      }

      nonisolated extension Entry: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Entry
          let tags: QuarryCore.TableColumn<Entry, [String].JSONRepresentation?>
          let interval: QuarryCore.TableColumn<Entry, Date?>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.tags = .init("tags", qualifiedName: "\"archive\".\"entries\".\"tags\"", qualifier: qualifier)
            self.interval = .init("interval", qualifiedName: "\"archive\".\"entries\".\"interval\"", qualifier: qualifier)
          }
        }
        typealias Draft = Entry
        init(_ row: Entry) {
          self = row
        }
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "entries",
          schemaName: "archive",
          cases: [QuarryCore.SelectionCase(name: "tags", columns: [.init("tags", type: .text, nullable: true)]), QuarryCore.SelectionCase(name: "interval", columns: [.init("interval", type: .text, nullable: true)])]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          if case .tags(let value) = self {
            try [String].JSONRepresentation(queryOutput: value).bind(to: binder)
          } else {
            try [String].JSONRepresentation?.none.bind(to: binder)
          }
          if case .interval(let value) = self {
            try value.bind(to: binder)
          } else {
            try Date?.none.bind(to: binder)
          }
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          let _tags = try decoder.decode([String].JSONRepresentation?.self)?.queryOutput
          let _interval = try decoder.decode(Date?.self)
          if let _tags {
            self = .tags(_tags)
          } else if let _interval {
            self = .interval(startDate: _interval)
          } else {
            throw QuarryCore.QueryDecodingError(expectedType: "Entry", found: "NULL in the columns of every case: " + Self.schema.columns.map(\.name).joined(separator: ", "))
          }
        }
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Entry
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          static func tags(_ value: some QuarryCore.QueryAssignable<[String].JSONRepresentation>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Entry.schema.cases ?? [], case: 0, value)
            return Columns(selection: row.selection, values: row.values)
          }
          static func interval(startDate value: some QuarryCore.QueryAssignable<Date>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Entry.schema.cases ?? [], case: 1, value)
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

  @Test func selectionEnumWithLabeledValue() {
    assertMacro {
      """
      @Selection enum Time {
        case moment(Date)
        case interval(startDate: Date)
        @Column("spanStart")
        case span(Span)
      }
      """
    } expansion: {
      #"""
      enum Time {
        case moment(Date)
        case interval(startDate: Date)
        case span(Span)
      }

      nonisolated extension Time: QuarryCore.Selection {
        nonisolated struct SelectionMembers: Sendable {
          let moment = QuarryCore.SelectionMember<Date?>("moment", quotedName: "\"moment\"")
          let interval = QuarryCore.SelectionMember<Date?>("interval", quotedName: "\"interval\"")
          let span = QuarryCore.SelectionMember<Span?>("spanStart", quotedName: "\"spanStart\"")
        }
        static let selectionMembers = SelectionMembers()
        static let selectionCases: [QuarryCore.SelectionCase]? = [QuarryCore.SelectionCase(name: "moment", columns: [.init("moment", type: .text, nullable: true)]), QuarryCore.SelectionCase(name: "interval", columns: [.init("interval", type: .text, nullable: true)]), QuarryCore.SelectionCase(name: "span", columns: QuarryCore.MacroSupport.flatten([QuarryCore.MacroSupport.schemaColumns(Span?.self, name: "spanStart", type: .any, nullable: true)]))]
        static let selectionColumns: [QuarryCore.TableSchema.Column] = QuarryCore.MacroSupport.columns(ofCases: selectionCases)
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          if case .moment(let value) = self {
            try value.bind(to: binder)
          } else {
            try Date?.none.bind(to: binder)
          }
          if case .interval(let value) = self {
            try value.bind(to: binder)
          } else {
            try Date?.none.bind(to: binder)
          }
          if case .span(let value) = self {
            try value.bind(to: binder)
          } else {
            try Span?.none.bind(to: binder)
          }
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          let _moment = try decoder.decode(Date?.self)
          let _interval = try decoder.decode(Date?.self)
          let _span = try decoder.decode(Span?.self)
          if let _moment {
            self = .moment(_moment)
          } else if let _interval {
            self = .interval(startDate: _interval)
          } else if let _span {
            self = .span(_span)
          } else {
            throw QuarryCore.QueryDecodingError(expectedType: "Time", found: "NULL in the columns of every case: " + Self.selectionColumns.map(\.name).joined(separator: ", "))
          }
        }
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Time
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          static func moment(_ value: some QuarryCore.QueryAssignable<Date>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Time.selectionCases ?? [], case: 0, value)
            return Columns(selection: row.selection, values: row.values)
          }
          static func interval(startDate value: some QuarryCore.QueryAssignable<Date>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Time.selectionCases ?? [], case: 1, value)
            return Columns(selection: row.selection, values: row.values)
          }
          static func span(_ value: some QuarryCore.QueryAssignable<Span>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Time.selectionCases ?? [], case: 2, value)
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
      @Table enum Post {
        case untitled
        case note(title: String, body: String)
      }
      """
    } diagnostics: {
      """
      @Table enum Post {
        case untitled
             ┬───────
             ╰─ 🛑 case 'untitled' of a '@Table' enum needs exactly one associated value, which its column (or its '@Selection' group of columns) stores
        case note(title: String, body: String)
             ┬────────────────────────────────
             ╰─ 🛑 case 'note' of a '@Table' enum needs exactly one associated value, which its column (or its '@Selection' group of columns) stores
      }
      """
    }
  }

  @Test func enumWithoutCases() {
    assertMacro {
      """
      @Table enum Nothing {
        static let name = "nothing"
      }
      """
    } diagnostics: {
      """
      @Table enum Nothing {
                  ┬──────
                  ╰─ 🛑 a '@Table' enum needs at least one case, each holding the value of its column (or of its '@Selection' group of columns)
        static let name = "nothing"
      }
      """
    }
  }

  @Test func caseColumnIsNeitherKeyNorGenerated() {
    assertMacro {
      """
      @Table enum Post {
        @Column("noteID", primaryKey: true)
        case note(String)
        @Column(generated: .virtual)
        case code(Int)
      }
      """
    } diagnostics: {
      """
      @Table enum Post {
        @Column("noteID", primaryKey: true)
                          ┬───────────────
                          ╰─ 🛑 a case's column can't be the primary key: the rows of the other cases hold 'NULL' in it
                             ✏️ Remove 'primaryKey: true'
        case note(String)
        @Column(generated: .virtual)
                ┬──────────────────
                ╰─ 🛑 a case's column can't be generated: a row of the case writes its value
                   ✏️ Remove 'generated: .virtual'
        case code(Int)
      }
      """
    } fixes: {
      """
      @Table enum Post {
        @Column("noteID")
        case note(String)
        @Column
        case code(Int)
      }
      """
    } expansion: {
      #"""
      enum Post {
        case note(String)
        case code(Int)
      }

      nonisolated extension Post: QuarryCore.Table {
        nonisolated struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Post
          let note: QuarryCore.TableColumn<Post, String?>
          let code: QuarryCore.TableColumn<Post, Int?>
          let columnQualifier: QuarryCore.ColumnQualifier
          init() { self.init(qualifier: .table) }
          init(qualifier: QuarryCore.ColumnQualifier) {
            self.columnQualifier = qualifier
            self.note = .init("noteID", qualifiedName: "\"posts\".\"noteID\"", qualifier: qualifier)
            self.code = .init("code", qualifiedName: "\"posts\".\"code\"", qualifier: qualifier)
          }
        }
        typealias Draft = Post
        init(_ row: Post) {
          self = row
        }
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "posts",
          cases: [QuarryCore.SelectionCase(name: "note", columns: [.init("noteID", type: .text, nullable: true)]), QuarryCore.SelectionCase(name: "code", columns: [.init("code", type: .integer, nullable: true)])]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          if case .note(let value) = self {
            try value.bind(to: binder)
          } else {
            try String?.none.bind(to: binder)
          }
          if case .code(let value) = self {
            try value.bind(to: binder)
          } else {
            try Int?.none.bind(to: binder)
          }
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          let _note = try decoder.decode(String?.self)
          let _code = try decoder.decode(Int?.self)
          if let _note {
            self = .note(_note)
          } else if let _code {
            self = .code(_code)
          } else {
            throw QuarryCore.QueryDecodingError(expectedType: "Post", found: "NULL in the columns of every case: " + Self.schema.columns.map(\.name).joined(separator: ", "))
          }
        }
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = Post
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          static func note(_ value: some QuarryCore.QueryAssignable<String>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Post.schema.cases ?? [], case: 0, value)
            return Columns(selection: row.selection, values: row.values)
          }
          static func code(_ value: some QuarryCore.QueryAssignable<Int>) -> Columns {
            let row = QuarryCore.MacroSupport.caseSelection(Post.schema.cases ?? [], case: 1, value)
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

  @Test func genericEnumTable() {
    assertMacro {
      """
      @Table enum Post<Value> {
        case value(Value)
      }
      """
    } diagnostics: {
      """
      @Table enum Post<Value> {
                      ┬──────
                      ╰─ 🛑 '@Table' does not support generic types
        case value(Value)
      }
      """
    }
  }
}
