// A helper for the crash-safety tests, built with them and shipped to no user: commits numbered
// batches in a loop, printing each batch number once it is committed, until the test kills it.
//
//   QuarryCrashWriter --path FILE [--batch-size N] [--batches N] [--journal-mode wal|delete|...]
import Foundation
import QuarrySQLite

/// The options, read from the command line.
struct Options {
  var path = ""
  var batchSize = 20
  var batches: Int?
  var journalMode = JournalMode.wal

  init(_ arguments: [String]) {
    var arguments = arguments.makeIterator()
    while let argument = arguments.next() {
      switch (argument, arguments.next()) {
      case ("--path", let value?): path = value
      case ("--batch-size", let value?) where Int(value) != nil: batchSize = Int(value)!
      case ("--batches", let value?) where Int(value) != nil: batches = Int(value)!
      case ("--journal-mode", let value?) where JournalMode(rawValue: value.uppercased()) != nil:
        journalMode = JournalMode(rawValue: value.uppercased())!
      default: Options.usage()
      }
    }
    if path.isEmpty { Options.usage() }
  }

  static func usage() -> Never {
    FileHandle.standardError.write(
      Data(
        "usage: QuarryCrashWriter --path FILE [--batch-size N] [--batches N] [--journal-mode MODE]\n"
          .utf8))
    exit(2)
  }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let batchSize = options.batchSize

var configuration = Configuration()
configuration.journalMode = options.journalMode
let queue = try DatabaseQueue(path: options.path, configuration: configuration)
try queue.writeWithoutTransaction { db in
  try db.execute(
    sql: "CREATE TABLE IF NOT EXISTS items (batch INTEGER NOT NULL, item INTEGER NOT NULL)")
}
var batch = try queue.read { db in
  try db.fetchOne(Int.self, sql: "SELECT coalesce(max(batch), 0) FROM items") ?? 0
}
while options.batches.map({ batch < $0 }) ?? true {
  batch += 1
  let current = batch
  try queue.write { db in
    for item in 0..<batchSize {
      try db.execute(
        sql: "INSERT INTO items (batch, item) VALUES (?, ?)", arguments: [current, item])
      // Dawdle inside the transaction, so a kill is likely to land in the middle of one.
      if item % 5 == 0 { usleep(200) }
    }
  }
  // Unbuffered: the number reaches the pipe now, not when a buffer fills.
  FileHandle.standardOutput.write(Data("\(batch)\n".utf8))
}
