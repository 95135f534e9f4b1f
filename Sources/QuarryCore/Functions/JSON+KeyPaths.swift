// Paths into a value stored as JSON written as key paths (see `JSONPath`): `$0.author.jsonExtract(
// \.links[0].homepage)` for `@Column(as: Author.JSONRepresentation.self)`, where `Author` is a
// `@Table`. A row is stored as an object of its columns (see `JSONCoding`), so a member is the
// column's name, `'$."name"'`, and the value is typed as the column.

/// A value stored as JSON or JSONB whose Swift type is known: ``JSONRepresentation``,
/// ``JSONBRepresentation``, or an optional one.
public protocol JSONStoredValue: StoredAsJSON {
  /// The Swift type stored.
  associatedtype StoredValue: Codable
}

extension JSONRepresentation: JSONStoredValue {
  public typealias StoredValue = Value
}

extension JSONBRepresentation: JSONStoredValue {
  public typealias StoredValue = Value
}

extension Optional: JSONStoredValue where Wrapped: JSONStoredValue {
  public typealias StoredValue = Wrapped.StoredValue
}

extension QueryExpression where QueryValue: JSONStoredValue {
  /// `json ->> '$."name"'`: the value at a path of members (columns of a `@Table` value) and
  /// array indexes, typed as what the path ends at; nil where it finds nothing. A path through a column that the row itself stores as JSON reads that column's
  /// text again: `\.links[0].homepage` is `((json ->> '$."links"') ->> '$[0]."homepage"')`.
  ///
  /// `Post.select { $0.author.jsonExtract(\.name) }` renders `SELECT ("posts"."author" ->> '$."name"') FROM "posts"`.
  ///
  /// `Post.select { $0.author.jsonExtract(\.links[0].homepage) }` renders `SELECT (("posts"."author" ->> '$."links"') ->> '$[0]."homepage"') FROM "posts"`.
  public func jsonExtract<Member>(_ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>)
    -> SQLQueryExpression<Member?>
  {
    SQLQueryExpression(
      operand: JSONPath.of(path).extract(from: queryFragment, as: SQLType(Member.self)))
  }

  /// `SELECT … FROM json_each(json ->> path)`: the elements of the array (or members of the
  /// object) at a path, typed as its elements. (A column of the row stored as JSON is held as
  /// its text: `->>` reads the text, which `json_each` reads as JSON.)
  ///
  /// `Post.select { $0.author.jsonEach(\.aliases).count() }` renders `SELECT (SELECT count(*) FROM json_each(("posts"."author" ->> '$."aliases"'))) FROM "posts"`.
  public func jsonEach<Member: JSONEachSource>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>
  ) -> JoinSelect<JSONEachRow<Member>, JSONEachRowColumns<Member>> {
    JSONEach.elements(
      of: JSONPath.of(path).extract(from: queryFragment, as: SQLType(Member.self)), path: nil,
      key: JSONEachKey<Member>.self, value: JSONEachValue<Member>.self)
  }

  /// `json_array_length(json, path)`: the number of elements of the array at a path; nil where
  /// the path finds nothing.
  ///
  /// `Post.select { $0.author.jsonArrayLength(\.aliases) }` renders `SELECT json_array_length(("posts"."author" ->> '$."aliases"')) FROM "posts"`.
  public func jsonArrayLength<Member: JSONEachSource>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>
  ) -> SQLQueryExpression<Int?> {
    let path = JSONPath.of(path)
    if let single = path.singlePath {
      return SQLQueryExpression(operand: .form(.jsonArrayLength(queryFragment, path: single)))
    }
    return SQLQueryExpression(
      operand:
        .form(.jsonArrayLength(path.extract(from: queryFragment, as: .text), path: nil)))
  }
}

