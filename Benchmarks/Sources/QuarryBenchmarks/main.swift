import BenchmarkSupport
import Foundation

// Runs every workload for every contender in one process (but W10, whose contenders each run in
// a process of their own) and prints median times as ratios to raw SQLite C calls. `--quick`
// uses tiny sizes, to check that the harness still works.

let quick = CommandLine.arguments.contains("--quick")
let rowCount = quick ? 1_000 : 100_000
let insertCount = quick ? 1_000 : 20_000
let lookupCount = quick ? 500 : 10_000
let renderCount = quick ? 1_000 : 100_000
let iterations = quick ? 2 : 7
// `W3` runs one workload (`W3 W5` several); `contender=Quarry` runs one contender (for
// profiling).
let only = Set(CommandLine.arguments.filter { $0.hasPrefix("W") })
let onlyContender = CommandLine.arguments.first { $0.hasPrefix("contender=") }?.dropFirst(10)

var results: [[Measurement]] = []

try QuarryContenders.configureSQLite()

// W10 runs each contender in a process of its own: this executable, started with `--child`.
if let child = CommandLine.arguments.firstIndex(of: "--child") {
  try runChild(Array(CommandLine.arguments[(child + 1)...]))
}

@MainActor
func run(_ id: String, _ title: String, _ contenders: () throws -> [Contender]) throws {
  guard only.isEmpty || only.contains(id) else { return }
  results.append(
    try measure(
      workload: "\(id) \(title)",
      contenders: contenders().filter { onlyContender == nil || $0.name == onlyContender! },
      iterations: iterations))
}

try run("W1", "fetch \(rowCount) × 10 INT") {
  [try RawContenders.fetchWide(rows: rowCount), try QuarryContenders.fetchWide(rows: rowCount)]
    + (try GRDBContenders.fetchWide(rows: rowCount))
}
try run("W2", "fetch \(rowCount) mixed rows") {
  [try RawContenders.fetchItems(rows: rowCount), try QuarryContenders.fetchItems(rows: rowCount)]
    + (try GRDBContenders.fetchItems(rows: rowCount))
}
// W1 and W2 again on STRICT tables, whose NOT NULL columns' types SQLite guarantees.
try run("W1S", "fetch \(rowCount) × 10 INT, STRICT") {
  [
    try RawContenders.fetchWide(rows: rowCount, strict: true),
    try QuarryContenders.fetchWide(rows: rowCount, strict: true),
  ] + (try GRDBContenders.fetchWide(rows: rowCount, strict: true))
}
try run("W2S", "fetch \(rowCount) mixed rows, STRICT") {
  [
    try RawContenders.fetchItems(rows: rowCount, strict: true),
    try QuarryContenders.fetchItems(rows: rowCount, strict: true),
  ] + (try GRDBContenders.fetchItems(rows: rowCount, strict: true))
}
let values = ItemValues.make(insertCount)
try run("W3", "insert \(insertCount) rows") {
  [
    try RawContenders.insertItems(values), try QuarryContenders.insertItems(values),
    try GRDBContenders.insertItems(values),
  ]
}
var generator = SystemRandomNumberGenerator()
let ids = (0..<lookupCount).map { _ in Int.random(in: 1...rowCount, using: &generator) }
try run("W4", "\(lookupCount) primary-key lookups") {
  [
    try RawContenders.findItems(rows: rowCount, ids: ids),
    try QuarryContenders.findItems(rows: rowCount, ids: ids),
    try GRDBContenders.findItems(rows: rowCount, ids: ids),
  ]
}
try run("W5", "render \(renderCount) selects") {
  [
    RawContenders.render(count: renderCount), QuarryContenders.render(count: renderCount),
    QuarryContenders.renderQuery(count: renderCount),
    try GRDBContenders.render(count: renderCount),
  ]
}

// W3O: W3's inserts on a pool (a WAL file) while 1, 101 or 1,000 observations are live, beside
// the same inserts with none: all in one transaction (W3O), and one row per transaction (W3OT).
// Measured together, shown as two groups (Quarry, GRDB), each as ratios to its own pool with
// no observation. Only the contenders asked for are set up (1,000 observations take a while).
// (`--quick`: fewer rows, the same observations: GRDB's 1,000 take a second per 1,000 rows.)
let observedInsertCount = quick ? 100 : insertCount
let transactionCount = quick ? 20 : 2_000
for (id, title, transactions, inserted) in [
  (
    "W3O", "insert \(observedInsertCount) rows in 1 transaction on a pool", 1,
    Array(values.prefix(observedInsertCount))
  ),
  (
    "W3OT", "\(transactionCount) one-row transactions on a pool", transactionCount,
    Array(values.prefix(transactionCount))
  ),
] where only.isEmpty || only.contains(id) {
  var contenders: [Contender] = []
  for library in ["Quarry", "GRDB"] {
    for observed in ObservedSet.all
    where onlyContender == nil || onlyContender! == "\(library) pool, \(observed.label)" {
      contenders.append(
        library == "Quarry"
          ? try QuarryObservation.insertItemsObserved(
            inserted, transactions: transactions, observed: observed)
          : try GRDBObservation.insertItemsObserved(
            inserted, transactions: transactions, observed: observed))
    }
  }
  let measured = try measure(
    workload: "\(id) \(title)", contenders: contenders, iterations: iterations)
  for library in ["Quarry", "GRDB"] {
    let group = measured.filter { $0.contender.hasPrefix(library) }
    if !group.isEmpty { results.append(group) }
  }
}

