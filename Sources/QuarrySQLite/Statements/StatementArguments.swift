import CSQLite
import QuarryCore

/// The values bound to a raw SQL statement: positional ones for `?` placeholders, named ones
/// for `:name`, `@name` and `$name`.
///
/// ```swift
/// try db.execute(sql: "INSERT INTO t (a, b) VALUES (?, ?)", arguments: [1, "one"])
/// try db.execute(sql: "INSERT INTO t (a, b) VALUES (:a, :b)", arguments: ["a": 2, "b": nil])
/// ```
public struct StatementArguments: Hashable, Sendable {
  /// The values for `?` placeholders, in order.
  public var positional: [QueryBinding]
  /// The values for named parameters, keyed by name without its `:`, `@` or `$` prefix.
  public var named: [String: QueryBinding]

  /// Arguments for positional placeholders.
  public init(_ positional: [QueryBinding] = []) {
    self.positional = positional
    self.named = [:]
  }

  /// Arguments for named parameters (keys without their prefix).
  public init(named: [String: QueryBinding]) {
    self.positional = []
    self.named = named
  }

  /// Whether there are no arguments at all.
  public var isEmpty: Bool { positional.isEmpty && named.isEmpty }

  /// Every argument, positional first, for error reports.
  var all: [QueryBinding] {
    positional + named.sorted { $0.key < $1.key }.map(\.value)
  }
}

extension StatementArguments: ExpressibleByArrayLiteral {
  /// Positional arguments: `[1, "one", nil]`.
  public init(arrayLiteral elements: (any QueryBindable)?...) {
    self.init(elements.map { $0?.queryBinding ?? .null })
  }
}

extension StatementArguments: ExpressibleByDictionaryLiteral {
  /// Named arguments: `["name": "Arthur", "age": 36]`.
  public init(dictionaryLiteral elements: (String, (any QueryBindable)?)...) {
    var named: [String: QueryBinding] = [:]
    for (name, value) in elements { named[name] = value?.queryBinding ?? .null }
    self.init(named: named)
  }
}

extension PreparedStatement {
  /// Binds arguments, taking positional values from `arguments.positional[position...]` and
  /// advancing `position` past the ones used.
  func bind(_ arguments: StatementArguments, position: inout Int) throws {
    let count = sqlite3_bind_parameter_count(handle)
    guard count > 0 else { return }
    sqlite3_clear_bindings(handle)
    for index in 1...count {
      let binding: QueryBinding
      if let name = sqlite3_bind_parameter_name(handle, index).map({ String(cString: $0) }),
        !name.hasPrefix("?")
      {
        guard let value = arguments.named[String(name.dropFirst())] ?? arguments.named[name] else {
          throw DatabaseError(
            resultCode: SQLITE_MISUSE, message: "no value for the parameter \(name)", sql: sql,
            arguments: arguments.all, showsArguments: showsArgumentsInErrors)
        }
        binding = value
      } else {
        guard position < arguments.positional.count else {
          throw DatabaseError(
            resultCode: SQLITE_MISUSE,
            message: "the statement needs more than the \(arguments.positional.count) values given",
            sql: sql, arguments: arguments.all, showsArguments: showsArgumentsInErrors)
        }
        binding = arguments.positional[position]
        position += 1
      }
      try bind(binding, at: index, reporting: arguments.all)
    }
  }

  /// Binds all arguments, failing when positional values are left over.
  func bind(_ arguments: StatementArguments) throws {
    var position = 0
    try bind(arguments, position: &position)
    guard position == arguments.positional.count else {
      throw DatabaseError(
        resultCode: SQLITE_MISUSE,
        message:
          "the statement has \(position) positional parameters but \(arguments.positional.count) values were given",
        sql: sql, arguments: arguments.all, showsArguments: showsArgumentsInErrors)
    }
  }
}
