import QuarrySQLText

extension Insert {
  /// On a conflict with the `target` columns' uniqueness, updates the existing row instead:
  /// `ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title"`. The closure gets the
  /// assignments and the values that were to be inserted (`excluded`).
  @inlinable
  public consuming func onConflict<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>),
    doUpdate assignments: (inout Updates<Into>, Excluded<Into>) -> Void
  ) -> Self {
    var updates = Updates<Into>()
    assignments(&updates, Excluded())
    var clause = QueryFragment(sql: "ON CONFLICT ")
    clause.append(Self.conflictTarget(target))
    clause.append(sql: " DO UPDATE SET ")
    clause.append(updates.assignments)
    upsert = clause
    return self
  }

  /// On a conflict with the `target` columns' uniqueness (any constraint when omitted), skips
  /// the row: `ON CONFLICT DO NOTHING`.
  @inlinable
  public consuming func onConflictDoNothing<each Value>(
    _ target: ((Into.TableColumns) -> (repeat TableColumn<Into, each Value>))? = nil
  ) -> Self {
    var clause = QueryFragment(sql: "ON CONFLICT ")
    if let target { clause.append(Self.conflictTarget(target)); clause.append(sql: " ") }
    clause.append(sql: "DO NOTHING")
    upsert = clause
    return self
  }

  /// `("a", "b")`: a conflict target names columns without their table.
  @inlinable
  static func conflictTarget<each Value>(
    _ target: (Into.TableColumns) -> (repeat TableColumn<Into, each Value>)
  ) -> QueryFragment {
    var names: [String] = []
    for column in repeat each target(Into.columns) { names.append(quoteIdentifier(column.name)) }
    return QueryFragment(sql: "(" + names.joined(separator: ", ") + ")")
  }
}

/// The values an upsert was about to insert: `excluded."title"`.
@dynamicMemberLookup
public struct Excluded<Base: Table>: Sendable {
  @inlinable
  init() {}

  /// The value that was to be inserted into a column.
  @inlinable
  public subscript<Value>(
    dynamicMember keyPath: KeyPath<Base.TableColumns, TableColumn<Base, Value>>
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression("excluded.\(quote: Base.columns[keyPath: keyPath].name)")
  }
}

extension PrimaryKeyedTable {
  /// Inserts drafts, or updates the rows whose primary key they already have:
  /// `ON CONFLICT ("id") DO UPDATE SET "title" = excluded."title", …`.
  @inlinable
  public static func upsert(
    @InsertValuesBuilder<Draft> _ rows: () -> InsertValues<Draft>
  ) -> Insert<Self> {
    var insert = Insert<Self>(or: nil, rows())
    var clause = QueryFragment(sql: "ON CONFLICT (")
    var assignments: [String] = []
    for column in schema.writableColumns {
      let name = quoteIdentifier(column.name)
      if column.isPrimaryKey {
        clause.append(sql: name)
      } else {
        assignments.append("\(name) = excluded.\(name)")
      }
    }
    clause.append(sql: ") DO UPDATE SET " + assignments.joined(separator: ", "))
    insert.upsert = clause
    return insert
  }
}
