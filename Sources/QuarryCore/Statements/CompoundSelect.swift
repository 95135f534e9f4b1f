/// Two selects combined by `UNION`, `UNION ALL`, `INTERSECT` or `EXCEPT`.
public struct CompoundSelect<QueryValue>: Statement, Sendable {
  /// The combined SQL.
  public var fragment: QueryFragment

  @inlinable
  init(_ lhs: some Statement, _ operator: String, _ rhs: some Statement) {
    fragment = "\(lhs)\n\(raw: `operator`)\n\(rhs)"
  }

  @inlinable
  public func write(to fragment: inout QueryFragment) {
    fragment.append(self.fragment)
  }
}

extension Statement {
  /// Rows of either select, without duplicates: `… UNION …`.
  @inlinable
  public func union(_ other: some Statement<QueryValue>) -> CompoundSelect<QueryValue> {
    CompoundSelect(self, "UNION", other)
  }

  /// Rows of both selects, duplicates kept: `… UNION ALL …`.
  @inlinable
  public func unionAll(_ other: some Statement<QueryValue>) -> CompoundSelect<QueryValue> {
    CompoundSelect(self, "UNION ALL", other)
  }

  /// Rows found in both selects: `… INTERSECT …`.
  @inlinable
  public func intersect(_ other: some Statement<QueryValue>) -> CompoundSelect<QueryValue> {
    CompoundSelect(self, "INTERSECT", other)
  }

  /// Rows of this select not found in the other: `… EXCEPT …`.
  @inlinable
  public func except(_ other: some Statement<QueryValue>) -> CompoundSelect<QueryValue> {
    CompoundSelect(self, "EXCEPT", other)
  }
}
