/// An `INSERT`, `UPDATE` or `DELETE` with a `RETURNING` clause: it decodes rows of
/// `QueryValue` from the rows it wrote.
public struct Returning<QueryValue>: Statement, Sendable {
  /// The whole statement.
  ///
  /// ```swift
  /// Reminder.where { $0.isCompleted }.delete().returning { $0.title }.fragment
  /// ```
  /// ```sql
  /// DELETE FROM "reminders"
  /// WHERE "reminders"."isCompleted"
  /// RETURNING "reminders"."title"
  /// ```
  @usableFromInline package var fragment: QueryFragment

  /// The statement and its `RETURNING` clause; nothing when the statement renders nothing (an
  /// insert of no rows, an update assigning nothing), so that running it does nothing and
  /// returns no rows.
  init(_ statement: some Statement, returning columns: QueryFragment) {
    fragment = statement.query
    guard !fragment.isEmpty else { return }
    fragment.append(sql: "\nRETURNING ")
    fragment.append(columns)
  }

  public func writeStatement(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }
}

/// A write statement on one table, which can return what it wrote.
public protocol WriteStatement<Base>: Statement {
  /// The table written.
  associatedtype Base: Table
}

extension Insert: WriteStatement { public typealias Base = Into }
extension Update: WriteStatement {}
extension Delete: WriteStatement { public typealias Base = From }

extension WriteStatement {
  /// Returns one column of each written row: `.returning { $0.id }`.
  ///
  /// `Reminder.where { $0.id == 1 }.delete().returning { $0.id }` renders
  /// `DELETE FROM "reminders" WHERE ("reminders"."id" = 1) RETURNING "reminders"."id"`.
  public func returning<Column: QueryAssignable>(
    _ column: (Base.TableColumns) -> Column
  ) -> Returning<Column.QueryValue> {
    Returning(self, returning: column(Self.returnedColumns).queryFragment)
  }

  /// Returns columns of each written row: `.returning { ($0.id, $0.title) }`.
  ///
  /// ```swift
  /// Reminder.where { $0.id == 1 }.delete().returning { ($0.id, $0.title) }
  /// ```
  /// ```sql
  /// DELETE FROM "reminders"
  /// WHERE ("reminders"."id" = 1)
  /// RETURNING "reminders"."id", "reminders"."title"
  /// ```
  public func returning<each Column: QueryAssignable>(
    _ columns: (Base.TableColumns) -> (repeat each Column)
  ) -> Returning<(repeat (each Column).QueryValue)> {
    var fragment = QueryFragment()
    for column in repeat each columns(Self.returnedColumns) {
      SelectClauses.appendTerm(column, to: &fragment)
    }
    return Returning(self, returning: fragment)
  }

  /// Returns each written row whole: `RETURNING "reminders"."id", …`.
  ///
  /// `Reminder.delete().returningAll()` renders `DELETE FROM "reminders" RETURNING "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"`.
  public func returningAll() -> Returning<Base> {
    Returning(self, returning: Self.returnedColumns.queryFragment)
  }

  /// The columns a `RETURNING` clause reads: a table in a schema's qualified by the table's
  /// bare name, as SQLite refuses `RETURNING "archive"."notes"."id"` and both databases read
  /// `"notes"."id"`.
  static var returnedColumns: Base.TableColumns {
    guard Base.schema.schemaName != nil else { return Base.columns }
    return Base.TableColumns(qualifier: ColumnQualifier(Base.schema.name))
  }
}
