// Predicates beyond comparison: ranges, membership, patterns, collations, CASE and CAST.

extension QueryExpression where QueryValue: QueryBindable {
  /// `expression BETWEEN ? AND ?`
  ///
  /// `$0.id.between(1, and: 3)` renders `("reminders"."id" BETWEEN 1 AND 3)`.
  public func between(_ lower: QueryValue, and upper: QueryValue) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(self) BETWEEN \(lower) AND \(upper))")
  }

  /// `expression BETWEEN ? AND ?` for a closed range: `$0.id.between(1...5)`.
  ///
  /// `$0.id.between(1...3)` renders `("reminders"."id" BETWEEN 1 AND 3)`.
  public func between(_ range: ClosedRange<QueryValue>) -> SQLQueryExpression<Bool>
  where QueryValue: Comparable {
    between(range.lowerBound, and: range.upperBound)
  }

  /// `expression IN (?, ?, …)`; an empty list is never matched.
  ///
  /// `$0.id.in([1, 2, 3])` renders `("reminders"."id" IN (1, 2, 3))`.
  public func `in`(_ values: some Sequence<QueryValue>) -> SQLQueryExpression<Bool> {
    var fragment: QueryFragment = "(\(self) IN ("
    var isFirst = true
    for value in values {
      if !isFirst { fragment.append(sql: ", ") }
      isFirst = false
      BoundValue(value).write(to: &fragment)
    }
    fragment.append(sql: "))")
    return SQLQueryExpression(operand: fragment)
  }
}

extension QueryExpression {
  /// `expression BETWEEN lower AND upper`, for expressions.
  ///
  /// `$0.id.between($0.remindersListID, and: $0.remindersListID + 10)` renders `("reminders"."id" BETWEEN "reminders"."remindersListID" AND ("reminders"."remindersListID" + 10))`.
  public func between(
    _ lower: some QueryExpression<QueryValue>, and upper: some QueryExpression<QueryValue>
  ) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(self) BETWEEN \(lower) AND \(upper))")
  }

  /// `expression IN (SELECT …)`
  ///
  /// `$0.remindersListID.in(RemindersList.select { $0.id })` renders `("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists"))`.
  public func `in`(_ subquery: some Statement<QueryValue>) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(self) IN \(subquery))")
  }

  /// `expression IN (SELECT …)` for an optional expression and a subquery of its wrapped type.
  ///
  /// `$0.priority.in(Reminder.select { $0.id })` renders `("reminders"."priority" IN (SELECT "reminders"."id" FROM "reminders"))`.
  public func `in`<Wrapped>(_ subquery: some Statement<Wrapped>) -> SQLQueryExpression<Bool>
  where QueryValue == Wrapped? {
    SQLQueryExpression(operand: "(\(self) IN \(subquery))")
  }

  /// `expression COLLATE name`: compares and orders with a collation (`.nocase`, `.rtrim`,
  /// `.binary`, or one registered on the connection).
  ///
  /// `$0.title.collate(.nocase)` renders `("reminders"."title" COLLATE NOCASE)`.
  public func collate(_ collation: Collation) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: .form(.collate(queryFragment, collation.sql)))
  }

  /// `CAST(expression AS type)`, with the SQL type of `Target` (`INTEGER`, `REAL`, `TEXT`, `BLOB`;
  /// on PostgreSQL `bigint`, `double precision`, `text`, `bytea`, `boolean`…).
  ///
  /// `$0.id.cast(as: String.self)` renders `CAST("reminders"."id" AS TEXT)`.
  public func cast<Target: QueryBindable>(as type: Target.Type) -> SQLQueryExpression<Target> {
    SQLQueryExpression(operand: "CAST(\(self) AS \(form: .typeName(SQLType(Target.self))))")
  }
}

extension QueryExpression where QueryValue: QueryOptional {
  /// `CAST(expression AS type)` of an optional expression: optional, since `NULL` casts to
  /// `NULL`. `$0.age.cast(as: String.self)` is a `String?`.
  ///
  /// `$0.priority.cast(as: Double.self)` renders `CAST("reminders"."priority" AS REAL)`.
  public func cast<Target: QueryBindable>(as type: Target.Type) -> SQLQueryExpression<Target?> {
    SQLQueryExpression(operand: "CAST(\(self) AS \(form: .typeName(SQLType(Target.self))))")
  }

