import QuarrySQLText

/// A piece of SQL with its bound values: the text uses `?` placeholders, and ``bindings`` holds
/// one value per placeholder, in order.
///
/// Build fragments by string interpolation. An interpolated value becomes a placeholder and a
/// binding; an interpolated table or column renders its quoted name; `\(raw:)` inserts text:
///
/// ```swift
/// "SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE \(Reminder.columns.id) = \(42)" as QueryFragment
/// ```
/// ```sql
/// SELECT "reminders"."title" FROM "reminders" WHERE "reminders"."id" = 42
/// ```
///
/// The SQL these examples show has the bound values written in, as ``debugDescription`` writes
/// them. The fragment itself keeps them apart: its ``sql`` ends with `"reminders"."id" = ?`,
/// and its ``bindings`` are `[.int(42)]`.
public struct QueryFragment: Hashable, Sendable {
  /// The SQL text as UTF-8 (``utf8``). The text and its values change together, one binding
  /// per placeholder, only through the `append` methods: outside Quarry both are read-only.
  @usableFromInline package var text: [UInt8]
  /// The values bound to the placeholders, in order (``bindings``).
  @usableFromInline package var values: [QueryBinding]
  /// Where each value's `?` is in ``text``, in order: a renderer that writes other
  /// placeholders (`$1`, or the value as a literal) finds them here, never by reading the SQL.
  @usableFromInline package var placeholders: [Int]
  /// The constructs SQLite and another dialect spell differently, in the order they start: the
  /// text holds SQLite's spelling, which another dialect's renderer replaces.
  @usableFromInline package var forms: [PlacedForm]
  /// Which of a table schema's pre-rendered statements this fragment is, when it is one as it
  /// was rendered: a driver keeps those prepared apart from the user's statements. Any append
  /// clears it.
  @usableFromInline package internal(set) var preRendered: PreRenderedStatement?

  /// Creates an empty fragment. (Without converting an empty string to bytes.)
  ///
  /// ```swift
  /// var fragment = QueryFragment()
  /// for column in [Reminder.columns.id, Reminder.columns.remindersListID] {
  ///   fragment.append(sql: fragment.isEmpty ? "SELECT " : ", ")
  ///   fragment.append(column)
  /// }
  /// fragment.append(sql: " FROM \"reminders\"")
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT "reminders"."id", "reminders"."remindersListID" FROM "reminders"
  /// ```
  @inlinable
  public init() {
    text = []
    values = []
    placeholders = []
    forms = []
  }

  /// Creates a fragment of SQL text without bindings.
  ///
  /// `QueryFragment(sql: "SELECT 1")` renders `SELECT 1`.
  public init(sql: String) {
    self.text = Array(sql.utf8)
    self.values = []
    self.placeholders = []
    self.forms = []
  }

  /// Creates a fragment from UTF-8 SQL text, its bindings and where their placeholders are,
  /// which the caller guarantees to match: one offset of a `?` per binding.
  @inlinable
  package init(
    utf8: [UInt8], bindings: [QueryBinding] = [], placeholders: [Int] = [],
    preRendered: PreRenderedStatement? = nil
  ) {
    self.text = utf8
    self.values = bindings
    self.placeholders = placeholders
    self.forms = []
    self.preRendered = preRendered
  }

  /// The SQL text as UTF-8, with a `?` for every bound value: what statements render into and
  /// drivers prepare. Appending bytes is much cheaper than appending to a `String`.
  @inlinable
  public var utf8: [UInt8] { text }

  /// The values bound to the placeholders, in order.
  @inlinable
  public var bindings: [QueryBinding] { values }

  /// The SQL text in SQLite's dialect, with a `?` for every bound value. (``sql(for:)`` gives
  /// another dialect's.)
  public var sql: String { String(decoding: text, as: UTF8.self) }

