import QuarrySQLText

// The upsert spelled as part of the insert (`insert { … } onConflict: { … } doUpdate: { … }`),
// and `upsert` by primary key: thin conveniences over ``Insert``'s `onConflict` methods.

extension PrimaryKeyedTable {
  /// Inserts drafts, or updates the rows whose primary key they already have:
  /// `ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title", …`.
  ///
  /// ```swift
  /// Reminder.upsert { Reminder.Draft(id: 1, title: "Milk") }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title", "isCompleted" = excluded."isCompleted", "priority" = excluded."priority", "remindersListID" = excluded."remindersListID"
  /// ```
  public static func upsert(
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>
  ) -> Insert<Self> {
    var insert = Insert<Self>(or: nil, rows())
    var keys: [String] = []
    var assignments: [String] = []
    for column in schema.writableColumns {
      let name = quoteIdentifier(column.name)
      if column.isPrimaryKey {
        keys.append(name)
      } else {
        assignments.append("\(name) = excluded.\(name)")
      }
    }
    // A table of nothing but its primary key has nothing to update: the row is kept.
    var clause = OnConflict(target: OnConflict.Target(columns: keys, filter: QueryFragment()))
    clause.assignments = QueryFragment(sql: assignments.joined(separator: ", "))
    insert.onConflict = clause
    return insert
  }
}

extension Table {
  /// Inserts full rows, or on a conflict with any uniqueness constraint updates the existing
  /// row: `Reminder.insert { reminder } onConflictDoUpdate: { $0.title += " copy" }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") } onConflictDoUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>,
    onConflictDoUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflictDoUpdate(assignments)
  }

  /// Inserts full rows, or on a conflict with any uniqueness constraint updates the existing
  /// row from the values that were to be inserted: `onConflictDoUpdate: { $0.title = $1.title }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") } onConflictDoUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = excluded."name"
  /// ```
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>,
    onConflictDoUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflictDoUpdate(assignments)
  }

  /// Inserts full rows, or on a conflict with the `target` columns' uniqueness updates the
  /// existing row: `Reminder.insert { reminder } onConflict: { $0.id } doUpdate: { … }`.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") } onConflict: { $0.id } doUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  public static func insert<each Target>(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflict(target, doUpdate: assignments)
  }

  /// Inserts full rows, or on a conflict with the `target` columns' uniqueness updates the
  /// existing row from the values that were to be inserted.
  ///
  /// ```swift
  /// Tag.insert { Tag(id: "a", name: "errands") } onConflict: { $0.id } doUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
  /// ```
  public static func insert<each Target>(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Self> _ rows: () -> InsertValues<Self>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflict(target, doUpdate: assignments)
  }

  /// Inserts values into chosen columns, or on a conflict with any uniqueness constraint
  /// updates the existing row.
  ///
  /// ```swift
  /// Tag.insert { ($0.id, $0.name) } values: { ("a", "errands") } onConflictDoUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  public static func insert<each Column: InsertColumns>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat each Column),
    @InsertValuesBuilder<(repeat (each Column).QueryValue)> values: () -> InsertValues<
      (repeat (each Column).QueryValue)
    >,
    onConflictDoUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, columns, values: values).onConflictDoUpdate(assignments)
  }

  /// Inserts values into chosen columns, or on a conflict with any uniqueness constraint
  /// updates the existing row from the values that were to be inserted.
  ///
  /// ```swift
  /// Tag.insert { ($0.id, $0.name) } values: { ("a", "errands") } onConflictDoUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT DO UPDATE SET "name" = excluded."name"
  /// ```
  public static func insert<each Column: InsertColumns>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat each Column),
    @InsertValuesBuilder<(repeat (each Column).QueryValue)> values: () -> InsertValues<
      (repeat (each Column).QueryValue)
    >,
    onConflictDoUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, columns, values: values).onConflictDoUpdate(assignments)
  }

  /// Inserts values into chosen columns, or on a conflict with the `target` columns'
  /// uniqueness updates the existing row.
  ///
  /// ```swift
  /// Tag.insert { ($0.id, $0.name) } values: { ("a", "errands") } onConflict: { $0.id } doUpdate: { $0.name += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = ("tags"."name" || '!')
  /// ```
  public static func insert<each Column: InsertColumns, each Target>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat each Column),
    @InsertValuesBuilder<(repeat (each Column).QueryValue)> values: () -> InsertValues<
      (repeat (each Column).QueryValue)
    >,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, columns, values: values)
      .onConflict(target, doUpdate: assignments)
  }

  /// Inserts values into chosen columns, or on a conflict with the `target` columns'
  /// uniqueness updates the existing row from the values that were to be inserted.
  ///
  /// ```swift
  /// Tag.insert { ($0.id, $0.name) } values: { ("a", "errands") } onConflict: { $0.id } doUpdate: { $0.name = $1.name }
  /// ```
  /// ```sql
  /// INSERT INTO "tags" ("id", "name")
  /// VALUES ('a', 'errands')
  /// ON CONFLICT ("id") DO UPDATE SET "name" = excluded."name"
  /// ```
  public static func insert<each Column: InsertColumns, each Target>(
    or conflictResolution: ConflictResolution? = nil,
    _ columns: (TableColumns) -> (repeat each Column),
    @InsertValuesBuilder<(repeat (each Column).QueryValue)> values: () -> InsertValues<
      (repeat (each Column).QueryValue)
    >,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, columns, values: values)
      .onConflict(target, doUpdate: assignments)
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts, or on a conflict with any uniqueness constraint updates the existing row:
  /// `Reminder.insert { draft } onConflictDoUpdate: { $0.title += " copy" }`.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(id: 1, title: "Milk") } onConflictDoUpdate: { $0.title += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT DO UPDATE SET "title" = ("reminders"."title" || '!')
  /// ```
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>,
    onConflictDoUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflictDoUpdate(assignments)
  }

  /// Inserts drafts, or on a conflict with any uniqueness constraint updates the existing row
  /// from the values that were to be inserted.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(id: 1, title: "Milk") } onConflictDoUpdate: { $0.title = $1.title }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT DO UPDATE SET "title" = excluded."title"
  /// ```
  public static func insert(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>,
    onConflictDoUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflictDoUpdate(assignments)
  }

  /// Inserts drafts, or on a conflict with the `target` columns' uniqueness updates the
  /// existing row: `Reminder.insert { draft } onConflict: { $0.id } doUpdate: { … }`.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(id: 1, title: "Milk") } onConflict: { $0.id } doUpdate: { $0.title += "!" }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT ("id") DO UPDATE SET "title" = ("reminders"."title" || '!')
  /// ```
  public static func insert<each Target>(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflict(target, doUpdate: assignments)
  }

  /// Inserts drafts, or on a conflict with the `target` columns' uniqueness updates the
  /// existing row from the values that were to be inserted.
  ///
  /// ```swift
  /// Reminder.insert { Reminder.Draft(id: 1, title: "Milk") } onConflict: { $0.id } doUpdate: { $0.title = $1.title }
  /// ```
  /// ```sql
  /// INSERT INTO "reminders" ("id", "title", "isCompleted", "priority", "remindersListID")
  /// VALUES (1, 'Milk', 0, NULL, 1)
  /// ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title"
  /// ```
  public static func insert<each Target>(
    or conflictResolution: ConflictResolution? = nil,
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>,
    onConflict target: (TableColumns) -> (repeat TableColumn<Self, each Target>),
    doUpdate assignments: (inout Updates<Self>, Excluded<Self>) -> Void
  ) -> Insert<Self> {
    insert(or: conflictResolution, rows).onConflict(target, doUpdate: assignments)
  }
}
