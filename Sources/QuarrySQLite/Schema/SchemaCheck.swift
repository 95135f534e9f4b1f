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
  /// The table's primary key has columns the Swift primary key doesn't: the Swift key (one
  /// column, or a `@Selection` group of them) doesn't identify a row.
  case primaryKeyHasMoreColumns(table: String, swiftKey: [String], databaseKey: [String])
  /// A `NOT NULL` column without a default that the Swift type doesn't know: inserts fail.
  case unmappedRequiredColumn(table: String, column: String)
  /// The Swift property is generated (`@Column(generated:)`), but the column is an ordinary
  /// one: the database doesn't compute it, and Quarry never writes it.
  case notGeneratedColumn(table: String, column: String)
  /// The column is `GENERATED ALWAYS AS (…)`, but the Swift property is written: inserts and
  /// updates of it fail.
  case generatedColumn(table: String, column: String, storage: GeneratedColumnStorage)
  /// Both sides say the column is generated, but one says `STORED` and the other `VIRTUAL`.
  case generatedStorageDiffers(
    table: String, column: String, expected: GeneratedColumnStorage,
    actual: GeneratedColumnStorage)
  /// A foreign key of the table refers to a table that doesn't exist: writes of a non-`NULL`
  /// key fail while foreign keys are enforced.
  case foreignKeyToMissingTable(table: String, columns: [String], referencedTable: String)
  /// A foreign key of the table refers to a column its table doesn't have, or, naming no
  /// column, to a table without a primary key.
  case foreignKeyToMissingColumn(
    table: String, columns: [String], referencedTable: String, referencedColumns: [String])
  /// A foreign key of the table refers to columns that are neither the primary key of their
  /// table nor covered by a `UNIQUE` index: SQLite reports "foreign key mismatch" on writes.
  case foreignKeyToNonUniqueColumns(
    table: String, columns: [String], referencedTable: String, referencedColumns: [String])

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
    case .primaryKeyHasMoreColumns(let table, let swiftKey, let databaseKey):
      return
        "\(table): the primary key is (\(databaseKey.joined(separator: ", "))), but the Swift "
        + "primary key is (\(swiftKey.joined(separator: ", ")))"
    case .unmappedRequiredColumn(let table, let column):
      return
        "\(table).\(column): NOT NULL without a default, and no Swift property writes it"
    case .notGeneratedColumn(let table, let column):
      return
        "\(table).\(column): the Swift property is generated, but the column is not "
        + "GENERATED ALWAYS AS (…)"
    case .generatedColumn(let table, let column, let storage):
      let kind = storage == .stored ? "STORED" : "VIRTUAL"
      return
        "\(table).\(column): GENERATED ALWAYS AS (…) \(kind), but the Swift property is "
        + "written (mark it @Column(generated: .\(kind.lowercased())))"
    case .generatedStorageDiffers(let table, let column, let expected, let actual):
      return
        "\(table).\(column): GENERATED ALWAYS AS (…) \(actual == .stored ? "STORED" : "VIRTUAL"), "
        + "but the Swift property says @Column(generated: .\(expected == .stored ? "stored" : "virtual"))"
    case .foreignKeyToMissingTable(let table, let columns, let referencedTable):
      return
        "\(table)(\(columns.joined(separator: ", "))): foreign key to \(referencedTable), "
        + "which does not exist"
    case .foreignKeyToMissingColumn(let table, let columns, let referencedTable, let referenced):
      let target =
        referenced.isEmpty
        ? "the primary key of \(referencedTable), which has none"
        : "\(referencedTable)(\(referenced.joined(separator: ", "))), which does not exist"
      return "\(table)(\(columns.joined(separator: ", "))): foreign key to \(target)"
    case .foreignKeyToNonUniqueColumns(let table, let columns, let referencedTable, let referenced):
      return
        "\(table)(\(columns.joined(separator: ", "))): foreign key to "
        + "\(referencedTable)(\(referenced.joined(separator: ", "))), which is neither its "
        + "primary key nor UNIQUE (foreign key mismatch)"
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
      case (.real, "REAL"), (.text, "TEXT"), (.blob, "BLOB"), (.jsonb, "BLOB"): return true
      default: return false
      }
    }
    switch storage {
    case .any, .blob, .jsonb: return true
    case .integer: return [.integer, .numeric, .blob].contains(self)
    case .real: return [.real, .numeric, .integer, .blob].contains(self)
    case .text: return [.text, .blob].contains(self)
    }
  }
}

