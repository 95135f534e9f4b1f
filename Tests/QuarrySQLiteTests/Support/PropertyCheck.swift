import Foundation
import PropertyBased
import Testing

/// Runs `body` on `count` values drawn from `generator` by a generator seeded with `seed`: the
/// same values on every run, so the suite is repeatable and its time fixed. A failure names
/// the seed, the case number and the value.
func forEachValue<Value, Shrinks>(
  seed: UInt64, count: Int, of generator: Generator<Value, Shrinks>,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: (Value) throws -> Void
) {
  var random = Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, ~seed, 0xD1B5_4A32_D192_ED03))
  for index in 0..<count {
    let value = generator.run(using: &random)
    do {
      try body(value)
    } catch {
      Issue.record(
        error, "seed \(seed), case \(index): \(String(reflecting: value))",
        sourceLocation: sourceLocation)
      return
    }
  }
}

/// Generators of awkward values.
enum Awkward {
  /// Fragments that break naive SQL building: quotes, comments, statement separators,
  /// placeholders, NUL, emoji, a replaced invalid surrogate, line breaks.
  static let sqlPieces = [
    "'", "''", "\"", "\"\"", "`", "[", "]", "--", "/*", "*/", ";", "; DROP TABLE t; --", "?",
    "?1", ":a", "@a", "$a", "\0", "😀", "👩‍👩‍👧", "\u{FFFD}", "\r\n", "\\", "%", "_", " ", "x", "é",
    "\u{200B}", "NULL", "SELECT",
  ]

  /// A random Unicode scalar outside the surrogate range.
  static func scalar(_ random: inout any SeededRandomNumberGenerator) -> Unicode.Scalar {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: Unicode.Scalar(UInt8.random(in: 0...127, using: &random))
    case 1: Unicode.Scalar(UInt32.random(in: 0x80...0xD7FF, using: &random))!
    case 2: Unicode.Scalar(UInt32.random(in: 0xE000...0xFFFF, using: &random))!
    default: Unicode.Scalar(UInt32.random(in: 0x1_0000...0x10_FFFF, using: &random))!
    }
  }

  /// Strings mixing ``sqlPieces``, random scalars and text decoded from random bytes (invalid
  /// UTF-8, which Swift repairs), up to a few dozen characters.
  static let string = Generator<String, Shrink.None<String>> { random in
    var text = ""
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      switch Int.random(in: 0..<3, using: &random) {
      case 0: text += sqlPieces.randomElement(using: &random)!
      case 1: text.unicodeScalars.append(scalar(&random))
      default:
        let bytes = (0..<Int.random(in: 1...4, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }
        text += String(decoding: bytes, as: UTF8.self)
      }
    }
    return text
  }

  /// Bytes, from none to a few hundred.
  static let bytes = Generator<[UInt8], Shrink.None<[UInt8]>> { random in
    let count =
      Int.random(in: 0...3, using: &random) == 0 ? 0 : Int.random(in: 1...300, using: &random)
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
  }

  /// Doubles: any bit pattern that is not NaN, and the edges.
  static let double = Generator<Double, Shrink.None<Double>> { random in
    let edges: [Double] = [
      0, -0.0, 1, -1, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
      .leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, 1e15, 9e15, 2e-308,
    ]
    if Bool.random(using: &random) { return edges.randomElement(using: &random)! }
    while true {
      let value = Double(bitPattern: random.next())
      if !value.isNaN { return value }
    }
  }

  /// Integers, biased towards the edges of each width.
  static func integer<I: FixedWidthInteger & Sendable>(_: I.Type) -> Generator<I, Shrink.None<I>> {
    Generator { random in
      switch Int.random(in: 0..<4, using: &random) {
      case 0: [I.min, I.max, 0, 1, I.min &+ 1, I.max &- 1].randomElement(using: &random)!
      case 1:
        I.random(
          in: I.isSigned ? I(truncatingIfNeeded: -100)...I(100) : I(0)...I(100), using: &random)
      default: I(truncatingIfNeeded: random.next())
      }
    }
  }
}
