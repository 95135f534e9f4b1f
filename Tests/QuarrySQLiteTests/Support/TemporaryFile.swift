import Foundation

/// A path in a fresh temporary folder, removed by `cleanUp`.
struct TemporaryFile {
  let directory: URL
  let path: String

  init(_ name: String = "test.sqlite") throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("quarry-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appendingPathComponent(name).path
  }

  func cleanUp() {
    try? FileManager.default.removeItem(at: directory)
  }
}
