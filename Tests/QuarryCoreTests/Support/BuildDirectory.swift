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

/// Runs `swiftc -typecheck` on `source` against the built modules, with `extraArguments`;
/// returns its exit status and what it printed.
func typecheck(_ source: String, extraArguments: [String] = []) throws -> (
  status: Int32, output: String
) {
  guard let buildDirectory else {
    throw TypecheckError(
      "no built Quarry modules next to the test bundle (\(CommandLine.arguments[0])) or in "
        + ".build/debug: run `swift build --build-tests` first")
  }
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("quarry-typecheck-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let file = directory.appendingPathComponent("snippet.swift")
  try source.write(to: file, atomically: true, encoding: .utf8)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments =
    [
      "swiftc", "-typecheck", "-swift-version", "6",
      "-I", buildDirectory.appendingPathComponent("Modules").path,
      "-load-plugin-executable",
      buildDirectory.appendingPathComponent("QuarryMacros-tool").path + "#QuarryMacros",
      "-module-cache-path", directory.appendingPathComponent("ModuleCache").path,
    ] + extraArguments + [file.path]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, output)
}

private struct TypecheckError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
