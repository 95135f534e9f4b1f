/// The rows of an insert, full rows or drafts, kept as they were given so that a driver binds
/// their values straight into a prepared statement (``bind(to:)``), with no array of bindings.
///
/// `@unchecked Sendable`: the rows are never mutated, only read to bind or render their values,
/// which `@Table` makes values of `QueryBindable` column types.
@usableFromInline
package struct InsertRows: @unchecked Sendable {
  @usableFromInline let storage: any InsertRowStorage

  /// The number of rows.
  @usableFromInline package let count: Int

  /// Keeps `rows`.
  @inlinable
  package init<Row: WritableRow>(_ rows: [Row]) {
    storage = RowArray(rows)
    count = rows.count
  }

  /// Keeps the rows a builder collected; a single row is kept without an array.
  @inlinable
  package init<Row: WritableRow>(_ values: InsertValues<Row>) {
    switch values {
    case .one(let row):
      storage = SingleRow(row)
      count = 1
    case .many(let rows):
      storage = RowArray(rows)
      count = rows.count
    case .mixed(let rows):
      storage = MixedRows(rows)
      count = rows.count
    }
  }

  /// Hands every value of every row to `binder`, in placeholder order.
  @inlinable
  package func bind(to binder: any QueryBinder) throws {
    try storage.bind(to: binder)
  }

  /// Every value of every row, in placeholder order.
  @inlinable
  package var queryBindings: [QueryBinding] {
    QueryBindingCollector.collect { try storage.bind(to: $0) }
  }
}

/// The rows behind ``InsertRows``: an existential keeps the row type out of `Insert`'s. A class,
/// so that copying and destroying an insert is one reference count operation, whatever the row.
@usableFromInline
protocol InsertRowStorage: AnyObject {
  func bind(to binder: any QueryBinder) throws
}

/// One row as ``InsertRowStorage``: the common one-row insert allocates this box and nothing
/// else.
@usableFromInline
final class SingleRow<Row: WritableRow>: InsertRowStorage {
  @usableFromInline let row: Row

  @inlinable
  init(_ row: Row) { self.row = row }

  @inlinable
  func bind(to binder: any QueryBinder) throws {
    // A protocol requirement: this generic code calls the row type's own binding code.
    try row.bind(to: binder)
  }
}

/// An array of rows as ``InsertRowStorage``.
@usableFromInline
final class RowArray<Row: WritableRow>: InsertRowStorage {
  @usableFromInline let rows: [Row]

  @inlinable
  init(_ rows: [Row]) { self.rows = rows }

  @inlinable
  func bind(to binder: any QueryBinder) throws {
    // A protocol requirement: this generic code calls the row type's own specialized loop.
    try Row.bind(rows: rows, to: binder)
  }
}

/// Rows of more than one type (full rows beside drafts) as ``InsertRowStorage``: each binds the
/// table's writable columns, so they share the one-row-at-a-time insert text.
@usableFromInline
final class MixedRows<Row: WritableRow>: InsertRowStorage {
  @usableFromInline let rows: [InsertRow<Row>]

  @inlinable
  init(_ rows: [InsertRow<Row>]) { self.rows = rows }

  @inlinable
  func bind(to binder: any QueryBinder) throws {
    for row in rows {
      switch row {
      case .value(let row): try row.bind(to: binder)
      case .row(let row): try row.bind(to: binder)
      case .expressions:
        // Only a row of chosen columns holds expressions; a whole row never does.
        preconditionFailure("a row of expressions among whole rows")
      }
    }
  }
}
