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
  package func requalified(
    table quotedTableName: String, schema quotedSchemaName: String? = nil, as alias: String
  ) -> QueryFragment {
    let sql = self.sql
    guard sql.contains(quotedTableName) else { return self }
    let tokens = Array(sequence(state: SQLScanner(sql)) { $0.next() })
    let quotedAlias = quoteIdentifier(alias)
    var result = QueryFragment()
    result.reserveCapacity(sql.utf8.count)
    var bindings = values.makeIterator()
    func isName(_ index: Int, _ name: String) -> Bool {
      index < tokens.count && tokens[index].kind == .quotedIdentifier && tokens[index].text == name
    }
    func isDot(_ index: Int) -> Bool {
      index < tokens.count && tokens[index].kind == .text && tokens[index].text.first == "."
    }
    var index = 0
    while index < tokens.count {
      let token = tokens[index]
      defer { index += 1 }
      if token.kind == .placeholder, let binding = bindings.next() {
        result.append(binding: binding)
        continue
      }
      // `"archive"."employees"."name"`: the table in its schema, the whole name replaced.
      if let quotedSchemaName, isName(index, quotedSchemaName),
        tokens.count > index + 3, tokens[index + 1].text == ".", isName(index + 2, quotedTableName),
        isDot(index + 3)
      {
        result.append(sql: quotedAlias)
        index += 2
        continue
      }
      let isTableReference =
        isName(index, quotedTableName) && isDot(index + 1)
        // `"main"."employees"."name"` names the table in another schema, not an alias of it.
        && (index == 0 || tokens[index - 1].kind != .text || tokens[index - 1].text.last != ".")
      result.append(sql: isTableReference ? quotedAlias : String(token.text))
    }
    return result
  }

  /// The fragment with the columns of `table` qualified by `alias` instead: its schema-qualified
  /// name (`"archive"."employees"."name"`) as well as its bare one.
  @usableFromInline
  package func requalified(table: TableSchema, as alias: String) -> QueryFragment {
    requalified(
      table: table.quotedUnqualifiedName, schema: table.schemaName.map(quoteIdentifier), as: alias)
  }
}
