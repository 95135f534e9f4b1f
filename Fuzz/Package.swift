// swift-tools-version: 6.1
import PackageDescription

// Fuzz targets for libFuzzer live in their own package, so building Quarry never builds them.
// `Fuzz/run.sh` builds them with `--sanitize=fuzzer --sanitize=address` and runs each from its
// seed corpus in `Fuzz/Corpus`, for a fixed number of executions (`--runs`, as CI does) or a
// fixed time.
let package = Package(
  name: "QuarryFuzz",
  dependencies: [
    .package(name: "Quarry", path: "..")
  ],
  targets: [
    // The byte readers the targets share.
    .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"], path: "Sources/FuzzSupport"),
    // libFuzzer's driver, declared for Swift.
    .target(name: "CFuzzDriver", path: "Sources/CFuzzDriver"),
    // The SQL scanner and SQLite's parser check that `#sql` runs (its source file, linked in).
    .executableTarget(
      name: "FuzzSQLText",
      dependencies: ["FuzzSupport", .product(name: "QuarrySQLite", package: "Quarry")]
    ),
    // Raw SQL with `?`, `?NNN`, `:name`, `@name`, `$name` parameters, several statements and
    // comments, run with arguments.
    .executableTarget(
      name: "FuzzRawSQL",
      dependencies: ["FuzzSupport", .product(name: "QuarrySQLite", package: "Quarry")]
    ),
    // Arbitrary SQLite values decoded into every `QueryDecodable` type and representation.
    .executableTarget(
      name: "FuzzDecoding",
      dependencies: ["FuzzSupport", .product(name: "QuarrySQLite", package: "Quarry")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
