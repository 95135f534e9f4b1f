import Foundation

// What both benchmark executables share: their error, milliseconds of a `Duration`, the check
// that contenders did the same work, and the Markdown table they print.

/// A benchmark that cannot go on, with why.
public struct BenchmarkError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension Duration {
  /// The duration in milliseconds.
  public var milliseconds: Double {
    Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
  }
}

/// Throws unless every contender of `workload` returned the same checksum: they must all have
/// done the same work.
public func requireSameWork(
  _ workload: String, _ checksums: [(contender: String, checksum: Int)]
) throws {
  guard Set(checksums.map(\.checksum)).count <= 1 else {
    throw BenchmarkError(
      "\(workload): contenders disagree: "
        + checksums.map { "\($0.contender)=\($0.checksum)" }.joined(separator: ", "))
  }
}

/// Prints `rows` under `header` as a Markdown table with aligned columns.
public func printMarkdownTable(header: [String], rows: [[String]]) {
  let widths = header.indices.map { column in
    max(header[column].count, rows.map { $0[column].count }.max() ?? 0)
  }
  func line(_ cells: [String]) -> String {
    "| "
      + zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
      .joined(separator: " | ") + " |"
  }
  print(line(header))
  print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|")
  for row in rows { print(line(row)) }
}
