import Foundation
import QuarrySQLite
import Testing

/// The `QuarryCrashWriter` helper, a test-only executable target this test target depends on:
/// `QUARRY_CRASH_WRITER` when set, else the one built in the products directory next to the
/// test bundle.
let crashWriterExecutable: URL? = {
  if let path = ProcessInfo.processInfo.environment["QUARRY_CRASH_WRITER"] {
    return URL(fileURLWithPath: path)
  }
  var products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  // On macOS the runner can sit inside the .xctest bundle; on Linux it is the bundle.
  while products.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
    products.deleteLastPathComponent()
  }
  let candidate = products.appendingPathComponent("QuarryCrashWriter")
  return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
}()

@Suite("Crash safety")
struct CrashSafetyTests {
  /// In WAL mode and in rollback-journal mode (where the kill can leave a hot journal, which
  /// the next connection rolls back).
  @Test(.timeLimit(.minutes(1)), arguments: [JournalMode.wal, .delete])
  func aKilledWriterLosesNoCommittedBatchAndLeavesNoPartialOne(mode: JournalMode) throws {
    // The helper is a dependency of this target, so it is always built: its absence is a
    // failure, not a reason to skip.
    let executable = try #require(
      crashWriterExecutable, "QuarryCrashWriter is not in the products directory")
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let batchSize = 20
    for round in 1...3 {
      let writer = try ChildProcess(
        executable,
        ["--path", file.path, "--batch-size", "\(batchSize)", "--journal-mode", mode.rawValue],
        output: .captured)
      // Wait until the writer has reported a few more batches, then kill it mid-loop.
      var reported: [Int] = []
      var buffer = ""
      while reported.count < 5 * round {
        let data = writer.readOutput()
        guard !data.isEmpty else { break }
        buffer += String(decoding: data, as: UTF8.self)
        let lines = buffer.split(separator: "\n", omittingEmptySubsequences: false)
        buffer = String(lines.last ?? "")
        reported += lines.dropLast().compactMap { Int($0) }
      }
      writer.send(SIGKILL)
      #expect(writer.waitForEnd() == .signalled(SIGKILL))
      let lastReported = try #require(reported.last)

      let db = try Database(path: file.path)
      let counts = try db.fetchAll(
        sql: "SELECT batch, count(*) FROM items GROUP BY batch ORDER BY batch")
      let batches = try counts.map { try $0.decode(Int.self, at: 0) }
      // Every reported batch is there; at most one more committed before the kill.
      #expect(Set(1...lastReported).isSubset(of: batches))
      #expect(batches == Array(1...(batches.last ?? 0)))
      #expect((batches.last ?? 0) <= lastReported + 1)
      // No partial batch.
      for row in counts {
        #expect(try row.decode(Int.self, at: 1) == batchSize, "batch \(row[0])")
      }
      #expect(try db.fetchOne(String.self, sql: "PRAGMA integrity_check") == "ok")
    }
  }
}
