/// What a table's statements start from, when the table declares its own ``Table/all``: a
/// filter, and for a select its ordering, grouping and limit.
///
/// ```swift
/// @Table struct Item {
///   static let all = unscoped.where { !$0.isDeleted }.order { $0.id.desc() }
///   let id: Int
///   var isDeleted = false
/// }
/// ```
///
/// `Item.where { $0.id > 1 }` then selects `WHERE (NOT "items"."isDeleted") AND ("items"."id" >
/// 1) ORDER BY "items"."id" DESC`; `Item.unscoped` starts from every row.
public protocol TableScope<ScopedTable>: Sendable {
  /// The table the scope filters.
  associatedtype ScopedTable: Table
  /// The rows the scope keeps.
  var scopeFilter: Where<ScopedTable> { get }
  /// The clauses a select of the table starts with.
  var scopeClauses: SelectClauses { get }
}

extension Where: TableScope {
  public typealias ScopedTable = From

  /// The filter itself.
  public var scopeFilter: Where<From> { self }

  /// No clauses.
  public var scopeClauses: SelectClauses { SelectClauses() }
}

extension Select: TableScope where QueryValue == From {
  public typealias ScopedTable = From

  /// The select's filter.
  public var scopeFilter: Where<From> { filter }

  /// The select's `GROUP BY`, `HAVING`, `ORDER BY` and `LIMIT`.
  public var scopeClauses: SelectClauses { clauses }
}

extension Table {
  /// Every row of the table, without the default scope a type's own ``Table/all`` declares:
  /// what such an `all` starts from.
  ///
  /// `Reminder.unscoped.count()` renders `SELECT count(*) FROM "reminders"`.
  public static var unscoped: Where<Self> {
    var filter = Where<Self>()
    filter.skipsDefaultScope = true
    return filter
  }
}

extension Table {
  /// Every row of the table: `SELECT … FROM "reminders"`. (A type declares its own `all`, such
  /// as `static let all = unscoped.where { !$0.isDeleted }`, to give every statement that
  /// starts from the table a default scope.)
  ///
  /// `Reminder.all.count()` renders `SELECT count(*) FROM "reminders"`.
  @inlinable
  public static var all: Where<Self> { Where() }
}

/// A table's default scope: the filter and clauses of its own `all`, which `@Table` hands
/// over as ``Table/defaultScope``. (It names no table type, so that a conformance that hands
/// it over never depends on itself.)
public struct DefaultScope: Sendable {
  /// What the scope keeps; nil for no scope, which costs nothing to make or drop.
  @usableFromInline var scope: Scope?

  /// The filter and clauses of a table's own `all`.
  @usableFromInline
  struct Scope: Sendable {
    /// The predicates of the rows the scope keeps, joined with `AND`; empty for every row.
    @usableFromInline var predicates: QueryFragment
    /// Whether the scope is `none`: no row.
    @usableFromInline var keepsNoRow: Bool
    /// The clauses a select of the table starts with.
    @usableFromInline var clauses: SelectClauses
  }

  /// The scope that `scope` (a table's own `all`) describes.
  public init<Base: Table>(_ scope: some TableScope<Base>) {
    let filter = scope.scopeFilter
    self.scope = Scope(
      predicates: filter.predicates, keepsNoRow: filter.isNone, clauses: scope.scopeClauses)
  }

  /// No scope: every row.
  @inlinable
  init() {}

  /// Whether the scope keeps every row, in the table's order: no scope.
  @inlinable
  var isEmpty: Bool {
    guard let scope else { return true }
    return scope.predicates.isEmpty && !scope.keepsNoRow && scope.clauses.isEmpty
  }
}

extension Table {
  /// No default scope: every row. (`@Table` writes one from the type's own `all`.)
  @inlinable
  public static var defaultScope: DefaultScope { DefaultScope() }
}

extension Where {
  /// Applies the table's default scope, once: the scope's predicates go before this filter's,
  /// unless this filter already starts with them (an `all` written as `Self.where { … }`).
  /// Returns the scope's clauses, which a select of it starts with, or nil when it has none. A
  /// filter started from ``Table/unscoped``, or whose scope was applied, stays as it is.
  @inlinable
  mutating func applyDefaultScope() -> SelectClauses? {
    guard !skipsDefaultScope else { return nil }
    skipsDefaultScope = true
    guard let scope = From.defaultScope.scope else { return nil }
    let clauses = scope.clauses.isEmpty ? nil : scope.clauses
    guard !scope.predicates.isEmpty, !startsWith(scope.predicates) else { return clauses }
    var scopeFilter = Where(predicates: scope.predicates)
    scopeFilter.isNone = scope.keepsNoRow
    self = scopeFilter.and(self)
    skipsDefaultScope = true
    return clauses
  }

  /// The filter with the table's default scope applied (``applyDefaultScope()``).
  func withDefaultScope() -> Where<From> {
    var filter = self
    _ = filter.applyDefaultScope()
    return filter
  }

  /// Whether this filter's predicates are `prefix`, or start with it and add more with `AND`.
  @usableFromInline
  func startsWith(_ prefix: QueryFragment) -> Bool {
    let text = predicates.text
    guard text.count >= prefix.text.count, predicates.values.count >= prefix.values.count,
      text.starts(with: prefix.text), predicates.values.starts(with: prefix.values),
      predicates.forms.starts(with: prefix.forms)
    else { return false }
    return text.count == prefix.text.count
      || text[prefix.text.count...].starts(with: " AND ".utf8)
  }
}
