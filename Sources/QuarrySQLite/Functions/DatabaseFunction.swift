import CSQLite
import QuarryCore

/// A Swift function that SQL can call, with typed arguments and result.
///
/// ```swift
/// let hasPrefix = DatabaseFunction("has_prefix", deterministic: true) {
///   (text: String, prefix: String) in text.hasPrefix(prefix)
/// }
/// try db.add(function: hasPrefix)
/// Reminder.where { hasPrefix($0.title, BoundValue("Buy")) }
/// // WHERE has_prefix("reminders"."title", ?)
/// ```
///
/// Register it on every connection that runs it (for a pool, in
/// ``Configuration/prepareDatabase``). A `NULL` argument for a non-optional input fails the
/// statement; so does an error the body throws.
public struct DatabaseFunction<each Input, Output>: Sendable {
  /// The SQL name.
  public let name: String
  let definition: FunctionDefinition

  /// A scalar function whose arguments decode as `Input` and whose result binds as `Output`.
  /// Deterministic functions (same arguments, same result) can be used in indexes and are
  /// optimized better.
  public init(
    _ name: String, deterministic: Bool = false,
    _ body: @escaping @Sendable (repeat each Input) throws -> Output
  ) where repeat each Input: QueryDecodable, Output: QueryBindable {
    self.name = name
    definition = FunctionDefinition(
      name: name, argumentCount: countPack(repeat (each Input).self),
      isDeterministic: deterministic,
      kind: .scalar { arguments in
        var decoder = ArgumentDecoder(arguments: arguments)
        let values = (repeat try (each Input)(decoder: &decoder))
        return try body(repeat each values).queryBinding
      })
  }

  /// The call `name(arguments…)`, typed by the function's result. Wrap Swift values in
  /// `BoundValue`.
  ///
  /// `hasPrefix($0.title, BoundValue("Call"))` renders `has_prefix("reminders"."title", 'Call')`.
  public func callAsFunction<each Argument: QueryExpression>(
    _ arguments: repeat each Argument
  ) -> SQLQueryExpression<Output> where repeat (each Argument).QueryValue == each Input {
    SQLQueryExpression(operand: renderCall(name, repeat each arguments))
  }
}

/// A Swift function that SQL can call with any number of arguments of any type, received as
/// `QueryBinding` values.
///
/// ```swift
/// let joined = VariadicDatabaseFunction("joined") { (values: [QueryBinding]) -> String in
///   values.map(\.sqlLiteral).joined(separator: "|")
/// }
/// ```
public struct VariadicDatabaseFunction<Output>: Sendable {
  /// The SQL name.
  public let name: String
  let definition: FunctionDefinition

  /// A scalar function taking `argumentCount` arguments, or any number when nil.
  public init(
    _ name: String, argumentCount: Int? = nil, deterministic: Bool = false,
    _ body: @escaping @Sendable ([QueryBinding]) throws -> Output
  ) where Output: QueryBindable {
    self.name = name
    definition = FunctionDefinition(
      name: name, argumentCount: argumentCount.map(Int32.init) ?? -1,
      isDeterministic: deterministic,
      kind: .scalar { arguments in try body(arguments.map(queryBinding(of:))).queryBinding })
  }

  /// The call `name(arguments…)`.
  ///
  /// `joined($0.id, $0.title)` renders `joined("reminders"."id", "reminders"."title")`.
  public func callAsFunction<each Argument: QueryExpression>(
    _ arguments: repeat each Argument
  ) -> SQLQueryExpression<Output> {
    SQLQueryExpression(operand: renderCall(name, repeat each arguments))
  }
}

/// The running state of a custom aggregate function: one value per group of rows.
///
/// ```swift
/// struct Product: DatabaseAggregate {
///   var result = 1
///   mutating func step(_ arguments: [QueryBinding]) throws {
///     if case .int(let value) = arguments[0] { result *= Int(value) }
///   }
///   func finalize() -> Int { result }
/// }
/// ```
public protocol DatabaseAggregate {
  /// The result type.
  associatedtype Output: QueryBindable
  /// A fresh state, before any row.
  init()
  /// Adds one row's arguments.
  mutating func step(_ arguments: [QueryBinding]) throws
  /// The result for the rows added so far.
  func finalize() throws -> Output
}

/// A custom aggregate function, such as `product(x)`, computed by a ``DatabaseAggregate``.
public struct DatabaseAggregateFunction<Aggregate: DatabaseAggregate>: Sendable {
  /// The SQL name.
  public let name: String
  let definition: FunctionDefinition

  /// An aggregate taking `argumentCount` arguments, or any number when nil.
  public init(
    _ name: String, argumentCount: Int? = 1, deterministic: Bool = false,
    _ aggregate: Aggregate.Type = Aggregate.self
  ) {
    self.name = name
    definition = FunctionDefinition(
      name: name, argumentCount: argumentCount.map(Int32.init) ?? -1,
      isDeterministic: deterministic, kind: .aggregate { AggregateRun<Aggregate>() })
  }

  /// The call `name(arguments…)`.
  ///
  /// `product($0.id)` renders `product("reminders"."id")`.
  public func callAsFunction<each Argument: QueryExpression>(
    _ arguments: repeat each Argument
  ) -> SQLQueryExpression<Aggregate.Output> {
    SQLQueryExpression(operand: renderCall(name, repeat each arguments))
  }
}

extension Database {
  /// Makes a function callable from SQL on this connection (replacing one with the same name
  /// and argument count).
  public func add<each Input, Output>(function: DatabaseFunction<repeat each Input, Output>)
    throws
  {
    try register(function.definition)
  }

  /// Makes a variadic function callable from SQL on this connection.
  public func add<Output>(function: VariadicDatabaseFunction<Output>) throws {
    try register(function.definition)
  }

  /// Makes an aggregate function callable from SQL on this connection.
  public func add<Aggregate>(function: DatabaseAggregateFunction<Aggregate>) throws {
    try register(function.definition)
  }
}

func countPack<each T>(_ types: repeat (each T).Type) -> Int32 {
  var count: Int32 = 0
  for _ in repeat each types { count += 1 }
  return count
}

func renderCall<each Argument: QueryExpression>(
  _ name: String, _ arguments: repeat each Argument
) -> QueryFragment {
  var fragment = QueryFragment(sql: name)
  fragment.append(sql: "(")
  fragment.appendArguments(repeat each arguments)
  fragment.append(sql: ")")
  return fragment
}
