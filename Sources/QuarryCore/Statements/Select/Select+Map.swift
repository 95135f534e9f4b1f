import QuarrySQLText

extension QueryFragment {
  /// The fragment split at its top-level commas, each piece with its own bindings: a select's
  /// result columns, one by one. (Commas inside parentheses, strings and quoted names are
  /// kept.)
  package var topLevelTerms: [QueryFragment] {
    var terms: [QueryFragment] = []
    var start = 0
    var bindingStart = 0
    var bindingIndex = 0
    var depth = 0
    let text = String(decoding: self.text, as: UTF8.self)
    func cut(at end: Int) {
      var bytes = Array(self.text[start..<end])
      while bytes.first == UInt8(ascii: " ") { bytes.removeFirst() }
      let trimmed = end - start - bytes.count
      let placeholders = self.placeholders[bindingStart..<bindingIndex].map {
        $0 - start - trimmed
      }
      var term = QueryFragment(
        utf8: bytes, bindings: Array(values[bindingStart..<bindingIndex]),
        placeholders: placeholders)
      // The dialect forms inside the term move with it.
      let shift = start + trimmed
      for placed in forms where placed.range.lowerBound >= shift && placed.range.upperBound <= end {
        term.forms.append(
          PlacedForm(
            range: placed.range.lowerBound - shift..<placed.range.upperBound - shift,
            form: placed.form, nestedCount: placed.nestedCount))
      }
      terms.append(term)
    }
    var scanner = SQLScanner(text)
    while let token = scanner.next() {
      switch token.kind {
      case .openParenthesis: depth += 1
      case .closeParenthesis: depth -= 1
      case .placeholder: bindingIndex += 1
      case .text where depth == 0:
        var offset = token.offset
        for byte in token.text.utf8 {
          if byte == UInt8(ascii: ",") {
            cut(at: offset)
            start = offset + 1
            bindingStart = bindingIndex
          }
          offset += 1
        }
      default: break
      }
    }
    cut(at: self.text.count)
    return terms
  }
}

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
    let pieces = (selection ?? QueryFragment(sql: From.schema.selectionSQL)).topLevelTerms
    var index = 0
    func next<V: QueryDecodable>(_ type: V.Type) -> SQLQueryExpression<V> {
      // A whole table (or group) spans as many result columns as it decodes.
      let count = V.queryColumnCount
      var term = QueryFragment()
      for position in index..<Swift.min(index + count, pieces.count) {
        if position > index { term.append(sql: ", ") }
        term.append(pieces[position])
      }
      index += count
      return SQLQueryExpression(term)
    }
    let columns = transform(repeat next((each Value).self))
    var selection = QueryFragment()
    for column in repeat each columns { SelectClauses.appendTerm(column, to: &selection) }
    return Select<(repeat (each Column).QueryValue), From>(self, selection: selection)
  }
}
