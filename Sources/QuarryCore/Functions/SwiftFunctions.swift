// Swift functions that SQL calls: what `@DatabaseFunction` conforms a function to. QuarryCore
// describes them; a driver that can run Swift inside the database (QuarrySQLite) registers them.

/// A Swift function SQL can call, as `@DatabaseFunction` describes it: its SQL name, how many
/// arguments it takes and whether it is deterministic.
public protocol SwiftDatabaseFunction: Sendable {
  /// The Swift type of the function's result (`Void` for none: the call gives `NULL`).
  associatedtype Output

  /// The SQL name.
  var name: String { get }
  /// The number of SQL arguments: one per value, one per column of a table argument.
  var argumentCount: Int { get }
  /// Whether the same arguments always give the same result, so SQLite may use the function in
  /// indexes and generated columns and compute it once for constant arguments.
  var isDeterministic: Bool { get }
}

/// A Swift function SQL calls once per row, as `@DatabaseFunction` declares it:
/// `@DatabaseFunction func exclaim(_ text: String) -> String { text + "!" }`. Its call, once
/// `try db.add(function: $exclaim)` registers it:
///
/// ```swift
/// Reminder.select { $exclaim($0.title) }
/// ```
/// ```sql
/// SELECT "exclaim"("reminders"."title") FROM "reminders"
/// ```
public protocol ScalarDatabaseFunction: SwiftDatabaseFunction {
  /// Decodes the arguments in order and calls the Swift function, giving its result as a
  /// binding.
  func invoke(_ arguments: inout some QueryDecoder) throws -> QueryBinding
}

/// A Swift function SQL calls once per group of rows, with the rows' values as a sequence:
/// `@DatabaseFunction func mode(_ values: some Sequence<Int?>) -> Int?`. The Swift function
/// gets the group's values together, when the group ends. Its call, once
/// `try db.add(function: $mode)` registers it:
///
/// ```swift
/// Reminder.group { $0.remindersListID }.select { $mode($0.priority) }
/// ```
/// ```sql
/// SELECT "mode"("reminders"."priority") FROM "reminders" GROUP BY "reminders"."remindersListID"
/// ```
public protocol AggregateDatabaseFunction: SwiftDatabaseFunction {
  /// One row's arguments: a value, a table, or a tuple of them.
  associatedtype Element

  /// Decodes one row's arguments.
  func step(_ arguments: inout some QueryDecoder) throws -> Element
  /// Calls the Swift function with the group's rows, giving its result as a binding.
  func invoke(_ elements: [Element]) throws -> QueryBinding
}

extension ScalarDatabaseFunction {
  /// The call `"name"(arguments…)`, which only SQLite runs: what a `$name(…)` call expands to.
  /// Call `$name(…)`, whose arguments are typed, rather than this.
  ///
  /// `$exclaim.call($0.title)` renders `"exclaim"("reminders"."title")`.
  public func call<each Argument: QueryAssignable>(
    _ arguments: repeat each Argument
  ) -> SQLQueryExpression<Output> {
    var call = QueryFragment()
    call.append(identifier: name)
    call.append(sql: "(")
    call.appendArguments(repeat each arguments)
    call.append(sql: ")")
    return SQLQueryExpression(operand: .swiftFunction(call, name))
  }
}

extension AggregateDatabaseFunction {
  /// The aggregate call `"name"(arguments…)` (`"name"(DISTINCT argument)`), which only SQLite
  /// runs: what a `$name(…)` call expands to. Call `$name(…)`, whose arguments are typed,
  /// rather than this.
  ///
  /// `$mode.call($0.priority, distinct: true)` renders `"mode"(DISTINCT "reminders"."priority")`.
  public func call<each Argument: QueryAssignable>(
    _ arguments: repeat each Argument, distinct: Bool
  ) -> AggregateFunction<Output> {
    var call = QueryFragment()
    call.append(identifier: name)
    call.append(sql: distinct ? "(DISTINCT " : "(")
    call.appendArguments(repeat each arguments)
    return AggregateFunction(call: .swiftFunction(call, name))
  }
}

extension QueryFragment {
  /// Appends each argument, comma-separated: the inside of a call or of a row value.
  package mutating func appendArguments<each Argument: QueryAssignable>(
    _ arguments: repeat each Argument
  ) {
    var isFirst = true
    for argument in repeat each arguments {
      if !isFirst { append(sql: ", ") }
      isFirst = false
      argument.write(to: &self)
    }
  }

  /// A call of a Swift function registered with SQLite: another dialect refuses it before
  /// anything is sent.
  static func swiftFunction(_ call: QueryFragment, _ name: String) -> QueryFragment {
    sqliteOnly(
      call, "The Swift function \(name)()",
      instead:
        "it runs inside SQLite connections only; define it on the server (CREATE FUNCTION) "
        + "and call it with #sql")
  }
}
