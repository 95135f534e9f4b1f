/// `value` as a Swift string literal: `say "hi"` becomes `"say \"hi\""`. Shared by the macro
/// plugin and the schema generator, which both write Swift source.
public func swiftStringLiteral(_ value: String) -> String {
  var literal = "\""
  for scalar in value.unicodeScalars {
    switch scalar {
    case "\"": literal += "\\\""
    case "\\": literal += "\\\\"
    case "\n": literal += "\\n"
    case "\r": literal += "\\r"
    case "\t": literal += "\\t"
    case "\0": literal += "\\0"
    default: literal.unicodeScalars.append(scalar)
    }
  }
  return literal + "\""
}
