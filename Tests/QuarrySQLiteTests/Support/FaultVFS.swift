import CQuarryFaultVFS
import Foundation
import QuarrySQLite

/// The test-only SQLite VFS that fails chosen writes and syncs (`Tests/CQuarryFaultVFS`),
/// installed as the process's default VFS the first time it is used. Calls on files outside
/// an armed folder pass straight through, so the other suites running meanwhile are untouched.
enum FaultVFS {
  /// The kind of call to fail.
  enum Kind {
    case write, sync

    var code: Int32 {
      switch self {
      case .write: Int32(QUARRY_FAULT_WRITE.rawValue)
      case .sync: Int32(QUARRY_FAULT_SYNC.rawValue)
      }
    }
  }

  /// Installs the shim once. An in-memory connection opens first, so that Quarry's one-time
  /// SQLite configuration still runs before SQLite initializes.
  static let installed: Bool = {
    _ = try? Database()
    return quarry_fault_vfs_install() == 0
  }()

  /// Fails the `nth` call of `kind` on files in `directory` from now on (and every later one
  /// when `persistent`), until ``disarm()``.
  static func arm(_ kind: Kind, nth: Int, persistent: Bool = false, in directory: URL) {
    precondition(installed, "the fault VFS did not install")
    // SQLite names files by their full path with symbolic links resolved.
    let prefix = directory.resolvingSymlinksInPath().path + "/"
    quarry_fault_vfs_arm(prefix, kind.code, Int32(nth), persistent ? 1 : 0)
  }

  /// Lets every call through again.
  static func disarm() { quarry_fault_vfs_disarm() }

  /// How many calls the shim has failed in this process.
  static var injected: Int { Int(quarry_fault_vfs_injected()) }

  /// How many calls of the armed kind it has seen since it was armed.
  static var counted: Int { Int(quarry_fault_vfs_counted()) }
}
