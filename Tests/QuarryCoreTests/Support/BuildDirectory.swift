import Foundation

/// The directory of the built modules and the macro plugin, for tests that compile small
/// programs against them with `swiftc`: the test bundle's own, or the package's `.build/debug`.
let buildDirectory: URL? = {
  let candidates = [
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        ".build/debug"),
  ]
  return candidates.first { directory in
    FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("Modules/Quarry.swiftmodule").path)
      && FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("QuarryMacros-tool").path)
  }
}()
