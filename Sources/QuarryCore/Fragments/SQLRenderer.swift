/// How a rendered statement writes its bound values.
public enum PlaceholderStyle: Sendable, Hashable {
  /// `?`: SQLite's parameters, bound in order.
  case question
  /// `$1`, `$2`, …: PostgreSQL's numbered parameters.
  case numbered
  /// Each value written in as an SQL literal, with no binding left: for logs, and for the
  /// places that take no parameters (view and trigger definitions).
  case literal
}

/// Renders fragments for one dialect and placeholder style: the one place a statement becomes
/// the SQL a database runs. It walks a fragment's text, its placeholders and its dialect forms
/// (structure the fragment kept), never reading the SQL itself.
package struct SQLRenderer {
  /// The dialect rendered.
  package let dialect: SQLDialect
  /// How bound values are written.
  package var placeholderStyle: PlaceholderStyle
  /// How the statement's own values are written, outside any part written with literals: an
  /// invalid value (a refusal) stays a binding there, so that it still fails before anything
  /// is sent.
  package let statementPlaceholderStyle: PlaceholderStyle
  /// The SQL rendered so far.
  package var utf8: [UInt8] = []
  /// The values bound so far, in order.
  package var bindings: [QueryBinding] = []
  /// Where each binding's `?` is in ``utf8`` (for the `?` style).
  package var placeholders: [Int] = []

  /// A renderer for `dialect`, writing placeholders in `style`.
  package init(dialect: SQLDialect, placeholders style: PlaceholderStyle) {
    self.dialect = dialect
    self.placeholderStyle = style
    self.statementPlaceholderStyle = style
  }

  /// Appends SQL text.
  package mutating func append(sql: String) {
    utf8.append(contentsOf: sql.utf8)
  }

  /// Appends a bound value, written as the placeholder style says.
  package mutating func append(binding: QueryBinding) {
    var style = placeholderStyle
    if case .invalid = binding { style = statementPlaceholderStyle }
    switch style {
    case .question:
      placeholders.append(utf8.count)
      utf8.append(UInt8(ascii: "?"))
      bindings.append(binding)
    case .numbered:
      bindings.append(binding)
      utf8.append(UInt8(ascii: "$"))
      utf8.append(contentsOf: String(bindings.count).utf8)
    case .literal:
      let literal = binding.sqlLiteral(for: dialect)
      // A negative number right after a `-` (`(-?)`, `1-?`) would make `--`, which starts a
      // comment: a space keeps them two tokens.
      if literal.utf8.first == UInt8(ascii: "-"), utf8.last == UInt8(ascii: "-") {
        utf8.append(UInt8(ascii: " "))
      }
      utf8.append(contentsOf: literal.utf8)
    }
  }

  /// Appends a value the dialect has no form of: it binds an invalid value, so that running
  /// the statement fails with the message before anything reaches the database.
  package mutating func refuse(_ feature: String, instead alternative: String) {
    append(.refusal(feature, instead: alternative, in: dialect))
  }

  /// Appends a fragment rendered in the dialect.
  package mutating func append(_ fragment: QueryFragment) {
    if dialect == .sqlite, placeholderStyle == .question {
      // The text is SQLite's spelling already.
      let shift = utf8.count
      utf8.append(contentsOf: fragment.text)
      for offset in fragment.placeholders { placeholders.append(offset + shift) }
      bindings.append(contentsOf: fragment.values)
      return
    }
    // SQLite's spelling stays; another dialect replaces each outermost form with its own.
    let forms = dialect == .sqlite ? [] : fragment.forms
    let text = fragment.text
    var position = 0
    var placeholder = 0
    var form = 0
    while true {
      let nextForm = form < forms.count ? forms[form].range.lowerBound : Int.max
      let nextPlaceholder =
        placeholder < fragment.placeholders.count ? fragment.placeholders[placeholder] : Int.max
      let stop = Swift.min(nextForm, nextPlaceholder, text.count)
      if stop > position { utf8.append(contentsOf: text[position..<stop]) }
      position = stop
      if nextForm == position {
        let placed = forms[form]
        dialect.render(placed.form, into: &self)
        position = placed.range.upperBound
        form += 1 + placed.nestedCount
        while placeholder < fragment.placeholders.count,
          fragment.placeholders[placeholder] < position
        {
          placeholder += 1
        }
      } else if nextPlaceholder == position {
        append(binding: fragment.values[placeholder])
        placeholder += 1
        position += 1
      } else {
        break
      }
    }
  }

  /// Appends a fragment with its values written in as literals, whatever the style.
  package mutating func appendInlined(_ fragment: QueryFragment) {
    let style = placeholderStyle
    placeholderStyle = .literal
    append(fragment)
    placeholderStyle = style
  }

  /// What was rendered, as a fragment (for the `?` style: it keeps its placeholders).
  package var fragment: QueryFragment {
    QueryFragment(utf8: utf8, bindings: bindings, placeholders: placeholders)
  }
}

