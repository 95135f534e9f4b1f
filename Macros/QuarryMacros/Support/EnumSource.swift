import QuarrySQLText
import QuarryTableModel

/// The generated code of a `@Selection` or `@Table` enum. Each case keeps its value in its own
/// columns, nullable, which are `NULL` in the rows of the other cases: a row decodes as the first
/// case whose value is not `NULL`, and a value binds `NULL` to every other case's columns.
extension EnumModel {
  /// The case as an optional column of the enum: what its column holds in any row.
  private func optionalColumn(_ enumCase: EnumCaseModel) -> ColumnModel {
    var column = enumCase.column
    column.type = optional(column.type)
    column.isOptional = true
    return column
  }

  /// `[SelectionCase(…), …]`: each case's name and columns.
  private var casesExpression: String {
    let table = TableModel(typeName: typeName)
    let cases = self.cases.map { enumCase in
      "QuarryCore.SelectionCase(name: \(swiftStringLiteral(enumCase.name.trimmingBackticks)), "
        + "columns: \(table.schemaColumnsExpression([optionalColumn(enumCase)])))"
    }
    return "[\(cases.joined(separator: ", "))]"
  }

  /// `bind(to:)`: the value of the row's case, and `NULL`s for the other cases' columns.
  private func bindSource(modifier: String = "") -> [String] {
    let binds = cases.flatMap { enumCase in
      [
        "if case .\(enumCase.name)(let value) = self {",
        "  try \(enumCase.column.bindableExpression("value")).bind(to: binder)",
        "} else {",
        "  try \(optional(enumCase.column.storedType)).none.bind(to: binder)",
        "}",
      ]
    }
    return block(
      "\(access)\(modifier)func bind(to binder: any QuarryCore.QueryBinder) throws", binds)
  }

  /// `init(decoder:)`: every case's columns, then the first case whose value is not `NULL`.
  private func decoderSource(modifier: String = "") -> [String] {
    // `_name`: a case may be named `decoder`, like the parameter.
    var decoding = cases.map { enumCase in
      let local = "_" + enumCase.name.trimmingBackticks
      let decoded = "try decoder.decode(\(optional(enumCase.column.storedType)).self)"
      return enumCase.column.attribute?.representation == nil
        ? "let \(local) = \(decoded)" : "let \(local) = \(decoded)?.queryOutput"
    }
    for (index, enumCase) in cases.enumerated() {
      let local = "_" + enumCase.name.trimmingBackticks
      decoding.append((index == 0 ? "if" : "} else if") + " let \(local) {")
      decoding.append("  self = \(enumCase.construction(local))")
    }
    let columns = tableName.isEmpty ? "Self.selectionColumns" : "Self.schema.columns"
    let failure =
      "throw QuarryCore.QueryDecodingError(expectedType: \(swiftStringLiteral(typeName)), "
      + "found: \"NULL in the columns of every case: \" + "
      + "\(columns).map(\\.name).joined(separator: \", \"))"
    decoding += cases.isEmpty ? [failure] : ["} else {", "  \(failure)", "}"]
    return block(
      "\(access)\(modifier)init(decoder: inout some QuarryCore.QueryDecoder) throws", decoding)
  }

  /// `Columns`: one static function per case, making a row of the enum from an expression or a
  /// value of the case (`NULL`s in the other cases' columns): `Kind.Columns.note($0.title)`.
  private func columnsBuilderSource(cases casesList: String) -> [String] {
    var body = [
      "\(access)typealias QueryValue = \(typeName)",
      "\(access)let selection: QuarryCore.QueryFragment",
      "\(access)let values: QuarryCore.QueryFragment",
    ]
    for (index, enumCase) in cases.enumerated() {
      let argument = enumCase.label.map { "\($0) value" } ?? "_ value"
      let defaultValue =
        enumCase.column.initialValue.map {
          " = QuarryCore.BoundValue<\(enumCase.column.storedType)>("
            + "\(enumCase.column.bindableExpression($0)))"
        } ?? ""
      body += block(
        "\(access)static func \(enumCase.name)(\(argument): some QuarryCore.QueryAssignable<"
          + "\(enumCase.column.storedType)>\(defaultValue)) -> Columns",
        [
          "let row = QuarryCore.MacroSupport.caseSelection(\(casesList), case: \(index), value)",
          "return Columns(selection: row.selection, values: row.values)",
        ])
    }
    body += block(
      "\(access)func write(to fragment: inout QuarryCore.QueryFragment)",
      ["fragment.append(selection)"])
    return block("\(access)nonisolated struct Columns: QuarryCore.ColumnsExpression", body)
  }

  /// The `Selection` conformance of a `@Selection` enum.
  func selectionExtensionSource() -> String {
    var body = block(
      "\(access)nonisolated struct SelectionMembers: Sendable",
      cases.map { enumCase in
        let column = enumCase.column.columnName
        return "\(access)let \(enumCase.name) = QuarryCore.SelectionMember<"
          + "\(optional(enumCase.column.storedType))>(\(swiftStringLiteral(column)), "
          + "quotedName: \(swiftStringLiteral(quoteIdentifier(column))))"
      })
    body.append("\(access)static let selectionMembers = SelectionMembers()")
    body.append(
      "\(access)static let selectionCases: [QuarryCore.SelectionCase]? = \(casesExpression)")
    body.append(
      "\(access)static let selectionColumns: [QuarryCore.TableSchema.Column] = "
        + "QuarryCore.MacroSupport.columns(ofCases: selectionCases)")
    body += bindSource()
    body += decoderSource()
    body += columnsBuilderSource(cases: "\(typeName).selectionCases ?? []")
    return block("nonisolated extension \(typeName): QuarryCore.Selection", body)
      .joined(separator: "\n")
  }

  /// The `Table` conformance of a `@Table` enum: a table without a primary key whose rows each
  /// hold one case. Its columns are the cases' (`$0.note`), each optional.
  func tableExtensionSource(declaresAll: Bool) -> String {
    var table = TableModel(typeName: typeName)
    table.tableName = tableName
    table.schemaName = schemaName
    table.access = access
    table.columns = cases.map(optionalColumn)
    var body = table.tableColumnsSource()
    // Without a key a row inserts as it is: it is its own draft.
    body.append("\(access)typealias Draft = \(typeName)")
    body += block("\(access)init(_ row: \(typeName))", ["self = row"])
    body.append("\(access)static let columns = TableColumns()")
    if declaresAll {
      body.append(
        "\(access)static var defaultScope: QuarryCore.DefaultScope { QuarryCore.DefaultScope(all) }"
      )
    }
    body.append("\(access)static let schema = QuarryCore.TableSchema(")
    body.append("  name: \(swiftStringLiteral(tableName)),")
    if let schemaName { body.append("  schemaName: \(swiftStringLiteral(schemaName)),") }
    body.append("  cases: \(casesExpression)")
    body.append(")")
    body += bindSource()
    body += decoderSource()
    body += columnsBuilderSource(cases: "\(typeName).schema.cases ?? []")
    return block("nonisolated extension \(typeName): QuarryCore.Table", body)
      .joined(separator: "\n")
  }
}
