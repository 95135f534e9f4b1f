// swift-tools-version: 6.1
import PackageDescription

// W7: a generated file of 20 `@Table` types and 100 queries, compiled in debug. See
// ../compile-time.sh, which generates `Sources/Fixture/Fixture.swift` and times its rebuild.
let package = Package(
  name: "CompileTimeFixture",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "Quarry", path: "../..")],
  targets: [
    .target(name: "Fixture", dependencies: [.product(name: "Quarry", package: "Quarry")])
  ],
  swiftLanguageModes: [.v6]
)