  /// `CAST(expression AS type)` of an optional expression to an optional type.
  ///
  /// `$0.priority.cast(as: String?.self)` renders `CAST("reminders"."priority" AS TEXT)`.
  public func cast<Target: QueryBindable>(as type: Target?.Type) -> SQLQueryExpression<Target?> {
    SQLQueryExpression(operand: "CAST(\(self) AS \(form: .typeName(SQLType(Target.self))))")
  }
}

extension QueryExpression where QueryValue == String {
  /// `expression LIKE ?` (case-insensitive for ASCII in SQLite), with an optional escape
  /// character: `$0.title.like("50\\%%", escape: "\\")`.
  ///
  /// `$0.title.like("Call%")` renders `("reminders"."title" LIKE 'Call%')`.
  public func like(_ pattern: String, escape: Character? = nil) -> SQLQueryExpression<Bool> {
    guard let escape else { return SQLQueryExpression(operand: "(\(self) LIKE \(pattern))") }
    return SQLQueryExpression(operand: "(\(self) LIKE \(pattern) ESCAPE \(String(escape)))")
  }

  /// `expression GLOB ?` (case-sensitive, `*` and `?` wildcards).
  ///
  /// `$0.title.glob("Call*")` renders `("reminders"."title" GLOB 'Call*')`.
  public func glob(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(
      operand:
        .sqliteOnly(
          "(\(self) GLOB \(pattern))", "GLOB",
          instead: "use like(_:), or a regular expression with #sql(\"… ~ …\")"))
  }

  /// `expression MATCH ?`, for full-text search tables.
  ///
  /// ```swift
  /// ReminderText.where { $0.notes.match("milk") }.select { $0.title }
  /// ```
  /// ```sql
  /// SELECT "reminderTexts"."title"
  /// FROM "reminderTexts"
  /// WHERE ("reminderTexts"."notes" MATCH 'milk')
  /// ```
  public func match(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: .fullTextSearch("(\(self) MATCH \(pattern))"))
  }

  /// `expression ILIKE ?` on PostgreSQL, a case-insensitive `LIKE`; on SQLite, whose `LIKE`
  /// already ignores the case of ASCII letters, `expression LIKE ?`.
  ///
  /// `$0.title.ilike("call%")` renders `("reminders"."title" LIKE 'call%')` on SQLite.
  public func ilike(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(self) \(form: .caseInsensitiveLike) \(pattern))")
  }

  /// `expression LIKE '%' || ? || '%'`, with `%`, `_` and `\` in `substring` escaped.
  ///
  /// `$0.title.contains("50%")` renders `("reminders"."title" LIKE '%50\%%' ESCAPE '\')`.
  public func contains(_ substring: String) -> SQLQueryExpression<Bool> {
    var escaped = ""
    for character in substring {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return SQLQueryExpression(operand: "(\(self) LIKE \("%" + escaped + "%") ESCAPE '\\')")
  }
}

extension QueryExpression where QueryValue == String? {
  /// `expression LIKE ?`
  ///
  /// `$0.title.nullif("").like("Call%")` renders `(nullif("reminders"."title", '') LIKE 'Call%')`.
  public func like(_ pattern: String) -> SQLQueryExpression<Bool> {
    SQLQueryExpression(operand: "(\(self) LIKE \(pattern))")
  }
}

/// A collating sequence for `COLLATE`.
public struct Collation: Sendable, Hashable {
  /// The collation's SQL name, quoted when needed.
  public var sql: String

  /// A collation registered on the connection under `name`.
  public init(_ name: String) {
    sql = name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? name : "\"\(name)\""
  }

  /// Byte-by-byte comparison (SQLite's default).
  public static let binary = Collation("BINARY")
  /// Case-insensitive for ASCII letters.
  public static let nocase = Collation("NOCASE")
  /// Ignores trailing spaces.
  public static let rtrim = Collation("RTRIM")
}

/// `EXISTS (SELECT …)`
///
/// `exists(Reminder.where { $0.isCompleted }.select { $0.id })` renders `(EXISTS (SELECT "reminders"."id" FROM "reminders" WHERE "reminders"."isCompleted"))`.
public func exists(_ subquery: some Statement) -> SQLQueryExpression<Bool> {
  SQLQueryExpression(operand: "(EXISTS \(subquery))")
}

