// Table-valued functions: a `@Table` type named like the function describes its columns, and
// `call` selects from one call of it.

extension Table {
  /// `SELECT … FROM "name"(?, ?)`: the rows of the table-valued function this type is named
  /// after, called with `arguments`. SQLite's `pragma_table_info` is one:
  ///
  /// ```swift
  /// @Table("pragma_table_info") struct ColumnInfo {
  ///   var cid: Int
  ///   var name: String
  ///   var type: String
  ///   var notnull: Bool
  ///   @Column("dflt_value") var defaultValue: String?
  ///   var pk: Int
  /// }
  /// ```
  ///
  /// ```swift
  /// ColumnInfo.call(Reminder.tableName).where { $0.pk > 0 }.select { ($0.name, $0.type) }
  /// ```
  /// ```sql
  /// SELECT "pragma_table_info"."name", "pragma_table_info"."type"
  /// FROM "pragma_table_info"('reminders')
  /// WHERE ("pragma_table_info"."pk" > 0)
  /// ```
  ///
  /// The function's name is also the name its columns are qualified with.
  ///
  /// ```swift
  /// ColumnInfo.call("reminders").where { $0.pk > 0 }.select { $0.name }
  /// ```
  /// ```sql
  /// SELECT "pragma_table_info"."name"
  /// FROM "pragma_table_info"('reminders')
  /// WHERE ("pragma_table_info"."pk" > 0)
  /// ```
  ///
  /// SQLite's `pragma_…` functions have no PostgreSQL form: a statement that calls one is
  /// refused before it is sent to PostgreSQL.
  public static func call(_ arguments: any QueryBindable...) -> JoinSelect<Self, TableColumns> {
    var call = QueryFragment(sql: schema.quotedName)
    call.append(sql: "(")
    for (index, argument) in arguments.enumerated() {
      if index > 0 { call.append(sql: ", ") }
      call.append(binding: argument.queryBinding)
    }
    call.append(sql: ")")
    if schema.name.hasPrefix("pragma_") {
      call = .sqliteOnly(
        call, "SQLite's table-valued function \(schema.name)",
        instead: "read PostgreSQL's catalog (information_schema, pg_catalog) "
          + "with #sql(…, dialect: .postgres)")
    }
    var source = QueryFragment(sql: "\nFROM ")
    source.append(call)
    var select = JoinSelect<Self, TableColumns>(
      columns: columns, selection: QueryFragment(sql: schema.selectionSQL), source: source,
      predicates: QueryFragment())
    select.tableFunctionCall = call
    return select
  }
}
