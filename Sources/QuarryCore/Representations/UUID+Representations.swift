import Foundation

extension UUID {
  /// A UUID stored as lowercased text: what `UUID` binds to by default.
  public struct LowercasedRepresentation: QueryRepresentable, Hashable, Sendable {
    public var queryOutput: UUID
    public init(queryOutput: UUID) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding { queryOutput.queryBinding }
    public init(decoder: inout some QueryDecoder) throws {
      queryOutput = try UUID(decoder: &decoder)
    }
  }

  /// A UUID stored as uppercased text, as Foundation prints it.
  public struct UppercasedRepresentation: QueryRepresentable, Hashable, Sendable {
    public var queryOutput: UUID
    public init(queryOutput: UUID) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding { .text(queryOutput.uuidString) }
    public init(decoder: inout some QueryDecoder) throws {
      queryOutput = try UUID(decoder: &decoder)
    }
  }

  /// A UUID stored as its 16 bytes (`BLOB`): the most compact form.
  public struct BytesRepresentation: QueryRepresentable, Hashable, Sendable {
    public var queryOutput: UUID
    public init(queryOutput: UUID) { self.queryOutput = queryOutput }
    public var queryBinding: QueryBinding {
      withUnsafeBytes(of: queryOutput.uuid) { .blob(Array($0)) }
    }
    public init(decoder: inout some QueryDecoder) throws {
      let bytes = try decoder.decode([UInt8].self)
      guard bytes.count == 16 else {
        throw QueryDecodingError(
          expectedType: "UUID (16 bytes)", found: "BLOB of \(bytes.count) bytes")
      }
      var uuid = UUID().uuid
      withUnsafeMutableBytes(of: &uuid) { $0.copyBytes(from: bytes) }
      queryOutput = UUID(uuid: uuid)
    }
  }
}
