// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "Quarry",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "Quarry", targets: ["Quarry"]),
    .library(name: "QuarrySQLite", targets: ["QuarrySQLite"]),
    .library(name: "QuarryPostgres", targets: ["QuarryPostgres"]),
    .library(name: "QuarryTestSupport", targets: ["QuarryTestSupport"]),
    .executable(name: "quarry", targets: ["QuarryTool"]),
    .executable(name: "quarry-postgres", targets: ["QuarryPostgresTool"]),
    .executable(name: "quarry-schema", targets: ["quarry-schema"]),
    .plugin(name: "QuarryCheckPlugin", targets: ["QuarryCheckPlugin"]),
  ],
  traits: [
    .trait(
      name: "QuarryTagged",
      description: "Tagged identifiers from swift-tagged as column types (`Tagged<Self, Int>`)."),
    .trait(
      name: "QuarryCasePaths",
      description: "Re-exports swift-case-paths, whose `@CasePathable` goes on `@Selection` enums."),
    .default(enabledTraits: ["QuarryTagged", "QuarryCasePaths"]),
  ],
  dependencies: [
    .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.4.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.6.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
  ],
  targets: [
    // SQL text rules (quoting, lexing, table-name inflection), shared by the macro plugin and the runtime.
    .target(name: "QuarrySQLText", path: "Sources/QuarrySQLText"),
    .target(
      name: "QuarryCore",
      dependencies: [
        "QuarrySQLText",
        .product(
          name: "Tagged", package: "swift-tagged", condition: .when(traits: ["QuarryTagged"])),
      ]
    ),
    // What `@Table` reads from a declaration, and the diagnostics: shared by the macros and
    // `quarry-schema`, which reads `@Table` declarations from source files.
    .target(
      name: "QuarryTableModel",
      dependencies: [
        "QuarrySQLText",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ],
      path: "Macros/QuarryTableModel"
    ),
    .macro(
      name: "QuarryMacros",
      dependencies: [
        "QuarrySQLText",
        "QuarryTableModel",
        "CSQLite",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ],
      path: "Macros/QuarryMacros"
    ),
    .target(
      name: "Quarry",
      dependencies: [
        "QuarryCore", "QuarryMacros",
        .product(
          name: "CasePaths", package: "swift-case-paths",
          condition: .when(traits: ["QuarryCasePaths"])),
      ]
    ),
    .systemLibrary(
      name: "CSQLite",
      path: "Sources/CSQLite",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .target(
      name: "QuarrySQLite",
      dependencies: [
        "QuarryCore", "QuarrySQLText", "CSQLite", .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // The PostgreSQL driver: the same statements, rendered in PostgreSQL's dialect and run
    // through postgres-nio.
    .target(
      name: "QuarryPostgres",
      dependencies: [
        "QuarryCore", "QuarrySQLText",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "QuarryTestSupport",
      dependencies: [
        "Quarry", "QuarrySQLite", "QuarrySQLText",
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ]
    ),
    // The demo's schema and its printed tables, shared by `quarry` and `quarry-postgres`.
    .target(name: "QuarryDemo", dependencies: ["Quarry", "QuarrySQLite"]),
    // The `quarry` command-line tool (its folder is not `Sources/quarry`: that would be the same
    // folder as `Sources/Quarry` on a case-insensitive disk). SQLite only: a first
    // `swift run quarry demo` builds no postgres-nio.
    .executableTarget(
      name: "QuarryTool",
      dependencies: [
        "Quarry", "QuarrySQLite", "QuarrySQLText", "QuarryDemo",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `quarry-schema`: reads `@Table` declarations from source files with the macro's own table
    // model, and writes the migration a database needs. Apart from `quarry`, which would
    // otherwise compile swift-syntax a second time (for itself, besides the macros' copy).
    // The target is named as its product: a plugin's tool is built as the product named like
    // the target it depends on.
    .executableTarget(
      name: "quarry-schema",
      dependencies: [
        "QuarryCore", "QuarrySQLite", "QuarrySQLText", "QuarryTableModel", "QuarrySourceModel",
        "CSQLite",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/QuarrySchemaTool"
    ),
    // The `#sql` literals and `@Table`/`@Selection` declarations of Swift source files, read
    // with the macro's table model: what `quarry-schema check` and `quarry-postgres check` check.
    .target(
      name: "QuarrySourceModel",
      dependencies: [
        "QuarryCore", "QuarrySQLText", "QuarryTableModel",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
      ]
    ),
    // `swift package quarry-check`: `quarry-schema check` over a package's source targets.
    .plugin(
      name: "QuarryCheckPlugin",
      capability: .command(
        intent: .custom(
          verb: "quarry-check",
          description:
            "Check #sql literals and @Table/@Selection declarations against the schema.")),
      dependencies: ["quarry-schema"]
    ),
    // `quarry-postgres`: the demo on a PostgreSQL server, and the check of `dialect: .postgres`
    // literals against one.
    .executableTarget(
      name: "QuarryPostgresTool",
      dependencies: [
        "Quarry", "QuarryPostgres", "QuarrySQLite", "QuarryDemo", "QuarrySourceModel",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // A test-only helper: commits batches until killed, for the crash-safety test.
    .executableTarget(
      name: "QuarryCrashWriter", dependencies: ["QuarrySQLite"], path: "Tests/QuarryCrashWriter"),
    // A test-only tool: a pool with one writer and four readers, for `--soak SECONDS`.
    .executableTarget(
      name: "QuarrySoak", dependencies: ["QuarrySQLite", "CSQLite"], path: "Tests/QuarrySoak"),
    // Query closures an app writes, built with every `swift build`: one that takes Swift over
    // 100 ms to type-check is a warning, which CI rejects.
    .target(
      name: "QuarryTypeCheckBudget", dependencies: ["Quarry"], path: "Tests/QuarryTypeCheckBudget",
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=100"])]),
    // A test-only SQLite VFS that fails chosen writes and syncs, for the fault-injection tests.
    .target(name: "CQuarryFaultVFS", dependencies: ["CSQLite"], path: "Tests/CQuarryFaultVFS"),
    .testTarget(
      name: "QuarryCoreTests",
      dependencies: [
        "Quarry", "QuarrySQLite", "QuarrySQLText", "QuarryTestSupport",
        .product(name: "Tagged", package: "swift-tagged"),
        .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
        // Without it, `assertSQL`'s reported issues don't fail Swift Testing tests.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      // The script that printed the JSONB fixtures of `JSONBTests`.
      exclude: ["Fixtures"],
    ),
    .testTarget(
      name: "QuarryMacrosTests",
      dependencies: [
        "QuarryMacros",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "QuarrySQLiteTests",
      dependencies: [
        "Quarry", "QuarrySQLite", "QuarryTestSupport", "QuarryCrashWriter", "CQuarryFaultVFS",
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "Tagged", package: "swift-tagged"),
      ]
    ),
    // The code of the DocC articles, run on in-memory databases: an API change that breaks an
    // article fails here.
    .testTarget(
      name: "QuarryDocsTests",
      dependencies: [
        "Quarry", "QuarrySQLite", "QuarryPostgres", "QuarryTestSupport",
        .product(name: "Tagged", package: "swift-tagged"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ],
      exclude: ["README.md"]
    ),
    .testTarget(
      name: "QuarryPostgresTests",
      dependencies: [
        "Quarry", "QuarryPostgres", "QuarrySQLite", "QuarryPostgresTool",
        .product(name: "Logging", package: "swift-log"),
      ],
      exclude: ["Fixtures"]
    ),
    // Compiled as a new app is in Xcode 26: declarations isolated to the main actor by default,
    // with the approachable-concurrency features; its `@Table` types must still work off it.
    .testTarget(
      name: "QuarryMainActorTests",
      dependencies: ["Quarry", "QuarrySQLite"],
      swiftSettings: [
        .unsafeFlags(["-default-isolation", "MainActor"]),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]
    ),
    .testTarget(
      name: "QuarryToolTests",
      dependencies: ["Quarry", "QuarrySQLite", "QuarryTool", "quarry-schema"],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
