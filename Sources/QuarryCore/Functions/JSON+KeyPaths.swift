// Paths into a table's row stored as JSON, named by the table's columns: `$0.author.jsonExtract(
// \.name)` for `@Column(as: Author.JSONRepresentation.self)`, where `Author` is a `@Table`. A row
// is stored as an object of its columns (see `JSONCoding`), so the path is the column's name,
// `'$."name"'`, and the value is typed as the column.

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

extension QueryExpression where QueryValue: JSONStoredValue, QueryValue.StoredValue: Table {
  /// `json ->> '$."name"'`: a column of the row stored as JSON, typed as the column; nil where
  /// the row (or the column) is missing.
  ///
  /// `Post.select { $0.author.jsonExtract(\.name) }` renders `SELECT ("posts"."author" ->> '$."name"') FROM "posts"`.
  public func jsonExtract<Member>(
    _ column: KeyPath<
      QueryValue.StoredValue.TableColumns, TableColumn<QueryValue.StoredValue, Member>
    >
  ) -> SQLQueryExpression<Member?> {
    let path = Self.jsonPath(column)
    return SQLQueryExpression(
      operand:
        .form(.jsonExtract(queryFragment, path: path, SQLType(Member.self), isFunction: false)))
  }

  /// `SELECT … FROM json_each(json ->> '$."name"')`: the elements of a column of the row stored
  /// as JSON, itself stored as JSON (`@Column(as: [String].JSONRepresentation.self)`), typed as
  /// the column's elements. (The row holds that column's JSON as its text, as a row binds it:
  /// `->>` reads the text, which `json_each` reads as JSON.)
  ///
  /// `Post.select { $0.author.jsonEach(\.aliases).count() }` renders `SELECT (SELECT count(*) FROM json_each(("posts"."author" ->> '$."aliases"'))) FROM "posts"`.
  public func jsonEach<Member: JSONEachSource>(
    _ column: KeyPath<
      QueryValue.StoredValue.TableColumns, TableColumn<QueryValue.StoredValue, Member>
    >
  ) -> JoinSelect<JSONEachRow<Member>, JSONEachRowColumns<Member>> {
    JSONEach.elements(
      of: jsonExtract(column).queryFragment, path: nil, key: JSONEachKey<Member>.self,
      value: JSONEachValue<Member>.self)
  }

  /// `'$."name"'`: the JSON path of a column of the stored row.
  static func jsonPath<Member>(
    _ column: KeyPath<
      QueryValue.StoredValue.TableColumns, TableColumn<QueryValue.StoredValue, Member>
    >
  ) -> String {
    #"$.""# + QueryValue.StoredValue.columns[keyPath: column].name + #"""#
  }
}