extension Database {
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
  /// primary keys that differ, required columns the Swift types don't write, generated columns
  /// on one side only, and foreign keys that can't work.
  ///
  /// `@Table` types don't describe foreign keys, so there is nothing Swift-side to compare
  /// them with. Instead, each foreign key the database declares on a checked table must refer
  /// to an existing table and to existing columns that are its primary key or `UNIQUE`: what
  /// SQLite needs to enforce it. Rows that violate a valid key are data, not schema: check them
  /// with `PRAGMA foreign_key_check`.
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

  /// Every difference between the database's schema and what one table description expects.
  public func schemaDifferences(_ schema: TableSchema) throws -> [SchemaDifference] {
    let table = schema.name
    let columns = try columnsIfExists(table)
    guard !columns.isEmpty else { return [.missingTable(table: table)] }
    let isStrict = try isStrictTable(table)
    var differences: [SchemaDifference] = []
    for expected in schema.columns {
      guard let column = columns.first(where: { $0.name.caseInsensitiveEquals(expected.name) })
      else {
        differences.append(.missingColumn(table: table, column: expected.name))
        continue
      }
      let strictType = isStrict ? column.type : nil
      if !column.affinity.canHold(expected.type, strictType: strictType) {
        differences.append(
          .incompatibleType(
            table: table, column: column.name, declaredType: column.type,
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
      switch (expected.generatedStorage, column.generated) {
      case (_?, nil):
        differences.append(.notGeneratedColumn(table: table, column: column.name))
      case (nil, let storage?):
        differences.append(.generatedColumn(table: table, column: column.name, storage: storage))
      case (let swift?, let database?) where swift != database:
        differences.append(
          .generatedStorageDiffers(
            table: table, column: column.name, expected: swift, actual: database))
      default: break
      }
    }
    let swiftKey = schema.columns.filter(\.isPrimaryKey).map(\.name)
    let databaseKey = columns.filter { $0.primaryKeyIndex > 0 }
      .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
    if !swiftKey.isEmpty,
      databaseKey.contains(where: { name in !swiftKey.contains { $0.caseInsensitiveEquals(name) } })
    {
      differences.append(
        .primaryKeyHasMoreColumns(table: table, swiftKey: swiftKey, databaseKey: databaseKey))
    }
    for column in columns
    where column.isNotNull && column.defaultValueSQL == nil && !column.isGeneratedOrHidden
      && !schema.columns.contains(where: { $0.name.caseInsensitiveEquals(column.name) })
    {
      differences.append(.unmappedRequiredColumn(table: table, column: column.name))
    }
    return differences + (try foreignKeyDifferences(table))
  }

  /// The foreign keys of `table` that SQLite can't enforce.
  private func foreignKeyDifferences(_ table: String) throws -> [SchemaDifference] {
    var differences: [SchemaDifference] = []
    for key in try foreignKeys(on: table) {
      let origin = key.mapping.map(\.origin)
      let target = key.destinationTable
      let targetColumns = try columnsIfExists(target)
      guard !targetColumns.isEmpty else {
        differences.append(
          .foreignKeyToMissingTable(table: table, columns: origin, referencedTable: target))
        continue
      }
      let primaryKey = targetColumns.filter { $0.primaryKeyIndex > 0 }
        .sorted { $0.primaryKeyIndex < $1.primaryKeyIndex }.map(\.name)
      // A key naming no column refers to the primary key.
      let named = key.mapping.compactMap(\.destination)
      let referenced = named.isEmpty ? primaryKey : named
      let known = referenced.filter { name in
        targetColumns.contains { $0.name.caseInsensitiveEquals(name) }
      }
      guard !referenced.isEmpty, known.count == referenced.count,
        referenced.count == origin.count
      else {
        differences.append(
          .foreignKeyToMissingColumn(
            table: table, columns: origin, referencedTable: target, referencedColumns: named))
        continue
      }
      let isUnique =
        try Self.sameColumns(referenced, primaryKey)
        || indexes(on: target).contains { index in
          index.isUnique && Self.sameColumns(referenced, index.columns)
        }
      if !isUnique {
        differences.append(
          .foreignKeyToNonUniqueColumns(
            table: table, columns: origin, referencedTable: target, referencedColumns: referenced))
      }
    }
    return differences
  }

  /// Whether two lists name the same columns, in any order, ignoring case.
  private static func sameColumns(_ lhs: [String], _ rhs: [String]) -> Bool {
    Set(lhs.map { $0.lowercased() }) == Set(rhs.map { $0.lowercased() }) && lhs.count == rhs.count
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
