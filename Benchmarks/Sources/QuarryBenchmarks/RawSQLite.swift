import BenchmarkSupport
import CSQLiteRaw

/// The floor: SQLite's C API used directly, the fastest obvious way. One `NOMUTEX` connection,
/// one prepared statement per workload, reused with `sqlite3_reset`.
final class RawConnection {
  let handle: OpaquePointer

  /// Opens an in-memory database, or the file at `path` for reading only.
  init(readingFile path: String? = nil) throws {
    var connection: OpaquePointer?
    let flags =
      (path == nil ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY)
      | SQLITE_OPEN_NOMUTEX
    guard sqlite3_open_v2(path ?? ":memory:", &connection, flags, nil) == SQLITE_OK,
      let connection
    else {
      sqlite3_close_v2(connection)
      throw BenchmarkError("cannot open \(path ?? "an in-memory database")")
    }
    handle = connection
  }

  deinit { sqlite3_close_v2(handle) }

  func execute(_ sql: String) throws {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchmarkError(String(cString: sqlite3_errmsg(handle)))
    }
  }

  func prepare(_ sql: String) throws -> RawStatement {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw BenchmarkError(String(cString: sqlite3_errmsg(handle)))
    }
    return RawStatement(handle: statement)
  }
}

final class RawStatement {
  let handle: OpaquePointer
  init(handle: OpaquePointer) { self.handle = handle }
  deinit { sqlite3_finalize(handle) }
}

let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

extension RawStatement {
  func fetchWide() -> [RawWide] {
    defer { sqlite3_reset(handle) }
    var rows: [RawWide] = []
    while sqlite3_step(handle) == SQLITE_ROW {
      rows.append(
        RawWide(
          id: Int(sqlite3_column_int64(handle, 0)), c1: Int(sqlite3_column_int64(handle, 1)),
          c2: Int(sqlite3_column_int64(handle, 2)), c3: Int(sqlite3_column_int64(handle, 3)),
          c4: Int(sqlite3_column_int64(handle, 4)), c5: Int(sqlite3_column_int64(handle, 5)),
          c6: Int(sqlite3_column_int64(handle, 6)), c7: Int(sqlite3_column_int64(handle, 7)),
          c8: Int(sqlite3_column_int64(handle, 8)), c9: Int(sqlite3_column_int64(handle, 9))))
    }
    return rows
  }

  func readItem() -> RawItem {
    let name = String(cString: sqlite3_column_text(handle, 1))
    let note =
      sqlite3_column_type(handle, 3) == SQLITE_NULL
      ? nil : String(cString: sqlite3_column_text(handle, 3))
    return RawItem(
      id: Int(sqlite3_column_int64(handle, 0)), name: name, price: sqlite3_column_double(handle, 2),
      note: note, isActive: sqlite3_column_int64(handle, 4) != 0)
  }

  func fetchItems() -> [RawItem] {
    defer { sqlite3_reset(handle) }
    var rows: [RawItem] = []
    while sqlite3_step(handle) == SQLITE_ROW { rows.append(readItem()) }
    return rows
  }

  /// Steps the statement to its end, folding each row into a checksum as it is read.
  func streamItems(_ fold: (Int, RawItem) -> Int) -> Int {
    defer { sqlite3_reset(handle) }
    var checksum = 0
    while sqlite3_step(handle) == SQLITE_ROW { checksum = fold(checksum, readItem()) }
    return checksum
  }

  func insert(_ values: ItemValues) throws {
    defer { sqlite3_reset(handle) }
    sqlite3_bind_null(handle, 1)
    sqlite3_bind_text(handle, 2, values.name, -1, transient)
    sqlite3_bind_double(handle, 3, values.price)
    if let note = values.note {
      sqlite3_bind_text(handle, 4, note, -1, transient)
    } else {
      sqlite3_bind_null(handle, 4)
    }
    sqlite3_bind_int64(handle, 5, values.isActive ? 1 : 0)
    guard sqlite3_step(handle) == SQLITE_DONE else { throw BenchmarkError("insert failed") }
  }

  func findItem(_ id: Int) -> RawItem? {
    defer { sqlite3_reset(handle) }
    sqlite3_bind_int64(handle, 1, Int64(id))
    guard sqlite3_step(handle) == SQLITE_ROW else { return nil }
    return readItem()
  }
}
