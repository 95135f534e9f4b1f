import Foundation
import Quarry
import QuarryCore
import QuarrySQLText
import QuarryTestSupport
import Testing

@Suite("QueryFragment")
struct QueryFragmentTests {
  @Test func interpolatedValuesAreBound() {
    let title = "Robert'); DROP TABLE students;--"
    let three = 3
    let fragment: QueryFragment =
      "SELECT * FROM \(Item.self) WHERE \(Item.columns.name) = \(title) AND \(Item.columns.id) > \(three)"
    #expect(fragment.sql == #"SELECT * FROM "items" WHERE "items"."name" = ? AND "items"."id" > ?"#)
    #expect(fragment.bindings.elementsEqual([.text(title), .int(3)]))
    #expect(
      fragment.debugDescription
        == #"SELECT * FROM "items" WHERE "items"."name" = 'Robert''); DROP TABLE students;--' AND "items"."id" > 3"#
    )
  }

  @Test func rawAndQuotedInterpolation() {
    let direction = "DESC"
    let fragment: QueryFragment =
      "SELECT \(quote: "odd \"name\"") FROM t ORDER BY 1 \(raw: direction)"
    #expect(fragment.sql == #"SELECT "odd ""name""" FROM t ORDER BY 1 DESC"#)
    #expect(fragment.bindings.isEmpty)
  }

  @Test func debugDescriptionWritesValuesWhereTheirPlaceholdersAre() {
    // The question marks the text holds in literals and comments are not placeholders.
    let fragment: QueryFragment =
      "SELECT '?', \"?\" /* ? */, \(binding: .blob([0xCA, 0xFE])) -- ?\n, \(binding: .null)"
    #expect(fragment.debugDescription == #"SELECT '?', "?" /* ? */, X'CAFE' -- ?"# + "\n, NULL")
  }

  @Test func literalsOfEveryBinding() {
    #expect(QueryBinding.null.sqlLiteral == "NULL")
    #expect(QueryBinding.int(-7).sqlLiteral == "-7")
    #expect(QueryBinding.double(0.5).sqlLiteral == "0.5")
    #expect(QueryBinding.text("it's").sqlLiteral == "'it''s'")
    #expect(QueryBinding.blob([]).sqlLiteral == "X''")
  }

  /// Emptying keeps the storage only when asked to, whether or not the fragment was empty.
  @Test func removeAllKeepsStorageOnlyWhenAsked() {
    var fragment: QueryFragment = "SELECT \(1)"
    fragment.removeAll(keepingCapacity: true)
    #expect(fragment.isEmpty && fragment.bindings.isEmpty)
    #expect(fragment.utf8.capacity > 0 && fragment.bindings.capacity > 0)
    fragment.removeAll(keepingCapacity: true)
    #expect(fragment.utf8.capacity > 0)
    fragment.removeAll()
    #expect(fragment.utf8.capacity == 0 && fragment.bindings.capacity == 0)
    fragment.append(sql: "SELECT 2")
    #expect(fragment.sql == "SELECT 2")
  }

  /// Several pieces of text copied at once: the fragment holds them in order, with the values
  /// bound after them where their `?`s are.
  @Test func textCopiedInOnePiece() {
    var fragment: QueryFragment = "SELECT \(1)"
    let bytes = Array(" + ".utf8)
    fragment.appendText(byteCount: 5) { cursor in
      cursor.write(bytes)
      cursor.write(byte: UInt8(ascii: "?"))
      cursor.write("")
      cursor.write(";")
    }
    fragment.bind(.int(2), at: 11)
    #expect(fragment.sql == "SELECT ? + ?;")
    #expect(fragment.bindings == [.int(1), .int(2)])
    #expect(fragment.debugDescription == "SELECT 1 + 2;")
    #expect(fragment.sql(for: .postgres) == "SELECT $1 + $2;")

    // The same through a temporary buffer, as compilers before Swift 6.3 build it.
    var copied: QueryFragment = "SELECT \(1)"
    copied.appendTextThroughCopy(byteCount: 5) { cursor in
      cursor.write(bytes)
      cursor.write(byte: UInt8(ascii: "?"))
      cursor.write(";")
    }
    copied.bind(.int(2), at: 11)
    #expect(copied == fragment)
  }

  /// A piece longer than the room asked for stops the process instead of writing past it.
  @Test func textLongerThanItsRoomStops() async {
    await #expect(processExitsWith: .failure) {
      var fragment = QueryFragment()
      fragment.appendText(byteCount: 2) { $0.write("abc") }
    }
    await #expect(processExitsWith: .failure) {
      var fragment = QueryFragment()
      fragment.appendText(byteCount: 1) { cursor in
        cursor.write(byte: 1)
        cursor.write(byte: 2)
      }
    }
  }

  @Test func scannerFindsTokens() {
    var all = SQLScanner(#"a('x''y', "q", [b], :name, ?2) -- c"#)
    var tokens: [SQLScanner.Token] = []
    while let token = all.next() { tokens.append(token) }
    let special: [Substring] = tokens.filter { $0.kind != SQLScanner.Token.Kind.text }.map(\.text)
    #expect(special.elementsEqual(["(", "'x''y'", "\"q\"", "[b]", ":name", "?2", ")", "-- c"]))
    #expect(tokens.allSatisfy { $0.isTerminated })
    var unterminated = SQLScanner("SELECT 'abc")
    _ = unterminated.next()
    #expect(unterminated.next()?.isTerminated == false)
  }

  @Test func normalizedSQLIgnoresLayoutOnly() {
    #expect(normalizedSQL("SELECT\n  a,\n  b\nFROM ( t )") == "SELECT a, b FROM (t)")
    #expect(normalizedSQL("SELECT 'a  b'") != normalizedSQL("SELECT 'a b'"))
  }
}

@Suite("Names")
struct NamingTests {
  @Test func inflection() {
    #expect(defaultTableName(forTypeName: "Reminder") == "reminders")
    #expect(defaultTableName(forTypeName: "Category") == "categories")
    #expect(defaultTableName(forTypeName: "Status") == "statuses")
    #expect(defaultTableName(forTypeName: "RemindersList") == "remindersLists")
    #expect(defaultTableName(forTypeName: "Day") == "days")
    #expect(defaultTableName(forTypeName: "Box") == "boxes")
    #expect(defaultTableName(forTypeName: "Match") == "matches")
    #expect(defaultTableName(forTypeName: "URLItem") == "urlItems")
  }

  @Test func quoting() {
    #expect(quoteIdentifier("title") == #""title""#)
    #expect(quoteIdentifier(#"a"b"#) == #""a""b""#)
  }
}
