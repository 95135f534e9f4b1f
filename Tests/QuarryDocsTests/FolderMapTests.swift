import Foundation
import Testing

/// `CONTRIBUTING.md` is the folder map of the code: every folder that holds Swift sources is on
/// it, so a reader who opens the map finds each one.
@Suite("CONTRIBUTING.md maps every source folder")
struct FolderMapTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The folders under `top` that hold a Swift file, relative to the package's root.
  static func sourceFolders(under top: String) -> Set<String> {
    let base = root.appendingPathComponent(top)
    guard
      let files = FileManager.default.enumerator(
        at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    var folders: Set<String> = []
    let rootPath = root.standardizedFileURL.path + "/"
    for case let file as URL in files where file.pathExtension == "swift" {
      let folder = file.deletingLastPathComponent().standardizedFileURL.path
      folders.insert(String(folder.dropFirst(rootPath.count)))
    }
    return folders
  }

  @Test func everySourceFolderIsOnTheMap() throws {
    let map = try String(
      contentsOf: Self.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
    let folders = Self.sourceFolders(under: "Sources").union(Self.sourceFolders(under: "Macros"))
    #expect(folders.count > 20)
    for folder in folders.sorted() {
      #expect(map.contains("| `\(folder)` |"), "CONTRIBUTING.md does not map \(folder)")
    }
  }
}
