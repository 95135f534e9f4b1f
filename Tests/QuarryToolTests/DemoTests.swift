import Foundation
import Testing

/// `quarry demo`: the same output on every run, tuple results headed by their SQL column names.
@Suite("quarry demo")
struct DemoTests {
  @Test func printsTheSameTwiceWithColumnNames() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("demo.sqlite").path
    let first = try runQuarrySucceeding(["demo", "--path", path])
    let second = try runQuarrySucceeding(["demo", "--path", path])
    #expect(first == second)
    // `.select { ($0.title, $0.priority) }` and a join's `.select { ($0.title, $1.title) }`.
    #expect(first.contains("| title               | priority |"))
    #expect(first.contains("| title               | title    |"))
    // A struct's rows keep its property names; `#sql(…, as: (String, Int).self)` its SQL's.
    #expect(first.contains("| list     | open | total |"))
    #expect(first.contains(#"| title    | count("reminders"."id") |"#))
    #expect(!first.contains("| 0 "))
  }
}
