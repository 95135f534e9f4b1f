/// A stand-in that stores a Swift type in another form: `Date` as Unix time, `UUID` as 16
/// bytes, any `Codable` value as JSON text.
///
/// Name it in `@Column(as:)`; the property keeps its Swift type:
///
/// ```swift
/// @Column(as: [String].JSONRepresentation.self)
/// var notes: [String]
/// ```
public protocol QueryRepresentable<QueryOutput>: QueryBindable {
  /// The Swift type represented.
  associatedtype QueryOutput

  /// Wraps a Swift value.
  init(queryOutput: QueryOutput)

  /// The Swift value.
  var queryOutput: QueryOutput { get }
}

extension Optional: QueryRepresentable where Wrapped: QueryRepresentable {
  /// `nil`, or the wrapped representation's value.
  public init(queryOutput: Wrapped.QueryOutput?) {
    self = queryOutput.map(Wrapped.init(queryOutput:))
  }

  /// `nil`, or the wrapped representation's value.
  public var queryOutput: Wrapped.QueryOutput? { self?.queryOutput }
}
