// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so Quarry's users never resolve GRDB.
let package = Package(
  name: "QuarryBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "Quarry", path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLiteRaw", path: "Sources/CSQLiteRaw", providers: [.apt(["libsqlite3-dev"])]),
    .executableTarget(
      name: "QuarryBenchmarks",
      dependencies: [
        "CSQLiteRaw",
        .product(name: "Quarry", package: "Quarry"),
        .product(name: "QuarrySQLite", package: "Quarry"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
