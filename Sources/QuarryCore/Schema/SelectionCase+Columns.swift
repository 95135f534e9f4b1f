extension MacroSupport {
  /// The columns of an enum's row holding the case at `index`: `value` as the case's column,
  /// `NULL` as every other case's; named (`selection`), and unnamed (`values`, for an insert).
  /// What `Columns.note(…)` of a `@Selection` or `@Table` enum holds.
  ///
  /// `MacroSupport.caseSelection(Plan.schema.cases ?? [], case: 0, "Hi").selection` renders
  /// `'Hi' AS "note", NULL AS "startDay", NULL AS "endDay"`.
  public static func caseSelection<Value: QueryBindable>(
    _ cases: [SelectionCase], case index: Int, _ value: some QueryAssignable<Value>
  ) -> (selection: QueryFragment, values: QueryFragment) {
    var written = QueryFragment()
    value.write(to: &written)
    var named = written
    for column in cases[index].columns.prefix(1) {
      named.append(sql: " AS ")
      named.append(identifier: column.name)
    }
    return (
      writeCases(cases, holding: index, named: true) { $0.append(named) },
      writeCases(cases, holding: index, named: false) { $0.append(written) }
    )
  }

  /// The columns of an enum's row holding the case at `index`, whose value is a `@Selection`
  /// group: its `Columns` name their own columns.
  ///
  /// `MacroSupport.caseSelection(Plan.schema.cases ?? [], case: 1, Span.Columns(startDay: 1, endDay: 3)).selection`
  /// renders `NULL AS "note", 1 AS "startDay", 3 AS "endDay"`.
  public static func caseSelection<Value: Selection>(
    _ cases: [SelectionCase], case index: Int, _ value: some QueryAssignable<Value>
  ) -> (selection: QueryFragment, values: QueryFragment) {
    var written = QueryFragment()
    value.write(to: &written)
    let unnamed = (value as? any ColumnsExpression)?.values ?? written
    return (
      writeCases(cases, holding: index, named: true) { $0.append(written) },
      writeCases(cases, holding: index, named: false) { $0.append(unnamed) }
    )
  }

  private static func writeCases(
    _ cases: [SelectionCase], holding index: Int, named: Bool,
    _ writeValue: (inout QueryFragment) -> Void
  ) -> QueryFragment {
    var fragment = QueryFragment()
    var isFirst = true
    for (position, enumCase) in cases.enumerated() {
      if position == index {
        if !isFirst { fragment.append(sql: ", ") }
        isFirst = false
        writeValue(&fragment)
        continue
      }
      for column in enumCase.columns {
        if !isFirst { fragment.append(sql: ", ") }
        isFirst = false
        fragment.append(sql: "NULL")
        if named {
          fragment.append(sql: " AS ")
          fragment.append(identifier: column.name)
        }
      }
    }
    return fragment
  }
}
