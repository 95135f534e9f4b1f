import QuarrySQLText

// `json_each(json)`: SQLite's table-valued function with one row per element of a JSON array
// (or member of a JSON object), joined to the table whose column holds the JSON.

/// A Swift collection whose JSON form `json_each` walks: an array, whose keys are its indexes,
/// or a dictionary keyed by strings.
public protocol JSONEachCollection {
  /// The type of `json_each`'s `key`: `Int` for an array, `String` for an object.
  associatedtype JSONEachKey
  /// The type of `json_each`'s `value`: the element type.
  associatedtype JSONEachValue
}

extension Array: JSONEachCollection {
  public typealias JSONEachKey = Int
  public typealias JSONEachValue = Element
}

extension Dictionary: JSONEachCollection where Key == String {
  public typealias JSONEachKey = String
  public typealias JSONEachValue = Value
}

/// A column type holding a JSON array or object that `json_each` can walk:
/// `[String].JSONRepresentation` or `[String].JSONBRepresentation`, or an optional one (`NULL`
/// has no elements).
public protocol JSONEachSource {
  /// The Swift collection the JSON encodes.
  associatedtype JSONCollection: JSONEachCollection
}

extension JSONRepresentation: JSONEachSource where Value: JSONEachCollection {
  public typealias JSONCollection = Value
}

extension JSONBRepresentation: JSONEachSource where Value: JSONEachCollection {
  public typealias JSONCollection = Value
}

extension Optional: JSONEachSource where Wrapped: JSONEachSource {
  public typealias JSONCollection = Wrapped.JSONCollection
}

/// The type of `json_each`'s `key` over a JSON column of type `Source`.
public typealias JSONEachKey<Source: JSONEachSource> = Source.JSONCollection.JSONEachKey
/// The type of `json_each`'s `value` over a JSON column of type `Source`.
public typealias JSONEachValue<Source: JSONEachSource> = Source.JSONCollection.JSONEachValue
/// A `json_each` row over a JSON column of type `Source`.
public typealias JSONEachRow<Source: JSONEachSource> =
  JSONEach<JSONEachKey<Source>, JSONEachValue<Source>>
/// The `json_each` columns over a JSON column of type `Source`.
public typealias JSONEachRowColumns<Source: JSONEachSource> =
  JSONEachColumns<JSONEachKey<Source>, JSONEachValue<Source>>

/// One row of `json_each`: an element of a JSON array, or a member of a JSON object.
public struct JSONEach<Key, Value> {
  /// The element's index in the array, or the member's name in the object.
  public var key: Key
  /// The element, as SQL: text, a number, 0 or 1 for a JSON boolean, or JSON text for an array
  /// or object.
  public var value: Value
  /// The JSON type: `null`, `true`, `false`, `integer`, `real`, `text`, `array` or `object`.
  public var type: String
  /// The value when it is not an array or object, `NULL` otherwise.
  public var atom: Value?
  /// The element's id within the JSON.
  public var id: Int
  /// The id of the element's container (always `NULL` for `json_each`).
  public var parent: Int?
  /// The element's full path: `$[0]`, `$.name`.
  public var fullKey: String
  /// The path of the element's container: `$`.
  public var path: String
}

extension JSONEach: Sendable where Key: Sendable, Value: Sendable {}
extension JSONEach: Equatable where Key: Equatable, Value: Equatable {}

extension JSONEach: QueryDecodable where Key: QueryDecodable, Value: QueryDecodable {
  public init(decoder: inout some QueryDecoder) throws {
    key = try decoder.decode(Key.self)
    value = try decoder.decode(Value.self)
    type = try decoder.decode(String.self)
    atom = try decoder.decode(Value?.self)
    id = try decoder.decode(Int.self)
    parent = try decoder.decode(Int?.self)
    fullKey = try decoder.decode(String.self)
    path = try decoder.decode(String.self)
  }

  /// The eight columns of `json_each`.
  public static var queryColumnCount: Int { 8 }
}

/// The columns of `json_each` under its name in the query: `"json_each"."value"`. The `$1` of
/// the closures of `Reminder.join(jsonEach: { $0.tags })`.
public struct JSONEachColumns<Key, Value>: Sendable {
  /// The name the query gives `json_each`'s rows: `json_each` unless aliased.
  public let alias: String

  @usableFromInline
  init(alias: String) { self.alias = alias }

  @usableFromInline
  func column<T>(_ name: String) -> SQLQueryExpression<T> {
    SQLQueryExpression(operand: "\(quote: alias).\(quote: name)")
  }

