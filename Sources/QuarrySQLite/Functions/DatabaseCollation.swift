import CSQLite
import Foundation
import QuarryCore

/// A named way to compare text, for `ORDER BY … COLLATE name` and column definitions
/// (`"title" TEXT COLLATE name`).
///
/// ```swift
/// let localized = DatabaseCollation("localized") { $0.localizedCompare($1) }
/// try db.add(collation: localized)
/// ```
///
/// ```swift
/// Reminder.order { $0.title.collate(localized) }.select { $0.title }
/// ```
/// ```sql
/// SELECT "reminders"."title"
/// FROM "reminders"
/// ORDER BY ("reminders"."title" COLLATE "localized")
/// ```
public struct DatabaseCollation: Sendable {
  /// The SQL name.
  public let name: String
  let compare: @Sendable (String, String) -> ComparisonResult

  /// A collation comparing two strings.
  public init(_ name: String, compare: @escaping @Sendable (String, String) -> ComparisonResult) {
    self.name = name
    self.compare = compare
  }
}

/// What SQLite holds for a collation: retained once, released by its destructor.
private final class CollationBox {
  let compare: @Sendable (String, String) -> ComparisonResult
  init(_ compare: @escaping @Sendable (String, String) -> ComparisonResult) {
    self.compare = compare
  }
}

extension Database {
  /// Makes a collation usable on this connection.
  public func add(collation: DatabaseCollation) throws {
    let context = Unmanaged.passRetained(CollationBox(collation.compare)).toOpaque()
    let code = sqlite3_create_collation_v2(
      handle, collation.name, SQLITE_UTF8, context,
      { context, lhsCount, lhs, rhsCount, rhs in
        guard let context else { return 0 }
        let box = Unmanaged<CollationBox>.fromOpaque(context).takeUnretainedValue()
        let left = text(lhs, lhsCount)
        let right = text(rhs, rhsCount)
        switch box.compare(left, right) {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
      },
      { context in
        guard let context else { return }
        Unmanaged<CollationBox>.fromOpaque(context).release()
      })
    guard code == SQLITE_OK else {
      throw DatabaseError(connection: handle, resultCode: code, sql: nil)
    }
  }
}

private func text(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
  guard let bytes else { return "" }
  return String(
    decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}

extension QueryExpression {
  /// `(expression COLLATE "name")`: compares and orders with a custom collation.
  ///
  /// `$0.title.collate(localized)` renders `("reminders"."title" COLLATE "localized")`.
  public func collate(_ collation: DatabaseCollation) -> SQLQueryExpression<QueryValue> {
    var fragment = QueryFragment(sql: "(")
    write(to: &fragment)
    fragment.append(sql: " COLLATE ")
    fragment.append(identifier: collation.name)
    fragment.append(sql: ")")
    return SQLQueryExpression(operand: fragment)
  }
}
