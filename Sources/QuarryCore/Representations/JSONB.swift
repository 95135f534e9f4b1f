// SQLite's binary JSON (JSONB, https://sqlite.org/jsonb.html), written and read in Swift so that a
// JSONB column binds and decodes on any SQLite: only the `jsonb_*` functions need SQLite 3.45.
//
// Each element is a header and a payload. The header's low four bits are the element's type; its
// high four bits are the payload's size when it is at most 11, or say that the size follows in
// the next 1, 2, 4 or 8 bytes (12, 13, 14, 15), big-endian. Numbers and strings keep their JSON
// text as payload; arrays and objects hold their elements (an object's keys and values
// alternating). The writer writes what SQLite writes for the same JSON: the smallest header, an
// integer as INT and other numbers as FLOAT, a string with escapes as TEXTJ, without as TEXT.

/// The JSONB writer and reader.
package enum JSONB {
  /// The element types of JSONB.
  enum ElementType: UInt8 {
    case null = 0, `true`, `false`, int, int5, float, float5, text, textJ, text5, textRaw, array,
      object
  }

  /// How deep arrays and objects may nest, as in SQLite.
  static let maximumDepth = 1000

  /// The JSONB of a JSON text; an error when the text is not JSON.
  package static func encode(json: String) throws(JSONBError) -> [UInt8] {
    var json = json
    return try json.withUTF8(encode(utf8:)).get()
  }

  static func encode(utf8 text: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], JSONBError> {
    var writer = Writer(text: text)
    do throws(JSONBError) {
      writer.skipWhitespace()
      try writer.writeValue(depth: 0)
      writer.skipWhitespace()
      guard writer.position == text.count else {
        throw writer.error("text after the JSON value")
      }
      return .success(writer.output)
    } catch {
      return .failure(error)
    }
  }

  /// The JSON text of a JSONB value, minified as SQLite's `json()` writes it; an error when the
  /// bytes are not JSONB.
  package static func json(_ bytes: UnsafeRawBufferPointer) throws(JSONBError) -> String {
    var reader = Reader(bytes: bytes)
    let end = try reader.writeElement(at: 0, depth: 0)
    guard end == bytes.count else {
      throw JSONBError(message: "\(bytes.count - end) bytes after the JSONB value")
    }
    return String(decoding: reader.output, as: UTF8.self)
  }

  /// The JSON text of JSONB bytes.
  package static func json(_ bytes: [UInt8]) throws(JSONBError) -> String {
    try bytes.withUnsafeBytes { bytes in Result { () throws(JSONBError) in try json(bytes) } }
      .get()
  }

  /// Appends the header of an element of `type` whose payload is `size` bytes.
  static func appendHeader(_ type: ElementType, size: Int, to output: inout [UInt8]) {
    if size <= 11 {
      output.append(UInt8(size) << 4 | type.rawValue)
    } else if size <= 0xFF {
      output.append(0xC0 | type.rawValue)
      output.append(UInt8(size))
    } else {
      output.append(contentsOf: header(type, size: size))
    }
  }

  static func header(_ type: ElementType, size: Int) -> [UInt8] {
    let type = type.rawValue
    switch size {
    case 0...11: return [UInt8(size) << 4 | type]
    case 12...0xFF: return [0xC0 | type, UInt8(size)]
    case 0x100...0xFFFF: return [0xD0 | type, UInt8(size >> 8), UInt8(size & 0xFF)]
    case 0x10000...0xFFFF_FFFF:
      return [0xE0 | type] + (0..<4).reversed().map { UInt8((size >> ($0 * 8)) & 0xFF) }
    default:
      return [0xF0 | type] + (0..<8).reversed().map { UInt8((size >> ($0 * 8)) & 0xFF) }
    }
  }
}

/// JSON text that is not JSON, or bytes that are not JSONB.
package struct JSONBError: Error, CustomStringConvertible {
  package var message: String
  package var description: String { message }
}

extension JSONB {
  /// Parses JSON text (RFC 8259) and writes its JSONB.
  struct Writer {
    let text: UnsafeBufferPointer<UInt8>
    var position = 0
    var output: [UInt8] = []

    init(text: UnsafeBufferPointer<UInt8>) {
      self.text = text
      output.reserveCapacity(text.count)
    }

    func error(_ reason: String) -> JSONBError {
      JSONBError(message: "not valid JSON at byte \(position): \(reason)")
    }

