/// A Swift value that can be bound to a statement parameter and decoded from a column.
///
/// Integers, floating point numbers, `Bool`, `String`, bytes, `Date`, `UUID`, optionals and
/// raw-representable enums conform out of the box. Conform your own enums by declaring it:
///
/// ```swift
/// enum Priority: Int, QueryBindable { case low, medium, high }
/// ```
public protocol QueryBindable: QueryDecodable, QueryAssignable where QueryValue == Self {
  /// The type this one compares with in SQL: itself, or the wrapped type of an optional, so a
  /// foreign key `Int?` can be compared with the `Int` key it references.
  associatedtype ComparableValue = Self

  /// The value as SQLite stores it.
  var queryBinding: QueryBinding { get }

  /// Hands ``queryBinding`` to `binder`. (`String` hands itself over as text, without making a
  /// `QueryBinding` that holds a copy.)
  func bind(to binder: any QueryBinder) throws
}

extension QueryBindable {
  /// Hands ``queryBinding`` to `binder`.
  @inlinable
  public func bind(to binder: any QueryBinder) throws {
    try binder.bind(queryBinding)
  }

  /// Writes the value as a bound `?`.
  @inlinable
  public func write(to fragment: inout QueryFragment) {
    fragment.append(binding: queryBinding)
  }

  /// A placeholder.
  @inlinable
  public static var rendersDelimited: Bool { true }
}

// MARK: Integers

extension Int: QueryBindable {
  @inlinable public var queryBinding: QueryBinding { .int(Int64(self)) }
  @inlinable public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decode(Int.self)
  }
}

extension Int64: QueryBindable {
  @inlinable public var queryBinding: QueryBinding { .int(self) }
  @inlinable public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decode(Int64.self)
  }
}

extension Int8: QueryBindable {}
extension Int16: QueryBindable {}
extension Int32: QueryBindable {}
extension UInt8: QueryBindable {}
extension UInt16: QueryBindable {}
extension UInt32: QueryBindable {}
extension UInt64: QueryBindable {}
extension UInt: QueryBindable {}

extension QueryBindable where Self: FixedWidthInteger {
  /// The integer as a 64-bit SQLite integer, or an invalid binding when it does not fit.
  @inlinable
  public var queryBinding: QueryBinding {
    guard let value = Int64(exactly: self) else {
      return .invalid(
        QueryBindingError("\(Self.self) value \(self) does not fit SQLite's 64-bit integer"))
    }
    return .int(value)
  }

  /// Decodes an `INTEGER` column, failing when the value is out of the type's range.
  @inlinable
  public init(decoder: inout some QueryDecoder) throws {
    let value = try decoder.decode(Int64.self)
    guard let exact = Self(exactly: value) else {
      throw QueryDecodingError(
        expectedType: "\(Self.self)", found: "INTEGER \(value), out of range")
    }
    self = exact
  }
}

// MARK: Other scalars

extension Bool: QueryBindable {
  @inlinable public var queryBinding: QueryBinding { .bool(self) }
  @inlinable public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decode(Bool.self)
  }
}

extension Double: QueryBindable {
  @inlinable public var queryBinding: QueryBinding { .double(self) }
  @inlinable public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decode(Double.self)
  }
}

extension Float: QueryBindable {
  @inlinable public var queryBinding: QueryBinding { .double(Double(self)) }
  @inlinable public init(decoder: inout some QueryDecoder) throws {
    self = Float(try decoder.decode(Double.self))
  }
}

extension String: QueryBindable {
  @inlinable public var queryBinding: QueryBinding { .text(self) }
  @inlinable public func bind(to binder: any QueryBinder) throws { try binder.bind(text: self) }
  @inlinable public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decode(String.self)
  }
}

extension [UInt8]: QueryDecodable {
  @inlinable public init(decoder: inout some QueryDecoder) throws {
    self = try decoder.decode([UInt8].self)
  }
}

extension [UInt8]: QueryAssignable {
  public typealias QueryValue = [UInt8]
}

extension [UInt8]: QueryBindable {
  @inlinable public var queryBinding: QueryBinding { .blob(self) }
}

// MARK: Optionals and enums

extension Optional: QueryDecodable where Wrapped: QueryDecodable {
  /// Decodes `NULL` as `nil`, anything else as the wrapped type. A table is `nil` when all its
  /// columns are `NULL`, as an outer join leaves them.
  @inlinable
  public init(decoder: inout some QueryDecoder) throws {
    let count = Wrapped.queryColumnCount
    let isNil = try count == 1 ? decoder.decodeNil() : decoder.decodeNil(columns: count)
    self = isNil ? nil : try Wrapped(decoder: &decoder)
  }

  /// The wrapped type's columns.
  @inlinable
  public static var queryColumnCount: Int { Wrapped.queryColumnCount }
}

extension Optional: QueryAssignable where Wrapped: QueryBindable {
  public typealias QueryValue = Wrapped?
}

extension Optional: QueryBindable where Wrapped: QueryBindable {
  /// Optionals compare with their wrapped type.
  public typealias ComparableValue = Wrapped.ComparableValue

  /// `nil` binds `NULL`.
  @inlinable
  public var queryBinding: QueryBinding { self?.queryBinding ?? .null }

  /// Hands the wrapped value to `binder` as it binds itself, or `NULL`.
  @inlinable
  public func bind(to binder: any QueryBinder) throws {
    if let self { try self.bind(to: binder) } else { try binder.bind(.null) }
  }
}

extension QueryBindable where Self: RawRepresentable, RawValue: QueryBindable {
  /// Binds the raw value.
  @inlinable
  public var queryBinding: QueryBinding { rawValue.queryBinding }

  /// Decodes the raw value, failing with a decoding error when no case has it.
  @inlinable
  public init(decoder: inout some QueryDecoder) throws {
    let rawValue = try RawValue(decoder: &decoder)
    guard let value = Self(rawValue: rawValue) else {
      throw QueryDecodingError(
        expectedType: "\(Self.self)",
        found: "\(rawValue.queryBinding.sqlLiteral), which is not a raw value of \(Self.self)"
      )
    }
    self = value
  }
}
