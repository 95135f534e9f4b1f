// A path into a value stored as JSON, written as a Swift key path: `\.name`, `\.links[0].homepage`,
// `\.[0]`. Each member is a column of a `@Table` type, named by the table's own columns (what the
// macro generated), and each subscript an index into an array; nothing reads the key path's text.
//
// A row stored as JSON is an object of its columns, each as the row binds it, so a column of the
// row that is itself stored as JSON (`@Column(as: [Link].JSONRepresentation.self)`) is a JSON
// string holding that column's JSON text. A path through such a column reads its text again as
// JSON: `\.links[0].homepage` is two SQLite paths, `'$."links"'` and then `'$[0]."homepage"'`.

/// A path into a value stored as JSON, from a key path: `$0.author.jsonExtract(\.links[0].homepage)`.
/// `Value` is the type found at the end of the path.
///
/// A member is a column of a `@Table` type (stored as JSON, `@Column(as:
/// Author.JSONRepresentation.self)`); a subscript is an index into an array stored as JSON.
@dynamicMemberLookup
public struct JSONPath<Value>: Sendable {
  /// The SQLite path of each read of JSON text: one, unless the path goes through a column of a
  /// row that is itself stored as JSON, whose text is read again from the next step on.
  private(set) var segments: [String] = ["$"]
  /// Whether the value here is such a column's JSON text, so that the next step reads it again.
  private var isText = false

  init() {}

  private init(segments: [String], isText: Bool) {
    self.segments = segments
    self.isText = isText
  }

  /// The path with one more step (`."name"` or `[0]`) to a value of type `Next`.
  private func appending<Next>(_ step: String, isText nextIsText: Bool) -> JSONPath<Next> {
    var segments = segments
    if isText {
      segments.append("$" + step)
    } else {
      segments[segments.count - 1] += step
    }
    return JSONPath<Next>(segments: segments, isText: nextIsText)
  }

  /// A column of the `@Table` value here: `\.name`.
  public subscript<Member>(
    dynamicMember column: KeyPath<
      Value.StoredValue.TableColumns, TableColumn<Value.StoredValue, Member>
    >
  ) -> JSONPath<Member> where Value: JSONStoredValue, Value.StoredValue: Table {
    let name = Value.StoredValue.columns[keyPath: column].name
    return appending(".\"" + name + "\"", isText: Member.self is any StoredAsJSON.Type)
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
}

extension JSONPath {
  /// The path at the end of `keyPath`, from the value stored as JSON.
  static func of<Root>(_ keyPath: KeyPath<JSONPath<Root>, JSONPath<Value>>) -> JSONPath<Value> {
    JSONPath<Root>()[keyPath: keyPath]
  }

  /// `json ->> path`, once for each segment: the value at the path, as an SQL value of `type`
  /// (the JSON text of an array or object).
  func extract(from json: QueryFragment, as type: SQLType?) -> QueryFragment {
    var fragment = json
    for (index, segment) in segments.enumerated() {
      let isLast = index == segments.count - 1
      fragment = .form(
        .jsonExtract(fragment, path: segment, isLast ? type : .text, isFunction: false))
    }
    return fragment
  }

  /// The SQLite path of the value, when one read of JSON reaches it and it is not a column's
  /// JSON text (which `json_array_length` and the mutations can't see into): then they are
  /// given the path itself.
  var singlePath: String? {
    segments.count == 1 && !isText ? segments[0] : nil
  }

  /// The SQLite path a JSON mutation changes, when one read of JSON reaches it (a mutation
  /// can't write a column's changed JSON back into the row as text), and whether the value
  /// there is a column's JSON text.
  var mutationPath: (path: String, isText: Bool)? {
    segments.count == 1 ? (segments[0], isText) : nil
  }
}
