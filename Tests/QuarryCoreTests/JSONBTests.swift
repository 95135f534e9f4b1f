import Foundation
import Quarry
import QuarryCore
import QuarrySQLite
import QuarryTestSupport
import Testing

// JSONB as SQLite writes it: the bytes of `jsonb(json)` and the text of `json(jsonb(json))`
// printed by SQLite 3.54.1 (`Fixtures/jsonb-fixtures.py`), since this machine's SQLite (3.40.1)
// has no JSONB. Quarry writes the same bytes and reads them back to the same text.
private let written: [(json: String, jsonb: String, canonical: String)] = [
  ("null", "00", "null"),
  ("true", "01", "true"),
  ("false", "02", "false"),
  ("0", "1330", "0"),
  ("-0", "232D30", "-0"),
  ("42", "233432", "42"),
  ("-7", "232D37", "-7"),
  ("12345678901234567890", "C3143132333435363738393031323334353637383930", "12345678901234567890"),
  ("1.5", "35312E35", "1.5"),
  ("-0.25", "552D302E3235", "-0.25"),
  ("1e5", "35316535", "1e5"),
  ("1.0E+2", "65312E30452B32", "1.0E+2"),
  ("6.02214076e23", "C50D362E3032323134303736653233", "6.02214076e23"),
  ("\"\"", "07", "\"\""),
  ("\"a\"", "1761", "\"a\""),
  ("\"hello, world\"", "C70C68656C6C6F2C20776F726C64", "\"hello, world\""),
  ("\"a\\nb\"", "48615C6E62", "\"a\\nb\""),
  ("\"quote \\\" inside\"", "C80F71756F7465205C2220696E73696465", "\"quote \\\" inside\""),
  ("\"café ☃\"", "97636166C3A920E29883", "\"café ☃\""),
  ("\"\\u00e9\"", "685C7530306539", "\"\\u00e9\""),
  ("\"xxxxxxxxxxx\"", "B77878787878787878787878", "\"xxxxxxxxxxx\""),
  ("\"xxxxxxxxxxxx\"", "C70C787878787878787878787878", "\"xxxxxxxxxxxx\""),
  ("[]", "0B", "[]"),
  ("{}", "0C", "{}"),
  ("[1,2,3]", "6B133113321333", "[1,2,3]"),
  ("[[[]]]", "2B1B0B", "[[[]]]"),
  ("{\"a\":1}", "4C17611331", "{\"a\":1}"),
  (
    "{\"a\":[1,2.5,\"x\",null,true,false]}", "CC0E1761BB133135322E351778000102",
    "{\"a\":[1,2.5,\"x\",null,true,false]}"
  ),
  (
    "{\"name\":\"Blob\",\"tags\":[\"swift\",\"sql\"],\"nested\":{\"k\":{\"deep\":[{}]}}}",
    "CC2C476E616D6547426C6F624774616773AB5773776966743773716C676E6573746564AC176B7C47646565701B0C",
    "{\"name\":\"Blob\",\"tags\":[\"swift\",\"sql\"],\"nested\":{\"k\":{\"deep\":[{}]}}}"
  ),
  (" [ 1 , { \"b\" : 2 } ] ", "7B13314C17621332", "[1,{\"b\":2}]"),
]

// JSONB that SQLite writes from JSON5 (hexadecimal integers, `.5`, `Infinity`, single-quoted
// strings with `\x41` escapes, line continuations) and raw text, with the JSON it reads back.
private let readOnly: [(jsonb: String, canonical: String)] = [
  (
    "CB214430783146542D30786666262E3526352E1331553965393939652D396539393900",
    "[31,-255,0.5,5.0,1,9e999,-9e999,null]"
  ),
  (
    "CC2687756E71756F746564C91473696E676C65205C783431205C272071756F74651776495C765C30",
    "{\"unquoted\":\"single \\u0041 ' quote\",\"v\":\"\\u000b\\u0000\"}"
  ),
  ("CB11C90F6C696E655C0A636F6E74696E756564", "[\"linecontinued\"]"),
  ("CB0E39612262495C7841664430783130", "[\"a\\\"b\",\"\\u00Af\",16]"),
  ("CB17C80F615C22625C5C635C745C753030303157706C61696E", "[\"a\\\"b\\\\c\\t\\u0001\",\"plain\"]"),
  ("9B8A65727222616E6473", "[\"err\\\"ands\"]"),
  ("6C1A6235322E35", "{\"b\":2.5}"),
  ("2A6122", "\"a\\\"\""),
  ("3A610A62", "\"a\\nb\""),
  ("2A5C01", "\"\\\\\\u0001\""),
  ("1A1F", "\"\\u001f\""),
]

