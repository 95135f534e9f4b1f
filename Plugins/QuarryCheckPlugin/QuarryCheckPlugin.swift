import Foundation
import PackagePlugin

/// `swift package quarry-check`: runs `quarry-schema check` over the package's source targets,
/// so the `#sql` literals and `@Table`/`@Selection` declarations are checked against the schema
/// the migrations build (or `--database FILE`'s). Fails when the check reports an error.
///
/// `--target NAME` (repeatable) chooses the targets; without it, every target that is not a
/// test target. Every other argument goes to `quarry-schema check` (`--database FILE`), with
/// relative paths read from the package's folder.
@main
struct QuarryCheckPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let targets =
      names.isEmpty
      ? context.package.targets.filter { ($0 as? SourceModuleTarget)?.kind != .test }
      : try context.package.targets(named: names)
    // The files each target compiles (not its folder: that may hold excluded fixtures).
    let files = targets.compactMap { $0 as? SourceModuleTarget }.flatMap { target in
      target.sourceFiles(withSuffix: ".swift").map(\.url.path)
    }
    guard !files.isEmpty else {
      Diagnostics.warning("quarry-check: no Swift sources in the chosen targets")
      return
    }

    let process = Process()
    process.executableURL = try context.tool(named: "quarry-schema").url
    process.arguments = ["check"] + extractor.remainingArguments + files
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw QuarryCheckFailure(status: process.terminationStatus)
    }
  }
}

/// The check found errors (printed above it), or could not run.
struct QuarryCheckFailure: Error, CustomStringConvertible {
  var status: Int32

  var description: String { "quarry-schema check failed (exit status \(status))" }
}
