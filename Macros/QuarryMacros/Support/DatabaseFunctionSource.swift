/// The code `@DatabaseFunction` generates: a `$name` property and the struct it returns, which
/// holds the Swift function and conforms to `ScalarDatabaseFunction` or
/// `AggregateDatabaseFunction`. Everything is spelled `QuarryCore.…` so user types with the same
/// names don't interfere, and `nonisolated` so a module isolated to the main actor by default
/// can still hand it to SQLite, which calls it on the connection's thread.
extension DatabaseFunctionModel {
  func peerSource() -> [String] {
    let bareName = swiftName.filter { $0 != "`" }
    let property =
      "\(access)nonisolated \(isStatic ? "static " : "")var $\(bareName): \(typeName) "
      + "{ \(typeName)(\(reference)) }"
    let conformance =
      aggregateElement == nil
      ? "QuarryCore.ScalarDatabaseFunction" : "QuarryCore.AggregateDatabaseFunction"
    var body = ["public typealias Output = \(output)"]
    if let aggregateElement { body.append("public typealias Element = \(aggregateElement.type)") }
    let bodyType = "@Sendable (\(bodyInput)) throws -> \(output)"
    body += [
      "public let name = \(stringLiteral(sqlName))",
      "public var argumentCount: Int { \(argumentCount) }",
      "public let isDeterministic = \(isDeterministic)",
      "public let body: \(bodyType)",
      "public init(_ body: @escaping \(bodyType)) { self.body = body }",
    ]
    body += aggregateElement == nil ? scalarMembers() : aggregateMembers()
    let structSource = block("\(access)nonisolated struct \(typeName): \(conformance)", body)
    return [property, structSource.joined(separator: "\n")]
  }

  /// The body's parameter list: the arguments' types, or an array of the sequence's elements.
  private var bodyInput: String {
    if aggregateElement != nil { return "[Element]" }
    return arguments.map(\.type).joined(separator: ", ")
  }

  /// The number of SQL arguments: a table passes each of its columns.
  private var argumentCount: String {
    if arguments.isEmpty { return "0" }
    return arguments.map { "\($0.type).queryColumnCount" }.joined(separator: " + ")
  }

  private var callParameters: [String] {
    arguments.map { argument in
      let label = argument.label ?? "_"
      let parameter = label == argument.name ? label : "\(label) \(argument.name)"
      var text = "\(parameter): some QuarryCore.QueryAssignable<\(argument.type)>"
      if let defaultValue = argument.defaultValue {
        text += " = (\(defaultValue) as \(argument.type))"
      }
      return text
    }
  }

  private var decodeStatements: [String] {
    arguments.indices.map {
      "let argument\($0) = try arguments.decode(\(arguments[$0].type).self)"
    }
  }

  private func result(of call: String) -> [String] {
    output == "Void"
      ? ["try \(call)", "return .null"] : ["return try \(call).queryBinding"]
  }

  private func scalarMembers() -> [String] {
    let names = arguments.map(\.name).joined(separator: ", ")
    let values = arguments.indices.map { "argument\($0)" }.joined(separator: ", ")
    let call = block(
      "public func callAsFunction(\(callParameters.joined(separator: ", "))) "
        + "-> QuarryCore.SQLQueryExpression<\(output)>",
      ["self.call(\(names))"])
    let invoke = block(
      "public func invoke(_ arguments: inout some QuarryCore.QueryDecoder) throws "
        + "-> QuarryCore.QueryBinding",
      decodeStatements + result(of: "self.body(\(values))"))
    return call + invoke
  }

  private func aggregateMembers() -> [String] {
    let isTuple = aggregateElement?.isTuple ?? false
    var parameters = callParameters
    if !isTuple { parameters.append("distinct: Swift.Bool = false") }
    let names = arguments.map(\.name).joined(separator: ", ")
    let values = arguments.indices.map { "argument\($0)" }.joined(separator: ", ")
    let call = block(
      "public func callAsFunction(\(parameters.joined(separator: ", "))) "
        + "-> QuarryCore.AggregateFunction<\(output)>",
      ["self.call(\(names), distinct: \(isTuple ? "false" : "distinct"))"])
    let step = block(
      "public func step(_ arguments: inout some QuarryCore.QueryDecoder) throws -> Element",
      decodeStatements + [isTuple ? "return (\(values))" : "return \(values)"])
    let invoke = block(
      "public func invoke(_ elements: [Element]) throws -> QuarryCore.QueryBinding",
      result(of: "self.body(elements)"))
    return call + step + invoke
  }
}

/// `text` as a Swift string literal.
private func stringLiteral(_ text: String) -> String {
  var literal = "\""
  for character in text {
    switch character {
    case "\"": literal += "\\\""
    case "\\": literal += "\\\\"
    default: literal.append(character)
    }
  }
  return literal + "\""
}
