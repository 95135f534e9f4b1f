import QuarrySQLText

/// A table's name and columns, with the SQL every statement reuses rendered once.
///
/// `@Table` generates one per table as a static constant, so quoting and joining names happens
/// once per process, not once per query. It is a class so that handing it around costs one
/// reference count, not one per string.
public final class TableSchema: Sendable {
  /// The kind of value SQLite stores for a Swift type: what a column must be able to hold.
  public enum StorageClass: String, Sendable, Equatable {
    /// `INTEGER`: integers and `Bool`.
    case integer
    /// `REAL`: `Double` and `Float`.
    case real
    /// `TEXT`: `String`, `UUID`, `Date`.
    case text
    /// `BLOB`: `[UInt8]` and `Data`.
    case blob
    /// `BLOB` holding JSONB, SQLite's binary JSON (`jsonb` on PostgreSQL): a
    /// ``JSONBRepresentation``.
    case jsonb
    /// Unknown (an enum, a custom type): any column will do.
    case any
  }

  /// A column's description.
  public struct Column: Sendable, Equatable {
    /// The column's name in the database.
    public var name: String
    /// What the Swift property binds as; `.any` when unknown.
    public var type: StorageClass
    /// Whether the Swift property is optional, so the column must accept `NULL`; nil when
    /// unknown.
    public var isNullable: Bool?
    /// Whether the column is the table's primary key.
    public var isPrimaryKey: Bool
    /// How the database keeps the column if it computes it (`GENERATED ALWAYS AS …`): such a
    /// column is read, never written.
    public var generatedStorage: GeneratedColumnStorage?

    /// Whether the database computes the column.
    public var isGenerated: Bool { generatedStorage != nil }

    /// Describes a column: `.init("title", type: .text, nullable: false)`.
    public init(
      _ name: String, type: StorageClass = .any, nullable: Bool? = nil, primaryKey: Bool = false,
      generated: GeneratedColumnStorage? = nil
    ) {
      self.name = name
      self.type = type
      self.isNullable = nullable
      self.isPrimaryKey = primaryKey
      self.generatedStorage = generated
    }
  }

  /// The table's name.
  public let name: String
  /// The schema the table is in (`@Table(schema: "archive")`): an attached database on SQLite,
  /// a schema on PostgreSQL. Nil when the database finds the table by its name alone.
  public let schemaName: String?
  /// The quoted table name, qualified by its schema when it has one: `"reminders"`,
  /// `"archive"."reminders"`.
  public let quotedName: String
  /// The quoted table name without its schema: `"reminders"`. (What names the table's own
  /// hidden column in a full-text search, and what an alias replaces.)
  @usableFromInline package let quotedUnqualifiedName: String
  /// Every column, in decoding order.
  public let columns: [Column]
  /// The columns statements write: all but generated ones.
  public let writableColumns: [Column]
  /// The qualified column list of `SELECT`: `"reminders"."id", "reminders"."title"`.
  @usableFromInline package let selectionSQL: String
  /// The column list of `INSERT`: `("id", "title")`.
  @usableFromInline package let insertColumnsSQL: String
  /// One row of placeholders for `INSERT`: `(?, ?)`.
  @usableFromInline package let insertPlaceholdersSQL: String
  /// The `SELECT` of every column, as UTF-8: `SELECT "reminders"."id", … FROM "reminders"`.
  @usableFromInline package let selectUTF8: [UInt8]
  /// The whole `INSERT` of one row, the most common insert, as UTF-8:
  /// `INSERT INTO "reminders" ("id", "title")\nVALUES (?, ?)`.
  @usableFromInline package let insertRowUTF8: [UInt8]
  /// Where ``insertRowUTF8``'s placeholders are, one per writable column.
  @usableFromInline package let insertRowPlaceholders: [Int]
  /// ``insertRowUTF8``'s dialect forms when its primary key is `NULL`: the key's `?` is a
  /// ``DialectForm/missingKey``. (Shared, so that inserting a draft allocates nothing for it.)
  @usableFromInline package let insertRowMissingKeyForms: [PlacedForm]
  /// Where the placeholder of ``primaryKeyPredicateUTF8`` and ``selectByPrimaryKeyUTF8`` is:
  /// the `?` before their closing parenthesis.
  @usableFromInline package let primaryKeyPredicatePlaceholders: [Int]
  @usableFromInline package let selectByPrimaryKeyPlaceholders: [Int]
  /// The qualified name of the primary key column, when the table has one, as UTF-8:
  /// `"reminders"."id"`.
  @usableFromInline package let primaryKeyQualifiedNameUTF8: [UInt8]?
  /// The predicate of `find(_:)`, when the table has a primary key column, as UTF-8:
  /// `("reminders"."id" = ?)`.
  @usableFromInline package let primaryKeyPredicateUTF8: [UInt8]?
  /// The whole `SELECT` of `find(_:)`, when the table has a primary key column, as UTF-8:
  /// ``selectUTF8`` followed by `WHERE ("reminders"."id" = ?)`.
  @usableFromInline package let selectByPrimaryKeyUTF8: [UInt8]?

  /// The position of the primary key among ``writableColumns``, when the table has one
  /// primary key column: where a draft's missing key is.
  @usableFromInline package let primaryKeyWritableIndex: Int?
  /// The positions of the primary key's columns among ``writableColumns``: one, or one per
  /// column of a composite key.
  @usableFromInline package let primaryKeyWritableIndices: [Int]
  /// The qualified columns of a composite key as a row value, `("enrollments"."courseID",
  /// "enrollments"."studentID")`; nil unless the key has several columns.
  package let compositeKeySQL: String?

