import QuarryCore

/// A way a live database's schema differs from what a `@Table` type expects.
///
/// ```
/// reminders.title: declared TEXT but nullable, while the Swift property is not optional
/// ```
public enum SchemaDifference: Hashable, Sendable, CustomStringConvertible {
  /// The table is missing.
  case missingTable(table: String)
  /// The column is missing.
  case missingColumn(table: String, column: String)
  /// By SQLite's affinity rules, the column's declared type can't hold what the Swift property
  /// binds: a `TEXT` column turns integers into text, an `INTEGER` column turns `"42"` into 42.
  case incompatibleType(
    table: String, column: String, declaredType: String, swiftType: TableSchema.StorageClass)
  /// The column accepts `NULL`, which the non-optional Swift property can't decode.
  case nullableColumn(table: String, column: String)
  /// The column is `NOT NULL`, so the optional Swift property's `nil` can't be written.
  case notNullColumn(table: String, column: String)
  /// The Swift primary key isn't the table's primary key.
  case notPrimaryKey(table: String, column: String)
  /// A `NOT NULL` column without a default that the Swift type doesn't know: inserts fail.
  case unmappedRequiredColumn(table: String, column: String)

  public var description: String {
    switch self {
    case .missingTable(let table):
      return "\(table): no such table"
    case .missingColumn(let table, let column):
      return "\(table).\(column): no such column"
    case .incompatibleType(let table, let column, let declaredType, let swiftType):
      let declared = declaredType.isEmpty ? "no type" : "type \(declaredType)"
      return
        "\(table).\(column): declared with \(declared), which can't hold the Swift property's "
        + "\(swiftType.rawValue) values"
    case .nullableColumn(let table, let column):
      return "\(table).\(column): accepts NULL, but the Swift property is not optional"
    case .notNullColumn(let table, let column):
      return "\(table).\(column): NOT NULL, but the Swift property is optional"
    case .notPrimaryKey(let table, let column):
      return "\(table).\(column): the Swift primary key is not the table's primary key"
    case .unmappedRequiredColumn(let table, let column):
      return
        "\(table).\(column): NOT NULL without a default, and no Swift property writes it"
    }
  }
}

/// The error ``Database/checkSchema(_:)`` throws: every difference it found.
public struct SchemaMismatchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The differences, table by table, column by column.
  public var differences: [SchemaDifference]

  public var description: String {
    "the database schema differs from the Swift tables:\n"
      + differences.map { "  \($0)" }.joined(separator: "\n")
  }
}

/// A column as the database declares it (`PRAGMA table_xinfo`).
public struct DatabaseColumn: Equatable, Sendable {
  /// The column's name.
  public var name: String
  /// The declared type, as written: `INTEGER`, `VARCHAR(20)`, or empty.
  public var declaredType: String
  /// Whether the column is declared `NOT NULL`.
  public var isNotNull: Bool
  /// Whether the column has a `DEFAULT`.
  public var hasDefault: Bool
  /// The column's position in the primary key, from 1; 0 when it's not part of it.
  public var primaryKeyIndex: Int
  /// Whether the column is generated (`GENERATED ALWAYS AS …`) or hidden.
  public var isGeneratedOrHidden: Bool
  /// Whether the column can hold `NULL`. An `INTEGER PRIMARY KEY` never does: it is the rowid.
  public var isNullable: Bool
  /// The column's type affinity.
  public var affinity: TypeAffinity { TypeAffinity(declaredType: declaredType) }
}

/// SQLite's type affinity of a column, derived from its declared type.
public enum TypeAffinity: String, Sendable, Equatable {
  case integer, text, blob, real, numeric

  /// The affinity SQLite gives a declared type: `INT` anywhere is integer; `CHAR`, `CLOB` or
  /// `TEXT` text; `BLOB` or no type blob; `REAL`, `FLOA` or `DOUB` real; anything else numeric.
  public init(declaredType: String) {
    let type = declaredType.uppercased()
    if type.contains("INT") {
      self = .integer
    } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
      self = .text
    } else if type.contains("BLOB") || type.trimmingSpaces.isEmpty {
      self = .blob
    } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
      self = .real
    } else {
      self = .numeric
    }
  }

  /// Whether a column of this affinity gives back what a Swift value of `storage` bound to it,
  /// with the storage class the decoder expects. `strictType` is the column's type in a
  /// `STRICT` table, whose rules are stricter than affinity.
  public func canHold(_ storage: TableSchema.StorageClass, strictType: String? = nil) -> Bool {
    if let strictType {
      switch (storage, strictType.uppercased()) {
      case (.any, _), (_, "ANY"): return true
      case (.integer, "INT"), (.integer, "INTEGER"): return true
      case (.real, "REAL"), (.text, "TEXT"), (.blob, "BLOB"): return true
      default: return false
      }
    }
    switch storage {
    case .any, .blob: return true
    case .integer: return [.integer, .numeric, .blob].contains(self)
    case .real: return [.real, .numeric, .integer, .blob].contains(self)
    case .text: return [.text, .blob].contains(self)
    }
  }
}

