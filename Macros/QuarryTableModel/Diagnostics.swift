import SwiftDiagnostics
import SwiftSyntax

/// Every error the Quarry macros report. Each case has a stable ``diagnosticID`` so tools can
/// recognize it whatever the wording.
package enum QuarryDiagnostic: DiagnosticMessage {
  case tableRequiresStruct
  case genericTable
  case selectionRequiresStructOrEnum
  case genericSelection
  case enumCaseNeedsOneValue(case: String, attribute: String)
  case tableEnumWithoutCases
  case enumCasePrimaryKey
  case enumCaseGenerated
  case tableNameNotLiteral
  case schemaNameNotLiteral
  case columnNameNotLiteral
  case primaryKeyNotLiteral
  case generatedNotLiteral
  case cannotInferType(property: String)
  case duplicatePrimaryKey(property: String)
  case generatedPrimaryKey(property: String, isImplicit: Bool)
  case primaryKeyGroupWithoutSelection(type: String)
  case duplicateColumnName(column: String, property: String)
  case letWithInitialValue(property: String)
  case ephemeralWithoutDefault(property: String)
  case unterminatedQuote(kind: String, closing: String)
  case unmatchedCloseParenthesis
  case unclosedOpenParenthesis
  case bareParameter(String)
  case interpolationInsideQuotes
  case sqliteError(String)
  case functionRequiresFunction
  case genericFunction
  case asyncFunction
  case instanceMethodFunction
  case inoutParameter(String)
  case variadicParameter(String)
  case aggregateSequenceAlone
  case aggregateSequenceElement
  case functionNameNotLiteral
  case deterministicNotLiteral

  package var message: String {
    switch self {
    case .tableRequiresStruct:
      return "'@Table' can only be applied to a struct or an enum"
    case .genericTable:
      return "'@Table' does not support generic types"
    case .selectionRequiresStructOrEnum:
      return "'@Selection' can only be applied to a struct or an enum"
    case .genericSelection:
      return "'@Selection' does not support generic types"
    case .enumCaseNeedsOneValue(let name, let attribute):
      return """
        case '\(name)' of a '@\(attribute)' enum needs exactly one associated value, which its \
        column (or its '@Selection' group of columns) stores
        """
    case .tableEnumWithoutCases:
      return """
        a '@Table' enum needs at least one case, each holding the value of its column (or of its \
        '@Selection' group of columns)
        """
    case .enumCasePrimaryKey:
      return """
        a case's column can't be the primary key: the rows of the other cases hold 'NULL' in it
        """
    case .enumCaseGenerated:
      return """
        a case's column can't be generated: a row of the case writes its value
        """
    case .tableNameNotLiteral:
      return "the table name must be a string literal"
    case .schemaNameNotLiteral:
      return "the schema name must be a non-empty string literal"
    case .columnNameNotLiteral:
      return "the column name must be a string literal"
    case .primaryKeyNotLiteral:
      return "'primaryKey' must be 'true' or 'false'"
    case .generatedNotLiteral:
      return "'generated' must be '.stored' or '.virtual'"
    case .cannotInferType(let property):
      return "cannot infer the type of column '\(property)'; add a type annotation"
    case .duplicateColumnName(let column, let property):
      return """
        column '\(column)' is already the column of '\(property)': give each property its own \
        column with '@Column("…")' (SQLite would read the first of two columns of one name twice)
        """
    case .duplicatePrimaryKey(let property):
      return """
        '@Table' supports one primary key; '\(property)' is already the primary key (for a key \
        of several columns, group them in one '@Selection' struct)
        """
    case .generatedPrimaryKey(let property, let isImplicit):
      let remedy =
        isImplicit
        ? "add 'primaryKey: false' to its '@Column', or remove 'generated:'"
        : "remove 'generated:', or make another column the primary key"
      return """
        '\(property)' is a generated column, which SQLite refuses in a primary key: \(remedy)
        """
    case .primaryKeyGroupWithoutSelection(let type):
      return """
        primary key type '\(type)' has several properties but isn't a '@Selection' struct: mark \
        it '@Selection' to make them the columns of a composite key
        """
    case .letWithInitialValue(let property):
      return """
        'let' property '\(property)' has an initial value, so it can't be decoded from a row; \
        make it 'var' or mark it '@Ephemeral'
        """
    case .ephemeralWithoutDefault(let property):
      return "'@Ephemeral' property '\(property)' needs a default value"
    case .unterminatedQuote(let kind, let closing):
      return "unterminated \(kind): add the closing \(closing)"
    case .unmatchedCloseParenthesis:
      return "unbalanced parentheses: ')' has no matching '('"
    case .unclosedOpenParenthesis:
      return "unbalanced parentheses: '(' is never closed"
    case .bareParameter(let parameter):
      return "bare parameter '\(parameter)' in #sql: interpolate the value instead, as \\(value)"
    case .interpolationInsideQuotes:
      return """
        an interpolated value inside quotes is bound as the literal text '?'; remove the quotes
        """
    case .sqliteError(let message):
      return "SQLite: \(message)"
    case .functionRequiresFunction:
      return "'@DatabaseFunction' can only be applied to a function"
    case .genericFunction:
      return "'@DatabaseFunction' does not support generic functions"
    case .asyncFunction:
      return "a '@DatabaseFunction' can't be 'async': SQLite calls it synchronously"
    case .instanceMethodFunction:
      return "'@DatabaseFunction' can only be applied to a global or static function"
    case .inoutParameter(let name):
      return "parameter '\(name)' of a '@DatabaseFunction' can't be 'inout'"
    case .variadicParameter(let name):
      return """
        parameter '\(name)' of a '@DatabaseFunction' can't be variadic: SQLite passes a fixed \
        number of arguments
        """
    case .aggregateSequenceAlone:
      return """
        an aggregate '@DatabaseFunction' takes one parameter, the sequence of rows; pass several \
        values per row as a sequence of tuples: 'some Sequence<(String, separator: String)>'
        """
    case .aggregateSequenceElement:
      return "the sequence needs an element type: 'some Sequence<Int>'"
    case .functionNameNotLiteral:
      return "the function name must be a string literal"
    case .deterministicNotLiteral:
      return "'isDeterministic' must be 'true' or 'false'"
    }
  }

  package var severity: DiagnosticSeverity { .error }

  package var diagnosticID: MessageID {
    let id: String
    switch self {
    case .tableRequiresStruct: id = "table-requires-struct"
    case .genericTable: id = "generic-table"
    case .selectionRequiresStructOrEnum: id = "selection-requires-struct-or-enum"
    case .genericSelection: id = "generic-selection"
    case .enumCaseNeedsOneValue(_, let attribute):
      id = attribute == "Table" ? "table-case-needs-one-value" : "selection-case-needs-one-value"
    case .tableEnumWithoutCases: id = "table-enum-without-cases"
    case .enumCasePrimaryKey: id = "enum-case-primary-key"
    case .enumCaseGenerated: id = "enum-case-generated"
    case .tableNameNotLiteral: id = "table-name-not-literal"
    case .schemaNameNotLiteral: id = "schema-name-not-literal"
    case .columnNameNotLiteral: id = "column-name-not-literal"
    case .primaryKeyNotLiteral: id = "primary-key-not-literal"
    case .generatedNotLiteral: id = "generated-not-literal"
    case .cannotInferType: id = "cannot-infer-column-type"
    case .duplicateColumnName: id = "duplicate-column-name"
    case .duplicatePrimaryKey: id = "duplicate-primary-key"
    case .generatedPrimaryKey: id = "generated-primary-key"
    case .primaryKeyGroupWithoutSelection: id = "primary-key-group-without-selection"
    case .letWithInitialValue: id = "let-with-initial-value"
    case .ephemeralWithoutDefault: id = "ephemeral-without-default"
    case .unterminatedQuote: id = "sql-unterminated-quote"
    case .unmatchedCloseParenthesis: id = "sql-unmatched-close-parenthesis"
    case .unclosedOpenParenthesis: id = "sql-unclosed-open-parenthesis"
    case .bareParameter: id = "sql-bare-parameter"
    case .interpolationInsideQuotes: id = "sql-interpolation-inside-quotes"
    case .sqliteError: id = "sql-sqlite-error"
    case .functionRequiresFunction: id = "function-requires-function"
    case .genericFunction: id = "generic-function"
    case .asyncFunction: id = "async-function"
    case .instanceMethodFunction: id = "instance-method-function"
    case .inoutParameter: id = "function-inout-parameter"
    case .variadicParameter: id = "function-variadic-parameter"
    case .aggregateSequenceAlone: id = "aggregate-sequence-alone"
    case .aggregateSequenceElement: id = "aggregate-sequence-element"
    case .functionNameNotLiteral: id = "function-name-not-literal"
    case .deterministicNotLiteral: id = "deterministic-not-literal"
    }
    return MessageID(domain: "QuarryMacros", id: id)
  }
}