// JSON mutations at a key path, of the column's own type, so that an update assigns them to
// the column they read: `$0.author = $0.author.jsonSet(\.name, "Blob")`. A path reached through
// a column that the row stores as JSON (`\.links[0].homepage`, where `links` is such a column)
// would need that column's text rewritten inside the row: running it fails with an error that
// says so, before anything is sent.
extension QueryAssignable where QueryValue: JSONStoredValue {
  /// `json_set(json, path, value)`: the JSON with `value` at the path, replacing what is there
  /// or creating it.
  ///
  /// `Post.update { $0.author = $0.author.jsonSet(\.name, "Blob") }` renders `UPDATE "posts" SET "author" = json_set("posts"."author", '$."name"', 'Blob')`.
  public func jsonSet<Member, Value: QueryAssignable>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>, _ value: Value
  ) -> SQLQueryExpression<QueryValue> where Value.QueryValue == Member {
    jsonMutation(.set, JSONPath.of(path), value, binary: nil)
  }

  /// `json_insert(json, path, value)`: the JSON with `value` at the path of an optional member,
  /// only where nothing is there yet. (A row stored as JSON holds a nil column as `null`, which
  /// is something: remove the member first.)
  ///
  /// `Post.update { $0.author = $0.author.jsonInsert(\.nickname, "Bee") }` renders `UPDATE "posts" SET "author" = json_insert("posts"."author", '$."nickname"', 'Bee')`.
  public func jsonInsert<Member, Value: QueryAssignable>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member?>>, _ value: Value
  ) -> SQLQueryExpression<QueryValue> where Value.QueryValue == Member {
    jsonMutation(.insert, JSONPath.of(path), value, binary: nil)
  }

  /// `json_replace(json, path, value)`: the JSON with `value` at the path, only where something
  /// is there already.
  ///
  /// `Post.update { $0.author = $0.author.jsonReplace(\.name, "Blob") }` renders `UPDATE "posts" SET "author" = json_replace("posts"."author", '$."name"', 'Blob')`.
  public func jsonReplace<Member, Value: QueryAssignable>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>, _ value: Value
  ) -> SQLQueryExpression<QueryValue> where Value.QueryValue == Member {
    jsonMutation(.replace, JSONPath.of(path), value, binary: nil)
  }

  /// `json_remove(json, path)`: the JSON without the value at the path (an array's later
  /// elements move up).
  ///
  /// `Post.update { $0.author = $0.author.jsonRemove(\.nickname) }` renders `UPDATE "posts" SET "author" = json_remove("posts"."author", '$."nickname"')`.
  public func jsonRemove<Member>(_ path: KeyPath<JSONPath<QueryValue>, JSONPath<Member>>)
    -> SQLQueryExpression<QueryValue>
  {
    jsonRemoval(JSONPath.of(path), binary: nil)
  }

  /// `json_insert(json, path[#], value)`: the JSON with `value` appended to the array at the
  /// path (an array that a row stores as a column's JSON text can't be changed in place: running
  /// it fails, saying so).
  ///
  /// `TaggedReminder.update { $0.details = $0.details.jsonAppend(\.["tags"], "bread") }` renders `UPDATE "taggedReminders" SET "details" = json_insert("taggedReminders"."details", '$."tags"[#]', 'bread')`.
  public func jsonAppend<Element, Value: QueryAssignable>(
    _ path: KeyPath<JSONPath<QueryValue>, JSONPath<JSONRepresentation<[Element]>>>, _ value: Value
  ) -> SQLQueryExpression<QueryValue> where Value.QueryValue == Element {
    jsonAppending(JSONPath.of(path), value, binary: nil)
  }

  /// A mutation at `path`; `binary` says whether it returns JSONB (nil: as the column is
  /// stored).
  func jsonMutation<Member, Value: QueryAssignable>(
    _ mutation: JSONMutation, _ path: JSONPath<Member>, _ value: Value, binary: Bool?
  ) -> SQLQueryExpression<QueryValue> {
    guard let target = path.mutationPath else { return Self.unwritable(path) }
    // A column of the row stored as JSON is held as its text: the value is written as text.
    return jsonMutation(
      mutation, target.path, value, binary: binary, isJSON: target.isText ? false : nil)
  }

  /// A removal at `path`; `binary` as for `jsonMutation(_:_:_:binary:)`.
  func jsonRemoval<Member>(_ path: JSONPath<Member>, binary: Bool?)
    -> SQLQueryExpression<QueryValue>
  {
    guard let target = path.mutationPath else { return Self.unwritable(path) }
    return jsonRemoval(target.path, binary: binary ?? (QueryValue.self is any StoredAsJSONB.Type))
  }

  /// `value` appended to the array at `path`: `json_insert` at the path's `[#]`.
  func jsonAppending<Element, Value: QueryAssignable>(
    _ path: JSONPath<JSONRepresentation<[Element]>>, _ value: Value, binary: Bool?
  ) -> SQLQueryExpression<QueryValue> {
    // A column's JSON text is a string in the row: its array is not there to append to.
    guard let target = path.mutationPath, !target.isText else {
      return Self.unwritable(path)
    }
    return jsonMutation(.insert, target.path + "[#]", value, binary: binary)
  }

  /// An expression that fails, before anything is sent, with why the path can't be changed.
  static func unwritable<Member>(_ path: JSONPath<Member>) -> SQLQueryExpression<QueryValue> {
    SQLQueryExpression(
      operand: JSONPath<Member>.refused(
        path.refusal
          ?? "The JSON path \(path.segments.joined(separator: " then ")) goes through a column "
          + "that the row stores as JSON text, which a JSON mutation can't rewrite: assign "
          + "the whole value, or change that column's JSON with jsonSet(_:to:) on its text"))
  }
}
