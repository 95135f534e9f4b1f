// A path into a value stored as JSON, written as a Swift key path: `\.name`, `\.links[0].homepage`,
// `\.[0]`, `\.["home"]`, `\.timestamps.createdAt`. Each member is a column of a `@Table` type,
// named by the table's own columns (what the macro generated), or of a `@Selection` group of
// one; each subscript an index into an array or a key of a dictionary; nothing reads the key
// path's text.
//
// A row stored as JSON is an object of its columns, each as the row binds it, so a column of the
// row that is itself stored as JSON (`@Column(as: [Link].JSONRepresentation.self)`) is a JSON
// string holding that column's JSON text. A path through such a column reads its text again as
// JSON: `\.links[0].homepage` is two SQLite paths, `'$."links"'` and then `'$[0]."homepage"'`.
// A `@Selection` group's columns sit in the row's object beside the others, so the group adds
// no step of its own.

/// A path into a value stored as JSON, from a key path: `$0.author.jsonExtract(\.links[0].homepage)`.
/// `Value` is the type found at the end of the path.
///
/// A member is a column of a `@Table` type (stored as JSON, `@Column(as:
/// Author.JSONRepresentation.self)`), or of a `@Selection` group the table holds; a subscript is
/// an index into an array, or a key of a dictionary (`[String: Int]`), stored as JSON.
@dynamicMemberLookup
public struct JSONPath<Value>: Sendable {
  /// The SQLite path of each read of JSON text: one, unless the path goes through a column of a
  /// row that is itself stored as JSON, whose text is read again from the next step on.
  private(set) var segments: [String] = ["$"]
  /// Whether the value here is such a column's JSON text, so that the next step reads it again.
  private var isText = false
  /// Why no SQLite path can name the value (a key with a double quote), or nil.
  private(set) var refusal: String?

  init() {}

  private init(segments: [String], isText: Bool, refusal: String?) {
    self.segments = segments
    self.isText = isText
    self.refusal = refusal
  }

  /// The same place, seen as holding a value of type `Other`.
  fileprivate func retyped<Other>() -> JSONPath<Other> {
    JSONPath<Other>(segments: segments, isText: isText, refusal: refusal)
  }

  /// The path with one more step (`."name"` or `[0]`) to a value of type `Next`.
  private func appending<Next>(_ step: String, isText nextIsText: Bool) -> JSONPath<Next> {
    var segments = segments
    if isText {
      segments.append("$" + step)
    } else {
      segments[segments.count - 1] += step
    }
    return JSONPath<Next>(segments: segments, isText: nextIsText, refusal: refusal)
  }

  /// The path with the member `name` (a column's name, a dictionary's key): `."name"`, a
  /// backslash doubled as in the JSON text. An SQLite path ends a quoted name at the first
  /// double quote, so a name holding one (or a control character, which JSON escapes) is
  /// refused.
  fileprivate func appending<Next>(member name: String, isText nextIsText: Bool) -> JSONPath<Next> {
    var next: JSONPath<Next> = appending(
      ".\"" + name.replacingOccurrences(of: "\\", with: "\\\\") + "\"", isText: nextIsText)
    if next.refusal == nil,
      name.unicodeScalars.contains(where: { $0 == "\"" || $0.value < 0x20 })
    {
      next.refusal =
        "The JSON key \(QueryBinding.text(name).sqlLiteral) holds a double quote or a control "
        + "character, which no SQLite JSON path can name: use a text path, or another key"
    }
    return next
  }

  /// A column of the `@Table` value here: `\.name`.
  public subscript<Member>(
    dynamicMember column: KeyPath<
      Value.StoredValue.TableColumns, TableColumn<Value.StoredValue, Member>
    >
  ) -> JSONPath<Member> where Value: JSONStoredValue, Value.StoredValue: Table {
    let name = Value.StoredValue.columns[keyPath: column].name
    return appending(member: name, isText: Member.self is any StoredAsJSON.Type)
  }

  /// A `@Selection` group of the `@Table` value here, whose columns the row's object holds
  /// beside its others: `\.tenure`, on the way to one of them (`\.tenure.since`), named by its
  /// column.
  ///
  /// `Post.select { $0.author.jsonExtract(\.tenure.since) }` renders `SELECT ("posts"."author" ->> '$."since"') FROM "posts"`.
  public subscript<Group: Selection>(
    dynamicMember group: KeyPath<
      Value.StoredValue.TableColumns, ColumnGroup<Value.StoredValue, Group>
    >
  ) -> JSONPathGroup<Group> where Value: JSONStoredValue, Value.StoredValue: Table {
    JSONPathGroup(path: retyped())
  }

  /// The element at `index` of the array here, a value an SQL column holds (text, a number, a
  /// Boolean): `\.tags[0]`.
  public subscript<Element: QueryBindable>(_ index: Int) -> JSONPath<Element>
  where Value: JSONStoredValue, Value.StoredValue == [Element] {
    appending("[\(index)]", isText: false)
  }

