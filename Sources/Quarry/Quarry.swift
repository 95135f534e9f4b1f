@_exported import QuarryCore

#if QuarryCasePaths
  @_exported import CasePaths
#endif

/// Makes a struct (or an enum) a table: its stored properties become columns, decoded in
/// declaration order.
///
/// ```swift
/// @Table struct Reminder {  // "reminders"
///   let id: Int             // "id", the primary key
///   var title = ""          // "title"
/// }
/// ```
///
/// An enum is a table whose rows each hold one case: each case keeps its one value in its own
/// nullable column (`@Column("…")` names it, `@Column(as:)` stores it through a representation),
/// or in the columns of a `@Selection` group; the other cases' columns are `NULL`. Its columns
/// are its cases (`Post.where { $0.note != nil }`), and setting one in an update sets the other
/// cases' to `NULL`. It has no primary key, so a row inserts as it is (`Post.insert {
/// Post.note("Hi") }`), and `Post.Columns.note($0.title)` selects a row of one case.
///
/// ```swift
/// @Table enum Post {        // "posts"
///   case photo(Photo)       // a `@Selection` struct's columns
///   case note(String)       // "note"
/// }
/// ```
///
/// A table in another schema (an attached database on SQLite, a schema on PostgreSQL) names it:
/// `@Table("reminders", schema: "archive")` reads and writes `"archive"."reminders"`.
///
/// - Parameters:
///   - name: The table's name; by default the type name, lowercased and pluralized.
///   - schema: The schema the table is in, which qualifies its name in every statement; by
///     default none, so the database finds the table by its name alone.
@attached(
  extension,
  conformances: Table, PrimaryKeyedTable,
  names: named(TableColumns), named(Draft), named(PrimaryKey), named(columns), named(schema),
  named(defaultScope), named(bind(to:)), named(init(decoder:)), named(init(_:)), named(Columns)
)
public macro Table(_ name: String? = nil, schema: String? = nil) =
  #externalMacro(module: "QuarryMacros", type: "TableMacro")

/// Customizes the column a `@Table` property maps to: `@Column("is_completed")`.
///
/// - Parameters:
///   - name: The column's name; by default the property's name.
///   - representation: How the value is stored, when not as its own type:
///     `as: [String].JSONRepresentation.self`, `as: Date.UnixTimeRepresentation.self`.
///   - primaryKey: Whether the column is the primary key; by default only `id` is.
///   - generated: `.stored` or `.virtual` for a column the database computes: it is decoded but
///     never written, and not part of `Draft`.
@attached(peer)
public macro Column(
  _ name: String? = nil, as representation: (any QueryRepresentable.Type)? = nil,
  primaryKey: Bool? = nil, generated: GeneratedColumnStorage? = nil
) =
  #externalMacro(module: "QuarryMacros", type: "ColumnMacro")

/// Makes a struct or an enum a group of columns (``Selection``).
///
/// A struct can be a property of `@Table` types, which store its properties as their own
/// columns (`$0.timestamps.createdAt`), or the row type of a query:
/// `Reminder.select { Row.Columns(title: $0.title, count: $0.id.count()) }`.
///
/// An enum whose cases each hold one value keeps each case in its own nullable column (or group
/// of columns, for a `@Selection` struct); a row decodes as the case whose columns are not
/// `NULL`. Writes set the other cases' columns to `NULL`.
///
/// ```swift
/// @Table struct Attachment {
///   let id: Int
///   let kind: Kind
///   @CasePathable @Selection
///   enum Kind {
///     case link(URL)
///     case note(String)
///   }
/// }
/// ```
@attached(
  extension, conformances: Selection,
  names: named(SelectionMembers), named(selectionMembers), named(selectionColumns),
  named(selectionCases),
  named(bind(to:)), named(init(decoder:)), named(Columns)
)
public macro Selection() = #externalMacro(module: "QuarryMacros", type: "SelectionMacro")

/// Keeps a stored property of a `@Table` struct out of the table; it needs a default value.
@attached(peer)
public macro Ephemeral() = #externalMacro(module: "QuarryMacros", type: "EphemeralMacro")

