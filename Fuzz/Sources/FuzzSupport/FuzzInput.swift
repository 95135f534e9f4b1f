/// Reads a fuzzer's bytes as a stream of choices: each read takes the next bytes, and an
/// exhausted input reads as zeros, so every input, however short, is a valid case.
public struct FuzzInput {
  private let bytes: UnsafeRawBufferPointer
  private var position = 0

  public init(_ data: UnsafePointer<UInt8>?, _ count: Int) {
    bytes = UnsafeRawBufferPointer(start: count > 0 ? data : nil, count: count)
  }

  /// Whether every byte has been read.
  public var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0.
  public mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `0..<bound` from the next byte (or two when `bound` exceeds 256).
  public mutating func choice(_ bound: Int) -> Int {
    precondition(bound > 0)
    if bound <= 256 { return Int(byte()) % bound }
    return (Int(byte()) << 8 | Int(byte())) % bound
  }

  /// The next eight bytes as a 64-bit pattern.
  public mutating func word() -> UInt64 {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
    return value
  }

  /// The next `count` bytes (fewer at the end).
  public mutating func bytes(_ count: Int) -> [UInt8] {
    let end = min(bytes.count, position + max(0, count))
    defer { position = max(position, end) }
    return position < end ? Array(bytes[position..<end]) : []
  }

  /// The bytes left.
  public mutating func rest() -> [UInt8] { bytes(bytes.count - position) }
}

/// Stops the fuzzer with a message: a finding.
public func fuzzFailure(_ message: String) -> Never {
  fatalError("fuzz finding: \(message)")
}