extension Database {
  /// The columns of a table, view or virtual table, in order; empty when there is none.
  public func columns(ofTable table: String) throws -> [DatabaseColumn] {
    let fragment: QueryFragment = """
      SELECT "name", "type", "notnull", "dflt_value" IS NOT NULL, "pk", "hidden" \
      FROM pragma_table_xinfo(\(table))
      """
    let rows = try fetchAll(fragment) { decoder in
      (
        try decoder.decode(String.self), try decoder.decode(String.self),
        try decoder.decode(Bool.self), try decoder.decode(Bool.self),
        try decoder.decode(Int.self), try decoder.decode(Int.self)
      )
    }
    let keyCount = rows.filter { $0.4 > 0 }.count
    return rows.map { name, type, notNull, hasDefault, primaryKeyIndex, hidden in
      let isRowID = keyCount == 1 && primaryKeyIndex == 1 && type.uppercased() == "INTEGER"
      return DatabaseColumn(
        name: name, declaredType: type, isNotNull: notNull, hasDefault: hasDefault,
        primaryKeyIndex: primaryKeyIndex, isGeneratedOrHidden: hidden != 0,
        isNullable: !notNull && !isRowID)
    }
  }

  /// Whether a table is `STRICT`; false when SQLite is too old to say (before 3.37).
  public func isStrictTable(_ table: String) throws -> Bool {
    let fragment: QueryFragment = """
      SELECT "strict" FROM pragma_table_list WHERE "schema" = 'main' AND "name" = \(table)
      """
    do {
      return try fetchOne(fragment) { try $0.decode(Bool.self) } ?? false
    } catch let error as DatabaseError where error.resultCode == DatabaseError.error {
      return false
    }
  }

  /// Every difference between the database's schema and what `tables` expect: missing tables
  /// and columns, columns whose declared type or nullability can't hold the Swift property,
  /// primary keys that differ, and required columns the Swift types don't write.
  ///
  /// ```swift
  /// try migrator.migrate(db)
  /// #expect(try db.schemaDifferences(Reminder.self, RemindersList.self) == [])
  /// ```
  public func schemaDifferences(_ tables: any Table.Type...) throws -> [SchemaDifference] {
    try schemaDifferences(tables)
  }

  /// Every difference between the database's schema and what `tables` expect.
  public func schemaDifferences(_ tables: [any Table.Type]) throws -> [SchemaDifference] {
    var differences: [SchemaDifference] = []
    for table in tables {
      differences += try schemaDifferences(table.schema)
    }
    return differences
  }

  /// Checks that the database holds what `tables` expect; throws a ``SchemaMismatchError``
  /// listing every difference otherwise. Run it in your tests after migrating.
  ///
  /// ```swift
  /// try migrator.migrate(db)
  /// try db.checkSchema(Reminder.self, RemindersList.self)
  /// ```
  public func checkSchema(_ tables: any Table.Type...) throws {
    let differences = try schemaDifferences(tables)
    if !differences.isEmpty { throw SchemaMismatchError(differences: differences) }
  }

  private func schemaDifferences(_ schema: TableSchema) throws -> [SchemaDifference] {
    let table = schema.name
    let columns = try columns(ofTable: table)
    guard !columns.isEmpty else { return [.missingTable(table: table)] }
    let isStrict = try isStrictTable(table)
    var differences: [SchemaDifference] = []
    for expected in schema.columns {
      guard let column = columns.first(where: { $0.name.caseInsensitiveEquals(expected.name) })
      else {
        differences.append(.missingColumn(table: table, column: expected.name))
        continue
      }
      let strictType = isStrict ? column.declaredType : nil
      if !column.affinity.canHold(expected.type, strictType: strictType) {
        differences.append(
          .incompatibleType(
            table: table, column: column.name, declaredType: column.declaredType,
            swiftType: expected.type))
      }
      switch (expected.isNullable, column.isNullable) {
      case (.some(false), true):
        differences.append(.nullableColumn(table: table, column: column.name))
      case (.some(true), false):
        differences.append(.notNullColumn(table: table, column: column.name))
      default: break
      }
      if expected.isPrimaryKey, column.primaryKeyIndex == 0 {
        differences.append(.notPrimaryKey(table: table, column: column.name))
      }
    }
    for column in columns
    where column.isNotNull && !column.hasDefault && !column.isGeneratedOrHidden
      && !schema.columns.contains(where: { $0.name.caseInsensitiveEquals(column.name) })
    {
      differences.append(.unmappedRequiredColumn(table: table, column: column.name))
    }
    return differences
  }
}

extension DatabaseQueue {
  /// Checks that the database holds what `tables` expect; throws a ``SchemaMismatchError``
  /// listing every difference otherwise.
  public func checkSchema(_ tables: any Table.Type...) throws {
    let differences = try read { db in try db.schemaDifferences(tables) }
    if !differences.isEmpty { throw SchemaMismatchError(differences: differences) }
  }
}

extension String {
  /// SQLite compares names ignoring ASCII case.
  fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
    lowercased() == other.lowercased()
  }

  fileprivate var trimmingSpaces: String { filter { !$0.isWhitespace } }
}
