// PostgreSQL's spelling of SQLite's `json_set`, `json_insert`, `json_replace` and
// `json_remove`: `jsonb_set`, `#>` and `#-` with the SQLite path (the one a user writes, such as
// `$.tags[0]`) as a `text[]` path. SQLite's `[#]`, one past the last element, appends.

enum PostgresJSONMutation {
  /// One step of an SQLite JSON path.
  enum Step: Equatable {
    /// `.key` or `."key"`.
    case key(String)
    /// `[n]`, or `[#-n]` (a negative index, from the end).
    case index(Int)
    /// `[#]`: one past the last element.
    case end
  }

  static func render(
    _ mutation: JSONMutation, _ json: QueryFragment, path: String, value: JSONMutationValue?,
    into renderer: inout SQLRenderer
  ) {
    guard let steps = steps(of: path), !steps.dropLast().contains(.end) else {
      renderer.refuse(
        "The JSON path \(path)",
        instead: "write paths of keys and indexes, with [#] only at the end")
      return
    }
    let target: QueryFragment = "CAST(\(json) AS jsonb)"
    // SQLite writes `NULL` as JSON's null; `to_jsonb(NULL)` is `NULL`, which empties the result.
    let newValue: QueryFragment =
      value.map {
        $0.isJSON
          ? "CAST(\($0.value) AS jsonb)" : "coalesce(to_jsonb(\($0.value)), 'null'::jsonb)"
      } ?? "'null'::jsonb"
    if steps.last == .end {
      // Appending: `json_set` and `json_insert` add to the array, the others change nothing.
      guard mutation == .set || mutation == .insert else { return renderer.append(target) }
      let parent = Array(steps.dropLast())
      guard !parent.isEmpty else {
        return renderer.append("(\(target) || jsonb_build_array(\(newValue)))")
      }
      let parentPath = textArray(parent)
      renderer.append(
        """
        jsonb_set(\(target), \(parentPath), \
        (coalesce(\(target) #> \(parentPath), '[]'::jsonb) || jsonb_build_array(\(newValue))), true)
        """)
      return
    }
    guard !steps.isEmpty else {
      // `$`: the whole value.
      switch mutation {
      case .set, .replace: renderer.append(newValue)
      case .insert: renderer.append(target)
      case .remove: renderer.append(sql: "CAST(NULL AS jsonb)")
      }
      return
    }
    let path = textArray(steps)
    switch mutation {
    case .set: renderer.append("jsonb_set(\(target), \(path), \(newValue), true)")
    case .replace: renderer.append("jsonb_set(\(target), \(path), \(newValue), false)")
    case .insert:
      renderer.append(
        """
        CASE WHEN (\(target) #> \(path)) IS NULL \
        THEN jsonb_set(\(target), \(path), \(newValue), true) ELSE \(target) END
        """)
    case .remove: renderer.append("(\(target) #- \(path))")
    }
  }

  /// `CAST(? AS text[])` bound to the steps as an array literal: `{"tags","0"}`.
  static func textArray(_ steps: [Step]) -> QueryFragment {
    let elements = steps.map { step -> String in
      let text: String
      switch step {
      case .key(let key): text = key
      case .index(let index): text = String(index)
      case .end: text = "-1"
      }
      let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
      return "\"\(escaped)\""
    }
    return "CAST(\("{" + elements.joined(separator: ",") + "}") AS text[])"
  }

  /// The steps of an SQLite JSON path (`$`, `.key`, `."key"`, `[n]`, `[#]`, `[#-n]`), or nil
  /// for text that is not one.
  static func steps(of path: String) -> [Step]? {
    var rest = Substring(path)
    guard rest.first == "$" else { return nil }
    rest.removeFirst()
    var steps: [Step] = []
    while let first = rest.first {
      rest.removeFirst()
      if first == "." {
        if rest.first == "\"" {
          rest.removeFirst()
          // (As SQLite, the first double quote ends the name; a doubled backslash in it is
          // one, as in the JSON text it names.)
          guard let close = rest.firstIndex(of: "\"") else { return nil }
          steps.append(.key(rest[..<close].replacingOccurrences(of: "\\\\", with: "\\")))
          rest = rest[rest.index(after: close)...]
        } else {
          let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
          guard end > rest.startIndex else { return nil }
          steps.append(.key(String(rest[..<end])))
          rest = rest[end...]
        }
      } else if first == "[" {
        guard let close = rest.firstIndex(of: "]") else { return nil }
        let inside = rest[..<close]
        rest = rest[rest.index(after: close)...]
        if inside == "#" {
          steps.append(.end)
        } else if inside.hasPrefix("#-"), let back = Int(inside.dropFirst(2)), back > 0 {
          steps.append(.index(-back))
        } else if let index = Int(inside), index >= 0 {
          steps.append(.index(index))
        } else {
          return nil
        }
      } else {
        return nil
      }
    }
    return steps
  }
}
