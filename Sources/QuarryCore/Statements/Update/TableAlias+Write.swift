// Updates and deletes of a table under an alias: `UPDATE "reminders" AS "r" SET … WHERE …`.
// Closures get the columns qualified by the alias, so a subquery on the same table can tell
// its own rows from the one being written.

/// An `UPDATE` or `DELETE` of an aliased table.
///
/// Its `returning` is every write statement's: SQLite's `RETURNING` knows the table by its name,
/// not its alias, so the closure gets the table's own columns.
public struct AliasedWrite<Base: Table>: WriteStatement, Sendable {
  public typealias QueryValue = Void

  /// `UPDATE "t" AS "a" SET …` or `DELETE FROM "t" AS "a"`: the statement up to its `WHERE`.
  @usableFromInline var head: QueryFragment
  /// The predicates, joined with `AND`.
  @usableFromInline var predicates = QueryFragment()
  /// The alias.
  public let alias: String
  /// Whether nothing is written: an update with no assignments renders nothing.
  @usableFromInline var isEmpty = false

  @usableFromInline
  init(head: QueryFragment, alias: String) {
    self.head = head
    self.alias = alias
  }

  /// Restricts the statement to rows matching a predicate, joined to earlier ones with `AND`.
  ///
  /// ```swift
  /// Reminder.aliased("r").delete().where { $0.isCompleted }
  /// ```
  /// ```sql
  /// DELETE FROM "reminders" AS "r"
  /// WHERE "r"."isCompleted"
  /// ```
  public func `where`<Predicate: QueryExpression<Bool>>(
    @PredicateBuilder _ predicate: (Base.TableColumns) -> Predicate
  ) -> Self {
    var copy = self
    SelectClauses.appendPredicate(
      predicate(Base.TableColumns(qualifier: ColumnQualifier(alias))), to: &copy.predicates)
    return copy
  }

  public func writeStatement(to fragment: inout QueryFragment) {
    guard !isEmpty else { return }
    fragment.append(head)
    guard !predicates.isEmpty else { return }
    fragment.append(sql: "\nWHERE ")
    fragment.append(predicates)
  }
}

extension TableAlias {
  /// `UPDATE "reminders" AS "r" SET …`: columns read in the assignments are qualified by the
  /// alias.
  ///
  /// ```swift
  /// Reminder.aliased("r").update { $0.title = $0.title.upper() }.where { $0.id == 1 }
  /// ```
  /// ```sql
  /// UPDATE "reminders" AS "r"
  /// SET "title" = upper("r"."title")
  /// WHERE ("r"."id" = 1)
  /// ```
  public func update(
    or conflictResolution: ConflictResolution? = nil, _ assignments: (inout Updates<Base>) -> Void
  ) -> AliasedWrite<Base> {
    var updates = Updates<Base>(alias: name)
    assignments(&updates)
    var head = QueryFragment(sql: "UPDATE ")
    if let conflictResolution { head.append(sql: "OR \(conflictResolution.rawValue) ") }
    head.append(sql: Base.schema.quotedName)
    head.append(sql: " AS ")
    head.append(identifier: name)
    head.append(sql: "\nSET ")
    head.append(updates.assignments)
    var write = AliasedWrite<Base>(head: head, alias: name)
    write.isEmpty = updates.columns.isEmpty
    return write
  }

  /// `DELETE FROM "reminders" AS "r"`
  ///
  /// ```swift
  /// Reminder.aliased("r").delete().where { $0.isCompleted }
  /// ```
  /// ```sql
  /// DELETE FROM "reminders" AS "r"
  /// WHERE "r"."isCompleted"
  /// ```
  public func delete() -> AliasedWrite<Base> {
    var head = QueryFragment(sql: "DELETE FROM ")
    head.append(sql: Base.schema.quotedName)
    head.append(sql: " AS ")
    head.append(identifier: name)
    return AliasedWrite(head: head, alias: name)
  }
}
