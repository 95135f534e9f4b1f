import BenchmarkSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One contender's way of running a workload: `run` is timed and returns a checksum of the work
/// done; `reset`, run before each `run`, is not.
struct Contender {
  var name: String
  var reset: () async throws -> Void = {}
  var run: () async throws -> Int
}

/// The timings of one contender on one workload.
struct Measurement {
  var workload: String
  var contender: String
  var samples: [Duration] = []
  /// The CPU time the whole process (the contender's task and postgres-nio's event loop) used
  /// during each timed run: the client's work, without the waits for the server.
  var cpuSamples: [Duration] = []
  var checksum = 0

  var median: Duration { samples.sorted()[samples.count / 2] }
  var minimum: Duration { samples.min()! }
  var cpuMedian: Duration { cpuSamples.sorted()[cpuSamples.count / 2] }
}

/// The CPU time the process's threads have used so far.
func processCPUTime() -> Duration {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
}

/// Runs each contender `warmUp` times untimed, then `rounds` times timed. Each round runs every
/// contender once, starting with the next one each round, so that a slow phase of the machine
/// hits them alike.
func measure(
  workload: String, contenders: [Contender], rounds: Int, warmUp: Int
) async throws -> [Measurement] {
  let clock = ContinuousClock()
  var results = contenders.map { Measurement(workload: workload, contender: $0.name) }
  for _ in 0..<warmUp {
    for contender in contenders {
      try await contender.reset()
      _ = try await contender.run()
    }
  }
  for round in 0..<rounds {
    for offset in contenders.indices {
      let index = (round + offset) % contenders.count
      try await contenders[index].reset()
      let start = clock.now
      let cpuStart = processCPUTime()
      let checksum = try await contenders[index].run()
      results[index].samples.append(clock.now - start)
      results[index].cpuSamples.append(processCPUTime() - cpuStart)
      results[index].checksum = checksum
    }
  }
  try requireSameWork(workload, results.map { ($0.contender, $0.checksum) })
  return results
}

/// Prints each group as a table: every contender's median as a ratio to the first contender's
/// median, its minimum as a ratio to the first's minimum, and the same for the median CPU time.
func printTable(_ groups: [[Measurement]]) {
  let header = [
    "workload", "contender", "median ms", "min ms", "median × raw", "min × raw min",
    "CPU median ms", "CPU × raw",
  ]
  var rows: [[String]] = []
  for group in groups {
    guard let baseline = group.first else { continue }
    for measurement in group {
      let median = measurement.median.milliseconds
      let minimum = measurement.minimum.milliseconds
      rows.append([
        measurement.workload, measurement.contender, String(format: "%.2f", median),
        String(format: "%.2f", minimum),
        String(format: "%.3f×", median / baseline.median.milliseconds),
        String(format: "%.3f×", minimum / baseline.minimum.milliseconds),
        String(format: "%.2f", measurement.cpuMedian.milliseconds),
        String(
          format: "%.3f×", measurement.cpuMedian.milliseconds / baseline.cpuMedian.milliseconds),
      ])
    }
  }
  printMarkdownTable(header: header, rows: rows)
}