  /// Fragments are equal when their SQL text, bindings and dialect forms are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.text == rhs.text && lhs.values == rhs.values && lhs.forms == rhs.forms
  }

  /// Hashes the SQL text and bindings.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
    hasher.combine(values)
  }

  /// Whether the fragment holds no SQL text, no bindings and no dialect form.
  @inlinable
  public var isEmpty: Bool { text.isEmpty && values.isEmpty && forms.isEmpty }

  /// Removes the text, bindings and dialect forms; with `keepingCapacity`, keeps the storage
  /// for the next fragment written into it.
  ///
  /// ```swift
  /// var fragment: QueryFragment = "SELECT \(1)"
  /// fragment.removeAll(keepingCapacity: true)
  /// fragment.append(sql: "SELECT 2")
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT 2
  /// ```
  @inlinable
  public mutating func removeAll(keepingCapacity: Bool = false) {
    // An array already empty that keeps its storage is left as it is (most fragments have no
    // form): emptying one in place still costs a call.
    if !keepingCapacity || !text.isEmpty { text.removeAll(keepingCapacity: keepingCapacity) }
    if keepingCapacity && values.count <= 8 && placeholders.count <= 8 {
      // A statement's few values are dropped one by one: `removeAll(keepingCapacity:)` goes
      // through `replaceSubrange` and a generic destroy, which cost more than the values do.
      while !values.isEmpty { values.removeLast() }
      while !placeholders.isEmpty { placeholders.removeLast() }
    } else {
      values.removeAll(keepingCapacity: keepingCapacity)
      placeholders.removeAll(keepingCapacity: keepingCapacity)
    }
    if !keepingCapacity || !forms.isEmpty { forms.removeAll(keepingCapacity: keepingCapacity) }
    preRendered = nil
  }

  /// Makes room for `byteCount` bytes of SQL text.
  @inlinable
  public mutating func reserveCapacity(_ byteCount: Int) {
    text.reserveCapacity(byteCount)
  }

  /// Appends SQL text.
  ///
  /// ```swift
  /// var fragment: QueryFragment = "SELECT \(Reminder.columns.title) FROM \(Reminder.self)"
  /// fragment.append(sql: " LIMIT 1")
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT "reminders"."title" FROM "reminders" LIMIT 1
  /// ```
  @inlinable
  public mutating func append(sql text: String) {
    clearPreRendered()
    // Literals and native strings are contiguous UTF-8: one copy of their bytes, instead of
    // the generic, byte-by-byte append of a `String.UTF8View`.
    let appended: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
      self.text.append(contentsOf: bytes)
    }
    if appended == nil { self.text.append(contentsOf: text.utf8) }
  }

  /// Appends a literal, such as a keyword: no string to inspect, only its bytes to copy.
  @inlinable
  mutating func append(literal text: StaticString) {
    clearPreRendered()
    text.withUTF8Buffer { self.text.append(contentsOf: $0) }
  }

  /// Forgets which pre-rendered statement the fragment was, now that it changes.
  @inlinable
  mutating func clearPreRendered() {
    preRendered = nil
  }

  /// Appends one byte of SQL text.
  @inlinable
  package mutating func append(byte: UInt8) {
    clearPreRendered()
    text.append(byte)
  }

  /// Makes room for `count` bindings.
  @inlinable
  package mutating func reserveBindingCapacity(_ count: Int) {
    values.reserveCapacity(count)
    placeholders.reserveCapacity(count)
  }

  /// Appends `(?, ?), (?, ?)`: `rowCount` rows of placeholders bound to `bindings`, one row
  /// after the other.
  @usableFromInline
  package mutating func appendRows(of bindings: [QueryBinding], rowCount: Int) {
    clearPreRendered()
    let columnCount = rowCount == 0 ? 0 : bindings.count / rowCount
    text.reserveCapacity(text.count + rowCount * (columnCount * 3 + 2))
    placeholders.reserveCapacity(placeholders.count + bindings.count)
    for row in 0..<rowCount {
      if row > 0 { text.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
      text.append(UInt8(ascii: "("))
      for column in 0..<columnCount {
        if column > 0 { text.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
        placeholders.append(text.count)
        text.append(UInt8(ascii: "?"))
      }
      text.append(UInt8(ascii: ")"))
    }
    values.append(contentsOf: bindings)
  }

  /// Appends UTF-8 SQL text.
  ///
  /// ```swift
  /// var fragment: QueryFragment = "SELECT "
  /// fragment.append(utf8: Array("'café'".utf8))
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT 'café'
  /// ```
  @inlinable
  public mutating func append(utf8 bytes: [UInt8]) {
    clearPreRendered()
    text.append(contentsOf: bytes)
  }

  /// Appends a `?` placeholder bound to `binding`.
  ///
  /// ```swift
  /// var fragment: QueryFragment = "SELECT "
  /// fragment.append(binding: .text("Milk"))
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT 'Milk'
  /// ```
  @inlinable
  public mutating func append(binding: QueryBinding) {
    clearPreRendered()
    if values.capacity == 0 {
      values.reserveCapacity(4)
      placeholders.reserveCapacity(4)
    }
    placeholders.append(text.count)
    text.append(UInt8(ascii: "?"))
    values.append(binding)
  }

  /// Appends another fragment's text and bindings.
  ///
  /// ```swift
  /// var fragment: QueryFragment = "SELECT \(1)"
  /// fragment.append(" + \(2)" as QueryFragment)
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT 1 + 2
  /// ```
  @inlinable
  public mutating func append(_ other: QueryFragment) {
    clearPreRendered()
    let shift = text.count
    text.append(contentsOf: other.text)
    appendBindingsAndForms(of: other, shiftedBy: shift)
  }

  /// Appends an expression's SQL.
  ///
  /// ```swift
  /// var fragment: QueryFragment = "SELECT count(*) FROM \(Reminder.self) WHERE "
  /// fragment.append(!$0.isCompleted)
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT count(*) FROM "reminders" WHERE (NOT "reminders"."isCompleted")
  /// ```
  @inlinable
  public mutating func append(_ expression: some QueryExpression) {
    expression.write(to: &self)
  }

  /// Appends a quoted identifier: `title` is written as `"title"`.
  ///
  /// ```swift
  /// var fragment: QueryFragment = "SELECT 1 AS "
  /// fragment.append(identifier: "my \"one\"")
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT 1 AS "my ""one"""
  /// ```
  public mutating func append(identifier: String) {
    append(sql: quoteIdentifier(identifier))
  }

  /// Appends `elements` separated by `separator`.
  ///
  /// ```swift
  /// var fragment: QueryFragment = "SELECT * FROM \(Reminder.self) ORDER BY "
  /// fragment.append(["\($0.remindersListID)", "\($0.id) DESC"], separator: ", ")
  /// return fragment
  /// ```
  /// ```sql
  /// SELECT * FROM "reminders" ORDER BY "reminders"."remindersListID", "reminders"."id" DESC
  /// ```
  public mutating func append(_ elements: [QueryFragment], separator: String) {
    for (index, element) in elements.enumerated() {
      if index > 0 { append(sql: separator) }
      append(element)
    }
  }
}

/// A statement a table's ``TableSchema`` renders once for the whole process.
@usableFromInline
package enum PreRenderedStatement: Sendable {
  /// ``TableSchema/selectByPrimaryKeyUTF8``: what `find(_:)` runs.
  case selectByPrimaryKey
  /// ``TableSchema/insertRowUTF8``: a plain one-row insert.
  case insertRow
}

extension QueryFragment: ExpressibleByStringInterpolation {
  /// A fragment of SQL text without bindings.
  ///
  /// `"SELECT 2" as QueryFragment` renders `SELECT 2`.
  public init(stringLiteral value: String) {
    self.init(sql: value)
  }

  /// A fragment built by string interpolation.
  ///
  /// `"SELECT \($0.id) FROM \(Reminder.self) WHERE \($0.title) = \("Milk")" as QueryFragment`
  /// renders `SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."title" = 'Milk'`.
  public init(stringInterpolation: StringInterpolation) {
    self = stringInterpolation.fragment
  }

  /// Builds a ``QueryFragment`` from a string literal with interpolations.
  public struct StringInterpolation: StringInterpolationProtocol {
    @usableFromInline var fragment: QueryFragment

    /// Starts a fragment, with room for the literal text and a few bytes per interpolation.
    ///
    /// `"SELECT \(3) * \(4)" as QueryFragment` renders `SELECT 3 * 4`.
    public init(literalCapacity: Int, interpolationCount: Int) {
      fragment = QueryFragment()
      fragment.reserveCapacity(literalCapacity + interpolationCount * 4)
    }

    /// Appends the literal text between interpolations as it is.
    ///
    /// `"SELECT 'a' || \("b")" as QueryFragment` renders `SELECT 'a' || 'b'`.
    public mutating func appendLiteral(_ literal: String) {
      fragment.append(sql: literal)
    }

    /// Binds a value: it renders as `?`.
    ///
    /// `"SELECT \("Milk"), \(2.5)" as QueryFragment` renders `SELECT 'Milk', 2.5`, the values
    /// written in where the fragment has placeholders.
    public mutating func appendInterpolation(_ value: some QueryBindable) {
      fragment.append(binding: value.queryBinding)
    }

    /// Binds an optional value: `nil` renders as `?` bound to `NULL`.
    ///
    /// `"SELECT \(nil as Int?), \(Int?.some(1))" as QueryFragment` renders `SELECT NULL, 1`.
    public mutating func appendInterpolation<Wrapped: QueryBindable>(_ value: Wrapped?) {
      fragment.append(binding: value.queryBinding)
    }

    /// Renders an expression: a column renders its qualified quoted name, a statement its SQL
    /// in parentheses (a subquery).
    ///
    /// `"SELECT \($0.title), \(Reminder.select { $0.id.count() }) FROM \(Reminder.self)" as QueryFragment`
    /// renders `SELECT "reminders"."title", (SELECT count("reminders"."id") FROM "reminders") FROM "reminders"`.
    public mutating func appendInterpolation(_ expression: some QueryExpression) {
      expression.write(to: &fragment)
    }

    /// Renders a statement as it is, unparenthesized: `#sql("EXPLAIN \(statement: query)")`.
    ///
    /// `"EXPLAIN \(statement: Reminder.select { $0.id })" as QueryFragment` renders
    /// `EXPLAIN SELECT "reminders"."id" FROM "reminders"`.
    public mutating func appendInterpolation(statement: some Statement) {
      statement.writeStatement(to: &fragment)
    }

    /// Renders a table's quoted name.
    ///
    /// `"DELETE FROM \(Reminder.self)" as QueryFragment` renders `DELETE FROM "reminders"`.
    public mutating func appendInterpolation<T: Table>(_ table: T.Type) {
      fragment.append(sql: T.schema.quotedName)
    }

    /// Inserts SQL text as it is. Never pass user input here: it is not escaped.
    ///
    /// `"SELECT \(raw: "1 + 1")" as QueryFragment` renders `SELECT 1 + 1`.
    public mutating func appendInterpolation(raw sql: String) {
      fragment.append(sql: sql)
    }

    /// Renders a quoted identifier: `\(quote: "my table")` becomes `"my table"`.
    ///
    /// `"SELECT 1 AS \(quote: "my value")" as QueryFragment` renders `SELECT 1 AS "my value"`.
    public mutating func appendInterpolation(quote identifier: String) {
      fragment.append(identifier: identifier)
    }

    /// Binds a value already converted: it renders as `?`.
    package mutating func appendInterpolation(binding: QueryBinding) {
      fragment.append(binding: binding)
    }

    /// Appends a construct the dialects spell differently.
    package mutating func appendInterpolation(form: DialectForm) {
      fragment.append(form: form)
    }

    /// Appends a fragment's text and bindings.
    ///
    /// `"SELECT \($0.title.queryFragment) FROM \(Reminder.self)" as QueryFragment` renders
    /// `SELECT "reminders"."title" FROM "reminders"`.
    public mutating func appendInterpolation(_ other: QueryFragment) {
      fragment.append(other)
    }
  }
}

extension QueryFragment: CustomDebugStringConvertible {
  /// The SQL in SQLite's dialect with every bound value written in as an SQL literal, for
  /// reading and logging. (``inlinedSQL(for:)`` gives another dialect's.)
  public var debugDescription: String { inlinedSQL(for: .sqlite) }
}
