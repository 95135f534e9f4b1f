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
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      if Self.holdsRows { return .text(try Self.encodeRows(queryOutput).text) }
      return .text(String(decoding: try encoder.encode(queryOutput), as: UTF8.self))
    } catch {
      return .invalid(QueryBindingError("\(Value.self) cannot be encoded as JSON: \(error)"))
    }
  }

  public init(decoder: inout some QueryDecoder) throws {
    let text = try decoder.decode(String.self)
    do {
      if Self.holdsRows {
        do {
          queryOutput = try Self.decodeRows(text)
          return
        } catch let error as QueryDecodingError {
          // Rows that `Codable` wrote (before rows were written as their columns) still read.
          guard let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)) else {
            let place =
              error.columnName.map { " in the row's \"\($0)\" (\(error.expectedType))" } ?? ""
            throw QueryDecodingError(
              expectedType: "\(Value.self) (JSON rows)", found: error.found + place)
          }
          queryOutput = value
          return
        }
      }
      queryOutput = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
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

/// A value stored as JSON text, which JSON functions read as JSON rather than as a string: a
/// ``JSONRepresentation``, or an optional one. Its columns get the JSON mutations
/// (`jsonSet(_:to:)`, `jsonAppend(_:)`, …).
public protocol StoredAsJSON {}

extension JSONRepresentation: StoredAsJSON {}
extension Optional: StoredAsJSON where Wrapped: StoredAsJSON {}

extension JSONRepresentation: Sendable where Value: Sendable {}
extension JSONRepresentation: Equatable where Value: Equatable {}
extension JSONRepresentation: Hashable where Value: Hashable {}

extension Decodable where Self: Encodable {
  /// This type stored as JSON text: `@Column(as: [String].JSONRepresentation.self)`.
  public typealias JSONRepresentation = QuarryCore.JSONRepresentation<Self>
}
