import QuarryTableModel
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Column`: a marker that `@Table` reads; it expands to nothing.
public struct ColumnMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

/// `@Ephemeral`: a marker that keeps a stored property out of the table; it expands to nothing.
public struct EphemeralMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
