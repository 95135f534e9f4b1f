import Foundation
import Testing

// An ill-typed `+` (text and a number) must fail fast, with a message that names both types.
// The well-typed chains (optional columns, `??` chains, six-term `+` chains, optional text with
// text) are checked in `OptionalExpressionTests`, and `Tests/QuarryTypeCheckBudget` bounds each
// one's type-check to 100 ms. Longer ill-typed chains still take Swift's diagnostic pass seconds
// per extra term: it retries every `+` of the standard library at each operator.

@Suite("Type-check time")
struct TypeCheckTimeTests {
  @Test func textPlusANumberFailsFastNamingTheTypes() throws {
    let (status, output) = try typecheck(
      """
      import Quarry

      @Table struct Person {
        let id: Int
        var name: String?
        var title = ""
      }

      func illTyped() {
        _ = Person.select { $0.title + $0.id + "!" }
      }

      """,
      extraArguments: ["-Xfrontend", "-warn-long-expression-type-checking=1"])
    #expect(status != 0)
    #expect(
      output.contains("'TableColumn<Person, String>'")
        && output.contains("'TableColumn<Person, Int>'"),
      "\(output)")
    // The expression's own type-check time: "snippet.swift:10:…: warning: expression took 55ms".
    let times = output.split(separator: "\n").filter { $0.contains("snippet.swift:10:") }
      .compactMap { line -> Int? in
        guard let took = line.range(of: "expression took ") else { return nil }
        return Int(line[took.upperBound...].prefix { $0.isNumber })
      }
    let milliseconds = try #require(times.max(), "\(output)")
    #expect(milliseconds < 1000, "took \(milliseconds) ms")
  }
}