/// Makes a global or static Swift function callable from SQLite: a peer `$name` value renders
/// the call and registers the function on a connection.
///
/// ```swift
/// @DatabaseFunction(isDeterministic: true)
/// func exclaim(_ text: String) -> String { text + "!" }
/// ```
///
/// Register it on each connection that calls it, `try db.add(function: $exclaim)` (for a pool
/// or a queue, in `Configuration.prepareDatabase`), then call it in queries:
///
/// ```swift
/// Reminder.where { $exclaim($0.title) == "Call mom!" }
/// ```
/// ```sql
/// SELECT "reminders"."id", "reminders"."title", "reminders"."isCompleted", "reminders"."priority", "reminders"."remindersListID"
/// FROM "reminders"
/// WHERE ("exclaim"("reminders"."title") = 'Call mom!')
/// ```
///
/// Arguments are expressions or Swift values of the parameters' types; a table parameter takes
/// a whole row (`$0`, or an alias's columns). A function with one `some Sequence<Element>`
/// parameter is an aggregate, called once per group (`$mode($0.priority, distinct: true)`);
/// a sequence of tuples takes several arguments. A function that throws fails the statement
/// with the error's message. In a module isolated to the main actor by default, declare the
/// function `nonisolated`: SQLite calls it on the connection's thread. PostgreSQL refuses the
/// call before anything is sent.
///
/// - Parameters:
///   - name: The SQL name; by default the Swift function's.
///   - isDeterministic: Whether the same arguments always give the same result, which lets
///     SQLite use the function in indexes and generated columns.
@attached(peer, names: prefixed(`$`))
public macro DatabaseFunction(_ name: String? = nil, isDeterministic: Bool = false) =
  #externalMacro(module: "QuarryMacros", type: "DatabaseFunctionMacro")

/// SQL written by hand, run as a statement: `try #sql("CREATE TABLE …").execute(db)`.
///
/// Interpolated values are bound (`\(title)` becomes `?`), tables and columns render their
/// quoted names, and `\(raw: text)` inserts text as it is. A literal's SQL is checked at compile
/// time for unterminated quotes, unbalanced parentheses and bare `?` parameters, and prepared by
/// SQLite (syntax only: a missing table or column is not an error). A comment
/// `-- quarry:unchecked` in the literal skips SQLite's check.
@freestanding(expression)
public macro sql(_ queryFragment: QueryFragment) -> SQLQueryExpression<Void> =
  #externalMacro(module: "QuarryMacros", type: "SQLMacro")

/// SQL written by hand, with a result type: `#sql("SELECT …", as: Reminder.self)` decodes rows
/// of `Reminder`; in a `where` closure, `#sql("\($0.title) LIKE 'A%'")` is a `Bool`.
@freestanding(expression)
public macro sql<QueryValue>(
  _ queryFragment: QueryFragment,
  as queryValueType: QueryValue.Type = QueryValue.self
) -> SQLQueryExpression<QueryValue> = #externalMacro(module: "QuarryMacros", type: "SQLMacro")

/// SQL written by hand in another dialect: `#sql("CREATE TABLE … (\"id\" bigint GENERATED BY
/// DEFAULT AS IDENTITY PRIMARY KEY)", dialect: .postgres)`. Only a `.sqlite` literal is checked
/// by SQLite at compile time; interpolations bind and quote as in ``sql(_:)``.
@freestanding(expression)
public macro sql(_ queryFragment: QueryFragment, dialect: SQLDialect) -> SQLQueryExpression<Void> =
  #externalMacro(module: "QuarryMacros", type: "SQLMacro")

/// SQL written by hand in another dialect, with a result type:
/// `#sql("SELECT now()::text", as: String.self, dialect: .postgres)`.
@freestanding(expression)
public macro sql<QueryValue>(
  _ queryFragment: QueryFragment,
  as queryValueType: QueryValue.Type = QueryValue.self,
  dialect: SQLDialect
) -> SQLQueryExpression<QueryValue> = #externalMacro(module: "QuarryMacros", type: "SQLMacro")
