import Foundation
import Testing

/// Runs the `quarry` executable (or another one of the package's) built next to the test bundle,
/// in `folder` if given, and returns its exit status and what it printed (standard output, then
/// standard error).
func runQuarry(
  _ arguments: [String], executable name: String = "quarry", in folder: URL? = nil
) throws -> (status: Int32, output: String, errors: String) {
  // The tools are dependencies of this target, so they are always built: an absence is a
  // failure, not a reason to skip.
  let executable = try #require(
    builtExecutable(named: name), "the \(name) executable is not in the products directory")
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let folder { process.currentDirectoryURL = folder }
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  // Standard error is read on another thread, so that neither pipe fills while the other waits.
  let errorData = ErrorReader(errors.fileHandleForReading)
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (
    process.terminationStatus, String(decoding: data, as: UTF8.self),
    String(decoding: errorData.wait(), as: UTF8.self)
  )
}

/// Runs `quarry` and expects it to succeed; returns what it printed.
func runQuarrySucceeding(_ arguments: [String]) throws -> String {
  let (status, output, errors) = try runQuarry(arguments)
  #expect(status == 0, "quarry \(arguments.joined(separator: " ")) failed: \(errors)")
  return output
}

/// Reads a file handle to its end on a thread of its own.
private final class ErrorReader: @unchecked Sendable {
  // `data` is written once, by the thread, before `done` is signalled.
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}

/// An executable in the build folder: beside the test bundle (Linux), or beside the `.xctest`
/// bundle (macOS).
private func builtExecutable(named name: String) -> URL? {
  var folders = Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
  folders.append(
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent())
  return folders.map { $0.appendingPathComponent(name) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}