  /// The cases of a `@Table` enum, each with its columns; nil for a struct's table.
  ///
  /// A row holds one case: assigning a case's column in an update sets the other cases'
  /// columns to `NULL`.
  public let cases: [SelectionCase]?

  /// Describes a table and pre-renders its SQL: in `schemaName` when there is one.
  public convenience init(name: String, schemaName: String? = nil, columns: [Column]) {
    self.init(name: name, schemaName: schemaName, columns: columns, cases: nil)
  }

  /// Describes the table of a `@Table` enum, whose columns are its cases' in order.
  public convenience init(name: String, schemaName: String? = nil, cases: [SelectionCase]) {
    self.init(
      name: name, schemaName: schemaName, columns: cases.flatMap(\.columns), cases: cases)
  }

  private init(name: String, schemaName: String?, columns: [Column], cases: [SelectionCase]?) {
    self.cases = cases
    self.name = name
    self.schemaName = schemaName
    self.columns = columns
    self.writableColumns = columns.filter { !$0.isGenerated }
    self.quotedUnqualifiedName = quoteIdentifier(name)
    let quotedName = (schemaName.map { quoteIdentifier($0) + "." } ?? "") + quoteIdentifier(name)
    self.quotedName = quotedName
    self.selectionSQL = columns.map { quotedName + "." + quoteIdentifier($0.name) }
      .joined(separator: ", ")
    self.insertColumnsSQL =
      "(" + writableColumns.map { quoteIdentifier($0.name) }.joined(separator: ", ") + ")"
    self.insertPlaceholdersSQL =
      "(" + Array(repeating: "?", count: writableColumns.count).joined(separator: ", ") + ")"
    self.selectUTF8 = Array("SELECT \(selectionSQL)\nFROM \(quotedName)".utf8)
    let insertPrefix = "INSERT INTO \(quotedName) \(insertColumnsSQL)\nVALUES "
    self.insertRowUTF8 = Array((insertPrefix + insertPlaceholdersSQL).utf8)
    // `(?, ?, ?)`: the first `?` follows the parenthesis, the others `, `.
    self.insertRowPlaceholders = writableColumns.indices.map {
      insertPrefix.utf8.count + 1 + 3 * $0
    }
    let keys = columns.filter(\.isPrimaryKey)
    let writableColumns = self.writableColumns
    self.primaryKeyWritableIndices = writableColumns.indices.filter {
      writableColumns[$0].isPrimaryKey
    }
    self.compositeKeySQL =
      keys.count > 1
      ? "(" + keys.map { quotedName + "." + quoteIdentifier($0.name) }.joined(separator: ", ") + ")"
      : nil
    self.primaryKeyWritableIndex =
      keys.count == 1 ? writableColumns.firstIndex(where: \.isPrimaryKey) : nil
    if let key = primaryKeyWritableIndex {
      let offset = insertRowPlaceholders[key]
      self.insertRowMissingKeyForms = [
        PlacedForm(range: offset..<offset + 1, form: .missingKey, nestedCount: 0)
      ]
    } else {
      self.insertRowMissingKeyForms = []
    }
    if keys.count == 1 {
      let qualifiedName = quotedName + "." + quoteIdentifier(keys[0].name)
      self.primaryKeyQualifiedNameUTF8 = Array(qualifiedName.utf8)
      self.primaryKeyPredicateUTF8 = Array("(\(qualifiedName) = ?)".utf8)
      self.selectByPrimaryKeyUTF8 = Array(
        "SELECT \(selectionSQL)\nFROM \(quotedName)\nWHERE (\(qualifiedName) = ?)".utf8)
      self.primaryKeyPredicatePlaceholders = [primaryKeyPredicateUTF8!.count - 2]
      self.selectByPrimaryKeyPlaceholders = [selectByPrimaryKeyUTF8!.count - 2]
    } else {
      self.primaryKeyQualifiedNameUTF8 = nil
      self.primaryKeyPredicateUTF8 = nil
      self.selectByPrimaryKeyUTF8 = nil
      self.primaryKeyPredicatePlaceholders = []
      self.selectByPrimaryKeyPlaceholders = []
    }
  }
}

extension TableSchema {
  /// `(("enrollments"."courseID", "enrollments"."studentID") = (?, ?))`, bound to the key's
  /// values among a row's `bindings` (in ``writableColumns`` order).
  @usableFromInline package func compositeKeyPredicate(_ bindings: [QueryBinding]) -> QueryFragment
  {
    var fragment = QueryFragment(sql: "(")
    fragment.append(sql: compositeKeySQL ?? "()")
    fragment.append(sql: " = (")
    for (position, index) in primaryKeyWritableIndices.enumerated() {
      if position > 0 { fragment.append(sql: ", ") }
      fragment.append(binding: bindings[index])
    }
    fragment.append(sql: "))")
    return fragment
  }
}

/// How SQLite keeps a generated column: `GENERATED ALWAYS AS (…) STORED` or `VIRTUAL`.
public enum GeneratedColumnStorage: Hashable, Sendable {
  /// Computed on write and stored.
  case stored
  /// Computed on read.
  case virtual
}

extension TableSchema {
  /// Every column, qualified by the quoted `qualifier` instead of the table's name:
  /// `"r"."id", "r"."title"`.
  @usableFromInline package func writeSelection(
    qualifiedBy qualifier: String, to fragment: inout QueryFragment
  ) {
    for (index, column) in columns.enumerated() {
      if index > 0 { fragment.append(sql: ", ") }
      fragment.append(sql: qualifier)
      fragment.append(byte: UInt8(ascii: "."))
      fragment.append(identifier: column.name)
    }
  }
}
