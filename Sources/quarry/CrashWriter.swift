import ArgumentParser
import Foundation
import QuarrySQLite

/// A hidden helper for the crash-safety test: commits numbered batches forever, printing each
/// batch number once it is committed, until the test kills it.
struct CrashWriter: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "crash-writer",
    abstract: "Commit numbered batches in a loop (for crash-safety tests).",
    shouldDisplay: false
  )

  @Option(help: "The database file.")
  var path: String

  @Option(help: "Rows per batch.")
  var batchSize = 20

  @Option(help: "Stop after this many batches (default: never).")
  var batches: Int?

  func run() throws {
    var configuration = Configuration()
    configuration.journalMode = .wal
    let queue = try DatabaseQueue(path: path, configuration: configuration)
    try queue.writeWithoutTransaction { db in
      try db.execute(
        sql: "CREATE TABLE IF NOT EXISTS items (batch INTEGER NOT NULL, item INTEGER NOT NULL)")
    }
    var batch = try queue.read { db in
      try db.fetchOne(Int.self, sql: "SELECT coalesce(max(batch), 0) FROM items") ?? 0
    }
    while batches.map({ batch < $0 }) ?? true {
      batch += 1
      try queue.write { db in
        for item in 0..<batchSize {
          try db.execute(
            sql: "INSERT INTO items (batch, item) VALUES (?, ?)", arguments: [batch, item])
          // Dawdle inside the transaction, so a kill is likely to land in the middle of one.
          if item % 5 == 0 { usleep(200) }
        }
      }
      // Unbuffered: the number reaches the pipe now, not when a buffer fills.
      FileHandle.standardOutput.write(Data("\(batch)\n".utf8))
    }
  }
}
