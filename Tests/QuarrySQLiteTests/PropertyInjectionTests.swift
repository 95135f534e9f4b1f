import CSQLite
import Foundation
import PropertyBased
import Quarry
import QuarrySQLite
import Testing

/// Injection is impossible: arbitrary strings used as values, table names and column names
/// never change the structure of the statement SQLite sees (one statement, one placeholder
/// per binding), and what is stored comes back equal.
@Suite("Properties: injection")
struct PropertyInjectionTests {
  static let count = 300

  /// What SQLite sees in `fragment`'s SQL, compiled on `connection`: one entry per
  /// statement, the number of its placeholders.
  static func structure(of fragment: QueryFragment, on connection: RawConnection) throws -> [Int32]
  {
    var placeholders: [Int32] = []
    try fragment.utf8.withUnsafeBufferPointer { bytes in
      try bytes.withMemoryRebound(to: CChar.self) { text in
        guard var start = text.baseAddress else { return }
        let end = start + text.count
        while start < end {
          var statement: OpaquePointer?
          var tail: UnsafePointer<CChar>?
          let code = sqlite3_prepare_v2(
            connection.handle, start, Int32(end - start), &statement, &tail)
          guard code == SQLITE_OK else {
            throw DatabaseError(
              resultCode: code, message: String(cString: sqlite3_errmsg(connection.handle)))
          }
          if let statement { placeholders.append(sqlite3_bind_parameter_count(statement)) }
          sqlite3_finalize(statement)
          guard let tail, tail > start else { break }
          start = tail
        }
      }
    }
    return placeholders
  }

  /// Names SQLite refuses whatever their quoting: its own reserved prefix, and names holding
  /// NUL, which ends the SQL text. Both are errors, never another statement.
  static func isRefused(_ name: String) -> Bool {
    name.lowercased().hasPrefix("sqlite_") || name.contains("\0")
  }

  @Test func valuesNeverChangeTheStatement() throws {
    let db = try Database()
    try db.execute(sql: "CREATE TABLE t (v)")
    let raw = try RawConnection()
    try raw.run("CREATE TABLE t (v)")
    forEachValue(seed: 30, count: Self.count, of: Awkward.string) { value in
      let insert: QueryFragment = "INSERT INTO t (v) VALUES (\(value))"
      #expect(try Self.structure(of: insert, on: raw).elementsEqual([1]))
      try db.execute(sql: "DELETE FROM t")
      try db.execute(insert)
      #expect(try db.fetchAll(String.self, sql: "SELECT v FROM t").elementsEqual([value]))
      // The raw-SQL path binds as well.
      try db.execute(sql: "DELETE FROM t; INSERT INTO t (v) VALUES (?)", arguments: [value])
      #expect(try db.fetchAll(String.self, sql: "SELECT v FROM t").elementsEqual([value]))
      // Inlined as a literal (as schema SQL and logs show it), the value is still one literal.
      let inlined = insert.inlined
      if value.contains("\0") {
        // NUL ends SQLite's SQL text: the literal is cut short, an error, never a statement.
        try db.execute(sql: "DELETE FROM t")
        #expect(throws: DatabaseError.self) { try db.execute(inlined) }
        #expect(try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t") == 0)
      } else {
        #expect(try Self.structure(of: inlined, on: raw).elementsEqual([0]), "\(inlined.sql)")
        try db.execute(sql: "DELETE FROM t")
        try db.execute(inlined)
        #expect(try db.fetchAll(String.self, sql: "SELECT v FROM t").elementsEqual([value]))
      }
    }
  }

  @Test func tableAndColumnNamesNeverChangeTheStatement() throws {
    let names = zip(Awkward.string, Awkward.string, Awkward.string)
    forEachValue(seed: 31, count: Self.count, of: names) { table, column, value in
      let db = try Database()
      let raw = try RawConnection()
      let create: QueryFragment = "CREATE TABLE \(quote: table) (\(quote: column))"
      let insert: QueryFragment =
        "INSERT INTO \(quote: table) (\(quote: column)) VALUES (\(value))"
      let select: QueryFragment = "SELECT \(quote: column) FROM \(quote: table)"
      if Self.isRefused(table) || column.contains("\0") {
        #expect(throws: DatabaseError.self) { try db.execute(create) }
        #expect(try db.fetchOne(Int.self, sql: "SELECT count(*) FROM sqlite_master") == 0)
        return
      }
      #expect(try Self.structure(of: create, on: raw).elementsEqual([0]), "\(create.sql)")
      try db.execute(create)
      try raw.run(create.sql)
      #expect(try Self.structure(of: insert, on: raw).elementsEqual([1]), "\(insert.sql)")
      #expect(try Self.structure(of: select, on: raw).elementsEqual([0]), "\(select.sql)")
      try db.execute(insert)
      #expect(
        try db.fetchAll(select, decodeRow: { try $0.decode(String.self) }).elementsEqual([value]))
      // The names SQLite recorded are the ones given.
      #expect(
        try db.fetchAll(String.self, sql: "SELECT name FROM sqlite_master").elementsEqual([table]))
      #expect(
        try db.fetchAll(
          String.self, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table]
        )
        .elementsEqual([column]))
    }
  }
}

/// A bare SQLite connection to a private in-memory database, apart from Quarry's driver: the
/// tests compile the SQL Quarry builds on it to see what SQLite makes of it.
final class RawConnection {
  let handle: OpaquePointer

  init() throws {
    var handle: OpaquePointer?
    let code = sqlite3_open(":memory:", &handle)
    guard code == SQLITE_OK, let handle else {
      sqlite3_close(handle)
      throw DatabaseError(resultCode: code, message: "cannot open a raw connection")
    }
    self.handle = handle
  }

  deinit { sqlite3_close(handle) }

  /// Runs SQL without arguments.
  func run(_ sql: String) throws {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else {
      throw DatabaseError(resultCode: code, message: String(cString: sqlite3_errmsg(handle)))
    }
  }
}
