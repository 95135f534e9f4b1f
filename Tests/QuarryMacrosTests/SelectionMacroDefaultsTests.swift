import MacroTesting
import QuarryMacros
import Testing

/// `@Selection`'s `Columns`: parameters that take expressions or plain values, and default to
/// the property's initial value (or `nil`), bound.
@Suite(.macros(tableMacros))
struct SelectionMacroDefaultsTests {
  @Test func columnsDefaults() {
    assertMacro {
      """
      @Selection struct ReminderRow {
        var title: String
        var isUrgent = false
        var note: String?
        var priority: Priority = .medium
        var span = Span(start: 1, end: 2)
        @Column(as: Date.UnixTimeRepresentation.self)
        var dueDate = Date(timeIntervalSince1970: 0)
        @Column(as: Date.UnixTimeRepresentation.self)
        var doneAt: Date?
        var limit: Int = Self.defaultLimit
        static let defaultLimit = 10
      }
      """
    } expansion: {
      #"""
      struct ReminderRow {
        var title: String
        var isUrgent = false
        var note: String?
        var priority: Priority = .medium
        var span = Span(start: 1, end: 2)
        var dueDate = Date(timeIntervalSince1970: 0)
        var doneAt: Date?
        var limit: Int = Self.defaultLimit
        static let defaultLimit = 10
      }

      nonisolated extension ReminderRow: QuarryCore.Selection {
        nonisolated struct SelectionMembers: Sendable {
          let title = QuarryCore.SelectionMember<String>("title", quotedName: "\"title\"")
          let isUrgent = QuarryCore.SelectionMember<Bool>("isUrgent", quotedName: "\"isUrgent\"")
          let note = QuarryCore.SelectionMember<String?>("note", quotedName: "\"note\"")
          let priority = QuarryCore.SelectionMember<Priority>("priority", quotedName: "\"priority\"")
          let span = QuarryCore.SelectionMember<Span>("span", quotedName: "\"span\"")
          let dueDate = QuarryCore.SelectionMember<Date.UnixTimeRepresentation>("dueDate", quotedName: "\"dueDate\"")
          let doneAt = QuarryCore.SelectionMember<Date.UnixTimeRepresentation?>("doneAt", quotedName: "\"doneAt\"")
          let limit = QuarryCore.SelectionMember<Int>("limit", quotedName: "\"limit\"")
        }
        static let selectionMembers = SelectionMembers()
        static let selectionColumns: [QuarryCore.TableSchema.Column] = QuarryCore.MacroSupport.flatten([[.init("title", type: .text, nullable: false)], [.init("isUrgent", type: .integer, nullable: false)], [.init("note", type: .text, nullable: true)], QuarryCore.MacroSupport.schemaColumns(Priority.self, name: "priority", type: .any, nullable: false), QuarryCore.MacroSupport.schemaColumns(Span.self, name: "span", type: .any, nullable: false), [.init("dueDate", type: .any, nullable: false)], [.init("doneAt", type: .any, nullable: true)], [.init("limit", type: .integer, nullable: false)]])
        func bind(to binder: any QuarryCore.QueryBinder) throws {
          try self.title.bind(to: binder)
          try self.isUrgent.bind(to: binder)
          try self.note.bind(to: binder)
          try self.priority.bind(to: binder)
          try self.span.bind(to: binder)
          try Date.UnixTimeRepresentation(queryOutput: self.dueDate).bind(to: binder)
          try Date.UnixTimeRepresentation?(queryOutput: self.doneAt).bind(to: binder)
          try self.limit.bind(to: binder)
        }
        init(decoder: inout some QuarryCore.QueryDecoder) throws {
          self.title = try decoder.decode(String.self)
          self.isUrgent = try decoder.decode(Bool.self)
          self.note = try decoder.decode(String?.self)
          self.priority = try decoder.decode(Priority.self)
          self.span = try decoder.decode(Span.self)
          self.dueDate = try decoder.decode(Date.UnixTimeRepresentation.self).queryOutput
          self.doneAt = try decoder.decode(Date.UnixTimeRepresentation?.self).queryOutput
          self.limit = try decoder.decode(Int.self)
        }
        nonisolated struct Columns: QuarryCore.ColumnsExpression {
          typealias QueryValue = ReminderRow
          let selection: QuarryCore.QueryFragment
          let values: QuarryCore.QueryFragment
          init(title: some QuarryCore.QueryAssignable<String>, isUrgent: some QuarryCore.QueryAssignable<Bool> = QuarryCore.BoundValue<Bool>(false), note: some QuarryCore.QueryAssignable<String?> = QuarryCore.BoundValue<String?>(nil), priority: some QuarryCore.QueryAssignable<Priority> = QuarryCore.MacroSupport.value(Priority.self, .medium), span: some QuarryCore.QueryAssignable<Span> = QuarryCore.MacroSupport.value(Span.self, Span(start: 1, end: 2)), dueDate: some QuarryCore.QueryAssignable<Date.UnixTimeRepresentation> = QuarryCore.BoundValue<Date.UnixTimeRepresentation>(Date.UnixTimeRepresentation(queryOutput: Date(timeIntervalSince1970: 0))), doneAt: some QuarryCore.QueryAssignable<Date.UnixTimeRepresentation?> = QuarryCore.BoundValue<Date.UnixTimeRepresentation?>(Date.UnixTimeRepresentation?(queryOutput: nil)), limit: some QuarryCore.QueryAssignable<Int> = QuarryCore.BoundValue<Int>(ReminderRow.defaultLimit)) {
            var _selection = QuarryCore.QueryFragment()
            var _values = QuarryCore.QueryFragment()
            QuarryCore.MacroSupport.appendTerm(title, named: "\"title\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(isUrgent, named: "\"isUrgent\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(note, named: "\"note\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(priority, named: nil, selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(span, named: nil, selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(dueDate, named: "\"dueDate\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(doneAt, named: "\"doneAt\"", selection: &_selection, values: &_values)
            QuarryCore.MacroSupport.appendTerm(limit, named: "\"limit\"", selection: &_selection, values: &_values)
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
}
