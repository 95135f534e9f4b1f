import BenchmarkSupport
import Foundation

// W10, streaming at scale: a cursor over the rows of a large file (W10C), and a live
// observation of a large result (W10O). Peak resident memory is a figure of the whole process,
// so every contender runs in a process of its own (this executable, started with `--child`):
// the peak it reports is that contender's, not the highest of all the contenders before it.

/// W10C's contenders: each opens the file at the path it is given.
let cursorContenders: [(name: String, make: @Sendable (String) throws -> Contender)] = [
  ("raw C", RawContenders.streamItems(path:)),
  ("Quarry", QuarryContenders.streamItems(path:)),
  ("GRDB records", GRDBContenders.streamRecords(path:)),
  ("GRDB Row", GRDBContenders.streamRows(path:)),
]

/// W10O's contenders: each makes its own pool with the number of rows it is given.
let largeResultContenders: [(name: String, make: @Sendable (Int) throws -> LatencySubject)] = [
  ("Quarry pool", QuarryObservation.largeResult(rows:)),
  ("GRDB pool", GRDBObservation.largeResult(rows:)),
]

/// The resident memory of this process, now and at its highest, in KiB: `VmRSS` and `VmHWM`
/// of `/proc/self/status` on Linux; elsewhere the peak only, from `getrusage`.
func residentMemory() -> (current: Int, peak: Int) {
  if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) {
    var memory = (current: 0, peak: 0)
    for line in status.split(separator: "\n") {
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard fields.count >= 2, let kibibytes = Int(fields[1]) else { continue }
      if fields[0] == "VmRSS:" { memory.current = kibibytes }
      if fields[0] == "VmHWM:" { memory.peak = kibibytes }
    }
    return memory
  }
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return (0, Int(usage.ru_maxrss) / 1024)  // bytes on Darwin
  #else
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return (0, Int(usage.ru_maxrss))
  #endif
}

/// What a child process reports of one contender's run.
struct ChildReport: Codable {
  /// W10C: the time of the one run; W10O: the latency of each commit.
  var nanoseconds: [Int64]
  var checksum: Int
  /// Resident memory in KiB: W10C, before the first row; W10O, after the warm-up, after half
  /// the commits, and at the end.
  var residentKiB: [Int]
  /// The process's peak resident memory, in KiB.
  var peakKiB: Int
}

extension Duration {
  var nanoseconds: Int64 {
    components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
  }
}

/// Runs the contender a parent asked for (`--child W10C NAME PATH` or `--child W10O NAME ROWS
/// COMMITS WARMUP`), prints its report as JSON, and exits.
func runChild(_ arguments: [String]) throws -> Never {
  let report: ChildReport
  switch (arguments.first, arguments.dropFirst().first) {
  case ("W10C", let name?) where arguments.count == 3:
    guard let maker = cursorContenders.first(where: { $0.name == name }) else {
      throw BenchmarkError("W10C: no contender \(name)")
    }
    let contender = try maker.make(arguments[2])
    let before = residentMemory().current
    var checksum = 0
    let elapsed = try ContinuousClock().measure { checksum = try contender.run() }
    report = ChildReport(
      nanoseconds: [elapsed.nanoseconds], checksum: checksum, residentKiB: [before],
      peakKiB: residentMemory().peak)
  case ("W10O", let name?) where arguments.count == 5:
    guard let maker = largeResultContenders.first(where: { $0.name == name }),
      let rows = Int(arguments[2]), let commits = Int(arguments[3]),
      let warmUp = Int(arguments[4])
    else { throw BenchmarkError("W10O: bad arguments \(arguments)") }
    let subject = try maker.make(rows)
    defer { subject.close() }
    _ = try subject.probe.run(warmUp, subject.commit)
    var resident = [residentMemory().current]
    var latencies = try subject.probe.run(commits / 2, subject.commit)
    resident.append(residentMemory().current)
    latencies += try subject.probe.run(commits - commits / 2, subject.commit)
    let end = residentMemory()
    report = ChildReport(
      nanoseconds: latencies.map(\.nanoseconds), checksum: commits,
      residentKiB: resident + [end.current], peakKiB: end.peak)
  default:
    throw BenchmarkError("--child: bad arguments \(arguments)")
  }
  FileHandle.standardOutput.write(try JSONEncoder().encode(report))
  exit(0)
}

/// Runs `arguments` in a new process of this executable and returns its report.
func runInChild(_ arguments: [String]) throws -> ChildReport {
  let process = Process()
  process.executableURL =
    Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
  process.arguments = ["--child"] + arguments
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw BenchmarkError(
      "\(arguments[0]): the child process exited with \(process.terminationStatus)")
  }
  return try JSONDecoder().decode(ChildReport.self, from: data)
}

/// One contender's figures in W10C: its timings and the memory of its hungriest process.
struct CursorMemory {
  var contender: String
  /// Before the first row, and the peak, in KiB, of the run with the highest peak.
  var beforeKiB = 0
  var peakKiB = 0
}

