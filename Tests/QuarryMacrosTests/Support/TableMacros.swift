import QuarryMacros
import SwiftSyntaxMacroExpansion

/// The macros as the compiler sees them when a struct doesn't conform to `Table` yet.
let tableMacros: [String: MacroSpec] = [
  "Table": MacroSpec(type: TableMacro.self, conformances: ["Table", "PrimaryKeyedTable"]),
  "Column": MacroSpec(type: ColumnMacro.self),
  "Ephemeral": MacroSpec(type: EphemeralMacro.self),
  "Selection": MacroSpec(type: SelectionMacro.self, conformances: ["Selection"]),
]

/// `@DatabaseFunction`, alone.
let functionMacros: [String: MacroSpec] = [
  "DatabaseFunction": MacroSpec(type: DatabaseFunctionMacro.self)
]
