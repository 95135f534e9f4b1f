// Reads JSONB back into JSON text, as SQLite's `json()` does: every element type SQLite writes,
// including the JSON5 forms it keeps as written (hexadecimal integers, `.5`, `'single'` quoted
// strings with `\x41` escapes) and raw SQL text, is turned into standard JSON.

extension JSONB {
  struct Reader {
    let bytes: UnsafeRawBufferPointer
    var output: [UInt8] = []

    init(bytes: UnsafeRawBufferPointer) {
      self.bytes = bytes
      output.reserveCapacity(bytes.count + bytes.count / 4)
    }

    func error(_ offset: Int, _ reason: String) -> JSONBError {
      JSONBError(message: "not JSONB at byte \(offset): \(reason)")
    }

    /// Writes the element at `offset` as JSON: the offset after it.
    mutating func writeElement(at offset: Int, depth: Int) throws(JSONBError) -> Int {
      let (type, start, end) = try element(at: offset)
      switch type {
      case .null: output.append(contentsOf: "null".utf8)
      case .true: output.append(contentsOf: "true".utf8)
      case .false: output.append(contentsOf: "false".utf8)
      case .int, .float: output.append(contentsOf: bytes[start..<end])
      case .int5: try writeHexInteger(start, end)
      case .float5: writeFloat5(start, end)
      case .text, .textJ:
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: bytes[start..<end])
        output.append(UInt8(ascii: "\""))
      case .text5: try writeText5(start, end)
      case .textRaw:
        output.append(UInt8(ascii: "\""))
        for byte in bytes[start..<end] { appendEscaped(byte) }
        output.append(UInt8(ascii: "\""))
      case .array, .object:
        guard depth < JSONB.maximumDepth else { throw error(offset, "nested too deeply") }
        let isObject = type == .object
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        var position = start
        var index = 0
        while position < end {
          if index > 0 { output.append(isObject && index % 2 == 1 ? 0x3A : 0x2C) }
          if isObject && index % 2 == 0 {
            let key = try element(at: position).type
            guard [.text, .textJ, .text5, .textRaw].contains(key) else {
              throw error(position, "an object's key is not text")
            }
          }
          position = try writeElement(at: position, depth: depth + 1)
          index += 1
        }
        guard position == end else { throw error(position, "an element overruns its container") }
        guard !isObject || index % 2 == 0 else { throw error(start, "a key has no value") }
        output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
      }
      return end
    }

    /// The type of the element at `offset`, and where its payload starts and ends.
    func element(at offset: Int) throws(JSONBError) -> (type: ElementType, start: Int, end: Int) {
      guard offset < bytes.count else { throw error(offset, "the value ends early") }
      let first = bytes[offset]
      guard let type = ElementType(rawValue: first & 0x0F) else {
        throw error(offset, "unknown element type \(first & 0x0F)")
      }
      let sizeBytes: Int
      switch first >> 4 {
      case 12: sizeBytes = 1
      case 13: sizeBytes = 2
      case 14: sizeBytes = 4
      case 15: sizeBytes = 8
      default: sizeBytes = 0
      }
      var size = sizeBytes == 0 ? Int(first >> 4) : 0
      guard offset + 1 + sizeBytes <= bytes.count else { throw error(offset, "a size is cut") }
      for index in 0..<sizeBytes {
        guard size >> 55 == 0 else { throw error(offset, "a size is too large") }
        size = size << 8 | Int(bytes[offset + 1 + index])
      }
      let start = offset + 1 + sizeBytes
      guard size <= bytes.count - start else { throw error(offset, "a payload is cut") }
      if type.rawValue <= ElementType.false.rawValue, size != 0 {
        throw error(offset, "null, true and false have no payload")
      }
      return (type, start, start + size)
    }

    /// A JSON5 hexadecimal integer (`0x1F`, `-0xff`), in decimal.
    mutating func writeHexInteger(_ start: Int, _ end: Int) throws(JSONBError) {
      var position = start
      var isNegative = false
      if position < end, bytes[position] == UInt8(ascii: "-") || bytes[position] == 0x2B {
        isNegative = bytes[position] == UInt8(ascii: "-")
        position += 1
      }
      guard position + 2 < end, bytes[position] == UInt8(ascii: "0"),
        bytes[position + 1] | 0x20 == UInt8(ascii: "x")
      else {
        // Not hexadecimal: a decimal integer with a sign JSON doesn't allow (`+1`).
        output.append(contentsOf: bytes[(isNegative ? start : position)..<end])
        return
      }
      var value: UInt64 = 0
      for byte in bytes[(position + 2)..<end] {
        guard let digit = hexValue(byte) else { throw error(start, "not a hexadecimal integer") }
        guard value >> 60 == 0 else {
          throw error(start, "a hexadecimal integer over 64 bits")
        }
        value = value << 4 | UInt64(digit)
      }
      if isNegative && value != 0 { output.append(UInt8(ascii: "-")) }
      output.append(contentsOf: String(value).utf8)
    }

