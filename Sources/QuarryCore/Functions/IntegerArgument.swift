/// An `Int` argument of a function whose parameter is a 32-bit `integer` in PostgreSQL
/// (`substr`, `round`, `ntile`, `lag`…): Quarry binds integers as `bigint`, which PostgreSQL
/// does not narrow by itself, so its form casts it: `CAST($1 AS integer)`.
public struct IntegerArgument: QueryExpression, Sendable {
  /// An `Int`.
  public typealias QueryValue = Int

  /// The value.
  public let value: Int

  /// An argument of `value`.
  public init(_ value: Int) { self.value = value }

  /// Appends `?`, which PostgreSQL renders `CAST($1 AS integer)`.
  public func write(to fragment: inout QueryFragment) {
    fragment.append(form: .integerArgument(value))
  }

  /// A number.
  public static var rendersDelimited: Bool { true }
}
