extension MacroSupport {
  /// The columns of an enum's row holding the case at `index`: `value` as the case's column,
  /// `NULL` as every other case's. What `Columns.note(…)` of a `@Selection` or `@Table` enum
  /// selects.
  ///
  /// `MacroSupport.caseSelection(Plan.schema.cases ?? [], case: 0, "Hi")` renders
  /// `'Hi' AS "note", NULL AS "startDay", NULL AS "endDay"`.
  public static func caseSelection<Value: QueryBindable>(
    _ cases: [SelectionCase], case index: Int, _ value: some QueryAssignable<Value>
  ) -> QueryFragment {
    writeCases(cases, holding: index) { fragment in
      value.write(to: &fragment)
      for column in cases[index].columns.prefix(1) {
        fragment.append(sql: " AS ")
        fragment.append(identifier: column.name)
      }
    }
  }

  /// The columns of an enum's row holding the case at `index`, whose value is a `@Selection`
  /// group: its `Columns` name their own columns.
  ///
  /// `MacroSupport.caseSelection(Plan.schema.cases ?? [], case: 1, Span.Columns(startDay: 1, endDay: 3))`
  /// renders `NULL AS "note", 1 AS "startDay", 3 AS "endDay"`.
  public static func caseSelection<Value: Selection>(
    _ cases: [SelectionCase], case index: Int, _ value: some QueryAssignable<Value>
  ) -> QueryFragment {
    writeCases(cases, holding: index) { value.write(to: &$0) }
  }

  private static func writeCases(
    _ cases: [SelectionCase], holding index: Int, _ writeValue: (inout QueryFragment) -> Void
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
        fragment.append(sql: "NULL AS ")
        fragment.append(identifier: column.name)
      }
    }
    return fragment
  }
}
