extension QueryFragment {
  /// Appends `byteCount` bytes of SQL text that `write` copies through a cursor: several
  /// pieces (a keyword, a name, a buffer) cost one growth check of the text instead of one
  /// `append(contentsOf:)` each, which is most of a short piece's cost.
  ///
  /// `byteCount` must be the pieces' exact total: a piece that would pass it traps, and the
  /// text keeps only what was written.
  @inlinable @inline(__always)
  package mutating func appendText(byteCount: Int, _ write: (inout TextCursor) -> Void) {
    clearPreRendered()
    guard byteCount > 0 else { return }
    #if compiler(>=6.3)
      text.append(addingCapacity: byteCount) { span in
        span.withUnsafeMutableBufferPointer { buffer, initialized in
          var cursor = TextCursor(buffer)
          write(&cursor)
          initialized = cursor.written
        }
      }
    #else
      appendTextThroughCopy(byteCount: byteCount, write)
    #endif
  }

  /// ``appendText(byteCount:_:)`` for the compilers whose arrays can't be written in place
  /// (before Swift 6.3): the pieces go to a temporary buffer, appended in one copy.
  @inlinable
  package mutating func appendTextThroughCopy(
    byteCount: Int, _ write: (inout TextCursor) -> Void
  ) {
    clearPreRendered()
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { buffer in
      var cursor = TextCursor(buffer)
      write(&cursor)
      text.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<cursor.written]))
    }
  }

  /// Appends `?` for `binding` at `offset`, a `?` already in the text: the value and where it
  /// is, without the text.
  @inlinable
  package mutating func bind(_ binding: QueryBinding, at offset: Int) {
    if values.capacity == 0 {
      values.reserveCapacity(4)
      placeholders.reserveCapacity(4)
    }
    placeholders.append(offset)
    values.append(binding)
  }

  /// Appends another fragment's bindings and dialect forms, its text having been copied to
  /// `shift`.
  @inlinable
  package mutating func appendBindingsAndForms(of other: QueryFragment, shiftedBy shift: Int) {
    if !other.values.isEmpty {
      if other.values.count <= 8 {
        // A clause's few values one by one: `append(contentsOf:)` copies them through the
        // runtime's generic array copy, which costs more than they do. (No exact reserve
        // first: it would give up the array's doubling, and a list joined from many one-value
        // fragments would grow at every append.)
        for value in other.values { values.append(value) }
      } else {
        values.append(contentsOf: other.values)
      }
      if shift == 0 && placeholders.isEmpty {
        placeholders = other.placeholders
      } else {
        for offset in other.placeholders { placeholders.append(offset + shift) }
      }
    }
    if !other.forms.isEmpty { appendForms(of: other, shiftedBy: shift) }
  }
}

/// Where ``QueryFragment/appendText(byteCount:_:)`` copies its pieces: room the text reserved,
/// filled from the start, never past its end.
@usableFromInline
package struct TextCursor {
  @usableFromInline let buffer: UnsafeMutableBufferPointer<UInt8>
  /// How many bytes are written.
  @usableFromInline package var written = 0

  @inlinable
  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  /// Copies the bytes of `source`.
  @inlinable @inline(__always)
  package mutating func copy(_ source: UnsafeBufferPointer<UInt8>) {
    let count = source.count
    precondition(count <= buffer.count - written, "SQL text longer than the room reserved")
    guard count > 0 else { return }
    (buffer.baseAddress.unsafelyUnwrapped + written).initialize(
      from: source.baseAddress.unsafelyUnwrapped, count: count)
    written += count
  }

  /// Copies a literal's bytes.
  @inlinable @inline(__always)
  package mutating func write(_ literal: StaticString) {
    literal.withUTF8Buffer { copy($0) }
  }

  /// Copies bytes of UTF-8 text.
  @inlinable @inline(__always)
  package mutating func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { copy($0) }
  }

  /// Copies one byte.
  @inlinable @inline(__always)
  package mutating func write(byte: UInt8) {
    precondition(written < buffer.count, "SQL text longer than the room reserved")
    (buffer.baseAddress.unsafelyUnwrapped + written).initialize(to: byte)
    written += 1
  }
}
