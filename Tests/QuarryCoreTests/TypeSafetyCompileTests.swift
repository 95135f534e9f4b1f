import Foundation
import Testing

// Proof that comparisons of different Swift types don't compile: small programs against the
// built Quarry modules go through `swiftc -typecheck`, with the `@Table` macro plugin loaded.
// A well-typed program must pass, so a broken harness (a missing module, the plugin not
// loading) can't pass for a type error.

private let schema = """
  import Quarry

  @Table struct Reminder {
    let id: Int
    var title = ""
    var isCompleted = false
    var priority: Int?
  }

  @Table struct RemindersList {
    let id: Int
    var name = ""
  }

  """

/// The `error:` lines swiftc printed for the snippet, by line number.
private func errors(in output: String) -> [Int: [String]] {
  var errors: [Int: [String]] = [:]
  for line in output.split(separator: "\n") where line.contains("snippet.swift:") {
    let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
    guard parts.count == 5, parts[3].trimmingCharacters(in: .whitespaces) == "error",
      let number = Int(parts[1])
    else { continue }
    errors[number, default: []].append(parts[4].trimmingCharacters(in: .whitespaces))
  }
  return errors
}

@Suite("Type safety: mismatched comparisons don't compile")
struct TypeSafetyCompileTests {
  @Test func wellTypedComparisonsCompile() throws {
    let result = try typecheck(
      schema + """
        func queries() {
          _ = Reminder.where { $0.title == "Groceries" }
          _ = Reminder.where { $0.id == 1 && $0.isCompleted == false }
          _ = Reminder.where { $0.priority == $0.id }
          _ = Reminder.where { $0.title < "M" }
          _ = Reminder.join(RemindersList.all) { $0.priority == $1.id }
        }
        """)
    #expect(result.status == 0, "\(result.output)")
    #expect(errors(in: result.output).isEmpty)
  }

  @Test func mismatchedComparisonsFail() throws {
    let firstLine = schema.split(separator: "\n", omittingEmptySubsequences: false).count + 1
    let cases: [(code: String, error: String)] = [
      (
        #"_ = Reminder.where { $0.title == 1 }"#,
        "cannot convert value of type 'Int' to expected argument type"
      ),
      (
        #"_ = Reminder.where { $0.id == "x" }"#,
        "cannot convert value of type 'String' to expected argument type"
      ),
      (
        #"_ = Reminder.where { $0.id == $0.isCompleted }"#,
        "operator function '==' requires the types 'Int' and 'Bool' be equivalent"
      ),
      (
        #"_ = Reminder.where { $0.priority != $0.title }"#,
        "operator function '!=' requires the types 'Optional<Int>.ComparableValue' (aka 'Int') and "
          + "'String' be equivalent"
      ),
      (
        #"_ = Reminder.where { $0.title < $0.id }"#,
        "operator function '<' requires the types 'TableColumn<Reminder, String>.QueryValue' "
          + "(aka 'String') and 'TableColumn<Reminder, Int>.QueryValue' (aka 'Int') be equivalent"
      ),
      (
        #"_ = Reminder.join(RemindersList.all) { $0.title == $1.id }"#,
        "operator function '==' requires the types 'String' and 'Int' be equivalent"
      ),
    ]
    let body = cases.map { "  " + $0.code }.joined(separator: "\n")
    let result = try typecheck(schema + "func queries() {\n" + body + "\n}\n")
    #expect(result.status != 0)
    let found = errors(in: result.output)
    // Exactly one error per case, on its line, and none elsewhere (in the schema above all).
    #expect(Set(found.keys) == Set(cases.indices.map { firstLine + $0 }), "\(result.output)")
    for (index, testCase) in cases.enumerated() {
      let messages = found[firstLine + index] ?? []
      #expect(
        messages.contains { $0.contains(testCase.error) },
        "\(testCase.code): expected “\(testCase.error)”, got \(messages)")
    }
  }

  @Test func aFragmentsBindingsChangeOnlyWithItsText() throws {
    let allowed = """
      func allowed() -> QueryFragment {
        var fragment = QueryFragment(sql: "SELECT ")
        fragment.append(binding: .int(1))
        _ = (fragment.utf8, fragment.bindings, fragment.sql)
        return fragment
      }

      """
    let cases: [(code: String, error: String)] = [
      ("fragment.bindings = [.int(1)]", "'bindings' is a get-only property"),
      ("fragment.utf8 = []", "'utf8' is a get-only property"),
      ("fragment.sql = \"?\"", "'sql' is a get-only property"),
      (#"_ = QueryFragment(sql: "?", bindings: [.int(1)])"#, "bindings"),
      ("_ = Reminder.schema.selectUTF8", "'selectUTF8' is inaccessible"),
    ]
    let source =
      schema + allowed + "func misuse(_ fragment: inout QueryFragment) {\n"
      + cases.map { "  " + $0.code }.joined(separator: "\n") + "\n}\n"
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    // 1-based line numbers of the cases, as swiftc reports them.
    let caseLines = cases.map { testCase in
      (lines.firstIndex { $0.hasSuffix(testCase.code) } ?? -1) + 1
    }
    let result = try typecheck(source)
    #expect(result.status != 0)
    let found = errors(in: result.output)
    // Exactly one error per misuse, on its line, and none in what is allowed.
    #expect(Set(found.keys) == Set(caseLines), "\(result.output)")
    for (testCase, line) in zip(cases, caseLines) {
      let messages = found[line] ?? []
      #expect(
        messages.contains { $0.contains(testCase.error) },
        "\(testCase.code): expected “\(testCase.error)”, got \(messages)")
    }
  }
}