  /// The element at `index` of the array here, itself JSON (a `@Table` value, an array):
  /// `\.links[0]`.
  @_disfavoredOverload
  public subscript<Element: Codable>(_ index: Int) -> JSONPath<JSONRepresentation<Element>>
  where Value: JSONStoredValue, Value.StoredValue == [Element] {
    appending("[\(index)]", isText: false)
  }

  /// The value at `key` of the dictionary here, a value an SQL column holds (text, a number, a
  /// Boolean): `\.["home"]`, the member `'$."home"'`.
  public subscript<Element: QueryBindable>(_ key: String) -> JSONPath<Element>
  where Value: JSONStoredValue, Value.StoredValue == [String: Element] {
    appending(member: key, isText: false)
  }

  /// The value at `key` of the dictionary here, itself JSON (an array, a dictionary):
  /// `\.["tags"]`.
  ///
  /// `TaggedReminder.select { $0.details.jsonExtract(\.["tags"][0]) }` renders `SELECT ("taggedReminders"."details" ->> '$."tags"[0]') FROM "taggedReminders"`.
  ///
  /// `TaggedReminder.select { $0.details.jsonArrayLength(\.["tags"]) }` renders `SELECT json_array_length("taggedReminders"."details", '$."tags"') FROM "taggedReminders"`.
  @_disfavoredOverload
  public subscript<Element: Codable>(_ key: String) -> JSONPath<JSONRepresentation<Element>>
  where Value: JSONStoredValue, Value.StoredValue == [String: Element] {
    appending(member: key, isText: false)
  }
}

/// A step of a ``JSONPath`` at a `@Selection` group of a row stored as JSON: the row's object
/// holds the group's columns beside its others, so the group adds nothing to the path, and its
/// members are named by their columns. `\.timestamps.createdAt` is `'$."createdAt"'`.
@dynamicMemberLookup
public struct JSONPathGroup<Group: Selection>: Sendable {
  /// Where the row's object is.
  let path: JSONPath<Group>

  /// A column of the group: `\.timestamps.createdAt`.
  public subscript<Member: QueryBindable>(
    dynamicMember member: KeyPath<Group.SelectionMembers, SelectionMember<Member>>
  ) -> JSONPath<Member> {
    let name = Group.selectionMembers[keyPath: member].name
    return path.appending(member: "\(name)", isText: Member.self is any StoredAsJSON.Type)
  }

  /// A group nested in the group, whose columns the row's object holds too.
  public subscript<Member: Selection>(
    dynamicMember member: KeyPath<Group.SelectionMembers, SelectionMember<Member>>
  ) -> JSONPathGroup<Member> {
    JSONPathGroup<Member>(path: path.retyped())
  }
}

extension JSONPath {
  /// The path at the end of `keyPath`, from the value stored as JSON.
  static func of<Root>(_ keyPath: KeyPath<JSONPath<Root>, JSONPath<Value>>) -> JSONPath<Value> {
    JSONPath<Root>()[keyPath: keyPath]
  }

  /// `json ->> path`, once for each segment: the value at the path, as an SQL value of `type`
  /// (the JSON text of an array or object). When `binary`, the last read is `jsonb_extract`,
  /// which gives an array or object as JSONB (a column's JSON text stays text).
  func extract(from json: QueryFragment, as type: SQLType?, binary: Bool = false)
    -> QueryFragment
  {
    if let refusal { return Self.refused(refusal) }
    var fragment = json
    for (index, segment) in segments.enumerated() {
      guard index == segments.count - 1 else {
        fragment = .form(.jsonExtract(fragment, path: segment, .text, .arrow))
        continue
      }
      if binary, !isText, Value.self is any StoredAsJSON.Type {
        fragment = .form(.jsonbExtract(fragment, path: segment))
      } else {
        fragment = .form(
          .jsonExtract(fragment, path: segment, type, binary ? .binaryFunction : .arrow))
      }
    }
    return fragment
  }

  /// The SQLite path of the value, when one read of JSON reaches it and it is not a column's
  /// JSON text (which `json_array_length` and the mutations can't see into): then they are
  /// given the path itself.
  var singlePath: String? {
    segments.count == 1 && !isText && refusal == nil ? segments[0] : nil
  }

  /// The SQLite path a JSON mutation changes, when one read of JSON reaches it (a mutation
  /// can't write a column's changed JSON back into the row as text), and whether the value
  /// there is a column's JSON text.
  var mutationPath: (path: String, isText: Bool)? {
    segments.count == 1 && refusal == nil ? (segments[0], isText) : nil
  }

  /// A fragment that fails, before anything is sent, saying `reason`.
  static func refused(_ reason: String) -> QueryFragment {
    var fragment = QueryFragment()
    fragment.append(binding: .invalid(QueryBindingError(reason)))
    return fragment
  }
}
