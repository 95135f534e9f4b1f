import Foundation
import QuarrySQLText

/// What a table's columns are qualified by: the table's own name (``table``), or another name,
/// such as an alias (`"managers"."name"`).
///
/// A qualifier is a small number standing for its name, so columns stay plain values that cost
/// no reference counting to copy. Names are kept for the life of the process: use names written
/// in code (aliases), not names made per query.
public struct ColumnQualifier: Hashable, Sendable {
  /// 0 for the table's own name; otherwise one more than the name's place in the registry.
  @usableFromInline let index: UInt32

  @inlinable
  init(index: UInt32) {
    self.index = index
  }

  /// The table's own (quoted, schema-qualified) name, as `@Table` writes it.
  public static var table: ColumnQualifier { ColumnQualifier(index: 0) }

  /// Qualifies columns by `name`, quoted when rendered: `ColumnQualifier("managers")`.
  public init(_ name: String) {
    index = QualifierNames.shared.index(of: name)
  }

  /// Whether this is the table's own name.
  @inlinable
  public var isTable: Bool { index == 0 }

  /// The name, quoted (`"managers"`); nil for the table's own name.
  public var quotedName: String? {
    isTable ? nil : QualifierNames.shared.quotedName(at: Int(index) - 1)
  }
}

/// The names qualifiers stand for, quoted once, kept for the process's life.
final class QualifierNames: @unchecked Sendable {
  static let shared = QualifierNames()

  private let lock = NSLock()
  private var quotedNames: [String] = []
  private var indices: [String: UInt32] = [:]

  func index(of name: String) -> UInt32 {
    lock.lock()
    defer { lock.unlock() }
    if let index = indices[name] { return index }
    quotedNames.append(quoteIdentifier(name))
    let index = UInt32(quotedNames.count)
    indices[name] = index
    return index
  }

  func quotedName(at position: Int) -> String {
    lock.lock()
    defer { lock.unlock() }
    return quotedNames[position]
  }
}