/// `CASE WHEN … THEN … ELSE … END`, built one condition at a time:
///
/// ```swift
/// Case<String>()
///   .when($0.priority == 3, then: "high")
///   .else("normal")
/// ```
/// ```sql
/// (CASE WHEN ("reminders"."priority" = 3) THEN 'high' ELSE 'normal' END)
/// ```
public struct Case<QueryValue: QueryBindable>: Sendable {
  @usableFromInline var branches = QueryFragment()

  /// Starts a `CASE` expression.
  ///
  /// `Case<Int>().when($0.isCompleted, then: 0).else(1)` renders
  /// `(CASE WHEN "reminders"."isCompleted" THEN 0 ELSE 1 END)`.
  public init() {}

  /// Adds `WHEN condition THEN ?`.
  ///
  /// `Case<String>().when($0.priority == 3, then: "high").else("normal")` renders `(CASE WHEN ("reminders"."priority" = 3) THEN 'high' ELSE 'normal' END)`.
  public func when(_ condition: some QueryExpression<Bool>, then value: QueryValue) -> Self {
    var copy = self
    copy.branches.append(" WHEN \(condition) THEN \(value)")
    return copy
  }

  /// Adds `WHEN condition THEN expression` (any expression of the type, such as a column read
  /// in an update: `then: $0.priority`).
  ///
  /// `Case<String>().when($0.isCompleted, then: $0.title.upper()).else($0.title)` renders `(CASE WHEN "reminders"."isCompleted" THEN upper("reminders"."title") ELSE "reminders"."title" END)`.
  public func when(
    _ condition: some QueryExpression<Bool>, then value: any QueryAssignable<QueryValue>
  ) -> Self {
    var copy = self
    copy.branches.append(" WHEN \(condition) THEN ")
    value.write(to: &copy.branches)
    return copy
  }

  /// Ends with `ELSE ? END`.
  ///
  /// `Case<String>().when($0.priority == 3, then: "high").else("normal")` renders `(CASE WHEN ("reminders"."priority" = 3) THEN 'high' ELSE 'normal' END)`.
  public func `else`(_ value: QueryValue) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(operand: "(CASE\(branches) ELSE \(value) END)")
  }

  /// Ends with `ELSE expression END` (any expression of the type, such as a column read in an
  /// update: `.else($0.priority)`).
  ///
  /// `Case<String>().when($0.isCompleted, then: "done").else($0.title)` renders `(CASE WHEN "reminders"."isCompleted" THEN 'done' ELSE "reminders"."title" END)`.
  public func `else`(_ value: any QueryAssignable<QueryValue>) -> SQLQueryExpression<QueryValue> {
    var fragment = QueryFragment(sql: "(CASE")
    fragment.append(branches)
    fragment.append(sql: " ELSE ")
    value.write(to: &fragment)
    fragment.append(sql: " END)")
    return SQLQueryExpression(operand: fragment)
  }

  /// Ends with `END`: rows matching no branch give `NULL`.
  ///
  /// `Case<String>().when($0.priority == 3, then: "high").end()` renders `(CASE WHEN ("reminders"."priority" = 3) THEN 'high' END)`.
  public func end() -> SQLQueryExpression<QueryValue?> {
    SQLQueryExpression(operand: "(CASE\(branches) END)")
  }
}

/// Range membership, `BETWEEN`: `1...5 ~= $0.id`.
///
/// `1...3 ~= $0.id` renders `("reminders"."id" BETWEEN 1 AND 3)`.
public func ~= <Expression: QueryExpression>(
  range: ClosedRange<Expression.QueryValue>, expression: Expression
) -> SQLQueryExpression<Bool> where Expression.QueryValue: QueryBindable & Comparable {
  expression.between(range)
}

/// `expression BETWEEN ? AND ?` for an optional expression: `25...30 ~= $0.age`.
///
/// `1...3 ~= $0.priority` renders `("reminders"."priority" BETWEEN 1 AND 3)`.
public func ~= <Expression: QueryExpression, Wrapped: QueryBindable & Comparable>(
  range: ClosedRange<Wrapped>, expression: Expression
) -> SQLQueryExpression<Bool> where Expression.QueryValue == Wrapped? {
  SQLQueryExpression(operand: "(\(expression) BETWEEN \(range.lowerBound) AND \(range.upperBound))")
}

extension Statement {
  /// The statement as a scalar subquery: `(SELECT …)`, the first column of its first row.
  ///
  /// `Reminder.count().subquery()` renders `(SELECT count(*) FROM "reminders")`.
  public func subquery() -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(rendering: self)
  }
}
