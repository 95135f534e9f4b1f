import QuarryCore

extension Database {
  /// Makes a `@DatabaseFunction` function callable from SQL on this connection (replacing one
  /// with the same name and argument count): `try db.add(function: $exclaim)`.
  ///
  /// Register it on every connection that runs it: for a pool or a queue, in
  /// ``Configuration/prepareDatabase``. A `NULL` argument for a non-optional parameter fails the
  /// statement, and so does an error the function throws, with its message.
  public func add(function: some ScalarDatabaseFunction) throws {
    try register(
      FunctionDefinition(
        name: function.name, argumentCount: Int32(function.argumentCount),
        isDeterministic: function.isDeterministic,
        kind: .scalar { arguments in
          var decoder = ArgumentDecoder(arguments: arguments)
          return try function.invoke(&decoder)
        }))
  }

  /// Makes a `@DatabaseFunction` aggregate callable from SQL on this connection:
  /// `try db.add(function: $mode)`. Each group's rows are decoded as SQLite steps through them
  /// and handed to the Swift function together when the group ends.
  public func add<Function: AggregateDatabaseFunction>(function: Function) throws {
    try register(
      FunctionDefinition(
        name: function.name, argumentCount: Int32(function.argumentCount),
        isDeterministic: function.isDeterministic,
        kind: .aggregate { CollectedAggregateRun(function) }))
  }
}

/// One group of a `@DatabaseFunction` aggregate: the decoded rows, collected until the group
/// ends.
final class CollectedAggregateRun<Function: AggregateDatabaseFunction>: AggregateRunner {
  let function: Function
  var elements: [Function.Element] = []

  init(_ function: Function) { self.function = function }

  func step(_ arguments: [OpaquePointer]) throws {
    var decoder = ArgumentDecoder(arguments: arguments)
    elements.append(try function.step(&decoder))
  }

  func finalize() throws -> QueryBinding { try function.invoke(elements) }
}