  /// `"json_each"."key"`: the element's index, or the member's name.
  ///
  /// `TaggedReminder.join(jsonEach: { $0.tags }).select { $1.key }` renders
  /// `SELECT "json_each"."key" FROM "taggedReminders" JOIN json_each("taggedReminders"."tags")`.
  public var key: SQLQueryExpression<Key> { column("key") }
  /// `"json_each"."value"`: the element.
  ///
  /// `TaggedReminder.join(jsonEach: { $0.tags }).select { $1.value }` renders
  /// `SELECT "json_each"."value" FROM "taggedReminders" JOIN json_each("taggedReminders"."tags")`.
  public var value: SQLQueryExpression<Value> { column("value") }
  /// `"json_each"."type"`: `null`, `true`, `false`, `integer`, `real`, `text`, `array` or
  /// `object`.
  ///
  /// `TaggedReminder.join(jsonEach: { $0.tags }).select { $1.type }` renders
  /// `SELECT "json_each"."type" FROM "taggedReminders" JOIN json_each("taggedReminders"."tags")`.
  public var type: SQLQueryExpression<String> { column("type") }
  /// `"json_each"."atom"`: the value when it is not an array or object.
  ///
  /// `TaggedReminder.join(jsonEach: { $0.tags }).select { $1.atom }` renders
  /// `SELECT "json_each"."atom" FROM "taggedReminders" JOIN json_each("taggedReminders"."tags")`.
  public var atom: SQLQueryExpression<Value?> { column("atom") }
  /// `"json_each"."id"`: the element's id within the JSON.
  ///
  /// `TaggedReminder.join(jsonEach: { $0.tags }).select { $1.id }` renders
  /// `SELECT "json_each"."id" FROM "taggedReminders" JOIN json_each("taggedReminders"."tags")`.
  public var id: SQLQueryExpression<Int> { column("id") }
  /// `"json_each"."parent"`: always `NULL` for `json_each`.
  ///
  /// `TaggedReminder.join(jsonEach: { $0.tags }).select { $1.parent }` renders
  /// `SELECT "json_each"."parent" FROM "taggedReminders" JOIN json_each("taggedReminders"."tags")`.
  public var parent: SQLQueryExpression<Int?> { column("parent") }
  /// `"json_each"."fullkey"`: the element's full path, `$[0]`.
  ///
  /// `TaggedReminder.join(jsonEach: { $0.tags }).select { $1.fullKey }` renders
  /// `SELECT "json_each"."fullkey" FROM "taggedReminders" JOIN json_each("taggedReminders"."tags")`.
  public var fullKey: SQLQueryExpression<String> { column("fullkey") }
  /// `"json_each"."path"`: the path of the element's container, `$`.
  ///
  /// `TaggedReminder.join(jsonEach: { $0.tags }).select { $1.path }` renders
  /// `SELECT "json_each"."path" FROM "taggedReminders" JOIN json_each("taggedReminders"."tags")`.
  public var path: SQLQueryExpression<String> { column("path") }

  /// Every column, as a select list.
  @usableFromInline
  var selectionSQL: String {
    let table = quoteIdentifier(alias)
    return ["key", "value", "type", "atom", "id", "parent", "fullkey", "path"]
      .map { table + "." + quoteIdentifier($0) }.joined(separator: ", ")
  }
}

/// `json_each`'s columns seen through a left join: every column is optional.
@dynamicMemberLookup
public struct NullableJSONEachColumns<Key, Value>: Sendable {
  /// The underlying columns.
  public let columns: JSONEachColumns<Key, Value>

  /// A column that is `NULL` where the JSON had no elements.
  ///
  /// `TaggedReminder.leftJoin(jsonEach: { $0.tags }).select { $1.value }` renders
  /// `SELECT "json_each"."value" FROM "taggedReminders" LEFT JOIN json_each("taggedReminders"."tags")`.
  public subscript<T>(
    dynamicMember keyPath: KeyPath<JSONEachColumns<Key, Value>, SQLQueryExpression<T>>
  ) -> SQLQueryExpression<T?> {
    SQLQueryExpression(operand: columns[keyPath: keyPath].fragment)
  }

  /// A column that is already optional stays singly optional.
  ///
  /// `TaggedReminder.leftJoin(jsonEach: { $0.tags }).select { $1.atom }` renders
  /// `SELECT "json_each"."atom" FROM "taggedReminders" LEFT JOIN json_each("taggedReminders"."tags")`.
  public subscript<T>(
    dynamicMember keyPath: KeyPath<JSONEachColumns<Key, Value>, SQLQueryExpression<T?>>
  ) -> SQLQueryExpression<T?> {
    columns[keyPath: keyPath]
  }
}

/// `json_each(json) AS "alias"` as a join adds it (on PostgreSQL, a lateral subquery with the
/// same columns: `JOIN LATERAL (SELECT …) AS "json_each" ON TRUE`), and its eight columns.
struct JoinedJSONEach<Key, Value>: JoinedItem {
  let item: QueryFragment
  let columns: JSONEachColumns<Key, Value>
  var filter: SQLQueryExpression<Bool>? { nil }
  var keepsNoRow: Bool { false }

  init(_ json: some QueryExpression, alias: String) {
    columns = JSONEachColumns(alias: alias)
    item = .form(
      .jsonEach(
        JSONEachTable(
          json: json.queryFragment, isArray: SQLType(Key.self) == .integer,
          valueType: SQLType(Value.self), alias: alias, isJoined: true)))
  }