    var current: UInt8? { position < text.count ? text[position] : nil }

    mutating func skipWhitespace() {
      while let byte = current,
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
          || byte == UInt8(ascii: "\t")
      {
        position += 1
      }
    }

    mutating func writeValue(depth: Int) throws(JSONBError) {
      guard let byte = current else { throw error("a value is missing") }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth < JSONB.maximumDepth else { throw error("nested too deeply") }
        try writeContainer(isObject: byte == UInt8(ascii: "{"), depth: depth + 1)
      case UInt8(ascii: "\""): try writeString()
      case UInt8(ascii: "t"): try writeWord("true", .true)
      case UInt8(ascii: "f"): try writeWord("false", .false)
      case UInt8(ascii: "n"): try writeWord("null", .null)
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try writeNumber()
      default: throw error("unexpected \(describe(byte))")
      }
    }

    mutating func writeWord(_ word: StaticString, _ type: ElementType) throws(JSONBError) {
      let count = word.utf8CodeUnitCount
      guard position + count <= text.count,
        word.withUTF8Buffer({ $0.elementsEqual(text[position..<position + count]) })
      else { throw error("expected \(word)") }
      position += count
      output.append(type.rawValue)
    }

    mutating func writeContainer(isObject: Bool, depth: Int) throws(JSONBError) {
      let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      position += 1
      let start = output.count
      output.append(0)  // the header, rewritten once the payload's size is known
      skipWhitespace()
      if current == close {
        position += 1
      } else {
        while true {
          if isObject {
            guard current == UInt8(ascii: "\"") else { throw error("expected a key") }
            try writeString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            skipWhitespace()
          }
          try writeValue(depth: depth)
          skipWhitespace()
          guard let byte = current else { throw error("the text ends inside a value") }
          position += 1
          if byte == close { break }
          guard byte == UInt8(ascii: ",") else { throw error("expected ',' or \(describe(close))") }
          skipWhitespace()
        }
      }
      let type: ElementType = isObject ? .object : .array
      let size = output.count - start - 1
      if size <= 11 {
        output[start] = UInt8(size) << 4 | type.rawValue
      } else {
        let header = JSONB.header(type, size: size)
        output[start] = header[0]
        output.insert(contentsOf: header.dropFirst(), at: start + 1)
      }
    }

    mutating func writeString() throws(JSONBError) {
      position += 1
      let start = position
      var hasEscapes = false
      while true {
        guard let byte = current else { throw error("a string is not closed") }
        if byte == UInt8(ascii: "\"") { break }
        guard byte >= 0x20 else { throw error("a control character in a string") }
        position += 1
        guard byte == UInt8(ascii: "\\") else { continue }
        hasEscapes = true
        guard let escaped = current else { throw error("a string is not closed") }
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          break
        case UInt8(ascii: "u"):
          guard position + 4 <= text.count, text[position..<position + 4].allSatisfy(\.isHexDigit)
          else { throw error("\\u needs four hexadecimal digits") }
          position += 4
        default: throw error("unknown escape \\\(describe(escaped))")
        }
      }
      JSONB.appendHeader(hasEscapes ? .textJ : .text, size: position - start, to: &output)
      output.append(contentsOf: text[start..<position])
      position += 1
    }

    mutating func writeNumber() throws(JSONBError) {
      let start = position
      var isInteger = true
      if current == UInt8(ascii: "-") { position += 1 }
      guard let first = current, first.isDigit else { throw error("a number needs digits") }
      position += 1
      if first != UInt8(ascii: "0") { skipDigits() }
      if current == UInt8(ascii: ".") {
        isInteger = false
        position += 1
        guard current?.isDigit == true else { throw error("a fraction needs digits") }
        skipDigits()
      }
      if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
        isInteger = false
        position += 1
        if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
        guard current?.isDigit == true else { throw error("an exponent needs digits") }
        skipDigits()
      }
      JSONB.appendHeader(isInteger ? .int : .float, size: position - start, to: &output)
      output.append(contentsOf: text[start..<position])
    }

    mutating func skipDigits() {
      while current?.isDigit == true { position += 1 }
    }

    func describe(_ byte: UInt8) -> String {
      byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }
  }
}

extension UInt8 {
  var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  var isHexDigit: Bool {
    isDigit || (self | 0x20 >= UInt8(ascii: "a") && self | 0x20 <= UInt8(ascii: "f"))
  }
}
