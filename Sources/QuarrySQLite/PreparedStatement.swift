import CSQLite
import QuarryCore

/// A compiled SQLite statement, owned by one ``Database`` and reused through its cache.
public final class PreparedStatement {
  /// The `sqlite3_stmt` handle.
  @usableFromInline let handle: OpaquePointer
  @usableFromInline let connection: OpaquePointer
  /// The statement's SQL.
  public let sql: String
  /// The statement's SQL as UTF-8, the key of the statement cache.
  @usableFromInline let utf8: [UInt8]
  /// The number of result columns.
  @usableFromInline let columnCount: Int32
  /// Set while a fetch is stepping the statement, so a nested use of the same SQL prepares
  /// another statement instead of resetting this one under its feet.
  @exclusivity(unchecked)
  @usableFromInline var isBusy = false

  init(handle: OpaquePointer, connection: OpaquePointer, utf8: [UInt8]) {
    self.handle = handle
    self.connection = connection
    self.utf8 = utf8
    self.sql = String(decoding: utf8, as: UTF8.self)
    self.columnCount = sqlite3_column_count(handle)
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `bindings` to the statement's parameters, in order.
  ///
  /// Fails when the count differs from the number of parameters, or a binding is invalid.
  @usableFromInline
  func bind(_ bindings: [QueryBinding]) throws {
    let expected = Int(sqlite3_bind_parameter_count(handle))
    guard expected == bindings.count else {
      throw DatabaseError(
        resultCode: SQLITE_MISUSE,
        message: "the statement has \(expected) parameters but \(bindings.count) values were given",
        sql: sql, arguments: bindings)
    }
    for (offset, binding) in bindings.enumerated() {
      try bind(binding, at: Int32(offset + 1), reporting: bindings)
    }
  }

  /// Binds one value to the parameter at `index` (1-based); `arguments` go into errors.
  @inline(__always)
  func bind(_ binding: QueryBinding, at index: Int32, reporting arguments: [QueryBinding]) throws {
    let code: Int32
    switch binding {
    case .null: code = sqlite3_bind_null(handle, index)
    case .int(let value): code = sqlite3_bind_int64(handle, index, value)
    case .double(let value): code = sqlite3_bind_double(handle, index, value)
    case .text(let value):
      // Native strings are contiguous UTF-8: bind them in place, without a mutable copy.
      code =
        value.utf8.withContiguousStorageIfAvailable {
          sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), transientDestructor)
        }
        ?? {
          var copy = value
          return copy.withUTF8 {
            sqlite3_bind_text(handle, index, $0.baseAddress, Int32($0.count), transientDestructor)
          }
        }()
    case .blob(let bytes) where bytes.isEmpty:
      // A null pointer would bind NULL; a zero-length blob is what was asked for.
      code = sqlite3_bind_zeroblob(handle, index, 0)
    case .blob(let bytes):
      code = bytes.withUnsafeBytes {
        sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transientDestructor)
      }
    case .invalid(let error):
      throw DatabaseError(
        resultCode: SQLITE_MISUSE, message: "argument \(index) cannot be bound: \(error.message)",
        sql: sql, arguments: arguments)
    }
    guard code == SQLITE_OK else {
      throw DatabaseError(connection: connection, resultCode: code, sql: sql, arguments: arguments)
    }
  }

  /// Makes the statement ready to run again.
  @usableFromInline
  func reset() {
    sqlite3_reset(handle)
    isBusy = false
  }
}

/// Tells SQLite to copy bound text and blobs before the call returns.
let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
