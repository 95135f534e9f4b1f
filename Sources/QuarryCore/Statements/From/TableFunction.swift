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

// Joins of a table-valued function's call: `Reminder.join(ColumnInfo.call("reminders")) { … }`.

extension JoinSelect {
  /// What a join of this select names, and its filter: the call of a table-valued function
  /// as it is (its filter joins the join's condition), or else the whole select as a
  /// subquery named after the table whose rows it has (its filter stays inside).
  func joinedItem<Function: Table>(_: Function.Type) -> (item: QueryFragment, filter: QueryFragment)
  {
    if let tableFunctionCall, clauses.isEmpty, !isDistinct {
      return (tableFunctionCall, predicates)
    }
    var item: QueryFragment = "(\(statement: self)) AS "
    item.append(sql: Function.schema.quotedUnqualifiedName)
    return (item, QueryFragment())
  }
}

extension Table {
  /// `FROM self JOIN "function"(…) ON …`: each row of this table with the rows of a call of a
  /// table-valued function where `on` holds.
  ///
  /// ```swift
  /// RemindersList.join(ColumnInfo.call("reminders")) { $0.title == $1.name }.select { ($0.id, $1.type) }
  /// ```
  /// ```sql
  /// SELECT "remindersLists"."id", "pragma_table_info"."type"
  /// FROM "remindersLists"
  /// JOIN "pragma_table_info"('reminders') ON ("remindersLists"."title" = "pragma_table_info"."name")
  /// ```
  public static func join<Function: Table, On: QueryExpression<Bool>>(
    _ call: JoinSelect<Function, Function.TableColumns>,
    on: (TableColumns, Function.TableColumns) -> On
  ) -> JoinSelect<(Self, Function), (TableColumns, Function.TableColumns)> {
    Select<Self, Self>().join(call, on: on)
  }
}

extension Select where QueryValue == From {
  /// Joins a call of a table-valued function after this select's clauses.
  ///
  /// ```swift
  /// RemindersList.where { $0.id > 0 }.join(ColumnInfo.call("reminders")) { $0.title == $1.name }.select { $1.name }
  /// ```
  /// ```sql
  /// SELECT "pragma_table_info"."name"
  /// FROM "remindersLists"
  /// JOIN "pragma_table_info"('reminders') ON ("remindersLists"."title" = "pragma_table_info"."name")
  /// WHERE ("remindersLists"."id" > 0)
  /// ```
  public consuming func join<Function: Table, On: QueryExpression<Bool>>(
    _ call: JoinSelect<Function, Function.TableColumns>,
    on: (From.TableColumns, Function.TableColumns) -> On
  ) -> JoinSelect<(From, Function), (From.TableColumns, Function.TableColumns)> {
    let table = JoinSelect<From, From.TableColumns>(
      columns: From.columns, selection: QueryFragment(sql: From.schema.selectionSQL),
      source: QueryFragment(sql: "\nFROM " + From.schema.quotedName), predicates: QueryFragment())
    return table.joiningCall(
      .inner, call, (From.columns, Function.columns), on(From.columns, Function.columns)
    ).following(self)
  }
}

extension Where {
  /// Joins a call of a table-valued function to the filtered rows.
  ///
  /// `RemindersList.where { $0.id > 0 }.join(ColumnInfo.call("reminders")) { $0.title == $1.name }.select { $1.name }`
  /// is the select above.
  public consuming func join<Function: Table, On: QueryExpression<Bool>>(
    _ call: JoinSelect<Function, Function.TableColumns>,
    on: (From.TableColumns, Function.TableColumns) -> On
  ) -> JoinSelect<(From, Function), (From.TableColumns, Function.TableColumns)> {
    selectAll().join(call, on: on)
  }
}

extension JoinSelect {
  /// `FROM "function"(…) JOIN "other"(…) ON …`: a call of a table-valued function (or a table's
  /// rows) joined to another call.
  ///
  /// ```swift
  /// ForeignKey.call("reminders").join(ColumnInfo.call("reminders")) { $0.from == $1.name }.select { ($0.table, $1.type) }
  /// ```
  /// ```sql
  /// SELECT "pragma_foreign_key_list"."table", "pragma_table_info"."type"
  /// FROM "pragma_foreign_key_list"('reminders')
  /// JOIN "pragma_table_info"('reminders') ON ("pragma_foreign_key_list"."from" = "pragma_table_info"."name")
  /// ```
  public consuming func join<Function: Table, On: QueryExpression<Bool>>(
    _ call: JoinSelect<Function, Function.TableColumns>,
    on: (Columns, Function.TableColumns) -> On
  ) -> JoinSelect<(QueryValue, Function), (Columns, Function.TableColumns)>
  where QueryValue: Table, Columns == QueryValue.TableColumns {
    joiningCall(.inner, call, (columns, Function.columns), on(columns, Function.columns))
  }

  /// Appends a join of `call`'s rows.
  consuming func joiningCall<Function: Table, NewValue, NewColumns>(
    _ kind: JoinKind, _ call: JoinSelect<Function, Function.TableColumns>, _ columns: NewColumns,
    _ on: some QueryExpression<Bool>
  ) -> JoinSelect<NewValue, NewColumns> {
    let joined = call.joinedItem(Function.self)
    source.appendJoin(kind, item: joined.item, on: on, filter: joined.filter)
    selection.append(sql: ", " + Function.schema.selectionSQL)
    var result = JoinSelect<NewValue, NewColumns>(
      columns: columns, selection: selection, source: source, predicates: predicates)
    result.clauses = clauses
    result.isDistinct = isDistinct
    return result
  }
}
