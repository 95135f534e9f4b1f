import BenchmarkSupport
import Foundation

/// One contender's way of running a workload: `run` is timed and returns a checksum of the
/// work done; `reset`, run before each `run`, is not timed.
struct Contender {
  var name: String
  var reset: () throws -> Void = {}
  var run: () throws -> Int
}

/// The timings of one contender on one workload.
struct Measurement {
  var workload: String
  var contender: String
  var samples: [Duration]
  var checksum: Int

  var median: Duration { samples.sorted()[samples.count / 2] }
  var minimum: Duration { samples.min()! }
  var maximum: Duration { samples.max()! }
}

/// Runs each contender `warmUp` times untimed, then `iterations` times timed, interleaving
/// contenders so a slow phase of the machine hits all of them alike, in an order that rotates
/// from one round to the next.
func measure(
  workload: String, contenders: [Contender], iterations: Int, warmUp: Int = 1
) throws -> [Measurement] {
  let clock = ContinuousClock()
  var results = contenders.map {
    Measurement(workload: workload, contender: $0.name, samples: [], checksum: 0)
  }
  for _ in 0..<warmUp {
    for contender in contenders {
      try contender.reset()
      _ = try contender.run()
    }
  }
  for iteration in 0..<iterations {
    // Each round starts with the next contender: none always runs first, or right after the
    // same other one.
    for offset in contenders.indices {
      let index = (iteration + offset) % contenders.count
      let contender = contenders[index]
      var checksum = 0
      try contender.reset()
      let elapsed = try clock.measure { checksum = try contender.run() }
      results[index].samples.append(elapsed)
      results[index].checksum = checksum
    }
  }
  try requireSameWork(workload, results.map { ($0.contender, $0.checksum) })
  return results
}

/// Prints measurements as a table, with each contender's median as a ratio to the first
/// contender's (raw C), and its minimum as a ratio to the first's minimum (steadier on a noisy
/// machine: noise only ever adds time).
func printTable(_ measurements: [[Measurement]]) {
  let header = ["workload", "contender", "median ms", "min–max ms", "× raw C", "min × raw C min"]
  var rows: [[String]] = []
  for group in measurements {
    guard let baseline = group.first else { continue }
    for measurement in group {
      let median = measurement.median.milliseconds
      let minimum = measurement.minimum.milliseconds
      rows.append([
        measurement.workload, measurement.contender, format(median),
        format(minimum) + "–" + format(measurement.maximum.milliseconds),
        String(format: "%.2f×", median / baseline.median.milliseconds),
        String(format: "%.2f×", minimum / baseline.minimum.milliseconds),
      ])
    }
  }
  printMarkdownTable(header: header, rows: rows)
}

private func format(_ milliseconds: Double) -> String {
  milliseconds >= 100
    ? String(format: "%.0f", milliseconds)
    : milliseconds >= 1
      ? String(format: "%.2f", milliseconds) : String(format: "%.4f", milliseconds)
}
