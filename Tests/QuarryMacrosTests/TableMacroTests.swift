import MacroTesting
import QuarryMacros
import SwiftSyntaxMacroExpansion
import Testing

/// The macros as the compiler sees them when a struct doesn't conform to `Table` yet.
let tableMacros: [String: MacroSpec] = [
  "Table": MacroSpec(type: TableMacro.self, conformances: ["Table", "PrimaryKeyedTable"]),
  "Column": MacroSpec(type: ColumnMacro.self),
  "Ephemeral": MacroSpec(type: EphemeralMacro.self),
  "Selection": MacroSpec(type: SelectionMacro.self, conformances: ["Selection"]),
]

@Suite(.macros(tableMacros))
struct TableMacroTests {
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

      extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        public struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          public typealias QueryValue = Reminder
          public let id = QuarryCore.TableColumn<Reminder, Int>("id", qualifiedName: "\"reminders\".\"id\"")
          public let title = QuarryCore.TableColumn<Reminder, String>("title", qualifiedName: "\"reminders\".\"title\"")
          public let isCompleted = QuarryCore.TableColumn<Reminder, Bool>("is_completed", qualifiedName: "\"reminders\".\"is_completed\"")
          public let priority = QuarryCore.MacroSupport.column(Reminder.self, Priority?.self, "priority", qualifiedName: "\"reminders\".\"priority\"", tablePrefix: "\"reminders\".")
          public var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
        }
        public struct Draft: QuarryCore.TableDraft {
          public typealias Base = Reminder
          public var id: Int?
          public var title: String
          public var isCompleted: Bool
          public var priority: Priority?
          public init(id: Int? = nil, title: String = "", isCompleted: Bool = false, priority: Priority? = nil) {
            self.id = id
            self.title = title
            self.isCompleted = isCompleted
            self.priority = priority
          }
          public func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.title.bind(to: binder)
            try self.isCompleted.bind(to: binder)
            try self.priority.bind(to: binder)
          }
        }
        public typealias PrimaryKey = Int
        public static let columns = TableColumns()
        public static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: QuarryCore.MacroSupport.flatten([[.init("id", type: .integer, nullable: false, primaryKey: true)], [.init("title", type: .text, nullable: false)], [.init("is_completed", type: .integer, nullable: false)], QuarryCore.MacroSupport.schemaColumns(Priority?.self, name: "priority", type: .any, nullable: true)])
        )
        public func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id = QuarryCore.TableColumn<Reminder, Int>("id", qualifiedName: "\"reminders\".\"id\"")
          let title = QuarryCore.TableColumn<Reminder, String>("title", qualifiedName: "\"reminders\".\"title\"")
          let isCompleted = QuarryCore.TableColumn<Reminder, Bool>("is_completed", qualifiedName: "\"reminders\".\"is_completed\"")
          let priority = QuarryCore.MacroSupport.column(Reminder.self, Priority?.self, "priority", qualifiedName: "\"reminders\".\"priority\"", tablePrefix: "\"reminders\".")
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Reminder
          var id: Int?
          var title: String
          var isCompleted: Bool
          var priority: Priority?
          init(id: Int? = nil, title: String = "", isCompleted: Bool = false, priority: Priority? = nil) {
            self.id = id
            self.title = title
            self.isCompleted = isCompleted
            self.priority = priority
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.title.bind(to: binder)
            try self.isCompleted.bind(to: binder)
            try self.priority.bind(to: binder)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: QuarryCore.MacroSupport.flatten([[.init("id", type: .integer, nullable: false, primaryKey: true)], [.init("title", type: .text, nullable: false)], [.init("is_completed", type: .integer, nullable: false)], QuarryCore.MacroSupport.schemaColumns(Priority?.self, name: "priority", type: .any, nullable: true)])
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Tag: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        package struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          package typealias QueryValue = Tag
          package let id = QuarryCore.TableColumn<Tag, Int>("id", qualifiedName: "\"tags\".\"id\"")
          package let name = QuarryCore.TableColumn<Tag, String>("name", qualifiedName: "\"tags\".\"name\"")
          package var primaryKey: QuarryCore.TableColumn<Tag, Int> { self.id }
        }
        package struct Draft: QuarryCore.TableDraft {
          package typealias Base = Tag
          package var id: Int?
          package var name: String
          package init(id: Int? = nil, name: String) {
            self.id = id
            self.name = name
          }
          package func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.name.bind(to: binder)
          }
        }
        package typealias PrimaryKey = Int
        package static let columns = TableColumns()
        package static let schema = QuarryCore.TableSchema(
          name: "tags",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("name", type: .text, nullable: false)]
        )
        package func bind(to binder: any QuarryCore.QueryBinder) throws {
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

  @Test func explicitTableName() {
    assertMacro {
      """
      @Table("reminder") struct Reminder {
        let id: Int
      }
      """
    } expansion: {
      #"""
      struct Reminder {
        let id: Int
      }

      extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id = QuarryCore.TableColumn<Reminder, Int>("id", qualifiedName: "\"reminder\".\"id\"")
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Reminder
          var id: Int?
          init(id: Int? = nil) {
            self.id = id
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "reminder",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.id.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.id = try decoder.decode(Int.self)
        }
      }
      """#
    }
  }

  @Test func tableNameInflection() {
    assertMacro {
      """
      @Table struct Category {
        var name: String
      }
      @Table struct Status {
        var name: String
      }
      @Table struct RemindersList {
        var name: String
      }
      """
    } expansion: {
      #"""
      struct Category {
        var name: String
      }
      struct Status {
        var name: String
      }
      struct RemindersList {
        var name: String
      }

      extension Category: QuarryCore.Table {
        struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Category
          let name = QuarryCore.TableColumn<Category, String>("name", qualifiedName: "\"categories\".\"name\"")
        }
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "categories",
          columns: [.init("name", type: .text, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.name = try decoder.decode(String.self)
        }
      }

      extension Status: QuarryCore.Table {
        struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Status
          let name = QuarryCore.TableColumn<Status, String>("name", qualifiedName: "\"statuses\".\"name\"")
        }
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "statuses",
          columns: [.init("name", type: .text, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.name = try decoder.decode(String.self)
        }
      }

      extension RemindersList: QuarryCore.Table {
        struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = RemindersList
          let name = QuarryCore.TableColumn<RemindersList, String>("name", qualifiedName: "\"remindersLists\".\"name\"")
        }
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "remindersLists",
          columns: [.init("name", type: .text, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.name.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.name = try decoder.decode(String.self)
        }
      }
      """#
    }
  }

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

      extension Book: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Book
          let isbn = QuarryCore.TableColumn<Book, String>("isbn", qualifiedName: "\"books\".\"isbn\"")
          let title = QuarryCore.TableColumn<Book, String>("title", qualifiedName: "\"books\".\"title\"")
          var primaryKey: QuarryCore.TableColumn<Book, String> { self.isbn }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Book
          var isbn: String?
          var title: String
          init(isbn: String? = nil, title: String) {
            self.isbn = isbn
            self.title = title
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.isbn.bind(to: binder)
            try self.title.bind(to: binder)
          }
        }
        typealias PrimaryKey = String
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "books",
          columns: [.init("isbn", type: .text, nullable: false, primaryKey: true), .init("title", type: .text, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Event: QuarryCore.Table {
        struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Event
          let id = QuarryCore.TableColumn<Event, String>("id", qualifiedName: "\"events\".\"id\"")
          let name = QuarryCore.TableColumn<Event, String>("name", qualifiedName: "\"events\".\"name\"")
        }
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "events",
          columns: [.init("id", type: .text, nullable: false), .init("name", type: .text, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Note: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Note
          let id = QuarryCore.TableColumn<Note, Int>("id", qualifiedName: "\"notes\".\"id\"")
          let body = QuarryCore.TableColumn<Note, String>("body", qualifiedName: "\"notes\".\"body\"")
          var primaryKey: QuarryCore.TableColumn<Note, Int> { self.id }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Note
          var id: Int?
          var body: String
          init(id: Int? = nil, body: String) {
            self.id = id
            self.body = body
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.body.bind(to: binder)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "notes",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("body", type: .text, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Attendee: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Attendee
          let id = QuarryCore.TableColumn<Attendee, Int?>("id", qualifiedName: "\"attendees\".\"id\"")
          let name = QuarryCore.TableColumn<Attendee, String>("name", qualifiedName: "\"attendees\".\"name\"")
          let email = QuarryCore.TableColumn<Attendee, String?>("email", qualifiedName: "\"attendees\".\"email\"")
          let nickname = QuarryCore.TableColumn<Attendee, Optional<String>>("nickname", qualifiedName: "\"attendees\".\"nickname\"")
          let joinedAt = QuarryCore.TableColumn<Attendee, Date>("joinedAt", qualifiedName: "\"attendees\".\"joinedAt\"")
          let rank = QuarryCore.TableColumn<Attendee, Int>("rank", qualifiedName: "\"attendees\".\"rank\"")
          var primaryKey: QuarryCore.TableColumn<Attendee, Int?> { self.id }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Attendee
          var id: Int?
          var name: String
          var email: String?
          var nickname: Optional<String>
          var joinedAt: Date
          var rank: Int
          init(id: Int? = nil, name: String, email: String? = nil, nickname: Optional<String> = nil, joinedAt: Date = Date(), rank: Int = 3) {
            self.id = id
            self.name = name
            self.email = email
            self.nickname = nickname
            self.joinedAt = joinedAt
            self.rank = rank
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.name.bind(to: binder)
            try self.email.bind(to: binder)
            try self.nickname.bind(to: binder)
            try self.joinedAt.bind(to: binder)
            try self.rank.bind(to: binder)
          }
        }
        typealias PrimaryKey = Int?
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "attendees",
          columns: [.init("id", type: .integer, nullable: true, primaryKey: true), .init("name", type: .text, nullable: false), .init("email", type: .text, nullable: true), .init("nickname", type: .text, nullable: true), .init("joinedAt", type: .text, nullable: false), .init("rank", type: .integer, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Sample: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Sample
          let id = QuarryCore.TableColumn<Sample, UUID>("id", qualifiedName: "\"samples\".\"id\"")
          let text = QuarryCore.TableColumn<Sample, String>("text", qualifiedName: "\"samples\".\"text\"")
          let count = QuarryCore.TableColumn<Sample, Int>("count", qualifiedName: "\"samples\".\"count\"")
          let ratio = QuarryCore.TableColumn<Sample, Double>("ratio", qualifiedName: "\"samples\".\"ratio\"")
          let flag = QuarryCore.TableColumn<Sample, Bool>("flag", qualifiedName: "\"samples\".\"flag\"")
          let offset = QuarryCore.TableColumn<Sample, Int>("offset", qualifiedName: "\"samples\".\"offset\"")
          let delta = QuarryCore.TableColumn<Sample, Double>("delta", qualifiedName: "\"samples\".\"delta\"")
          let createdAt = QuarryCore.TableColumn<Sample, Date>("createdAt", qualifiedName: "\"samples\".\"createdAt\"")
          let qualified = QuarryCore.TableColumn<Sample, Foundation.Date>("qualified", qualifiedName: "\"samples\".\"qualified\"")
          let explicitInit = QuarryCore.MacroSupport.column(Sample.self, Foo.self, "explicitInit", qualifiedName: "\"samples\".\"explicitInit\"", tablePrefix: "\"samples\".")
          let specialized = QuarryCore.MacroSupport.column(Sample.self, Box<Int>.self, "specialized", qualifiedName: "\"samples\".\"specialized\"", tablePrefix: "\"samples\".")
          let first = QuarryCore.TableColumn<Sample, Int>("first", qualifiedName: "\"samples\".\"first\"")
          let second = QuarryCore.TableColumn<Sample, String>("second", qualifiedName: "\"samples\".\"second\"")
          let x = QuarryCore.TableColumn<Sample, Double>("x", qualifiedName: "\"samples\".\"x\"")
          let y = QuarryCore.TableColumn<Sample, Double>("y", qualifiedName: "\"samples\".\"y\"")
          let observed = QuarryCore.TableColumn<Sample, Int>("observed", qualifiedName: "\"samples\".\"observed\"")
          let `default` = QuarryCore.TableColumn<Sample, Int>("default", qualifiedName: "\"samples\".\"default\"")
          var primaryKey: QuarryCore.TableColumn<Sample, UUID> { self.id }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Sample
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
          init(id: UUID? = nil, text: String = "a", count: Int = 1, ratio: Double = 0.5, flag: Bool = true, offset: Int = -1, delta: Double = -0.25, createdAt: Date = Date(), qualified: Foundation.Date = Foundation.Date(), explicitInit: Foo = Foo.init(bar: 1), specialized: Box<Int> = Box<Int>(1), first: Int = 1, second: String = "2", x: Double, y: Double, observed: Int = 0, `default`: Int = 0) {
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
          func bind(to binder: any QuarryCore.QueryBinder) throws {
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
        }
        typealias PrimaryKey = UUID
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "samples",
          columns: QuarryCore.MacroSupport.flatten([[.init("id", type: .text, nullable: false, primaryKey: true)], [.init("text", type: .text, nullable: false)], [.init("count", type: .integer, nullable: false)], [.init("ratio", type: .real, nullable: false)], [.init("flag", type: .integer, nullable: false)], [.init("offset", type: .integer, nullable: false)], [.init("delta", type: .real, nullable: false)], [.init("createdAt", type: .text, nullable: false)], [.init("qualified", type: .text, nullable: false)], QuarryCore.MacroSupport.schemaColumns(Foo.self, name: "explicitInit", type: .any, nullable: false), QuarryCore.MacroSupport.schemaColumns(Box<Int>.self, name: "specialized", type: .any, nullable: false), [.init("first", type: .integer, nullable: false)], [.init("second", type: .text, nullable: false)], [.init("x", type: .real, nullable: false)], [.init("y", type: .real, nullable: false)], [.init("observed", type: .integer, nullable: false)], [.init("default", type: .integer, nullable: false)]])
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Reminder: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id = QuarryCore.TableColumn<Reminder, Int>("id", qualifiedName: "\"reminders\".\"id\"")
          let title = QuarryCore.TableColumn<Reminder, String>("title", qualifiedName: "\"reminders\".\"title\"")
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
        }
        struct Draft: QuarryCore.TableDraft, Sendable, Equatable, Hashable, Codable {
          typealias Base = Reminder
          var id: Int?
          var title: String
          init(id: Int? = nil, title: String = "") {
            self.id = id
            self.title = title
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.title.bind(to: binder)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("title", type: .text, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Attachment.Image: QuarryCore.Table, QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Attachment.Image
          let id = QuarryCore.TableColumn<Attachment.Image, Int>("id", qualifiedName: "\"images\".\"id\"")
          let path = QuarryCore.TableColumn<Attachment.Image, String>("path", qualifiedName: "\"images\".\"path\"")
          var primaryKey: QuarryCore.TableColumn<Attachment.Image, Int> { self.id }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Attachment.Image
          var id: Int?
          var path: String
          init(id: Int? = nil, path: String) {
            self.id = id
            self.path = path
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
            try self.path.bind(to: binder)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "images",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true), .init("path", type: .text, nullable: false)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

  @Test func emptyTable() {
    assertMacro {
      """
      @Table struct Empty {}
      """
    } expansion: {
      """
      struct Empty {}

      extension Empty: QuarryCore.Table {
        struct TableColumns: QuarryCore.TableDefinition {
          typealias QueryValue = Empty
        }
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "empties",
          columns: []
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {}
        init(decoder: inout some QuarryCore.QueryDecoder) throws {}
      }
      """
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

      extension Reminder: QuarryCore.PrimaryKeyedTable {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id = QuarryCore.TableColumn<Reminder, Int>("id", qualifiedName: "\"reminders\".\"id\"")
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Reminder
          var id: Int?
          init(id: Int? = nil) {
            self.id = id
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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

      extension Reminder {
        struct TableColumns: QuarryCore.PrimaryKeyedTableDefinition {
          typealias QueryValue = Reminder
          let id = QuarryCore.TableColumn<Reminder, Int>("id", qualifiedName: "\"reminders\".\"id\"")
          var primaryKey: QuarryCore.TableColumn<Reminder, Int> { self.id }
        }
        struct Draft: QuarryCore.TableDraft {
          typealias Base = Reminder
          var id: Int?
          init(id: Int? = nil) {
            self.id = id
          }
          func bind(to binder: any QuarryCore.QueryBinder) throws {
            try self.id.bind(to: binder)
          }
        }
        typealias PrimaryKey = Int
        static let columns = TableColumns()
        static let schema = QuarryCore.TableSchema(
          name: "reminders",
          columns: [.init("id", type: .integer, nullable: false, primaryKey: true)]
        )
        func bind(to binder: any QuarryCore.QueryBinder) throws {
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
