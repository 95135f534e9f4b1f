import QuarryTableModel
import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides Quarry's macros.
@main
struct QuarryMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [
    TableMacro.self,
    ColumnMacro.self,
    EphemeralMacro.self,
    SQLMacro.self,
    SelectionMacro.self,
    DatabaseFunctionMacro.self,
  ]
}
