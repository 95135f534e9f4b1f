/// Receives a statement's values one by one, in placeholder order.
///
/// A driver implements it to bind a row's values straight into a prepared statement, with no
/// intermediate array: see ``WritableRow/bind(to:)``. It is a class protocol, so that rows
/// call it through one witness table whatever the driver, with no generic specialization.
public protocol QueryBinder: AnyObject {
  /// Takes the value of the next placeholder.
  func bind(_ binding: QueryBinding) throws

  /// Takes text for the next placeholder, borrowed for the call.
  func bind(text: String) throws
}

extension QueryBinder {
  /// Takes the text as a ``QueryBinding``.
  @inlinable
  public func bind(text: String) throws {
    try bind(.text(text))
  }
}

/// Collects values into an array: how ``WritableRow/queryBindings`` and
/// ``Selection/queryBindings`` are derived from `bind(to:)`.
@usableFromInline
final class QueryBindingCollector: QueryBinder {
  @usableFromInline var bindings: [QueryBinding] = []

  @inlinable
  init() {}

  @inlinable
  func bind(_ binding: QueryBinding) { bindings.append(binding) }

  /// The values `bind` hands to a binder, in order.
  ///
  /// A collector never throws, and `bind(to:)` implementations only rethrow what their binder
  /// throws, so the values are always complete.
  @inlinable
  static func collect(_ bind: (QueryBindingCollector) throws -> Void) -> [QueryBinding] {
    let collector = QueryBindingCollector()
    try? bind(collector)
    return collector.bindings
  }
}
