import Foundation
import Quarry
import QuarrySQLite

/// Prints the Swift that built a statement and the SQL it renders, its values inlined.
package func printStatementHeader(
  _ swift: String, _ query: QueryFragment, dialect: SQLDialect = .sqlite
) {
  print("Swift: \(swift)")
  print(
    "SQL:   "
      + query.inlinedSQL(for: dialect).replacingOccurrences(of: "\n", with: "\n       "))
}

/// The names SQLite gives a statement's result columns (`title`, `count("reminders"."id")`),
/// read from the statement prepared on `db`, whose schema must hold the tables it reads.
package func resultColumnNames(_ query: QueryFragment, _ db: Database) throws -> [String] {
  try db.prepare(sql: query.inlinedSQL(for: .sqlite))?.columnNames ?? []
}

/// The labelled cells of a decoded row: a struct's properties, a tuple's elements, or a value.
///
/// A tuple's elements have no labels of their own; they take the statement's result column
/// names (`columnNames`) when there is one per element, and their positions otherwise.
package func cells(of row: Any, columnNames: [String] = []) -> [(label: String, value: String)] {
  let mirror = Mirror(reflecting: row)
  guard mirror.displayStyle == .struct || mirror.displayStyle == .tuple else {
    return [(columnNames.count == 1 ? columnNames[0] : "value", describe(row))]
  }
  let children = Array(mirror.children)
  let namesFit = columnNames.count == children.count
  return children.enumerated().map { index, child in
    let isPositional = child.label.map { $0.hasPrefix(".") } ?? true
    let label =
      isPositional ? (namesFit ? columnNames[index] : "\(index)") : child.label ?? "\(index)"
    return (label, describe(child.value))
  }
}

private func describe(_ value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .optional {
    guard let wrapped = mirror.children.first?.value else { return "NULL" }
    return describe(wrapped)
  }
  if mirror.displayStyle == .enum { return "\(value)" }
  return String(describing: value)
}

/// A plain-text table with a header row.
package struct TextTable {
  /// The rows, each a list of labelled cells; the first row's labels are the header.
  package var rows: [[(label: String, value: String)]]

  /// A table of `rows`.
  package init(rows: [[(label: String, value: String)]]) {
    self.rows = rows
  }

  /// The table as lines of text, ruled above and below the header.
  package var rendered: String {
    guard let header = rows.first?.map(\.label) else { return "(no rows)\n" }
    var widths = header.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.value.count) }
    }
    func line(_ values: [String]) -> String {
      "| "
        + zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: " | ") + " |"
    }
    let rule =
      "+" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "+") + "+"
    var lines = [rule, line(header), rule]
    lines += rows.map { line($0.map(\.value)) }
    lines.append(rule)
    return lines.joined(separator: "\n") + "\n"
  }
}
