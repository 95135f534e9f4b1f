import QuarrySQLText

extension Table {
  /// Inserts full rows, primary key included.
  ///
  /// `Tag.insert { Tag(id: "a", name: "errands") }` renders
  /// `INSERT INTO "tags" ("id", "name") VALUES ('a', 'errands')`.
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>
  ) -> Insert<Self> {
    Insert(or: conflictResolution, rows())
  }

  /// Inserts one row of default values: `INSERT INTO "reminders" DEFAULT VALUES`.
  ///
  /// `Reminder.insert()` renders `INSERT INTO "reminders" DEFAULT VALUES`.
  public static func insert(or conflictResolution: ConflictResolution? = nil) -> Insert<Self> {
    Insert(or: conflictResolution, source: .defaultValues)
  }

  /// Inserts values into chosen columns:
  /// `Reminder.insert { ($0.title, $0.priority) } values: { ("Milk", .low); ("Eggs", nil) }`.
  ///
  /// A row may hold SQL expressions of the columns' types as well as Swift values:
  /// `("Milk", #sql("datetime('now')"))`. A `@Selection` group is a column too
  /// (`$0.status`): its value binds each of its columns.
  ///
  /// ```swift
  /// Reminder.insert { ($0.title, $0.priority) } values: { ("Milk", 2) }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("title", "priority")
  /// VALUES ('Milk', 2)
  /// ```
  public static func insert<each Column: InsertColumns>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat each Column),
    @InsertValuesBuilder<(repeat (each Column).QueryValue)> values: () -> InsertValues<
      (repeat (each Column).QueryValue)
    >
  ) -> Insert<Self> {
    let values = values()
    let columnList = columnList(columns)
    guard !values.isMixed else {
      // Rows of expressions: every row is rendered, Swift values as placeholders.
      let rows = values.rendered { row, fragment in
        var bindings: [QueryBinding] = []
        repeat (each Column).appendBindings(of: each row, to: &bindings)
        fragment.appendRows(of: bindings, rowCount: 1)
      }
      return Insert(
        or: conflictResolution, columnList: columnList,
        source: .rendered(rows, rowCount: values.count))
    }
    let rows = values.rows
    var bindings: [QueryBinding] = []
    for row in rows {
      repeat (each Column).appendBindings(of: each row, to: &bindings)
    }
    return Insert(
      or: conflictResolution, columnList: columnList,
      source: .values(bindings, rowCount: rows.count))
  }

  /// Inserts the rows of a select into chosen columns: `INSERT INTO … (…) SELECT …`.
  ///
  /// ```swift
  /// RemindersList.insert { $0.title } select: { Reminder.select { $0.title } }
  /// ```
  /// ```sql
  /// INSERT INTO "remindersLists" ("title")
  /// SELECT "reminders"."title"
  /// FROM "reminders"
  /// ```
  public static func insert<each Column: InsertColumns>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat each Column),
    select: () -> some Statement<(repeat (each Column).QueryValue)>
  ) -> Insert<Self> {
    Insert(
      or: conflictResolution, columnList: columnList(columns),
      source: .select(select().query))
  }

  static func columnList<each Column: InsertColumns>(
    _ columns: (TableColumns) -> (repeat each Column)
  ) -> String {
    var names: [String] = []
    for column in repeat each columns(self.columns) { column.appendColumnNames(to: &names) }
    return "(" + names.joined(separator: ", ") + ")"
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts: rows whose primary key the database may assign.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(title: "Milk") }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (NULL, 'Milk', 0, NULL, 1)
  /// ```
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>
  ) -> Insert<Self> {
    Insert(or: conflictResolution, rows())
  }
}

extension InsertValues {
  /// Whether the rows are a mixed list.
  @inlinable
  var isMixed: Bool {
    if case .mixed = self { return true }
    return false
  }

  /// The rows rendered with their parentheses, comma-separated: a row of expressions as it is,
  /// a row of values through `write`.
  ///
  /// (Generic over `Value` alone: a `switch` over rows whose type is a tuple of a parameter
  /// pack crashes the compiler.)
  func rendered(_ write: (Value, inout QueryFragment) -> Void) -> QueryFragment {
    var fragment = QueryFragment()
    for (index, row) in items.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      switch row {
      case .value(let value): write(value, &fragment)
      case .expressions(let expressions): fragment.append(expressions)
      case .row:
        // Only a table's own insert takes whole rows, and never renders them this way.
        preconditionFailure("a whole row among rows of chosen columns")
      }
    }
    return fragment
  }
}
