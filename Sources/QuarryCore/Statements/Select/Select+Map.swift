extension Select {
  /// A select of new columns made from the ones selected so far, which the closure receives
  /// one by one:
  ///
  /// ```swift
  /// Reminder.select { $0.id }.select { $0.title }.map { id, title in (title.upper(), id + 1) }
  /// ```
  /// ```sql
  /// SELECT upper("reminders"."title"), ("reminders"."id" + 1)
  /// FROM "reminders"
  /// ```
  public func map<each Value: QueryDecodable, each Column: QueryAssignable>(
    _ transform: (repeat SQLQueryExpression<each Value>) -> (repeat each Column)
  ) -> Select<(repeat (each Column).QueryValue), From>
  where QueryValue == (repeat each Value) {
    // One term per selected value (a whole table is one term of all its columns).
    let terms = selectionTerms ?? [QueryFragment(sql: From.schema.selectionSQL)]
    var index = 0
    func next<V: QueryDecodable>(_ type: V.Type) -> SQLQueryExpression<V> {
      defer { index += 1 }
      // A term may be any expression: parenthesized where it stands beside others.
      return SQLQueryExpression(compound: index < terms.count ? terms[index] : QueryFragment())
    }
    let columns = transform(repeat next((each Value).self))
    var mapped: [QueryFragment] = []
    for column in repeat each columns { mapped.append(column.queryFragment) }
    return Select<(repeat (each Column).QueryValue), From>(self, terms: mapped)
  }
}