  func writeColumns(to selection: inout QueryFragment) {
    selection.append(sql: columns.selectionSQL)
  }
}

/// `json_each` of a JSON column of `Source`'s type, as a join adds it.
typealias JoinedJSONEachRow<Source: JSONEachSource> =
  JoinedJSONEach<JSONEachKey<Source>, JSONEachValue<Source>>

extension Table {
  /// `FROM self JOIN json_each(json)`: each row of this table once per element of the JSON
  /// array (or member of the JSON object) that `json` picks from it; rows whose JSON is empty
  /// or `NULL` drop out. `value` has the element's Swift type. The table's default scope (a
  /// type's own `all`) applies, as to every statement that starts from the table.
  ///
  /// ```swift
  /// @Table struct Reminder {
  ///   let id: Int
  ///   var title = ""
  ///   @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
  /// }
  /// Reminder.join(jsonEach: { $0.tags }).where { $1.value == "work" }.select { $0.title }
  /// ```
  ///
  /// Name the rows with `as:` to walk two JSON columns in one query.
  ///
  /// ```swift
  /// TaggedReminder.join(jsonEach: { $0.tags }).where { $1.value == "work" }.select { ($0.title, $1.value) }
  /// ```
  /// ```sql
  /// SELECT "taggedReminders"."title", "json_each"."value"
  /// FROM "taggedReminders"
  /// JOIN json_each("taggedReminders"."tags")
  /// WHERE ("json_each"."value" = 'work')
  /// ```
  public static func join<Source: QueryExpression>(
    jsonEach json: (TableColumns) -> Source, as alias: String = "json_each"
  ) -> JoinSelect<
    (Self, JSONEachRow<Source.QueryValue>), (TableColumns, JSONEachRowColumns<Source.QueryValue>)
  > where Source.QueryValue: JSONEachSource {
    let each = JoinedJSONEachRow<Source.QueryValue>(json(columns), alias: alias)
    // From the table's own rows, as every other join of it: its default scope applies.
    return joinStart.joining(.inner, each, (columns, each.columns), on: BoundValue<Bool>?.none)
      .following(Select<Self, Self>())
  }

  /// `FROM self LEFT JOIN json_each(json)`: like ``join(jsonEach:as:)``, but a row whose JSON
  /// is empty or `NULL` stays, once, with `NULL` for every `json_each` column (and a `nil`
  /// `JSONEach` when decoded).
  ///
  /// ```swift
  /// Reminder.leftJoin(jsonEach: { $0.tags })
  ///   .group { reminder, _ in reminder.id }
  ///   .select { ($0.title, $1.key.count()) }  // tags per reminder, 0 included
  /// ```
  ///
  /// ```swift
  /// TaggedReminder.leftJoin(jsonEach: { $0.tags }).group { reminder, _ in reminder.id }.select { ($0.title, $1.key.count()) }
  /// ```
  /// ```sql
  /// SELECT "taggedReminders"."title", count("json_each"."key")
  /// FROM "taggedReminders"
  /// LEFT JOIN json_each("taggedReminders"."tags")
  /// GROUP BY "taggedReminders"."id"
  /// ```
  public static func leftJoin<Source: QueryExpression>(
    jsonEach json: (TableColumns) -> Source, as alias: String = "json_each"
  ) -> JoinSelect<
    (Self, JSONEachRow<Source.QueryValue>?),
    (
      TableColumns,
      NullableJSONEachColumns<JSONEachKey<Source.QueryValue>, JSONEachValue<Source.QueryValue>>
    )
  > where Source.QueryValue: JSONEachSource {
    let each = JoinedJSONEachRow<Source.QueryValue>(json(columns), alias: alias)
    return joinStart.joining(
      .left, each, (columns, NullableJSONEachColumns(columns: each.columns)),
      on: BoundValue<Bool>?.none
    ).following(Select<Self, Self>())
  }
}

extension JSONEach {
  /// `SELECT … FROM json_each(?)`: the elements of a Swift array (or members of a dictionary),
  /// bound as one JSON parameter. A list of any length is one statement, which SQLite prepares
  /// once:
  ///
  /// ```swift
  /// Reminder.where { $0.title.in(JSONEach.from(titles).select { $0.value }) }
  /// ```
  ///
  /// ```swift
  /// JSONEach.from(["a", "b"]).select { $0.value }
  /// ```
  /// ```sql
  /// SELECT "json_each"."value"
  /// FROM json_each('["a","b"]')
  /// ```
  public static func from<Collection: JSONEachCollection & Codable>(
    _ collection: Collection
  ) -> JoinSelect<Self, JSONEachColumns<Key, Value>>
  where Key == Collection.JSONEachKey, Value == Collection.JSONEachValue {
    var json = QueryFragment()
    json.append(binding: JSONRepresentation(queryOutput: collection).queryBinding)
    return Self.elements(of: json, path: nil, key: Key.self, value: Value.self)
  }
}