extension QueryFragment {
  /// A value `dialect` has no form of, bound as an invalid value: running the statement fails
  /// with "`feature` has no … form: `alternative`" before anything reaches the database.
  package static func refusal(
    _ feature: String, instead alternative: String, in dialect: SQLDialect
  ) -> QueryFragment {
    var fragment = QueryFragment()
    fragment.append(
      binding: .invalid(
        QueryBindingError("\(feature) has no \(dialect.displayName) form: \(alternative)")))
    return fragment
  }

  /// The fragment rendered for `dialect`, with `?` placeholders: SQLite's is the fragment as
  /// it is.
  package func rendered(for dialect: SQLDialect) -> QueryFragment {
    if dialect == .sqlite { return self }
    var renderer = SQLRenderer(dialect: dialect, placeholders: .question)
    renderer.append(self)
    return renderer.fragment
  }

  /// The SQL as `dialect`'s driver sends it: `?` placeholders for SQLite, `$1`, `$2`, … for
  /// PostgreSQL.
  ///
  /// `("SELECT \(1) + \(2)" as QueryFragment).sql(for: .postgres)` is `SELECT $1 + $2`.
  public func sql(for dialect: SQLDialect) -> String {
    if dialect == .sqlite { return sql }
    var renderer = SQLRenderer(dialect: dialect, placeholders: .numbered)
    renderer.append(self)
    return String(decoding: renderer.utf8, as: UTF8.self)
  }

  /// The SQL in `dialect` with every bound value written in as an SQL literal, for reading
  /// and logging.
  ///
  /// `("SELECT \(true)" as QueryFragment).inlinedSQL(for: .postgres)` is `SELECT TRUE`.
  public func inlinedSQL(for dialect: SQLDialect) -> String {
    var renderer = SQLRenderer(dialect: dialect, placeholders: .literal)
    renderer.append(self)
    return String(decoding: renderer.utf8, as: UTF8.self)
  }

  /// The fragment with every bound value written into the SQL as a literal, for the places
  /// that take no parameters: view and trigger definitions. The values are written in when
  /// the statement renders, in its database's dialect.
  ///
  /// `("SELECT \("it's") AS \(quote: "text")" as QueryFragment).inlined` renders
  /// `SELECT 'it''s' AS "text"`, with no binding left.
  public var inlined: QueryFragment {
    .form(.inlined(self))
  }
}

extension Statement {
  /// The statement's SQL as `dialect`'s driver sends it: `?` placeholders for SQLite,
  /// `$1`, `$2`, … for PostgreSQL. The statement renders the same whenever and wherever it
  /// was built.
  ///
  /// `Reminder.where { $0.title.ilike("milk%") }.sql(for: .postgres)` ends with
  /// `WHERE ("reminders"."title" ILIKE $1)`.
  public func sql(for dialect: SQLDialect) -> String {
    query.sql(for: dialect)
  }
}