private func bytes(_ hex: String) -> [UInt8] {
  var bytes: [UInt8] = []
  var index = hex.startIndex
  while index < hex.endIndex {
    let next = hex.index(index, offsetBy: 2)
    bytes.append(UInt8(hex[index..<next], radix: 16)!)
    index = next
  }
  return bytes
}

private func hex(_ bytes: [UInt8]) -> String {
  bytes.map { String(format: "%02X", $0) }.joined()
}

@Table("documents")
struct Document: Equatable, Codable {
  let id: Int
  @Column(as: [String].JSONBRepresentation.self) var tags: [String] = []
  @Column(as: [String: Int]?.JSONBRepresentation.self) var counts: [String: Int]? = nil
}

private func documentsDatabase() throws -> Database {
  let db = try Database()
  try db.execute(
    sql: """
      CREATE TABLE "documents" (
        "id" INTEGER PRIMARY KEY, "tags" BLOB NOT NULL, "counts" BLOB
      ) STRICT
      """)
  try Document.insert {
    Document(id: 1, tags: ["home", "work"], counts: ["a": 1])
    Document(id: 2, tags: [], counts: nil)
  }
  .execute(db)
  return db
}

private let hasJSONBFunctions = Database.sqliteVersionNumber >= 3_045_000
private let jsonbFunctionsSkipped = Comment(
  rawValue: "Skipped: this SQLite (\(Database.sqliteVersion)) is older than 3.45, which added "
    + "the jsonb_* functions; their SQL is checked by jsonbFunctionsRenderTheirSQL")

@Suite("JSONB: SQLite's binary JSON, written and read by Quarry")
struct JSONBTests {
  @Test func writesTheBytesSQLiteWrites() throws {
    for fixture in written {
      let encoded = try JSONB.encode(json: fixture.json)
      #expect(hex(encoded) == fixture.jsonb, "\(fixture.json)")
      #expect(try JSONB.json(encoded) == fixture.canonical, "\(fixture.json)")
    }
  }

  @Test func largePayloadsTakeLongerSizes() throws {
    // SQLite 3.54.1: 302 characters D7012C…, 70,002 E7000111 70…, 1,000 integers DB0F32….
    let long = try JSONB.encode(json: "\"" + String(repeating: "y", count: 300) + "\"")
    #expect(hex(Array(long.prefix(3))) == "D7012C" && long.count == 303)
    let longer = try JSONB.encode(json: "\"" + String(repeating: "z", count: 70_000) + "\"")
    #expect(hex(Array(longer.prefix(5))) == "E700011170" && longer.count == 70_005)
    let numbers = "[" + (0..<1000).map(String.init).joined(separator: ",") + "]"
    let array = try JSONB.encode(json: numbers)
    #expect(hex(Array(array.prefix(7))) == "DB0F3213301331" && array.count == 3893)
    #expect(try JSONB.json(array) == numbers)
    #expect(try JSONB.json(longer).count == 70_002)
  }

  @Test func readsWhatSQLiteWritesFromJSON5AndRawText() throws {
    for fixture in readOnly {
      #expect(try JSONB.json(bytes(fixture.jsonb)) == fixture.canonical, "\(fixture.jsonb)")
    }
  }

  @Test func textThatIsNotJSONIsRefusedWithWhere() {
    for (text, reason) in [
      ("[1,", "a value is missing"), ("[1", "the text ends inside a value"),
      ("{\"a\"}", "expected ':'"),
      ("tru", "expected true"), (#""\x""#, "unknown escape"), ("01", "text after the JSON value"),
      ("\"a\u{1}\"", "a control character in a string"), ("", "a value is missing"),
      ("[1 2]", "expected ',' or ']'"), ("-", "a number needs digits"),
      (
        String(repeating: "[", count: 1001) + String(repeating: "]", count: 1001),
        "nested too deeply"
      ),
    ] {
      #expect {
        try JSONB.encode(json: text)
      } throws: { error in
        "\(error)".hasPrefix("not valid JSON at byte") && "\(error)".contains(reason)
      }
    }
  }

