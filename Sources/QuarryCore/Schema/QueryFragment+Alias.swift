import QuarrySQLText

extension QueryFragment {
  /// The fragment with its columns of the table `quotedTableName` (`"employees"."name"`)
  /// qualified by `alias` instead (`"managers"."name"`): how an expression over a table's
  /// columns, such as a computed column, renders for the table joined under an alias.
  ///
  /// Only a quoted name followed by a dot changes: bindings, string literals and other tables'
  /// columns stay as they are. A subquery inside the expression that reads the same table
  /// changes too, as its columns look the same.
  @usableFromInline
  package func requalified(table quotedTableName: String, as alias: String) -> QueryFragment {
    let sql = self.sql
    guard sql.contains(quotedTableName) else { return self }
    let tokens = Array(sequence(state: SQLScanner(sql)) { $0.next() })
    let quotedAlias = quoteIdentifier(alias)
    var result = QueryFragment()
    result.reserveCapacity(sql.utf8.count)
    var bindings = values.makeIterator()
    for (index, token) in tokens.enumerated() {
      if token.kind == .placeholder, let binding = bindings.next() {
        result.append(binding: binding)
        continue
      }
      let isTableReference =
        token.kind == .quotedIdentifier && token.text == quotedTableName
        && index + 1 < tokens.count && tokens[index + 1].kind == .text
        && tokens[index + 1].text.first == "."
        // `"main"."employees"."name"` names the table itself, not an alias of it.
        && (index == 0 || tokens[index - 1].kind != .text || tokens[index - 1].text.last != ".")
      result.append(sql: isTableReference ? quotedAlias : String(token.text))
    }
    return result
  }
}
