extension NullableColumns {
  /// A `@Selection` group of the table (a struct, or an enum's cases) seen through an outer
  /// join: every column of it is `NULL` where the join found no row, so the group is optional,
  /// and so are its columns: `$1.kind.note` is a `String?`.
  ///
  /// ```swift
  /// Reminder.leftJoin(Trip.all) { $0.id == $1.id }.select { ($0.title, $1.schedule.note) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "trips"."note"
  /// FROM "reminders"
  /// LEFT JOIN "trips" ON ("reminders"."id" = "trips"."id")
  /// ```
  public subscript<Value: Selection>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, ColumnGroup<Base, Value>>
  ) -> ColumnGroup<Base, Value?> {
    let group = columns[keyPath: keyPath]
    return ColumnGroup(tablePrefix: group.tablePrefix, qualifier: group.qualifier)
  }

  /// An optional group stays singly optional: `$1.snooze` is a `Snooze?` group.
  ///
  /// ```swift
  /// Reminder.leftJoin(Trip.all) { $0.id == $1.id }.select { ($0.title, $1.snooze.untilDay) }
  /// ```
  /// ```sql
  /// SELECT "reminders"."title", "trips"."untilDay"
  /// FROM "reminders"
  /// LEFT JOIN "trips" ON ("reminders"."id" = "trips"."id")
  /// ```
  public subscript<Wrapped: Selection>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, ColumnGroup<Base, Wrapped?>>
  ) -> ColumnGroup<Base, Wrapped?> {
    columns[keyPath: keyPath]
  }
}
