import Foundation
import Testing

/// Every Swift code block of every DocC article appears, line for line (indentation aside), in
/// the article's test file, `<Article>Tests.swift`, or in `Support/Schema.swift`: the code an
/// article shows is the code these tests compile and run.
@Suite("DocC articles show code the tests run")
struct ArticleCodeTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static var articles: [URL] {
    ["Sources/Quarry/Quarry.docc", "Sources/QuarrySQLite/QuarrySQLite.docc"].flatMap { folder in
      let url = root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      return names.filter { $0.hasSuffix(".md") }.sorted().map { url.appendingPathComponent($0) }
    }
  }

  /// A line as compared: indentation and a trailing comma aside (an article's list of
  /// statements is an array literal in its test).
  static func normalized(_ line: Substring) -> String {
    var text = line.trimmingCharacters(in: .whitespaces)
    if text.hasSuffix(",") { text.removeLast() }
    return text
  }

  /// The Swift code blocks of a Markdown text, each as its non-blank lines, trimmed.
  static func swiftBlocks(_ markdown: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = normalized(line)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if current != nil, trimmed == "```" {
        blocks.append(current!)
        current = nil
      } else if current != nil, !trimmed.isEmpty {
        current!.append(trimmed)
      }
    }
    return blocks
  }

  static func lines(of url: URL) -> [String] {
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(normalized)
      .filter { !$0.isEmpty }
  }

  static func contains(_ haystack: [String], _ needle: [String]) -> Bool {
    guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
    return (0...(haystack.count - needle.count)).contains { start in
      haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
  }

  @Test func everyArticleHasATestFileThatHoldsItsCode() throws {
    let articles = Self.articles
    #expect(articles.count >= 2)
    let tests = Self.root.appendingPathComponent("Tests/QuarryDocsTests")
    let shared = Self.lines(of: tests.appendingPathComponent("Support/Schema.swift"))
    for article in articles {
      let markdown = try String(contentsOf: article, encoding: .utf8)
      let blocks = Self.swiftBlocks(markdown)
      guard !blocks.isEmpty else { continue }
      let name = article.deletingPathExtension().lastPathComponent
      let file = tests.appendingPathComponent("\(name)Tests.swift")
      let source = Self.lines(of: file)
      #expect(!source.isEmpty, "\(name).md has Swift code but no \(name)Tests.swift")
      for block in blocks where !Self.contains(source, block) && !Self.contains(shared, block) {
        Issue.record(
          """
          A code block of \(name).md is not in \(name)Tests.swift:
          \(block.joined(separator: "\n"))
          """)
      }
    }
  }
}
