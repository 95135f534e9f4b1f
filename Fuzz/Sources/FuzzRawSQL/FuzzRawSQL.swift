// libFuzzer target: raw SQL with arguments, as `Database.execute(sql:arguments:)` and
// `fetchAll(sql:arguments:)` run it.
//
// Input: a token sequence drawn from a fixed vocabulary (no statement that touches files),
// then positional and named arguments. Checked: every run returns rows or throws a
// `DatabaseError` or `QueryDecodingError`, never crashes; and the connection stays usable.
import CFuzzDriver
import FuzzSupport
import QuarryCore
import QuarrySQLite

/// SQL pieces, parameters of every form, comments, separators. Nothing here attaches,
/// vacuums into, or otherwise names a file.
let pieces: [String] = [
  "SELECT ", "INSERT INTO t VALUES (", "UPDATE t SET a = ", "DELETE FROM t", " WHERE ",
  " FROM t", " FROM (SELECT ", "a", "b", "t", ", ", "(", ")", ";", " ", "\n", "--x\n", "/* c */",
  "/*", "*/", "'", "'s'", "\"a\"", "?", "?1", "?2", "?3", "?300", ":a", ":b", "@a", "@b", "$a",
  "$b", "$a::x", "1", "-1", "1.5", "NULL", "X'00FF'", " + ", " || ", " = ", " AND ", " OR ",
  "count(*)", "sum(a)", "typeof(", "length(", "CAST(", " AS TEXT)", " AS BLOB)", " LIMIT ",
  " ORDER BY ", " RETURNING *", "BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT s", "RELEASE s",
  "CREATE TABLE IF NOT EXISTS u (x)", "DROP TABLE IF EXISTS u", "INSERT INTO u VALUES (",
  "WITH c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 5) SELECT n FROM c",
  "zeroblob(", "printf('%s', ", "😀", "\0",
]

/// A bound value from the input.
func binding(_ input: inout FuzzInput) -> QueryBinding {
  switch input.choice(6) {
  case 0: return .null
  case 1: return .int(Int64(bitPattern: input.word()))
  case 2: return .double(Double(bitPattern: input.word()))
  case 3: return .text(String(decoding: input.bytes(input.choice(24)), as: UTF8.self))
  case 4: return .blob(input.bytes(input.choice(24)))
  default: return .int(Int64(input.choice(3)))
  }
}

nonisolated(unsafe) let db: Database = {
  do {
    let db = try Database()
    try db.execute(sql: "CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 'x'), (2, NULL)")
    return db
  } catch {
    fatalError("cannot open the fuzz database: \(error)")
  }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  var sql = ""
  for _ in 0..<input.choice(24) { sql += pieces[input.choice(pieces.count)] }
  var positional: [QueryBinding] = []
  for _ in 0..<input.choice(5) { positional.append(binding(&input)) }
  var arguments = StatementArguments(positional)
  for name in ["a", "b", "$a", ":b"] where input.byte() & 1 == 1 {
    arguments.named[name] = binding(&input)
  }
  let mode = input.choice(3)
  do {
    switch mode {
    case 0: try db.execute(sql: sql, arguments: arguments)
    case 1: _ = try db.fetchAll(sql: sql, arguments: arguments)
    default: _ = try db.fetchAll(String?.self, sql: sql, arguments: arguments)
    }
  } catch is DatabaseError {
  } catch is QueryDecodingError {
  } catch {
    fuzzFailure("\(sql): an untyped error \(error)")
  }
  // Leave no transaction open, and check that the connection still answers.
  if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
  do {
    _ = try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t")
    try db.execute(sql: "DROP TABLE IF EXISTS u")
    if try db.fetchOne(Int.self, sql: "SELECT count(*) FROM t")! > 1000 {
      try db.execute(sql: "DELETE FROM t WHERE rowid > 2")
    }
  } catch {
    fuzzFailure("after \(sql): the connection fails: \(error)")
  }
  return 0
}

/// The program's entry: SwiftPM links `main` to it; it hands over to libFuzzer's driver.
@_cdecl("FuzzRawSQL_main")
public func fuzzMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, fuzz)
}
