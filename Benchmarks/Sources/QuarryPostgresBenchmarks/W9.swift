import BenchmarkSupport
import Foundation
import PostgresNIO
import QuarryPostgres

/// Runs W9's workloads and prints the table. (Not top-level code: the contenders' closures stay
/// in one task, off the main actor.)
enum W9 {
  static func run(_ arguments: ArraySlice<String>) async throws {
    guard let urlIndex = arguments.firstIndex(of: "--postgres"), urlIndex + 1 < arguments.endIndex
    else {
      print(
        "usage: QuarryPostgresBenchmarks --postgres URL [--quick] [rounds=N] [W9F W9I W9L] "
          + "[contender=NAME]")
      throw BenchmarkError("no --postgres URL")
    }
    let url = arguments[urlIndex + 1]
    let quick = arguments.contains("--quick")
    let rowCount = quick ? 500 : 10_000
    let insertCount = quick ? 50 : 1_000
    let lookupCount = quick ? 50 : 1_000
    let rounds =
      arguments.first { $0.hasPrefix("rounds=") }.flatMap { Int($0.dropFirst(7)) }
      ?? (quick ? 2 : 21)
    let warmUp = quick ? 1 : 3
    let only = Set(arguments.filter { $0.hasPrefix("W9") })
    let onlyContender = arguments.first { $0.hasPrefix("contender=") }.map {
      String($0.dropFirst(10))
    }

    let postgresURL = try PostgresURL(url)
    let configuration = postgresURL.clientConfiguration
    let rawClient = PostgresClient(configuration: configuration)
    let rawRunner = Task { await rawClient.run() }
    let db = PostgresDatabase(primary: configuration)
    let raw = RawContenders(client: rawClient)
    let quarry = QuarryContenders(db: db)
    // SQLKit and Fluent, each with a pool of its own, as a server would set them up.
    let sqlKitClient = PostgresClient(configuration: configuration)
    let sqlKitRunner = Task { await sqlKitClient.run() }
    let sqlKit = SQLKitContenders(client: sqlKitClient)
    let fluent = try FluentContenders(url: postgresURL)

    // The schema and rows, made once; `ANALYZE` so the server plans every run alike.
    try await db.writeWithoutTransaction { db in
      for statement in schema + [fillRows(rowCount), analyzeRows] {
        try await db.execute(sql: statement)
      }
    }
    let settings = try await raw.serverSettings()

    var generator = SystemRandomNumberGenerator()
    let ids = (0..<lookupCount).map { _ in Int.random(in: 1...rowCount, using: &generator) }
    let values = RowValues.make(insertCount)
    let workloads: [(id: String, title: String, contenders: [Contender])] = [
      (
        "W9F", "fetch \(rowCount) rows × 10 columns",
        [raw.fetch, quarry.fetch, sqlKit.fetch, fluent.fetch]
      ),
      (
        "W9I", "\(insertCount) single-row inserts, 1 transaction",
        [raw.insert(values), quarry.insert(values), sqlKit.insert(values), fluent.insert(values)]
      ),
      (
        "W9L", "\(lookupCount) primary-key lookups, 1 transaction",
        [raw.lookup(ids), quarry.lookup(ids), sqlKit.lookup(ids), fluent.lookup(ids)]
      ),
    ]
    var results: [[Measurement]] = []
    for workload in workloads where only.isEmpty || only.contains(workload.id) {
      results.append(
        try await measure(
          workload: "\(workload.id) \(workload.title)",
          contenders: workload.contenders.filter {
            onlyContender == nil || $0.name == onlyContender
          },
          rounds: rounds, warmUp: warmUp))
    }

    try await db.writeWithoutTransaction { db in
      try await db.execute(sql: #"DROP TABLE "w9_rows", "w9_inserted""#)
    }
    await db.close()
    await fluent.shutdown()
    for runner in [rawRunner, sqlKitRunner] {
      runner.cancel()
      await runner.value
    }

    print(
      "Quarry W9\(quick ? " (--quick: tiny sizes, timings meaningless)" : ""): "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(settings), release build, "
        + "median and minimum of \(rounds) rounds after \(warmUp) untimed\n")
    printTable(results)
  }
}
