import Foundation
import QuarrySQLite
import Testing

/// The `quarry` executable: `QUARRY_EXECUTABLE` when set, else the one built next to the test
/// bundle (in the products directory), when it has the `crash-writer` subcommand.
let crashWriterExecutable: URL? = {
  let environment = ProcessInfo.processInfo.environment
  let candidate: URL
  if let path = environment["QUARRY_EXECUTABLE"] {
    candidate = URL(fileURLWithPath: path)
  } else {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0])
    var products = bundle.deletingLastPathComponent()
    // On macOS the runner can sit inside the .xctest bundle; on Linux it is the bundle.
    while products.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
      products.deleteLastPathComponent()
    }
    candidate = products.appendingPathComponent("quarry")
  }
  guard FileManager.default.isExecutableFile(atPath: candidate.path),
    let file = try? TemporaryFile()
  else { return nil }
  defer { file.cleanUp() }
  // A trial run of one batch: an executable without the subcommand fails it.
  let probe = Process()
  probe.executableURL = candidate
  probe.arguments = ["crash-writer", "--path", file.path, "--batches", "1"]
  let output = Pipe()
  probe.standardOutput = output
  probe.standardError = FileHandle.nullDevice
  guard (try? probe.run()) != nil else { return nil }
  let printed = output.fileHandleForReading.readDataToEndOfFile()
  probe.waitUntilExit()
  guard probe.terminationStatus == 0, String(decoding: printed, as: UTF8.self) == "1\n" else {
    return nil
  }
  return candidate
}()

@Suite("Crash safety")
struct CrashSafetyTests {
  @Test(
    .enabled(
      if: crashWriterExecutable != nil,
      "needs the `quarry` executable with its `crash-writer` subcommand next to the tests (or QUARRY_EXECUTABLE)"
    ),
    .timeLimit(.minutes(1)))
  func aKilledWriterLosesNoCommittedBatchAndLeavesNoPartialOne() throws {
    let executable = try #require(crashWriterExecutable)
    let file = try TemporaryFile()
    defer { file.cleanUp() }
    let batchSize = 20
    for round in 1...3 {
      let process = Process()
      process.executableURL = executable
      process.arguments = ["crash-writer", "--path", file.path, "--batch-size", "\(batchSize)"]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      // Wait until the writer has reported a few more batches, then kill it mid-loop.
      var reported: [Int] = []
      var buffer = ""
      while reported.count < 5 * round {
        let data = output.fileHandleForReading.availableData
        guard !data.isEmpty else { break }
        buffer += String(decoding: data, as: UTF8.self)
        let lines = buffer.split(separator: "\n", omittingEmptySubsequences: false)
        buffer = String(lines.last ?? "")
        reported += lines.dropLast().compactMap { Int($0) }
      }
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      #expect(process.terminationReason == .uncaughtSignal)
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