/// W10C: makes a file of `rows` items once (untimed), then runs each contender's cursor over
/// it, each run in a new process: one untimed round (which also brings the file into the
/// system's cache), then `iterations` rounds, each starting with the next contender.
func measureCursors(rows: Int, iterations: Int, names: [String]) throws -> (
  measurements: [Measurement], memory: [CursorMemory], fileBytes: Int
) {
  let folder = try temporaryDatabaseFolder("w10")
  defer { try? FileManager.default.removeItem(at: folder) }
  let path = folder.appendingPathComponent("items.sqlite").path
  try QuarryContenders.makeFile(at: path, itemsSchema, itemRows(rows))
  let fileBytes =
    (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
  let workload = "W10C cursor over \(rows) rows of a file"
  var measurements = names.map {
    Measurement(workload: workload, contender: $0, samples: [], checksum: 0)
  }
  var memory = names.map { CursorMemory(contender: $0) }
  for name in names { _ = try runInChild(["W10C", name, path]) }
  for iteration in 0..<iterations {
    for offset in names.indices {
      let index = (iteration + offset) % names.count
      let report = try runInChild(["W10C", names[index], path])
      measurements[index].samples.append(.nanoseconds(report.nanoseconds[0]))
      measurements[index].checksum = report.checksum
      if report.peakKiB > memory[index].peakKiB {
        memory[index].peakKiB = report.peakKiB
        memory[index].beforeKiB = report.residentKiB[0]
      }
    }
  }
  try requireSameWork(workload, measurements.map { ($0.contender, $0.checksum) })
  return (measurements, memory, fileBytes)
}

/// W10O's figures of one contender.
struct LargeResultMeasurement {
  var latencies: LatencyMeasurement
  /// After the warm-up, after half the commits, and at the end; and the peak; in KiB.
  var residentKiB: [Int]
  var peakKiB: Int
}

/// W10O: each contender in a new process, one after the other, observes `rows` rows and
/// times `commits` commits one at a time, after `warmUp` untimed ones.
func measureLargeResults(rows: Int, commits: Int, warmUp: Int, names: [String]) throws
  -> [LargeResultMeasurement]
{
  try names.map { name in
    let report = try runInChild(["W10O", name, "\(rows)", "\(commits)", "\(warmUp)"])
    return LargeResultMeasurement(
      latencies: LatencyMeasurement(
        name: name, samples: report.nanoseconds.map { .nanoseconds($0) }),
      residentKiB: report.residentKiB, peakKiB: report.peakKiB)
  }
}

private func mebibytes(_ kibibytes: Int) -> String {
  String(format: "%.1f", Double(kibibytes) / 1024)
}

/// Prints W10C's time per row and memory, as ratios to the first contender (raw C).
func printCursors(
  _ measurements: [Measurement], _ memory: [CursorMemory], rows: Int, fileBytes: Int
) {
  guard let baseline = measurements.first else { return }
  print(
    "\nW10C cursor over \(rows) rows of a file of \(mebibytes(fileBytes / 1024)) MiB, each run "
      + "in its own process: time per row "
      + "(median and minimum of the runs), and the peak resident memory of the run with the "
      + "highest, beside its resident memory before the first row")
  let header = [
    "contender", "ns per row", "min ns per row", "× raw C", "peak RSS MiB", "before MiB",
    "growth MiB",
  ]
  let rows = zip(measurements, memory).map { measurement, memory in
    [
      measurement.contender,
      String(format: "%.1f", measurement.median.milliseconds * 1e6 / Double(rows)),
      String(format: "%.1f", measurement.minimum.milliseconds * 1e6 / Double(rows)),
      String(format: "%.2f×", measurement.median.milliseconds / baseline.median.milliseconds),
      mebibytes(memory.peakKiB), mebibytes(memory.beforeKiB),
      mebibytes(memory.peakKiB - memory.beforeKiB),
    ]
  }
  printMarkdownTable(header: header, rows: rows)
}

/// Prints W10O's latencies and memory, with Quarry's latencies over GRDB's.
func printLargeResults(_ measurements: [LargeResultMeasurement], rows: Int) {
  guard let first = measurements.first else { return }
  print(
    "\nW10O observation of \(rows) rows: \(first.latencies.samples.count) commits each, one at "
      + "a time, each contender in its own process; commit to the new array in the consumer, "
      + "median and 95th percentile; resident memory after the warm-up, after half the "
      + "commits and at the end, and the peak")
  let grdb = measurements.first { $0.latencies.name.hasPrefix("GRDB") }
  let header = [
    "contender", "median ms", "p95 ms", "median × GRDB", "RSS MiB (warm-up / half / end)",
    "peak RSS MiB",
  ]
  let rows = measurements.map { measurement in
    let median = measurement.latencies.percentile(0.5)
    return [
      measurement.latencies.name, String(format: "%.2f", median / 1000),
      String(format: "%.2f", measurement.latencies.percentile(0.95) / 1000),
      grdb.map { String(format: "%.2f×", median / $0.latencies.percentile(0.5)) } ?? "",
      measurement.residentKiB.map(mebibytes).joined(separator: " / "),
      mebibytes(measurement.peakKiB),
    ]
  }
  printMarkdownTable(header: header, rows: rows)
}