/// The notes attached to ``QuarryDiagnostic``s.
package enum QuarryNote: NoteMessage {
  case primaryKeyDeclaredHere(property: String)

  package var message: String {
    switch self {
    case .primaryKeyDeclaredHere(let property):
      return "'\(property)' is declared the primary key here"
    }
  }

  package var noteID: MessageID {
    switch self {
    case .primaryKeyDeclaredHere: return MessageID(domain: "QuarryMacros", id: "primary-key-here")
    }
  }
}

/// The fix-its offered with ``QuarryDiagnostic``s.
package enum QuarryFixIt: FixItMessage {
  case replaceKeyword(old: String, new: String)
  case interpolateValue(parameter: String)
  case remove(String)
  case insertStatic
  case insertSelection
  case notPrimaryKey

  package var message: String {
    switch self {
    case .remove(let text):
      return "Remove '\(text)'"
    case .insertStatic:
      return "Make it 'static'"
    case .insertSelection:
      return "Mark it '@Selection'"
    case .notPrimaryKey:
      return "Add 'primaryKey: false'"
    case .replaceKeyword(let old, let new):
      return "Replace '\(old)' with '\(new)'"
    case .interpolateValue(let parameter):
      return "Replace '\(parameter)' with an interpolated value"
    }
  }

  package var fixItID: MessageID {
    switch self {
    case .replaceKeyword: return MessageID(domain: "QuarryMacros", id: "replace-keyword")
    case .interpolateValue: return MessageID(domain: "QuarryMacros", id: "interpolate-value")
    case .remove: return MessageID(domain: "QuarryMacros", id: "remove")
    case .insertStatic: return MessageID(domain: "QuarryMacros", id: "insert-static")
    case .insertSelection: return MessageID(domain: "QuarryMacros", id: "insert-selection")
    case .notPrimaryKey: return MessageID(domain: "QuarryMacros", id: "not-primary-key")
    }
  }
}

extension FixIt {
  /// Replaces `keyword` with the keyword `replacement`, keeping its trivia, and drops the
  /// modifier `invalid` from `modifiers` if it is there (`final` can't qualify a struct).
  package static func replacing(
    _ keyword: TokenSyntax,
    with replacement: Keyword,
    removing modifiers: DeclModifierListSyntax = [],
    _ invalid: Keyword? = nil
  ) -> FixIt {
    let newKeyword = keyword.with(\.tokenKind, .keyword(replacement))
    var changes: [Change] = [.replace(oldNode: Syntax(keyword), newNode: Syntax(newKeyword))]
    if let invalid,
      let modifier = modifiers.first(where: { $0.name.tokenKind == .keyword(invalid) })
    {
      let removed = modifier.with(\.name, .keyword(invalid, presence: .missing))
        .with(\.trailingTrivia, [])
      changes.append(.replace(oldNode: Syntax(modifier), newNode: Syntax(removed)))
    }
    return FixIt(
      message: QuarryFixIt.replaceKeyword(old: keyword.text, new: newKeyword.text),
      changes: changes
    )
  }
}
