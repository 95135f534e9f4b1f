import Foundation
import PropertyBased
import Quarry
import QuarrySQLite
import Testing

/// Random query trees built from the public API render SQL that SQLite prepares, and return
/// the rows of the same query written by hand.
///
/// Each case is a tree (predicates of random depth: comparisons, `&&`, `||`, `!`, `IS NULL`,
/// `IN`, `BETWEEN`, `LIKE`, `GLOB`, arithmetic and functions; filters combined with `&&`, `||`,
/// `!` and chained `where`s; orderings; `LIMIT`/`OFFSET`; grouping with aggregates and
/// `HAVING`; inner and left joins). The tree builds a Quarry statement, and, apart from it, an
/// SQL string of its own, fully parenthesized, values written as literals. Both run on one
/// in-memory database whose rows hold `NULL`s, empty strings, negative numbers and duplicates;
/// their rows must be equal: in order where `ORDER BY` fixes the order, as multisets otherwise.
@Suite("Properties: random query trees")
struct PropertyQueryTreeTests {
  static let count = 300

  @Test func filteredSelects() throws {
    let db = try QueryTreeData.database()
    forEachValue(seed: 40, count: Self.count, of: QueryTreeGenerators.plain) { query in
      try query.check(on: db)
    }
  }

  @Test func groupedSelects() throws {
    let db = try QueryTreeData.database()
    forEachValue(seed: 41, count: Self.count, of: QueryTreeGenerators.grouped) { query in
      try query.check(on: db)
    }
  }

  @Test func joins() throws {
    let db = try QueryTreeData.database()
    forEachValue(seed: 42, count: Self.count, of: QueryTreeGenerators.joined) { query in
      try query.check(on: db)
    }
  }

  /// The trees reach every kind of node: a generator that stopped producing one would leave
  /// it untested without failing.
  @Test func treesReachEveryKindOfNode() {
    var random = Xoshiro(seed: (43, 0x9E37_79B9_7F4A_7C15, ~43, 0xD1B5_4A32_D192_ED03))
    var kinds = Set<String>()
    for _ in 0..<Self.count {
      let query = QueryTreeGenerators.plain.run(using: &random)
      kinds.formUnion(query.filter.nodeKinds)
    }
    let expected: Set<String> = [
      "all", "none", "where", "chained", "and", "or", "not", "builder", "either",
      "flag", "flagIs", "compareInt", "compareIntValue", "compareOptIntValue", "equalOptInt",
      "compareText", "compareTextValue", "equalOptTextValue", "isNullInt", "isNullText",
      "isExpression", "inInts", "inOptInts", "inTexts", "between", "rangeMatch", "optRangeMatch",
      "betweenExpressions", "like",
      "likeEscape", "likeOpt", "glob", "contains", "&&", "||", "!",
    ]
    #expect(expected.subtracting(kinds).isEmpty, "never generated: \(expected.subtracting(kinds))")
  }
}

// MARK: - The data

@Table("treeItems")
struct TreeItem {
  let id: Int
  var name: String
  var note: String?
  var qty: Int
  var score: Int?
  var flag: Bool
  var groupID: Int?
}

@Table("treeGroups")
struct TreeGroup {
  let id: Int
  var label: String
  var rank: Int?
}