    /// A JSON5 number (`.5`, `5.`, `+1.5`, `Infinity`, `NaN`) in JSON: `0.5`, `5.0`, `1.5`,
    /// `9e999` (as SQLite writes infinity), `null`.
    mutating func writeFloat5(_ start: Int, _ end: Int) {
      var text = Array(bytes[start..<end])
      if text.first == 0x2B { text.removeFirst() }
      let isNegative = text.first == UInt8(ascii: "-")
      let magnitude = String(decoding: text.dropFirst(isNegative ? 1 : 0), as: UTF8.self)
      if magnitude == "Infinity" || magnitude == "Inf" {
        output.append(contentsOf: (isNegative ? "-9e999" : "9e999").utf8)
        return
      }
      if magnitude == "NaN" {
        output.append(contentsOf: "null".utf8)
        return
      }
      var fixed: [UInt8] = isNegative ? [UInt8(ascii: "-")] : []
      var previous: UInt8 = 0
      for byte in magnitude.utf8 {
        if byte == UInt8(ascii: "."), !previous.isDigit { fixed.append(UInt8(ascii: "0")) }
        if !byte.isDigit, previous == UInt8(ascii: ".") { fixed.append(UInt8(ascii: "0")) }
        fixed.append(byte)
        previous = byte
      }
      if previous == UInt8(ascii: ".") { fixed.append(UInt8(ascii: "0")) }
      output.append(contentsOf: fixed)
    }

    /// A JSON5 string's text as a JSON string: its JSON5 escapes rewritten, what JSON must
    /// escape escaped.
    mutating func writeText5(_ start: Int, _ end: Int) throws(JSONBError) {
      output.append(UInt8(ascii: "\""))
      var position = start
      while position < end {
        let byte = bytes[position]
        position += 1
        guard byte == UInt8(ascii: "\\") else {
          appendEscaped(byte)
          continue
        }
        guard position < end else { throw error(position, "a string ends in an escape") }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "'"): output.append(escaped)
        case UInt8(ascii: "v"): output.append(contentsOf: "\\u000b".utf8)
        case UInt8(ascii: "0"): output.append(contentsOf: "\\u0000".utf8)
        case UInt8(ascii: "x"):
          guard position + 2 <= end, bytes[position].isHexDigit, bytes[position + 1].isHexDigit
          else { throw error(position, "\\x needs two hexadecimal digits") }
          output.append(contentsOf: "\\u00".utf8)
          output.append(contentsOf: bytes[position..<position + 2])
          position += 2
        case UInt8(ascii: "\n"): break  // a line continuation
        case UInt8(ascii: "\r"):
          if position < end, bytes[position] == UInt8(ascii: "\n") { position += 1 }
        case 0xE2
        where position + 1 < end && bytes[position] == 0x80
          && (bytes[position + 1] == 0xA8 || bytes[position + 1] == 0xA9):
          position += 2  // U+2028 or U+2029 after a backslash: a line continuation
        default:
          output.append(UInt8(ascii: "\\"))
          output.append(escaped)
        }
      }
      output.append(UInt8(ascii: "\""))
    }

    /// One byte of a string, escaped where JSON requires it.
    mutating func appendEscaped(_ byte: UInt8) {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"):
        output.append(UInt8(ascii: "\\"))
        output.append(byte)
      case UInt8(ascii: "\n"): output.append(contentsOf: "\\n".utf8)
      case UInt8(ascii: "\r"): output.append(contentsOf: "\\r".utf8)
      case UInt8(ascii: "\t"): output.append(contentsOf: "\\t".utf8)
      case 0x08: output.append(contentsOf: "\\b".utf8)
      case 0x0C: output.append(contentsOf: "\\f".utf8)
      case 0..<0x20:
        output.append(contentsOf: "\\u00".utf8)
        output.append(contentsOf: [hexDigit(byte >> 4), hexDigit(byte & 0x0F)])
      default: output.append(byte)
      }
    }

    func hexValue(_ byte: UInt8) -> UInt8? {
      if byte.isDigit { return byte - UInt8(ascii: "0") }
      let lower = byte | 0x20
      guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "f") else { return nil }
      return lower - UInt8(ascii: "a") + 10
    }

    func hexDigit(_ value: UInt8) -> UInt8 {
      value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
  }
}