  @Test func bytesThatAreNotJSONBAreRefused() {
    for (hex, reason) in [
      ("0D", "unknown element type 13"), ("1B", "a payload is cut"), ("C3", "a size is cut"),
      ("1000", "null, true and false have no payload"), ("0000", "1 bytes after"),
      ("2C1331", "an object's key is not text"), ("2C1761", "a key has no value"),
      ("", "the value ends early"), ("3C17611331", "an element overruns its container"),
    ] {
      #expect(throws: JSONBError.self, "\(hex)") { try JSONB.json(bytes(hex)) }
      do {
        _ = try JSONB.json(bytes(hex))
      } catch {
        #expect(error.message.contains(reason), "\(hex): \(error.message)")
      }
    }
  }

  @Test func valuesRoundTripThroughJSONB() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let values: [[String: [Double?]]] = [
      [:], ["a": []], ["b": [1, -2.5, nil, 1e300, 0.1]], ["é ☃ \"quoted\" \\ \n": [3]],
    ]
    for value in values {
      let json = String(decoding: try encoder.encode(value), as: UTF8.self)
      let decoded = try JSONDecoder().decode(
        [String: [Double?]].self, from: Data(try JSONB.json(JSONB.encode(json: json)).utf8))
      #expect(decoded == value)
    }
  }

  @Test func aJSONBColumnStoresJSONBAndReadsItBack() throws {
    let db = try documentsDatabase()
    #expect(
      try Document.order { $0.id }.fetchAll(db) == [
        Document(id: 1, tags: ["home", "work"], counts: ["a": 1]),
        Document(id: 2, tags: [], counts: nil),
      ])
    // The column holds the JSONB that SQLite writes for `["home","work"]`.
    let stored = try db.fetchOne(
      [UInt8].self, sql: #"SELECT "tags" FROM "documents" WHERE "id" = 1"#)
    #expect(stored.map(hex) == hex(try JSONB.encode(json: #"["home","work"]"#)))
    #expect(stored.map(hex) == "AB47686F6D6547776F726B")
    let insert = Document.insert { Document.Draft(tags: ["x"]) }
    assertSQL(
      insert,
      #"""
      INSERT INTO "documents" ("id", "tags", "counts")
      VALUES (NULL, X'2B1778', NULL)
      """#)
    try insert.execute(db)
    #expect(try Document.find(3).fetchOne(db)?.tags == ["x"])
    try Document.update(Document(id: 3, tags: ["x"], counts: ["b": 2])).execute(db)
    #expect(try Document.find(3).fetchOne(db)?.counts == ["b": 2])
  }

  @Test func aJSONBColumnReadsJSONTextToo() throws {
    let db = try Database()
    try db.execute(sql: #"CREATE TABLE "documents" ("id" INTEGER PRIMARY KEY, "tags", "counts")"#)
    try db.execute(sql: #"INSERT INTO "documents" VALUES (1, '["a"]', NULL)"#)
    #expect(try Document.find(1).fetchOne(db)?.tags == ["a"])
  }

  @Test func badBytesAndBadJSONAreClearErrors() throws {
    let db = try documentsDatabase()
    try db.execute(sql: #"UPDATE "documents" SET "tags" = X'0D' WHERE "id" = 2"#)
    #expect {
      try Document.find(2).fetchOne(db)
    } throws: { error in
      let message = "\(error)"
      return message.contains("expected JSONB") && message.contains("unknown element type 13")
        && message.contains("tags")
    }
    var insert = QueryFragment(sql: #"INSERT INTO "documents" VALUES (3, "#)
    insert.append(binding: .jsonb("[1,"))
    insert.append(sql: ", NULL)")
    #expect {
      try SQLQueryExpression<Void>(insert).execute(db)
    } throws: { error in
      "\(error)".contains("cannot be stored as JSONB: not valid JSON at byte 3")
    }
    #expect(QueryBinding.jsonb("[1]").sqlLiteral == "X'2B1331'")
    #expect(QueryBinding.jsonb("[1]").sqlLiteral(for: .postgres) == "CAST('[1]' AS jsonb)")
  }

  @Test func jsonFunctionsOfAJSONBColumnKeepItJSONB() {
    assertSQL(
      Document.update {
        $0.tags = $0.tags.jsonAppend("errands")
        $0.counts = $0.counts.jsonRemove("$.a")
      },
      #"""
      UPDATE "documents"
      SET "tags" = jsonb_insert("documents"."tags", '$[#]', 'errands'), \#
      "counts" = jsonb_remove("documents"."counts", '$.a')
      """#)
  }

  @Test func jsonbFunctionsRenderTheirSQL() {
    assertSQL(
      Document.select {
        ($0.tags.jsonbSet("$[0]", to: "a"), $0.tags.jsonbExtract("$", as: [String].self))
      },
      #"""
      SELECT jsonb_set("documents"."tags", '$[0]', 'a'), jsonb_extract("documents"."tags", '$')
      FROM "documents"
      """#)
    assertSQL(
      Document.select { ($0.jsonbObject(), $0.id.jsonbGroupArray(order: $0.id.desc())) },
      #"""
      SELECT jsonb_object('id', "documents"."id", 'tags', "documents"."tags", 'counts', \#
      "documents"."counts"), jsonb_group_array("documents"."id" ORDER BY "documents"."id" DESC)
      FROM "documents"
      """#)
  }

  @Test(.enabled(if: hasJSONBFunctions, jsonbFunctionsSkipped))
  func jsonbFunctionsRunOnSQLite345() throws {
    let db = try documentsDatabase()
    try Document.update {
      $0.tags = $0.tags.jsonAppend("errands")
      $0.counts = $0.counts.jsonbSet("$.b", to: 2)
    }.execute(db)
    let rows = try Document.order { $0.id }.fetchAll(db)
    #expect(rows.map(\.tags) == [["home", "work", "errands"], ["errands"]])
    #expect(rows.map(\.counts) == [["a": 1, "b": 2], nil])
    let stored = try db.fetchOne(
      String.self, sql: #"SELECT typeof("tags") FROM "documents" WHERE "id" = 1"#)
    #expect(stored == "blob")
    let (documents, ids) = try #require(
      try Document.select { ($0.jsonbGroupArray(), $0.id.jsonbGroupArray()) }.fetchOne(db))
    #expect(documents.queryOutput.map(\.id) == [1, 2])
    #expect(ids.queryOutput == [1, 2])
    let first = try Document.find(1).select {
      ($0.jsonbObject(), $0.tags.jsonbRemove("$[0]"), $0.tags.jsonbExtract("$", as: [String].self))
    }.fetchOne(db)
    #expect(first?.0.queryOutput == rows[0])
    #expect(first?.1.queryOutput == ["work", "errands"])
    #expect(first?.2?.queryOutput == ["home", "work", "errands"])
    let tagged = try Document.join(jsonEach: { $0.tags }).select { $1.value }.fetchAll(db)
    #expect(tagged == ["home", "work", "errands", "errands"])
  }
}

@Suite("JSON arrays of column values")
struct JSONColumnValuesTests {
  /// An aggregate's JSON holds values as the database writes them: a `Bool` as `1`, a `Date` as
  /// text. `Codable` can't read those; they are read as the columns are.
  @Test func valuesAsTheDatabaseWritesThem() throws {
    let db = try Database()
    let flags = try SQLQueryExpression<[Bool].JSONRepresentation>(
      "SELECT json_array(1, 0, 1)"
    ).fetchOne(db)
    #expect(flags?.queryOutput == [true, false, true])
    let dates = try SQLQueryExpression<[Date].JSONRepresentation>(
      "SELECT json_array('2026-01-31 10:20:30.500')"
    ).fetchOne(db)
    #expect(dates?.queryOutput == [Date(timeIntervalSince1970: 1_769_854_830.5)])
    // `Codable`'s own JSON still reads as it did.
    let stored = try SQLQueryExpression<[Bool].JSONRepresentation>("SELECT '[true,false]'")
      .fetchOne(db)
    #expect(stored?.queryOutput == [true, false])
    #expect {
      try SQLQueryExpression<[Bool].JSONRepresentation>("SELECT '[\"yes\"]'").fetchOne(db)
    } throws: { error in
      "\(error)".contains("Array<Bool> (JSON)")
    }
  }
}