// W8: the time from a commit to its value in an async consumer, printed after the table.
var latencies: [LatencyMeasurement] = []
if only.isEmpty || only.contains("W8") {
  let makers: [(name: String, make: () throws -> LatencySubject)] = [
    ("Quarry pool", { try QuarryObservation.latency(pool: true) }),
    ("GRDB pool", { try GRDBObservation.latency(pool: true) }),
    ("Quarry queue", { try QuarryObservation.latency(pool: false) }),
    ("GRDB queue", { try GRDBObservation.latency(pool: false) }),
  ]
  let subjects = try makers.filter { maker in
    onlyContender.map { maker.name.hasPrefix($0) } ?? true
  }.map { try $0.make() }
  defer { for subject in subjects { subject.close() } }
  latencies = try measureLatencies(
    subjects, commits: quick ? 40 : 1_000, rounds: quick ? 2 : 10, warmUp: quick ? 10 : 100)
}

// W10: a cursor over a large file (W10C) and an observation of a large result (W10O), each
// contender in its own process, for its peak memory. Printed after the table.
let streamedRowCount = quick ? 10_000 : 10_000_000
let largeResultRowCount = quick ? 1_000 : 100_000
var cursors: (measurements: [Measurement], memory: [CursorMemory], fileBytes: Int)?
if only.isEmpty || only.contains("W10") || only.contains("W10C") {
  cursors = try measureCursors(
    rows: streamedRowCount, iterations: iterations,
    names: cursorContenders.map(\.name).filter { onlyContender == nil || $0 == onlyContender! })
  results.append(cursors!.measurements)
}
var largeResults: [LargeResultMeasurement] = []
if only.isEmpty || only.contains("W10") || only.contains("W10O") {
  largeResults = try measureLargeResults(
    rows: largeResultRowCount, commits: quick ? 20 : 200, warmUp: quick ? 5 : 20,
    names: largeResultContenders.map(\.name).filter { name in
      onlyContender.map { name.hasPrefix($0) } ?? true
    })
}

// W6, raw C on the same file and the machine's ceiling are measured together, interleaved, and
// shown as three groups, each as ratios to its own single reader or thread.
var scaling: (pool: Double, raw: Double, ceiling: Double)?
if only.isEmpty || only.contains("W6") {
  let measured = try measure(
    workload: "W6 \(lookupCount) pool lookups, 1 vs 2 readers",
    contenders: (try PoolContenders.lookups(rows: rowCount, ids: ids)
      + PoolContenders.ceiling(ids: ids)).filter {
        onlyContender == nil || $0.name == onlyContender!
      },
    iterations: iterations)
  func group(_ prefix: String, _ title: String?) -> [Measurement] {
    var group = measured.filter { $0.contender.hasPrefix(prefix) }
    for index in group.indices { group[index].workload = title ?? group[index].workload }
    return group
  }
  let pool = group("Quarry", nil)
  let raw = group("raw C", "W6 raw C on the same file")
  let ceiling = group("CPU", "W6 machine ceiling, same split")
  results += [pool, raw, ceiling].filter { !$0.isEmpty }
  func speedUp(_ group: [Measurement]) -> Double? {
    group.count == 2 ? group[0].median.milliseconds / group[1].median.milliseconds : nil
  }
  if let pool = speedUp(pool), let raw = speedUp(raw), let ceiling = speedUp(ceiling) {
    scaling = (pool, raw, ceiling)
  }
}

print(
  "Quarry benchmarks\(quick ? " (--quick: tiny sizes, timings meaningless)" : ""): "
    + "\(ProcessInfo.processInfo.activeProcessorCount) cores, SQLite \(RawContenders.sqliteVersion) "
    + "(memory statistics \(RawContenders.memoryStatisticsEnabled ? "on" : "off")), "
    + "release build, median of \(iterations) runs after a warm-up\n")
printTable(results)
if let scaling {
  print(
    String(
      format: "\nW6: 2 readers have %.2f× the throughput of 1; raw C with 2 connections, %.2f× "
        + "of 1; a CPU-only loop shared out the same way, %.2f× (the machine's ceiling)",
      scaling.pool, scaling.raw, scaling.ceiling))
}
if let summary = PoolContenders.stats.summary { print(summary) }
printLatencies(latencies)
if let cursors {
  printCursors(
    cursors.measurements, cursors.memory, rows: streamedRowCount, fileBytes: cursors.fileBytes)
}
printLargeResults(largeResults, rows: largeResultRowCount)
