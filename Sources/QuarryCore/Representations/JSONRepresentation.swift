import Foundation

/// A `Codable` value stored as JSON text: `[String].JSONRepresentation` stores `["Milk","Eggs"]`.
///
/// A table's rows (`Reminder.JSONRepresentation`, `[Reminder].JSONRepresentation`) are stored
/// as JSON objects of their columns, as `jsonObject()` and `jsonGroupArray()` select them, and
/// read through the table's decoder: every column reads as it does from a result row.
///
/// Malformed JSON in a row is a decoding error that names the column, never a crash.
public struct JSONRepresentation<Value: Codable>: QueryRepresentable {
  public var queryOutput: Value

  public init(queryOutput: Value) { self.queryOutput = queryOutput }

  /// The value as JSON text (keys sorted, so equal values store equal text); an invalid binding
  /// when it cannot be encoded.
  public var queryBinding: QueryBinding {
    do {
      return .text(try JSONCoding.text(of: queryOutput))
    } catch {
      return .invalid(error)
    }
  }

  /// Reads JSON text, or JSONB that a `jsonb_*` function returned.
  public init(decoder: inout some QueryDecoder) throws {
    queryOutput = try JSONCoding.value(Value.self, from: try decoder.decodeJSON())
  }
}

/// A `Codable` value stored as JSONB, SQLite's binary JSON, in a `BLOB` column (a `jsonb` column
/// on PostgreSQL): `@Column(as: [String].JSONBRepresentation.self)`.
///
/// Quarry writes and reads the JSONB itself, so such a column works on any SQLite; SQLite's
/// `jsonb_*` functions (``QueryAssignable/jsonbSet(_:to:)`` and the others) need SQLite 3.45 or
/// later. JSON functions read the column as JSON, and the JSON mutations of a JSONB column
/// (`jsonSet`, `jsonAppend`, …) write JSONB back.
public struct JSONBRepresentation<Value: Codable>: QueryRepresentable {
  public var queryOutput: Value

  public init(queryOutput: Value) { self.queryOutput = queryOutput }

  /// The value as JSON, which SQLite binds as JSONB and PostgreSQL as `jsonb`; an invalid
  /// binding when it cannot be encoded.
  public var queryBinding: QueryBinding {
    do {
      return .jsonb(try JSONCoding.text(of: queryOutput))
    } catch {
      return .invalid(error)
    }
  }

  /// Reads JSONB, or JSON text.
  public init(decoder: inout some QueryDecoder) throws {
    queryOutput = try JSONCoding.value(Value.self, from: try decoder.decodeJSON())
  }
}

/// Writes and reads the JSON of the JSON representations.
enum JSONCoding {
  /// `value` as JSON text, keys sorted; a table's rows as objects of their columns.
  static func text<Value: Encodable>(of value: Value) throws(QueryBindingError) -> String {
    do {
      if holdsRows(Value.self) { return try encodeRows(value).text }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch let error as QueryBindingError {
      throw error
    } catch {
      throw QueryBindingError("\(Value.self) cannot be encoded as JSON: \(error)")
    }
  }

  /// The value of JSON text: a decoding error that shows the text when it is not JSON for it.
  static func value<Value: Decodable>(_: Value.Type, from text: String) throws -> Value {
    do {
      if holdsRows(Value.self) {
        do {
          return try decodeRows(Value.self, from: text)
        } catch let error as QueryDecodingError {
          // Rows that `Codable` wrote (before rows were written as their columns) still read.
          guard let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else {
            let place =
              error.columnName.map { " in the row's \"\($0)\" (\(error.expectedType))" } ?? ""
            throw QueryDecodingError(
              expectedType: "\(Value.self) (JSON rows)", found: error.found + place)
          }
          return value
        }
      }
      do {
        return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
      } catch {
        // An aggregate's array of column values, as the database wrote them.
        guard let values = decodeColumnValues(Value.self, from: text) else { throw error }
        return values
      }
    } catch let error as QueryDecodingError {
      throw error
    } catch {
      let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
      throw QueryDecodingError(
        expectedType: "\(Value.self) (JSON)",
        found: "TEXT \(QueryBinding.text(shown).sqlLiteral), which is not valid JSON for it")
    }
  }
}

/// A value stored as JSON or JSONB, which JSON functions read as JSON rather than as a string:
/// a ``JSONRepresentation`` or ``JSONBRepresentation``, or an optional one. Its columns get the
/// JSON mutations (`jsonSet(_:to:)`, `jsonAppend(_:)`, …).
public protocol StoredAsJSON {}

/// A value stored as JSONB: ``JSONBRepresentation``, or an optional one. JSON mutations of its
/// columns write JSONB (`jsonb_set`, …), so that the column keeps its format.
public protocol StoredAsJSONB: StoredAsJSON {}

extension JSONRepresentation: StoredAsJSON {}
extension JSONBRepresentation: StoredAsJSONB {}
extension Optional: StoredAsJSON where Wrapped: StoredAsJSON {}
extension Optional: StoredAsJSONB where Wrapped: StoredAsJSONB {}

extension JSONRepresentation: Sendable where Value: Sendable {}
extension JSONRepresentation: Equatable where Value: Equatable {}
extension JSONRepresentation: Hashable where Value: Hashable {}
extension JSONBRepresentation: Sendable where Value: Sendable {}
extension JSONBRepresentation: Equatable where Value: Equatable {}
extension JSONBRepresentation: Hashable where Value: Hashable {}

extension Decodable where Self: Encodable {
  /// This type stored as JSON text: `@Column(as: [String].JSONRepresentation.self)`.
  public typealias JSONRepresentation = QuarryCore.JSONRepresentation<Self>
  /// This type stored as JSONB, SQLite's binary JSON (`jsonb` on PostgreSQL):
  /// `@Column(as: [String].JSONBRepresentation.self)` in a `BLOB` column.
  public typealias JSONBRepresentation = QuarryCore.JSONBRepresentation<Self>
}

extension Optional where Wrapped: Codable {
  /// The wrapped type stored as JSON text, and `NULL` for nil:
  /// `@Column(as: [String]?.JSONRepresentation.self) var tags: [String]?`.
  public typealias JSONRepresentation = QuarryCore.JSONRepresentation<Wrapped>?
  /// The wrapped type stored as JSONB, and `NULL` for nil:
  /// `@Column(as: [String]?.JSONBRepresentation.self) var tags: [String]?`.
  public typealias JSONBRepresentation = QuarryCore.JSONBRepresentation<Wrapped>?
}
