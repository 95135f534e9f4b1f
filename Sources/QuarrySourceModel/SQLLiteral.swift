import QuarrySQLText
import QuarryTableModel
import SwiftParser
import SwiftSyntax

/// A `#sql` literal of a source file, and the SQL it renders for a check.
package struct SQLLiteral {
  package var file: String
  package var text: StringLiteralText
  package var converter: SourceLocationConverter
  /// Where the literal starts.
  package var position: AbsolutePosition
  /// Whether it is in a `registerMigration` closure: it builds the schema.
  package var isMigration: Bool
  /// Whether it says `dialect: .postgres`.
  package var isPostgres: Bool

  /// `file:line:column` of the source character that produced the SQL byte at `offset` of
  /// ``StringLiteralText/bytes``, or of the literal when there is none.
  package func location(ofByte offset: Int?) -> String {
    let position = offset.flatMap { $0 < text.origins.count ? text.origins[$0].start : nil }
    let location = converter.location(for: position ?? self.position)
    return "\(file):\(location.line):\(location.column)"
  }

  /// The SQL SQLite is asked about, and for each of its bytes the byte of ``text`` it comes
  /// from; nil when an interpolation's SQL is unknown until run time (`\(raw: name)`).
  ///
  /// Interpolations render as the macro's runtime renders them: a `@Table` type (`\(Reminder.self)`)
  /// its quoted name, a column (`\(Reminder.columns.title)`) its qualified quoted name,
  /// `\(quote: "…")` a quoted name, `\(raw: "…")` its text, and anything else a bound value:
  /// `?`, or with `numberedPlaceholders` PostgreSQL's `$1`, `$2`, ….
  package func renderedSQL(
    tables: [String: TableModel], numberedPlaceholders: Bool = false
  ) -> (sql: String, sourceOffsets: [Int])? {
    var sql: [UInt8] = []
    var sourceOffsets: [Int] = []
    var next = 0
    var placeholders = 0
    for interpolation in text.interpolations {
      guard var replacement = Self.rendering(interpolation.segment, tables: tables) else {
        return nil
      }
      if replacement == "?" && numberedPlaceholders {
        placeholders += 1
        replacement = "$\(placeholders)"
      }
      sql += text.bytes[next..<interpolation.offset]
      sourceOffsets += next..<interpolation.offset
      let bytes = Array(replacement.utf8)
      sql += bytes
      sourceOffsets += repeatElement(interpolation.offset, count: bytes.count)
      next = interpolation.offset + 1
    }
    sql += text.bytes[next...]
    sourceOffsets += next..<text.bytes.count
    return (String(decoding: sql, as: UTF8.self), sourceOffsets)
  }

  private static func rendering(
    _ segment: ExpressionSegmentSyntax, tables: [String: TableModel]
  ) -> String? {
    guard let argument = segment.expressions.first else { return nil }
    let expression = argument.expression
    let literalValue = expression.as(StringLiteralExprSyntax.self)
      .flatMap(StringLiteralText.init)?.plainValue
    switch argument.label?.text {
    case "raw":
      return literalValue
    case "quote":
      return quoteIdentifier(literalValue ?? expression.trimmedDescription)
    case nil:
      guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base
      else { return "?" }
      let name = member.declName.baseName.text
      // `Reminder.self`
      if name == "self", let table = tables[base.trimmedDescription] {
        return table.qualifiedTableName
      }
      // `Reminder.columns.title`
      if let columns = base.as(MemberAccessExprSyntax.self),
        columns.declName.baseName.text == "columns",
        let owner = columns.base, let table = tables[owner.trimmedDescription],
        let column = table.columns.first(where: { $0.propertyName.trimmingBackticks == name })
      {
        return table.qualifiedTableName + "." + quoteIdentifier(column.columnName)
      }
      return "?"
    default:
      return "?"
    }
  }

  /// The `#sql` literals of a source file, in source order.
  package static func all(in file: String, source: String) -> [SQLLiteral] {
    let tree = Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: file, tree: tree)
    let finder = LiteralFinder(viewMode: .sourceAccurate)
    finder.walk(tree)
    return finder.macros.compactMap { node in
      guard let literal = node.arguments.first?.expression.as(StringLiteralExprSyntax.self),
        let text = StringLiteralText(literal)
      else { return nil }
      let isPostgres = node.arguments.contains { argument in
        argument.label?.text == "dialect"
          && argument.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            != "sqlite"
      }
      return SQLLiteral(
        file: file, text: text, converter: converter,
        position: literal.positionAfterSkippingLeadingTrivia,
        isMigration: isInMigration(Syntax(node)), isPostgres: isPostgres)
    }
  }

  /// Whether `node` is inside a closure passed to `registerMigration`.
  private static func isInMigration(_ node: Syntax) -> Bool {
    var current = node.parent
    while let node = current {
      if let call = node.as(FunctionCallExprSyntax.self),
        call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
          == "registerMigration"
      {
        return true
      }
      current = node.parent
    }
    return false
  }
}

/// Finds the `#sql` expressions.
private final class LiteralFinder: SyntaxVisitor {
  var macros: [MacroExpansionExprSyntax] = []

  override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
    if node.macroName.text == "sql" { macros.append(node) }
    return .visitChildren
  }
}