enum QueryTreeData {
  /// Two tables: `NULL`s, empty strings, negative numbers, duplicate rows and values, mixed
  /// case, `LIKE` wildcards and a quote in the text, an item whose group does not exist and a
  /// group without items.
  static func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "treeItems" (
          "id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "note" TEXT, "qty" INTEGER NOT NULL,
          "score" INTEGER, "flag" INTEGER NOT NULL, "groupID" INTEGER);
        CREATE TABLE "treeGroups" ("id" INTEGER PRIMARY KEY, "label" TEXT NOT NULL, "rank" INTEGER);
        INSERT INTO "treeItems" VALUES
          (1, 'apple', 'fresh', 3, 10, 1, 1),
          (2, 'Apple', NULL, -2, NULL, 0, 1),
          (3, '', '', 0, 0, 1, 2),
          (4, 'banana', 'ripe', 3, -5, 0, NULL),
          (5, 'cherry', NULL, 7, 10, 1, 3),
          (6, 'apple', 'fresh', 3, 10, 1, 1),
          (7, '50%_off', 'a''quote', -7, -1, 0, 2),
          (8, '  spaced ', 'x', 100, NULL, 1, 99),
          (9, 'Zed', NULL, -100, 42, 0, NULL),
          (10, 'éclair', 'ÉCLAIR', 1, 1, 1, 3),
          (11, 'banana', '', 0, -5, 0, 2),
          (12, 'x_y', 'x%y', 12, NULL, 1, NULL),
          (13, 'apple', NULL, -2, NULL, 0, 1);
        INSERT INTO "treeGroups" VALUES
          (1, 'fruit', 1), (2, '', NULL), (3, 'Fruit', -1), (4, 'empty group', 2);
        """)
    return db
  }
}

// MARK: - The trees

/// Which tables' columns an expression may read.
enum TreeScope {
  case items, groups, both
}

enum ArithmeticOperator: CaseIterable {
  case plus, minus, times
  var sql: String {
    switch self {
    case .plus: "+"
    case .minus: "-"
    case .times: "*"
    }
  }
}

enum ComparisonOperator: CaseIterable {
  case equal, notEqual, less, greater, lessOrEqual, greaterOrEqual
  var sql: String {
    switch self {
    case .equal: "="
    case .notEqual: "<>"
    case .less: "<"
    case .greater: ">"
    case .lessOrEqual: "<="
    case .greaterOrEqual: ">="
    }
  }
}

/// An `Int` expression.
indirect enum IntNode {
  case itemID, qty, groupKey
  case literal(Int)
  case binary(IntNode, ArithmeticOperator, IntNode)
  case binaryValue(IntNode, ArithmeticOperator, Int)
  case negate(IntNode)
  case abs(IntNode)
  case length(TextNode)
  case coalesce(OptIntNode, Int)
  case coalesceExpression(OptIntNode, IntNode)
  case remainder(IntNode, Int)
  case quotient(IntNode, Int)
}

/// An `Int?` expression.
indirect enum OptIntNode {
  case score, itemGroupID, rank
  case null
  case literal(Int)
  case plusValue(OptIntNode, Int)
  case plus(OptIntNode, OptIntNode)
  case abs(OptIntNode)
  case length(OptTextNode)
  case nullif(IntNode, Int)
  case coalesce(OptIntNode, OptIntNode)
  case quotient(IntNode, IntNode)
}

/// A `String` expression.
indirect enum TextNode {
  case name, label
  case literal(String)
  case lower(TextNode)
  case upper(TextNode)
  case trim(TextNode)
  case concat(TextNode, TextNode)
  case concatValue(TextNode, String)
  case prefixValue(String, TextNode)
  case coalesce(OptTextNode, String)
  case substr(TextNode, Int, Int?)
}

/// A `String?` expression.
indirect enum OptTextNode {
  case note
  case null
  case lower(OptTextNode)
  case concat(OptTextNode, TextNode)
  case nullif(TextNode, String)
  case coalesce(OptTextNode, OptTextNode)
}

/// How a `NULL` test is spelled.
enum NullTestSpelling: CaseIterable {
  case equalsNil, notEqualsNil, isNil, isNotNil
}

/// A predicate.
indirect enum BoolNode {
  case flag
  case flagIs(Bool)
  case compareInt(IntNode, ComparisonOperator, IntNode)
  case compareIntValue(IntNode, ComparisonOperator, Int)
  case compareOptIntValue(OptIntNode, ComparisonOperator, Int?)
  case equalOptInt(OptIntNode, negated: Bool, IntNode)
  case compareText(TextNode, ComparisonOperator, TextNode)
  case compareTextValue(TextNode, ComparisonOperator, String)
  case equalOptTextValue(OptTextNode, negated: Bool, String?)
  case isNullInt(OptIntNode, NullTestSpelling)
  case isNullText(OptTextNode, NullTestSpelling)
  case isExpression(OptIntNode, negated: Bool, OptIntNode)
  case inInts(IntNode, [Int])
  case inOptInts(OptIntNode, [Int?])
  case inTexts(TextNode, [String])
  case between(IntNode, Int, Int)
  case rangeMatch(Int, Int, IntNode)
  case optRangeMatch(Int, Int, OptIntNode)
  case betweenExpressions(IntNode, IntNode, IntNode)
  case like(TextNode, String)
  case likeEscape(TextNode, String)
  case likeOpt(OptTextNode, String)
  case glob(TextNode, String)
  case contains(TextNode, String)
  case and(BoolNode, BoolNode)
  case or(BoolNode, BoolNode)
  case not(BoolNode)
}

/// A `Where` value, built from predicates and other filters.
indirect enum FilterNode {
  case all, none
  case predicate(BoolNode)
  case chained(FilterNode, BoolNode)
  case and(FilterNode, FilterNode)
  case or(FilterNode, FilterNode)
  case not(FilterNode)
  /// `where { p; if include { q } }`
  case builder(BoolNode, include: Bool, BoolNode)
  /// `where { if first { p } else { q } }`
  case either(Bool, BoolNode, BoolNode)
}

/// An expression of any of the four types, to order by or group by.
enum AnyNode {
  case int(IntNode)
  case optInt(OptIntNode)
  case text(TextNode)
  case optText(OptTextNode)
}

enum OrderDirection: CaseIterable {
  case none, asc, desc, ascNullsFirst, ascNullsLast, descNullsFirst, descNullsLast
  /// `.asc().nullsFirst()`, the method form.
  case ascThenNullsFirst
}

struct OrderTerm {
  var node: AnyNode
  var direction: OrderDirection
}

/// `LIMIT` and `OFFSET`, in the spellings the API has.
enum Page {
  case limit(Int)
  case limitOffset(Int, Int)
  case offset(Int)
  case limitThenOffset(Int, Int)
}

// MARK: - Rendering by hand (the oracle)

enum HandSQL {
  static func string(_ value: String) -> String {
    "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
  }

  static func int(_ value: Int) -> String { value < 0 ? "(\(value))" : "\(value)" }

  static func optInt(_ value: Int?) -> String { value.map(int) ?? "NULL" }

  static func nullTest(_ operand: String, _ spelling: NullTestSpelling) -> String {
    switch spelling {
    case .equalsNil, .isNil: "(\(operand) IS NULL)"
    case .notEqualsNil, .isNotNil: "(\(operand) IS NOT NULL)"
    }
  }

  static func page(_ page: Page?) -> String {
    switch page {
    case nil: ""
    case .limit(let limit): " LIMIT \(int(limit))"
    case .limitOffset(let limit, let offset), .limitThenOffset(let limit, let offset):
      " LIMIT \(int(limit)) OFFSET \(int(offset))"
    case .offset(let offset): " LIMIT -1 OFFSET \(int(offset))"
    }
  }

  static func order(_ terms: [OrderTerm]) -> String {
    guard !terms.isEmpty else { return "" }
    return " ORDER BY " + terms.map(\.sql).joined(separator: ", ")
  }
}

extension IntNode {
  var sql: String {
    switch self {
    case .itemID: #""treeItems"."id""#
    case .qty: #""treeItems"."qty""#
    case .groupKey: #""treeGroups"."id""#
    case .literal(let value): HandSQL.int(value)
    case .binary(let lhs, let op, let rhs): "(\(lhs.sql) \(op.sql) \(rhs.sql))"
    case .binaryValue(let lhs, let op, let value): "(\(lhs.sql) \(op.sql) \(HandSQL.int(value)))"
    case .negate(let operand): "(- \(operand.sql))"
    case .abs(let operand): "abs(\(operand.sql))"
    case .length(let text): "length(\(text.sql))"
    case .coalesce(let optional, let value): "coalesce(\(optional.sql), \(HandSQL.int(value)))"
    case .coalesceExpression(let optional, let fallback):
      "coalesce(\(optional.sql), \(fallback.sql))"
    case .remainder(let lhs, let value): "(\(lhs.sql) % \(HandSQL.int(value)))"
    case .quotient(let lhs, let value): "(\(lhs.sql) / \(HandSQL.int(value)))"
    }
  }
}

extension OptIntNode {
  var sql: String {
    switch self {
    case .score: #""treeItems"."score""#
    case .itemGroupID: #""treeItems"."groupID""#
    case .rank: #""treeGroups"."rank""#
    case .null: "NULL"
    case .literal(let value): HandSQL.int(value)
    case .plusValue(let lhs, let value): "(\(lhs.sql) + \(HandSQL.int(value)))"
    case .plus(let lhs, let rhs): "(\(lhs.sql) + \(rhs.sql))"
    case .abs(let operand): "abs(\(operand.sql))"
    case .length(let text): "length(\(text.sql))"
    case .nullif(let operand, let value): "nullif(\(operand.sql), \(HandSQL.int(value)))"
    case .coalesce(let lhs, let rhs): "coalesce(\(lhs.sql), \(rhs.sql))"
    case .quotient(let lhs, let rhs): "(\(lhs.sql) / \(rhs.sql))"
    }
  }
}

extension TextNode {
  var sql: String {
    switch self {
    case .name: #""treeItems"."name""#
    case .label: #""treeGroups"."label""#
    case .literal(let value): HandSQL.string(value)
    case .lower(let operand): "lower(\(operand.sql))"
    case .upper(let operand): "upper(\(operand.sql))"
    case .trim(let operand): "trim(\(operand.sql))"
    case .concat(let lhs, let rhs): "(\(lhs.sql) || \(rhs.sql))"
    case .concatValue(let lhs, let value): "(\(lhs.sql) || \(HandSQL.string(value)))"
    case .prefixValue(let value, let rhs): "(\(HandSQL.string(value)) || \(rhs.sql))"
    case .coalesce(let optional, let value):
      "coalesce(\(optional.sql), \(HandSQL.string(value)))"
    case .substr(let operand, let start, let length?):
      "substr(\(operand.sql), \(HandSQL.int(start)), \(HandSQL.int(length)))"
    case .substr(let operand, let start, nil): "substr(\(operand.sql), \(HandSQL.int(start)))"
    }
  }
}

extension OptTextNode {
  var sql: String {
    switch self {
    case .note: #""treeItems"."note""#
    case .null: "NULL"
    case .lower(let operand): "lower(\(operand.sql))"
    case .concat(let lhs, let rhs): "(\(lhs.sql) || \(rhs.sql))"
    case .nullif(let operand, let value): "nullif(\(operand.sql), \(HandSQL.string(value)))"
    case .coalesce(let lhs, let rhs): "coalesce(\(lhs.sql), \(rhs.sql))"
    }
  }
}

extension BoolNode {
  var sql: String {
    switch self {
    case .flag: #""treeItems"."flag""#
    case .flagIs(let value): #"("treeItems"."flag" = \#(value ? 1 : 0))"#
    case .compareInt(let lhs, let op, let rhs): "(\(lhs.sql) \(op.sql) \(rhs.sql))"
    case .compareIntValue(let lhs, let op, let value):
      "(\(lhs.sql) \(op.sql) \(HandSQL.int(value)))"
    case .compareOptIntValue(let lhs, .equal, nil): "(\(lhs.sql) IS NULL)"
    case .compareOptIntValue(let lhs, .notEqual, nil): "(\(lhs.sql) IS NOT NULL)"
    case .compareOptIntValue(let lhs, let op, let value):
      "(\(lhs.sql) \(op.sql) \(HandSQL.optInt(value)))"
    case .equalOptInt(let lhs, let negated, let rhs):
      "(\(lhs.sql) \(negated ? "<>" : "=") \(rhs.sql))"
    case .compareText(let lhs, let op, let rhs): "(\(lhs.sql) \(op.sql) \(rhs.sql))"
    case .compareTextValue(let lhs, let op, let value):
      "(\(lhs.sql) \(op.sql) \(HandSQL.string(value)))"
    case .equalOptTextValue(let lhs, let negated, nil):
      "(\(lhs.sql) \(negated ? "IS NOT NULL" : "IS NULL"))"
    case .equalOptTextValue(let lhs, let negated, let value?):
      "(\(lhs.sql) \(negated ? "<>" : "=") \(HandSQL.string(value)))"
    case .isNullInt(let operand, let spelling): HandSQL.nullTest(operand.sql, spelling)
    case .isNullText(let operand, let spelling): HandSQL.nullTest(operand.sql, spelling)
    case .isExpression(let lhs, let negated, let rhs):
      "(\(lhs.sql) \(negated ? "IS NOT" : "IS") \(rhs.sql))"
    case .inInts(let operand, let values):
      "(\(operand.sql) IN (\(values.map(HandSQL.int).joined(separator: ", "))))"
    case .inOptInts(let operand, let values):
      "(\(operand.sql) IN (\(values.map(HandSQL.optInt).joined(separator: ", "))))"
    case .inTexts(let operand, let values):
      "(\(operand.sql) IN (\(values.map(HandSQL.string).joined(separator: ", "))))"
    case .between(let operand, let lower, let upper):
      "(\(operand.sql) BETWEEN \(HandSQL.int(lower)) AND \(HandSQL.int(upper)))"
    case .rangeMatch(let lower, let upper, let operand):
      "(\(operand.sql) BETWEEN \(HandSQL.int(lower)) AND \(HandSQL.int(upper)))"
    case .optRangeMatch(let lower, let upper, let operand):
      "(\(operand.sql) BETWEEN \(HandSQL.int(lower)) AND \(HandSQL.int(upper)))"
    case .betweenExpressions(let operand, let lower, let upper):
      "(\(operand.sql) BETWEEN \(lower.sql) AND \(upper.sql))"
    case .like(let operand, let pattern): "(\(operand.sql) LIKE \(HandSQL.string(pattern)))"
    case .likeEscape(let operand, let pattern):
      #"(\#(operand.sql) LIKE \#(HandSQL.string(pattern)) ESCAPE '\')"#
    case .likeOpt(let operand, let pattern): "(\(operand.sql) LIKE \(HandSQL.string(pattern)))"
    case .glob(let operand, let pattern): "(\(operand.sql) GLOB \(HandSQL.string(pattern)))"
    case .contains(let operand, let substring):
      // Not `LIKE`: `instr` over ASCII-lowercased text, which matches as `LIKE` does.
      "(instr(lower(\(operand.sql)), lower(\(HandSQL.string(substring)))) > 0)"
    case .and(let lhs, let rhs): "(\(lhs.sql) AND \(rhs.sql))"
    case .or(let lhs, let rhs): "(\(lhs.sql) OR \(rhs.sql))"
    case .not(let operand): "(NOT \(operand.sql))"
    }
  }

  /// The kinds of node in the tree, by name.
  var nodeKinds: Set<String> {
    switch self {
    case .and(let lhs, let rhs): lhs.nodeKinds.union(rhs.nodeKinds).union(["&&"])
    case .or(let lhs, let rhs): lhs.nodeKinds.union(rhs.nodeKinds).union(["||"])
    case .not(let operand): operand.nodeKinds.union(["!"])
    default:
      [String(String(describing: self).prefix { $0.isLetter || $0.isNumber })]
    }
  }
}

extension FilterNode {
  /// The filter as one SQL condition; `all` is `1`.
  var sql: String {
    switch self {
    case .all: "1"
    case .none: "0"
    case .predicate(let predicate): predicate.sql
    case .chained(let filter, let predicate): "(\(filter.sql) AND \(predicate.sql))"
    case .and(let lhs, let rhs): "(\(lhs.sql) AND \(rhs.sql))"
    case .or(let lhs, let rhs):
      // An unfiltered side of `or` adds nothing (StructuredQueries' reading).
      lhs.isUnfiltered ? rhs.sql : rhs.isUnfiltered ? lhs.sql : "(\(lhs.sql) OR \(rhs.sql))"
    case .not(let operand): "(NOT \(operand.sql))"
    case .builder(let first, let include, let second):
      include ? "(\(first.sql) AND \(second.sql))" : first.sql
    case .either(let first, let lhs, let rhs): first ? lhs.sql : rhs.sql
    }
  }

  /// Whether Quarry builds the filter with no predicate: `all`, or `and`/`or` of such.
  var isUnfiltered: Bool {
    switch self {
    case .all: true
    case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.isUnfiltered && rhs.isUnfiltered
    default: false
    }
  }

  /// Whether the filter is `none`'s, or one built on it: a join of it keeps no row.
  var isNone: Bool {
    switch self {
    case .none: true
    case .chained(let filter, _): filter.isNone
    case .and(let lhs, let rhs):
      lhs.isUnfiltered ? rhs.isNone : rhs.isUnfiltered ? lhs.isNone : lhs.isNone || rhs.isNone
    case .or(let lhs, let rhs):
      lhs.isUnfiltered ? rhs.isNone : rhs.isUnfiltered ? lhs.isNone : false
    default: false
    }
  }

  var nodeKinds: Set<String> {
    switch self {
    case .all: ["all"]
    case .none: ["none"]
    case .predicate(let predicate): predicate.nodeKinds.union(["where"])
    case .chained(let filter, let predicate):
      filter.nodeKinds.union(predicate.nodeKinds).union(["chained"])
    case .and(let lhs, let rhs): lhs.nodeKinds.union(rhs.nodeKinds).union(["and"])
    case .or(let lhs, let rhs): lhs.nodeKinds.union(rhs.nodeKinds).union(["or"])
    case .not(let operand): operand.nodeKinds.union(["not"])
    case .builder(let first, _, let second):
      first.nodeKinds.union(second.nodeKinds).union(["builder"])
    case .either(_, let lhs, let rhs): lhs.nodeKinds.union(rhs.nodeKinds).union(["either"])
    }
  }
}

extension AnyNode {
  /// The node as an `ORDER BY` or `GROUP BY` term: SQLite reads an integer literal there
  /// (`2`, `(-2)`, `(- 2)`) as the number of a result column, so integers are cast, which
  /// changes no value. (Quarry binds the value: an expression.)
  var termSQL: String {
    switch self {
    case .int, .optInt: "CAST(\(sql) AS INTEGER)"
    case .text, .optText: sql
    }
  }

  var sql: String {
    switch self {
    case .int(let node): node.sql
    case .optInt(let node): node.sql
    case .text(let node): node.sql
    case .optText(let node): node.sql
    }
  }
}

extension OrderTerm {
  var sql: String {
    let operand = node.termSQL
    switch direction {
    case .none: return operand
    case .asc: return operand + " ASC"
    case .desc: return operand + " DESC"
    case .ascNullsFirst, .ascThenNullsFirst: return operand + " ASC NULLS FIRST"
    case .ascNullsLast: return operand + " ASC NULLS LAST"
    case .descNullsFirst: return operand + " DESC NULLS FIRST"
    case .descNullsLast: return operand + " DESC NULLS LAST"
    }
  }
}

// MARK: - Building with Quarry

// Each node builds its expression through the public API. Generic helpers open the
// existentials, so every operator and function sees the operands' real types.

enum Build {
  static func arithmetic(
    _ lhs: some QueryExpression<Int>, _ op: ArithmeticOperator, _ rhs: some QueryExpression<Int>
  ) -> any QueryExpression<Int> {
    switch op {
    case .plus: lhs + rhs
    case .minus: lhs - rhs
    case .times: lhs * rhs
    }
  }

  static func arithmetic(
    _ lhs: some QueryExpression<Int>, _ op: ArithmeticOperator, value: Int
  ) -> any QueryExpression<Int> {
    switch op {
    case .plus: lhs + value
    case .minus: lhs - value
    case .times: lhs * value
    }
  }

  static func negate(_ operand: some QueryExpression<Int>) -> any QueryExpression<Int> {
    -operand
  }

  static func abs<Value: QueryNumeric>(
    _ operand: some QueryExpression<Value>
  ) -> any QueryExpression<Value> {
    operand.abs()
  }

  static func length<Text: QueryText>(
    _ operand: some QueryExpression<Text>
  ) -> any QueryExpression<Text.CountValue> {
    operand.length()
  }

  static func coalesce<Wrapped: QueryBindable>(
    _ optional: some QueryExpression<Wrapped?>, _ value: Wrapped
  ) -> any QueryExpression<Wrapped> {
    optional ?? value
  }

  static func coalesce<Wrapped: QueryBindable>(
    _ optional: some QueryExpression<Wrapped?>, _ fallback: some QueryExpression<Wrapped>
  ) -> any QueryExpression<Wrapped> {
    optional ?? fallback
  }

  static func coalesceOptional<Wrapped: QueryBindable>(
    _ optional: some QueryExpression<Wrapped?>, _ fallback: some QueryExpression<Wrapped?>
  ) -> any QueryExpression<Wrapped?> {
    let coalesced: SQLQueryExpression<Wrapped?> = optional ?? fallback
    return coalesced
  }

  static func remainder(_ lhs: some QueryExpression<Int>, _ value: Int) -> any QueryExpression<Int>
  {
    lhs % value
  }

  static func quotient(_ lhs: some QueryExpression<Int>, _ value: Int) -> any QueryExpression<Int> {
    lhs / value
  }

  static func quotient(
    _ lhs: some QueryExpression<Int>, _ rhs: some QueryExpression<Int>
  ) -> any QueryExpression<Int?> {
    lhs / rhs
  }

  static func plus(_ lhs: some QueryExpression<Int?>, value: Int?) -> any QueryExpression<Int?> {
    lhs + value
  }

  static func plus(
    _ lhs: some QueryExpression<Int?>, _ rhs: some QueryExpression<Int?>
  ) -> any QueryExpression<Int?> {
    lhs + rhs
  }

  static func nullif<Value: QueryBindable>(
    _ operand: some QueryExpression<Value>, _ value: Value
  ) -> any QueryExpression<Value?> {
    operand.nullif(value)
  }

  static func lower<Text: QueryText>(
    _ operand: some QueryExpression<Text>
  ) -> any QueryExpression<Text> {
    operand.lower()
  }

  static func upper(_ operand: some QueryExpression<String>) -> any QueryExpression<String> {
    operand.upper()
  }

  static func trim(_ operand: some QueryExpression<String>) -> any QueryExpression<String> {
    operand.trim()
  }

  static func substr(
    _ operand: some QueryExpression<String>, _ start: Int, _ length: Int?
  ) -> any QueryExpression<String> {
    operand.substr(start, length)
  }

  static func concat(
    _ lhs: some QueryExpression<String>, _ rhs: some QueryExpression<String>
  ) -> any QueryExpression<String> {
    lhs + rhs
  }

  static func concat(_ lhs: some QueryExpression<String>, value: String)
    -> any QueryExpression<String>
  {
    lhs + value
  }

  static func concat(value: String, _ rhs: some QueryExpression<String>)
    -> any QueryExpression<String>
  {
    value + rhs
  }

  static func concat(
    _ lhs: some QueryExpression<String?>, _ rhs: some QueryExpression<String>
  ) -> any QueryExpression<String?> {
    lhs + rhs
  }

  static func compare<Value: QueryBindable>(
    _ lhs: some QueryExpression<Value>, _ op: ComparisonOperator,
    _ rhs: some QueryExpression<Value>
  ) -> any QueryExpression<Bool> {
    switch op {
    case .equal: lhs == rhs
    case .notEqual: lhs != rhs
    case .less: lhs < rhs
    case .greater: lhs > rhs
    case .lessOrEqual: lhs <= rhs
    case .greaterOrEqual: lhs >= rhs
    }
  }

  static func compare<Value: QueryBindable>(
    _ lhs: some QueryExpression<Value>, _ op: ComparisonOperator, value: Value
  ) -> any QueryExpression<Bool> {
    switch op {
    case .equal: lhs == value
    case .notEqual: lhs != value
    case .less: lhs < value
    case .greater: lhs > value
    case .lessOrEqual: lhs <= value
    case .greaterOrEqual: lhs >= value
    }
  }

  static func equal(
    _ lhs: some QueryExpression<Int?>, negated: Bool, _ rhs: some QueryExpression<Int>
  ) -> any QueryExpression<Bool> {
    negated ? lhs != rhs : lhs == rhs
  }

  static func nullTest<Wrapped: QueryBindable>(
    _ operand: some QueryExpression<Wrapped?>, _ spelling: NullTestSpelling
  ) -> any QueryExpression<Bool> {
    switch spelling {
    case .equalsNil: operand == nil
    case .notEqualsNil: operand != nil
    case .isNil: operand.is(nil)
    case .isNotNil: operand.isNot(nil)
    }
  }

  static func isExpression(
    _ lhs: some QueryExpression<Int?>, negated: Bool, _ rhs: some QueryExpression<Int?>
  ) -> any QueryExpression<Bool> {
    negated ? lhs.isNot(rhs) : lhs.is(rhs)
  }

  static func isIn<Value: QueryBindable>(
    _ operand: some QueryExpression<Value>, _ values: [Value]
  ) -> any QueryExpression<Bool> {
    operand.in(values)
  }

  static func between(_ operand: some QueryExpression<Int>, _ lower: Int, _ upper: Int)
    -> any QueryExpression<Bool>
  {
    operand.between(lower, and: upper)
  }

  static func rangeMatch(_ lower: Int, _ upper: Int, _ operand: some QueryExpression<Int>)
    -> any QueryExpression<Bool>
  {
    lower...upper ~= operand
  }

  static func rangeMatch(_ lower: Int, _ upper: Int, _ operand: some QueryExpression<Int?>)
    -> any QueryExpression<Bool>
  {
    lower...upper ~= operand
  }

  static func between(
    _ operand: some QueryExpression<Int>, _ lower: some QueryExpression<Int>,
    _ upper: some QueryExpression<Int>
  ) -> any QueryExpression<Bool> {
    operand.between(lower, and: upper)
  }

  static func like(_ operand: some QueryExpression<String>, _ pattern: String, escaped: Bool)
    -> any QueryExpression<Bool>
  {
    escaped ? operand.like(pattern, escape: "\\") : operand.like(pattern)
  }

  static func like(_ operand: some QueryExpression<String?>, _ pattern: String)
    -> any QueryExpression<Bool>
  {
    operand.like(pattern)
  }

  static func glob(_ operand: some QueryExpression<String>, _ pattern: String)
    -> any QueryExpression<Bool>
  {
    operand.glob(pattern)
  }

  static func contains(_ operand: some QueryExpression<String>, _ substring: String)
    -> any QueryExpression<Bool>
  {
    operand.contains(substring)
  }

  static func and(_ lhs: some QueryExpression<Bool>, _ rhs: some QueryExpression<Bool>)
    -> any QueryExpression<Bool>
  {
    lhs && rhs
  }

  static func or(_ lhs: some QueryExpression<Bool>, _ rhs: some QueryExpression<Bool>)
    -> any QueryExpression<Bool>
  {
    lhs || rhs
  }

  static func not(_ operand: some QueryExpression<Bool>) -> any QueryExpression<Bool> {
    !operand
  }

  static func filter<T: Table>(_: T.Type, _ predicate: some QueryExpression<Bool>) -> Where<T> {
    T.where { _ in predicate }
  }

  static func chained<T: Table>(_ filter: Where<T>, _ predicate: some QueryExpression<Bool>)
    -> Where<T>
  {
    filter.where { _ in predicate }
  }

  static func builder<T: Table>(
    _: T.Type, _ first: some QueryExpression<Bool>, include: Bool,
    _ second: some QueryExpression<Bool>
  ) -> Where<T> {
    T.where { _ in
      first
      if include { second }
    }
  }

  static func either<T: Table>(
    _: T.Type, _ isFirst: Bool, _ first: some QueryExpression<Bool>,
    _ second: some QueryExpression<Bool>
  ) -> Where<T> {
    T.where { _ in
      if isFirst {
        first
      } else {
        second
      }
    }
  }

  static func term(_ operand: some QueryExpression, _ direction: OrderDirection)
    -> any QueryExpression
  {
    switch direction {
    case .none: operand
    case .asc: operand.asc()
    case .desc: operand.desc()
    case .ascNullsFirst: operand.asc(nulls: .first)
    case .ascNullsLast: operand.asc(nulls: .last)
    case .descNullsFirst: operand.desc(nulls: .first)
    case .descNullsLast: operand.desc(nulls: .last)
    case .ascThenNullsFirst: operand.asc().nullsFirst()
    }
  }

  /// Adds one ordering term.
  static func orderOne<S: SelectStatement>(_ statement: S, by term: any QueryExpression) -> S {
    func apply<Term: QueryExpression>(_ term: Term) -> S { statement.order { _ in term } }
    return _openExistential(term, do: apply)
  }

  /// Adds two ordering terms at once, through the tuple form.
  static func orderTwo<S: SelectStatement>(
    _ statement: S, by first: any QueryExpression, _ second: any QueryExpression
  ) -> S {
    func applyFirst<First: QueryExpression>(_ first: First) -> S {
      func applySecond<Second: QueryExpression>(_ second: Second) -> S {
        statement.order { _ in (first, second) }
      }
      return _openExistential(second, do: applySecond)
    }
    return _openExistential(first, do: applyFirst)
  }

  /// Orders by each term: two at a time through the tuple form, one at a time otherwise.
  static func order<S: SelectStatement>(_ statement: S, by terms: [OrderTerm]) -> S {
    var statement = statement
    var index = 0
    while index < terms.count {
      if index + 1 < terms.count, index % 2 == 0 {
        statement = orderTwo(statement, by: terms[index].quarry, terms[index + 1].quarry)
        index += 2
      } else {
        statement = orderOne(statement, by: terms[index].quarry)
        index += 1
      }
    }
    return statement
  }

  static func having<S: SelectStatement>(_ statement: S, _ predicate: some QueryExpression<Bool>)
    -> S
  {
    statement.having { _ in predicate }
  }

  static func page<S: SelectStatement>(_ statement: S, _ page: Page?) -> S {
    switch page {
    case nil: statement
    case .limit(let limit): statement.limit(limit)
    case .limitOffset(let limit, let offset): statement.limit(limit, offset: offset)
    case .offset(let offset): statement.offset(offset)
    case .limitThenOffset(let limit, let offset): statement.limit(limit).offset(offset)
    }
  }
}

extension IntNode {
  var quarry: any QueryExpression<Int> {
    switch self {
    case .itemID: TreeItem.columns.id
    case .qty: TreeItem.columns.qty
    case .groupKey: TreeGroup.columns.id
    case .literal(let value): BoundValue(value)
    case .binary(let lhs, let op, let rhs): Build.arithmetic(lhs.quarry, op, rhs.quarry)
    case .binaryValue(let lhs, let op, let value): Build.arithmetic(lhs.quarry, op, value: value)
    case .negate(let operand): Build.negate(operand.quarry)
    case .abs(let operand): Build.abs(operand.quarry)
    case .length(let text): Build.length(text.quarry)
    case .coalesce(let optional, let value): Build.coalesce(optional.quarry, value)
    case .coalesceExpression(let optional, let fallback):
      Build.coalesce(optional.quarry, fallback.quarry)
    case .remainder(let lhs, let value): Build.remainder(lhs.quarry, value)
    case .quotient(let lhs, let value): Build.quotient(lhs.quarry, value)
    }
  }
}

extension OptIntNode {
  var quarry: any QueryExpression<Int?> {
    switch self {
    case .score: TreeItem.columns.score
    case .itemGroupID: TreeItem.columns.groupID
    case .rank: TreeGroup.columns.rank
    case .null: BoundValue<Int?>(nil)
    case .literal(let value): BoundValue<Int?>(value)
    case .plusValue(let lhs, let value): Build.plus(lhs.quarry, value: value)
    case .plus(let lhs, let rhs): Build.plus(lhs.quarry, rhs.quarry)
    case .abs(let operand): Build.abs(operand.quarry)
    case .length(let text): Build.length(text.quarry)
    case .nullif(let operand, let value): Build.nullif(operand.quarry, value)
    case .coalesce(let lhs, let rhs): Build.coalesceOptional(lhs.quarry, rhs.quarry)
    case .quotient(let lhs, let rhs): Build.quotient(lhs.quarry, rhs.quarry)
    }
  }
}

extension TextNode {
  var quarry: any QueryExpression<String> {
    switch self {
    case .name: TreeItem.columns.name
    case .label: TreeGroup.columns.label
    case .literal(let value): BoundValue(value)
    case .lower(let operand): Build.lower(operand.quarry)
    case .upper(let operand): Build.upper(operand.quarry)
    case .trim(let operand): Build.trim(operand.quarry)
    case .concat(let lhs, let rhs): Build.concat(lhs.quarry, rhs.quarry)
    case .concatValue(let lhs, let value): Build.concat(lhs.quarry, value: value)
    case .prefixValue(let value, let rhs): Build.concat(value: value, rhs.quarry)
    case .coalesce(let optional, let value): Build.coalesce(optional.quarry, value)
    case .substr(let operand, let start, let length): Build.substr(operand.quarry, start, length)
    }
  }
}

extension OptTextNode {
  var quarry: any QueryExpression<String?> {
    switch self {
    case .note: TreeItem.columns.note
    case .null: BoundValue<String?>(nil)
    case .lower(let operand): Build.lower(operand.quarry)
    case .concat(let lhs, let rhs): Build.concat(lhs.quarry, rhs.quarry)
    case .nullif(let operand, let value): Build.nullif(operand.quarry, value)
    case .coalesce(let lhs, let rhs): Build.coalesceOptional(lhs.quarry, rhs.quarry)
    }
  }
}

extension BoolNode {
  var quarry: any QueryExpression<Bool> {
    switch self {
    case .flag: TreeItem.columns.flag
    case .flagIs(let value): TreeItem.columns.flag == value
    case .compareInt(let lhs, let op, let rhs): Build.compare(lhs.quarry, op, rhs.quarry)
    case .compareIntValue(let lhs, let op, let value): Build.compare(lhs.quarry, op, value: value)
    case .compareOptIntValue(let lhs, let op, let value):
      Build.compare(lhs.quarry, op, value: value)
    case .equalOptInt(let lhs, let negated, let rhs):
      Build.equal(lhs.quarry, negated: negated, rhs.quarry)
    case .compareText(let lhs, let op, let rhs): Build.compare(lhs.quarry, op, rhs.quarry)
    case .compareTextValue(let lhs, let op, let value):
      Build.compare(lhs.quarry, op, value: value)
    case .equalOptTextValue(let lhs, let negated, let value):
      Build.compare(lhs.quarry, negated ? .notEqual : .equal, value: value)
    case .isNullInt(let operand, let spelling): Build.nullTest(operand.quarry, spelling)
    case .isNullText(let operand, let spelling): Build.nullTest(operand.quarry, spelling)
    case .isExpression(let lhs, let negated, let rhs):
      Build.isExpression(lhs.quarry, negated: negated, rhs.quarry)
    case .inInts(let operand, let values): Build.isIn(operand.quarry, values)
    case .inOptInts(let operand, let values): Build.isIn(operand.quarry, values)
    case .inTexts(let operand, let values): Build.isIn(operand.quarry, values)
    case .between(let operand, let lower, let upper): Build.between(operand.quarry, lower, upper)
    case .rangeMatch(let lower, let upper, let operand):
      Build.rangeMatch(lower, upper, operand.quarry)
    case .optRangeMatch(let lower, let upper, let operand):
      Build.rangeMatch(lower, upper, operand.quarry)
    case .betweenExpressions(let operand, let lower, let upper):
      Build.between(operand.quarry, lower.quarry, upper.quarry)
    case .like(let operand, let pattern): Build.like(operand.quarry, pattern, escaped: false)
    case .likeEscape(let operand, let pattern): Build.like(operand.quarry, pattern, escaped: true)
    case .likeOpt(let operand, let pattern): Build.like(operand.quarry, pattern)
    case .glob(let operand, let pattern): Build.glob(operand.quarry, pattern)
    case .contains(let operand, let substring): Build.contains(operand.quarry, substring)
    case .and(let lhs, let rhs): Build.and(lhs.quarry, rhs.quarry)
    case .or(let lhs, let rhs): Build.or(lhs.quarry, rhs.quarry)
    case .not(let operand): Build.not(operand.quarry)
    }
  }
}

extension FilterNode {
  func quarry<T: Table>(_ table: T.Type) -> Where<T> {
    switch self {
    case .all: T.all
    case .none: T.none
    case .predicate(let predicate): Build.filter(T.self, predicate.quarry)
    case .chained(let filter, let predicate):
      Build.chained(filter.quarry(T.self), predicate.quarry)
    case .and(let lhs, let rhs): lhs.quarry(T.self) && rhs.quarry(T.self)
    case .or(let lhs, let rhs): lhs.quarry(T.self) || rhs.quarry(T.self)
    case .not(let operand): !operand.quarry(T.self)
    case .builder(let first, let include, let second):
      Build.builder(T.self, first.quarry, include: include, second.quarry)
    case .either(let isFirst, let first, let second):
      Build.either(T.self, isFirst, first.quarry, second.quarry)
    }
  }
}

extension AnyNode {
  var quarry: any QueryExpression {
    switch self {
    case .int(let node): node.quarry
    case .optInt(let node): node.quarry
    case .text(let node): node.quarry
    case .optText(let node): node.quarry
    }
  }
}

extension OrderTerm {
  var quarry: any QueryExpression { Build.term(node.quarry, direction) }
}

// MARK: - The queries

/// Rows as SQLite values, to compare.
typealias TreeRows = [[QueryBinding]]

protocol TreeQuery {
  /// The query written by hand.
  var handSQL: String { get }
  /// Whether `ORDER BY` fixes the order of every row.
  var isFullyOrdered: Bool { get }
  /// Builds the query with Quarry, runs it and returns its SQL and rows.
  func runQuarry(on db: Database) throws -> (sql: String, rows: TreeRows)
}

extension TreeQuery {
  /// Runs both queries and compares their rows.
  func check(on db: Database, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (sql, rows) = try runQuarry(on: db)
    let expected = try db.fetchAll(sql: handSQL).map(\.values)
    if isFullyOrdered {
      #expect(
        rows == expected,
        "\nQuarry: \(sql)\nby hand: \(handSQL)\nQuarry's rows: \(rows)\nexpected: \(expected)",
        sourceLocation: sourceLocation)
    } else {
      #expect(
        Self.counted(rows) == Self.counted(expected),
        "\nQuarry: \(sql)\nby hand: \(handSQL)\nQuarry's rows: \(rows)\nexpected: \(expected)",
        sourceLocation: sourceLocation)
    }
  }

  static func counted(_ rows: TreeRows) -> [[QueryBinding]: Int] {
    rows.reduce(into: [:]) { $0[$1, default: 0] += 1 }
  }
}

/// A select of items: a filter, five result columns (four of them expressions), an ordering,
/// a page; or `DISTINCT` over four expressions.
struct PlainTreeQuery: TreeQuery {
  var filter: FilterNode
  var int: IntNode
  var optInt: OptIntNode
  var text: TextNode
  var optText: OptTextNode
  var order: [OrderTerm]
  /// Whether the ordering ends with the primary key (always with a page).
  var orderedByID: Bool
  var page: Page?
  var distinct: Bool

  var isFullyOrdered: Bool { orderedByID && !distinct }

  var allOrder: [OrderTerm] {
    orderedByID ? order + [OrderTerm(node: .int(.itemID), direction: .asc)] : order
  }

  var handSQL: String {
    let columns = [int.sql, optInt.sql, text.sql, optText.sql].joined(separator: ", ")
    if distinct {
      return #"SELECT DISTINCT \#(columns) FROM "treeItems" WHERE \#(filter.sql)"#
    }
    return #"SELECT "treeItems"."id", \#(columns) FROM "treeItems" WHERE \#(filter.sql)"#
      + HandSQL.order(allOrder) + HandSQL.page(page)
  }

  func runQuarry(on db: Database) throws -> (sql: String, rows: TreeRows) {
    let filter = filter.quarry(TreeItem.self)
    if distinct {
      let statement = Self.selectDistinct(
        filter, int.quarry, optInt.quarry, text.quarry, optText.quarry)
      let rows = try statement.fetchAll(db).map {
        [$0.0.queryBinding, $0.1.queryBinding, $0.2.queryBinding, $0.3.queryBinding]
      }
      return (statement.query.sql, rows)
    }
    var statement = Self.select(filter, int.quarry, optInt.quarry, text.quarry, optText.quarry)
    statement = Build.order(statement, by: allOrder)
    statement = Build.page(statement, page)
    let rows = try statement.fetchAll(db).map {
      [
        $0.0.queryBinding, $0.1.queryBinding, $0.2.queryBinding, $0.3.queryBinding,
        $0.4.queryBinding,
      ]
    }
    return (statement.query.sql, rows)
  }

  static func select(
    _ filter: Where<TreeItem>, _ int: some QueryExpression<Int>,
    _ optInt: some QueryExpression<Int?>, _ text: some QueryExpression<String>,
    _ optText: some QueryExpression<String?>
  ) -> Select<(Int, Int, Int?, String, String?), TreeItem> {
    filter.select { ($0.id, int, optInt, text, optText) }
  }

  static func selectDistinct(
    _ filter: Where<TreeItem>, _ int: some QueryExpression<Int>,
    _ optInt: some QueryExpression<Int?>, _ text: some QueryExpression<String>,
    _ optText: some QueryExpression<String?>
  ) -> Select<(Int, Int?, String, String?), TreeItem> {
    filter.select { _ in (int, optInt, text, optText) }.distinct()
  }
}

/// A `HAVING` predicate over a group's aggregates.
indirect enum HavingNode {
  case count(ComparisonOperator, Int)
  case sum(ComparisonOperator, Int)
  case max(ComparisonOperator, Int)
  case and(HavingNode, HavingNode)
  case or(HavingNode, HavingNode)
  case not(HavingNode)

  var sql: String {
    switch self {
    case .count(let op, let value): "(count(*) \(op.sql) \(HandSQL.int(value)))"
    case .sum(let op, let value): #"(sum("treeItems"."qty") \#(op.sql) \#(HandSQL.int(value)))"#
    case .max(let op, let value): #"(max("treeItems"."qty") \#(op.sql) \#(HandSQL.int(value)))"#
    case .and(let lhs, let rhs): "(\(lhs.sql) AND \(rhs.sql))"
    case .or(let lhs, let rhs): "(\(lhs.sql) OR \(rhs.sql))"
    case .not(let operand): "(NOT \(operand.sql))"
    }
  }

  var quarry: any QueryExpression<Bool> {
    switch self {
    case .count(let op, let value): Build.compare(TreeItem.columns.id.count(), op, value: value)
    case .sum(let op, let value):
      Build.compare(TreeItem.columns.qty.sum(), op, value: Optional(value))
    case .max(let op, let value):
      Build.compare(TreeItem.columns.qty.max(), op, value: Optional(value))
    case .and(let lhs, let rhs): Build.and(lhs.quarry, rhs.quarry)
    case .or(let lhs, let rhs): Build.or(lhs.quarry, rhs.quarry)
    case .not(let operand): Build.not(operand.quarry)
    }
  }
}

/// Items grouped by an expression: the key, `count`, `sum` and `max`, with `HAVING`, an
/// ordering (by the count, then the key) and a page.
struct GroupedTreeQuery: TreeQuery {
  var filter: FilterNode
  var key: AnyNode
  var having: HavingNode?
  /// The key's direction; nil for no `ORDER BY`.
  var keyDirection: OrderDirection?
  var countFirst: Bool
  var page: Page?

  var isFullyOrdered: Bool { keyDirection != nil }

  var order: [OrderTerm] {
    guard let keyDirection else { return [] }
    return [OrderTerm(node: key, direction: keyDirection)]
  }

  var handSQL: String {
    var sql =
      #"SELECT \#(key.sql), count(*), sum("treeItems"."qty"), max("treeItems"."score") "#
      + #"FROM "treeItems" WHERE \#(filter.sql) GROUP BY \#(key.termSQL)"#
    if let having { sql += " HAVING \(having.sql)" }
    if keyDirection != nil {
      sql += " ORDER BY " + (countFirst ? "count(*) DESC, " : "") + order[0].sql
    }
    return sql + HandSQL.page(page)
  }

  func runQuarry(on db: Database) throws -> (sql: String, rows: TreeRows) {
    switch key {
    case .int(let node): try run(node.quarry, on: db)
    case .optInt(let node): try run(node.quarry, on: db)
    case .text(let node): try run(node.quarry, on: db)
    case .optText(let node): try run(node.quarry, on: db)
    }
  }

  func run<Key: QueryExpression>(_ key: Key, on db: Database) throws -> (
    sql: String, rows: TreeRows
  ) where Key.QueryValue: QueryBindable & QueryDecodable {
    var statement = filter.quarry(TreeItem.self)
      .group { _ in key }
      .select { (key, $0.id.count(), $0.qty.sum(), $0.score.max()) }
    if let having { statement = Build.having(statement, having.quarry) }
    if countFirst, keyDirection != nil {
      statement = statement.order { $0.id.count().desc() }
    }
    statement = Build.order(statement, by: order)
    statement = Build.page(statement, page)
    let rows = try statement.fetchAll(db).map {
      [$0.0.queryBinding, $0.1.queryBinding, $0.2.queryBinding, $0.3.queryBinding]
    }
    return (statement.query.sql, rows)
  }
}

/// Items joined with their groups (inner or left), each side filtered, with a predicate over
/// both, an ordering that ends with the item's key, and a page; the ordering and page come
/// before the join or after it.
struct JoinedTreeQuery: TreeQuery {
  var filter: FilterNode
  var groupFilter: FilterNode
  var isLeft: Bool
  var predicate: BoolNode?
  /// Item expressions only: in a left join, a group's column may be `NULL`.
  var int: IntNode
  var text: TextNode
  var order: [OrderTerm]
  var orderBeforeJoin: Bool
  var page: Page?

  var isFullyOrdered: Bool { true }

  var allOrder: [OrderTerm] { order + [OrderTerm(node: .int(.itemID), direction: .desc)] }

  var handSQL: String {
    var on = #"("treeItems"."groupID" = "treeGroups"."id")"#
    if case .all = groupFilter {
    } else if !groupFilter.isNone {
      on = "(\(on) AND \(groupFilter.sql))"
    }
    var sql =
      #"SELECT "treeItems"."id", "treeGroups"."label", "treeGroups"."rank", \#(int.sql), "#
      + #"\#(text.sql) FROM "treeItems" \#(isLeft ? "LEFT JOIN" : "JOIN") "treeGroups" "#
      + "ON \(on) WHERE \(filter.sql)"
    // A join of `none` keeps no row, even a left join (StructuredQueries' reading).
    if groupFilter.isNone { sql += " AND \(groupFilter.sql)" }
    if let predicate { sql += " AND \(predicate.sql)" }
    return sql + HandSQL.order(allOrder) + HandSQL.page(page)
  }

  func runQuarry(on db: Database) throws -> (sql: String, rows: TreeRows) {
    let items = filter.quarry(TreeItem.self)
    let groups = groupFilter.quarry(TreeGroup.self)
    if isLeft {
      let statement: JoinSelect<(Int, String?, Int?, Int, String), LeftColumns>
      if orderBeforeJoin {
        let ordered = Build.page(
          Build.order(Select<TreeItem, TreeItem>(filter: items), by: allOrder), page)
        statement = Self.select(
          Self.filtered(ordered.leftJoin(groups) { $0.groupID == $1.id }, predicate?.quarry),
          int.quarry, text.quarry)
      } else {
        let joined = Self.filtered(
          items.leftJoin(groups) { $0.groupID == $1.id }, predicate?.quarry)
        statement = Build.page(
          Build.order(Self.select(joined, int.quarry, text.quarry), by: allOrder), page)
      }
      let rows = try statement.fetchAll(db).map {
        [
          $0.0.queryBinding, $0.1.queryBinding, $0.2.queryBinding, $0.3.queryBinding,
          $0.4.queryBinding,
        ]
      }
      return (statement.query.sql, rows)
    }
    let statement: JoinSelect<(Int, String, Int?, Int, String), InnerColumns>
    if orderBeforeJoin {
      let ordered = Build.page(
        Build.order(Select<TreeItem, TreeItem>(filter: items), by: allOrder), page)
      statement = Self.select(
        Self.filtered(ordered.join(groups) { $0.groupID == $1.id }, predicate?.quarry),
        int.quarry, text.quarry)
    } else {
      let joined = Self.filtered(items.join(groups) { $0.groupID == $1.id }, predicate?.quarry)
      statement = Build.page(
        Build.order(Self.select(joined, int.quarry, text.quarry), by: allOrder), page)
    }
    let rows = try statement.fetchAll(db).map {
      [
        $0.0.queryBinding, $0.1.queryBinding, $0.2.queryBinding, $0.3.queryBinding,
        $0.4.queryBinding,
      ]
    }
    return (statement.query.sql, rows)
  }

  static func filtered<Value, Columns>(
    _ join: JoinSelect<Value, Columns>, _ predicate: (any QueryExpression<Bool>)?
  ) -> JoinSelect<Value, Columns> {
    guard let predicate else { return join }
    return filteredBy(join, predicate)
  }

  static func filteredBy<Value, Columns>(
    _ join: JoinSelect<Value, Columns>, _ predicate: some QueryExpression<Bool>
  ) -> JoinSelect<Value, Columns> {
    join.where { _ in predicate }
  }

  typealias InnerColumns = (TreeItem.TableColumns, TreeGroup.TableColumns)
  typealias LeftColumns = (TreeItem.TableColumns, NullableColumns<TreeGroup>)

  static func select(
    _ join: JoinSelect<(TreeItem, TreeGroup), InnerColumns>,
    _ int: some QueryExpression<Int>, _ text: some QueryExpression<String>
  ) -> JoinSelect<(Int, String, Int?, Int, String), InnerColumns> {
    join.select { ($0.id, $1.label, $1.rank, int, text) }
  }

  static func select(
    _ join: JoinSelect<(TreeItem, TreeGroup?), LeftColumns>,
    _ int: some QueryExpression<Int>, _ text: some QueryExpression<String>
  ) -> JoinSelect<(Int, String?, Int?, Int, String), LeftColumns> {
    join.select { ($0.id, $1.label, $1.rank, int, text) }
  }
}

// MARK: - Generating trees

typealias TreeRandom = any SeededRandomNumberGenerator

/// Draws nodes whose columns come from `scope`, up to `depth` levels deep.
struct TreeMaker {
  var scope: TreeScope

  static let texts = [
    "apple", "Apple", "", "banana", "a'b", "50%_off", "fresh", "x", "éclair", "ÉCLAIR", " ",
    "fruit", "Zed",
  ]
  static let likePatterns = [
    "a%", "%a%", "A%", "_", "", "%", "%e%", "b_n%", "é%", "%_%", "__", "%P%", "x_y",
  ]
  static let escapedLikePatterns = [#"%\%%"#, #"%\_%"#, #"x\_y"#, #"50\%\_off"#, "a%"]
  static let globPatterns = ["a*", "*a*", "[A-Z]*", "?", "*", "*[%]*", ""]

  static func pick<T>(_ values: [T], _ random: inout TreeRandom) -> T {
    values[Int.random(in: 0..<values.count, using: &random)]
  }

  static func smallInt(_ random: inout TreeRandom) -> Int {
    Bool.random(using: &random)
      ? Int.random(in: -5...5, using: &random) : pick([0, 1, -1, 3, 10, 100, -100], &random)
  }

  static func nonZero(_ random: inout TreeRandom) -> Int {
    pick([1, 2, 3, -1, -2, 7], &random)
  }

  /// Whether to stop at a leaf.
  static func isLeaf(_ depth: Int, _ random: inout TreeRandom) -> Bool {
    depth <= 0 || Int.random(in: 0..<3, using: &random) == 0
  }

  func int(_ random: inout TreeRandom, depth: Int) -> IntNode {
    if Self.isLeaf(depth, &random) {
      var leaves: [IntNode] = [.literal(Self.smallInt(&random))]
      if scope != .groups { leaves += [.itemID, .qty, .qty] }
      if scope != .items { leaves += [.groupKey] }
      return Self.pick(leaves, &random)
    }
    let next = depth - 1
    switch Int.random(in: 0..<10, using: &random) {
    case 0:
      return .binary(
        int(&random, depth: next), Self.pick(ArithmeticOperator.allCases, &random),
        int(&random, depth: next))
    case 1:
      return .binaryValue(
        int(&random, depth: next), Self.pick(ArithmeticOperator.allCases, &random),
        Self.smallInt(&random))
    case 2: return .negate(int(&random, depth: next))
    case 3: return .abs(int(&random, depth: next))
    case 4: return .length(text(&random, depth: next))
    case 5: return .coalesce(optInt(&random, depth: next), Self.smallInt(&random))
    case 6: return .coalesceExpression(optInt(&random, depth: next), int(&random, depth: next))
    case 7: return .remainder(int(&random, depth: next), Self.nonZero(&random))
    case 8: return .quotient(int(&random, depth: next), Self.nonZero(&random))
    default: return int(&random, depth: 0)
    }
  }

  func optInt(_ random: inout TreeRandom, depth: Int) -> OptIntNode {
    if Self.isLeaf(depth, &random) {
      var leaves: [OptIntNode] = [.null, .literal(Self.smallInt(&random))]
      if scope != .groups { leaves += [.score, .score, .itemGroupID] }
      if scope != .items { leaves += [.rank, .rank] }
      return Self.pick(leaves, &random)
    }
    let next = depth - 1
    switch Int.random(in: 0..<7, using: &random) {
    case 0: return .plusValue(optInt(&random, depth: next), Self.smallInt(&random))
    case 1: return .plus(optInt(&random, depth: next), optInt(&random, depth: next))
    case 2: return .abs(optInt(&random, depth: next))
    case 3: return .length(optText(&random, depth: next))
    case 4: return .nullif(int(&random, depth: next), Self.smallInt(&random))
    case 5: return .coalesce(optInt(&random, depth: next), optInt(&random, depth: next))
    default: return .quotient(int(&random, depth: next), int(&random, depth: next))
    }
  }

  func text(_ random: inout TreeRandom, depth: Int) -> TextNode {
    if Self.isLeaf(depth, &random) {
      var leaves: [TextNode] = [.literal(Self.pick(Self.texts, &random))]
      if scope != .groups { leaves += [.name, .name] }
      if scope != .items { leaves += [.label, .label] }
      return Self.pick(leaves, &random)
    }
    let next = depth - 1
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return .lower(text(&random, depth: next))
    case 1: return .upper(text(&random, depth: next))
    case 2: return .trim(text(&random, depth: next))
    case 3: return .concat(text(&random, depth: next), text(&random, depth: next))
    case 4: return .concatValue(text(&random, depth: next), Self.pick(Self.texts, &random))
    case 5: return .prefixValue(Self.pick(Self.texts, &random), text(&random, depth: next))
    case 6: return .coalesce(optText(&random, depth: next), Self.pick(Self.texts, &random))
    default:
      return .substr(
        text(&random, depth: next), Int.random(in: -3...4, using: &random),
        Bool.random(using: &random) ? Int.random(in: 0...3, using: &random) : nil)
    }
  }

  func optText(_ random: inout TreeRandom, depth: Int) -> OptTextNode {
    if Self.isLeaf(depth, &random) {
      if scope == .groups {
        return .nullif(text(&random, depth: 0), Self.pick(Self.texts, &random))
      }
      return Self.pick([.note, .note, .null], &random)
    }
    let next = depth - 1
    switch Int.random(in: 0..<4, using: &random) {
    case 0: return .lower(optText(&random, depth: next))
    case 1: return .concat(optText(&random, depth: next), text(&random, depth: next))
    case 2: return .nullif(text(&random, depth: next), Self.pick(Self.texts, &random))
    default: return .coalesce(optText(&random, depth: next), optText(&random, depth: next))
    }
  }

  /// A comparison or test at the leaves of a predicate, its operands up to 2 levels deep.
  func test(_ random: inout TreeRandom) -> BoolNode {
    let depth = 2
    let op = Self.pick(ComparisonOperator.allCases, &random)
    switch Int.random(in: 0..<24, using: &random) {
    case 0 where scope != .groups: return .flag
    case 1 where scope != .groups: return .flagIs(Bool.random(using: &random))
    case 2: return .compareInt(int(&random, depth: depth), op, int(&random, depth: depth))
    case 3: return .compareIntValue(int(&random, depth: depth), op, Self.smallInt(&random))
    case 4:
      let value = Bool.random(using: &random) ? nil : Self.smallInt(&random)
      return .compareOptIntValue(optInt(&random, depth: depth), op, value)
    case 5:
      return .equalOptInt(
        optInt(&random, depth: depth), negated: Bool.random(using: &random),
        int(&random, depth: depth))
    case 6: return .compareText(text(&random, depth: depth), op, text(&random, depth: depth))
    case 7:
      return .compareTextValue(text(&random, depth: depth), op, Self.pick(Self.texts, &random))
    case 8:
      return .equalOptTextValue(
        optText(&random, depth: depth), negated: Bool.random(using: &random),
        Bool.random(using: &random) ? nil : Self.pick(Self.texts, &random))
    case 9:
      return .isNullInt(
        optInt(&random, depth: depth), Self.pick(NullTestSpelling.allCases, &random))
    case 10:
      return .isNullText(
        optText(&random, depth: depth), Self.pick(NullTestSpelling.allCases, &random))
    case 11:
      return .isExpression(
        optInt(&random, depth: depth), negated: Bool.random(using: &random),
        optInt(&random, depth: depth))
    case 12:
      let values = (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.smallInt(&random) }
      return .inInts(int(&random, depth: depth), values)
    case 13:
      let values = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        Bool.random(using: &random) ? nil : Self.smallInt(&random)
      }
      return .inOptInts(optInt(&random, depth: depth), values)
    case 14:
      let values = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        Self.pick(Self.texts, &random)
      }
      return .inTexts(text(&random, depth: depth), values)
    case 15:
      return .between(int(&random, depth: depth), Self.smallInt(&random), Self.smallInt(&random))
    case 16:
      let bounds = [Self.smallInt(&random), Self.smallInt(&random)].sorted()
      return .rangeMatch(bounds[0], bounds[1], int(&random, depth: depth))
    case 17:
      let bounds = [Self.smallInt(&random), Self.smallInt(&random)].sorted()
      return .optRangeMatch(bounds[0], bounds[1], optInt(&random, depth: depth))
    case 18:
      return .betweenExpressions(
        int(&random, depth: depth), int(&random, depth: 1), int(&random, depth: 1))
    case 19: return .like(text(&random, depth: depth), Self.pick(Self.likePatterns, &random))
    case 20:
      return .likeEscape(text(&random, depth: depth), Self.pick(Self.escapedLikePatterns, &random))
    case 21: return .likeOpt(optText(&random, depth: depth), Self.pick(Self.likePatterns, &random))
    case 22: return .glob(text(&random, depth: depth), Self.pick(Self.globPatterns, &random))
    default: return .contains(text(&random, depth: depth), Self.pick(Self.texts, &random))
    }
  }

  /// A predicate: tests combined with `&&`, `||` and `!`, up to `depth` levels deep.
  func predicate(_ random: inout TreeRandom, depth: Int) -> BoolNode {
    if Self.isLeaf(depth, &random) { return test(&random) }
    switch Int.random(in: 0..<5, using: &random) {
    case 0, 1:
      return .and(predicate(&random, depth: depth - 1), predicate(&random, depth: depth - 1))
    case 2, 3:
      return .or(predicate(&random, depth: depth - 1), predicate(&random, depth: depth - 1))
    default: return .not(predicate(&random, depth: depth - 1))
    }
  }

  /// A filter: predicates in `where`s, combined as `Where` values, up to `depth` levels deep.
  func filter(_ random: inout TreeRandom, depth: Int) -> FilterNode {
    if Self.isLeaf(depth, &random) {
      switch Int.random(in: 0..<8, using: &random) {
      case 0: return .all
      case 1: return .none
      default: return .predicate(predicate(&random, depth: 3))
      }
    }
    let next = depth - 1
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return .chained(filter(&random, depth: next), predicate(&random, depth: 2))
    case 1: return .and(filter(&random, depth: next), filter(&random, depth: next))
    case 2: return .or(filter(&random, depth: next), filter(&random, depth: next))
    case 3: return .not(filter(&random, depth: next))
    case 4:
      return .builder(
        predicate(&random, depth: 2), include: Bool.random(using: &random),
        predicate(&random, depth: 2))
    default:
      return .either(
        Bool.random(using: &random), predicate(&random, depth: 2), predicate(&random, depth: 2))
    }
  }

  func any(_ random: inout TreeRandom, depth: Int) -> AnyNode {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: .int(int(&random, depth: depth))
    case 1: .optInt(optInt(&random, depth: depth))
    case 2: .text(text(&random, depth: depth))
    default: .optText(optText(&random, depth: depth))
    }
  }

  func order(_ random: inout TreeRandom) -> [OrderTerm] {
    (0..<Int.random(in: 0...3, using: &random)).map { _ in
      OrderTerm(
        node: any(&random, depth: 1), direction: Self.pick(OrderDirection.allCases, &random))
    }
  }

  static func page(_ random: inout TreeRandom) -> Page? {
    let limit = pick([0, 1, 2, 3, 5, 100, -1], &random)
    let offset = pick([0, 1, 2, 4, 50], &random)
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return .limit(limit)
    case 1: return .limitOffset(limit, offset)
    case 2: return .offset(offset)
    case 3: return .limitThenOffset(limit, offset)
    default: return nil
    }
  }
}

enum QueryTreeGenerators {
  static let plain = Generator<PlainTreeQuery, Shrink.None<PlainTreeQuery>> { random in
    let maker = TreeMaker(scope: .items)
    let distinct = Int.random(in: 0..<6, using: &random) == 0
    let page = distinct ? nil : TreeMaker.page(&random)
    return PlainTreeQuery(
      filter: maker.filter(&random, depth: 3), int: maker.int(&random, depth: 3),
      optInt: maker.optInt(&random, depth: 2), text: maker.text(&random, depth: 2),
      optText: maker.optText(&random, depth: 2), order: distinct ? [] : maker.order(&random),
      orderedByID: !distinct && (page != nil || Bool.random(using: &random)), page: page,
      distinct: distinct)
  }

  static let grouped = Generator<GroupedTreeQuery, Shrink.None<GroupedTreeQuery>> { random in
    let maker = TreeMaker(scope: .items)
    let having: HavingNode? =
      Bool.random(using: &random)
      ? QueryTreeGenerators.havingNode(&random, depth: 2) : nil
    let keyDirection: OrderDirection? =
      Int.random(in: 0..<4, using: &random) == 0
      ? nil : TreeMaker.pick(OrderDirection.allCases, &random)
    return GroupedTreeQuery(
      filter: maker.filter(&random, depth: 2), key: maker.any(&random, depth: 1), having: having,
      keyDirection: keyDirection, countFirst: Bool.random(using: &random),
      page: keyDirection == nil ? nil : TreeMaker.page(&random))
  }

  static func havingNode(_ random: inout TreeRandom, depth: Int) -> HavingNode {
    let op = TreeMaker.pick(ComparisonOperator.allCases, &random)
    if TreeMaker.isLeaf(depth, &random) {
      switch Int.random(in: 0..<3, using: &random) {
      case 0: return .count(op, Int.random(in: 0...3, using: &random))
      case 1: return .sum(op, TreeMaker.smallInt(&random))
      default: return .max(op, TreeMaker.smallInt(&random))
      }
    }
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      return .and(havingNode(&random, depth: depth - 1), havingNode(&random, depth: depth - 1))
    case 1: return .or(havingNode(&random, depth: depth - 1), havingNode(&random, depth: depth - 1))
    default: return .not(havingNode(&random, depth: depth - 1))
    }
  }

  static let joined = Generator<JoinedTreeQuery, Shrink.None<JoinedTreeQuery>> { random in
    let items = TreeMaker(scope: .items)
    let groups = TreeMaker(scope: .groups)
    let both = TreeMaker(scope: .both)
    let orderBeforeJoin = Bool.random(using: &random)
    return JoinedTreeQuery(
      filter: items.filter(&random, depth: 2),
      groupFilter: Bool.random(using: &random) ? .all : groups.filter(&random, depth: 1),
      isLeft: Bool.random(using: &random),
      predicate: Bool.random(using: &random) ? both.predicate(&random, depth: 2) : nil,
      int: items.int(&random, depth: 2), text: items.text(&random, depth: 2),
      order: orderBeforeJoin ? items.order(&random) : both.order(&random),
      orderBeforeJoin: orderBeforeJoin, page: TreeMaker.page(&random))
  }
}
