// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so Quarry's users never resolve GRDB. W9 (PostgreSQL) is
// its own executable, so that building `QuarryBenchmarks` alone never compiles postgres-nio, nor
// W9's other contenders, Fluent and SQLKit (PostgresKit), which only that executable depends on.
let package = Package(
  name: "QuarryBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "Quarry", path: ".."),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/vapor/fluent-kit", exact: "1.57.0"),
    .package(url: "https://github.com/vapor/fluent-postgres-driver", exact: "2.14.0"),
    .package(url: "https://github.com/vapor/postgres-kit", exact: "2.17.0"),
    .package(url: "https://github.com/vapor/sql-kit", exact: "3.36.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CSQLiteRaw", path: "Sources/CSQLiteRaw", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "BenchmarkSupport"),
    .executableTarget(
      name: "QuarryBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        "CSQLiteRaw",
        .product(name: "Quarry", package: "Quarry"),
        .product(name: "QuarrySQLite", package: "Quarry"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .executableTarget(
      name: "QuarryPostgresBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Quarry", package: "Quarry"),
        .product(name: "QuarryPostgres", package: "Quarry"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "FluentKit", package: "fluent-kit"),
        .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
        .product(name: "PostgresKit", package: "postgres-kit"),
        .product(name: "SQLKit", package: "sql-kit"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
