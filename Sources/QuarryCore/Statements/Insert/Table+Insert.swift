import QuarrySQLText

extension Table {
  /// Inserts full rows, primary key included.
  @inlinable
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>
  ) -> Insert<Self> {
    Insert(or: conflictResolution, rows())
  }

  /// Inserts one row of default values: `INSERT INTO "reminders" DEFAULT VALUES`.
  @inlinable
  public static func insert(or conflictResolution: ConflictResolution? = nil) -> Insert<Self> {
    Insert(or: conflictResolution, source: .defaultValues)
  }

  /// Inserts values into chosen columns:
  /// `Reminder.insert { ($0.title, $0.priority) } values: { ("Milk", .low); ("Eggs", nil) }`.
  @inlinable
  public static func insert<each Value: QueryBindable>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>),
    @InsertValuesBuilder<(repeat each Value)> values: () -> InsertValues<(repeat each Value)>
  ) -> Insert<Self> {
    let rows = values().rows
    var bindings: [QueryBinding] = []
    for row in rows {
      for value in repeat each row { bindings.append(value.queryBinding) }
    }
    return Insert(
      or: conflictResolution, columnList: columnList(columns),
      source: .values(bindings, rowCount: rows.count))
  }

  /// Inserts the rows of a select into chosen columns: `INSERT INTO … (…) SELECT …`.
  @inlinable
  public static func insert<each Value: QueryBindable>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>),
    select: () -> some Statement<(repeat each Value)>
  ) -> Insert<Self> {
    Insert(
      or: conflictResolution, columnList: columnList(columns),
      source: .select(select().query))
  }

  @inlinable
  static func columnList<each Value: QueryBindable>(
    _ columns: (TableColumns) -> (repeat TableColumn<Self, each Value>)
  ) -> String {
    var names: [String] = []
    for column in repeat each columns(self.columns) { names.append(quoteIdentifier(column.name)) }
    return "(" + names.joined(separator: ", ") + ")"
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts: rows whose primary key the database may assign.
  @inlinable
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>
  ) -> Insert<Self> {
    Insert(or: conflictResolution, rows())
  }
}
