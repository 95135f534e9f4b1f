import BenchmarkSupport
import FluentPostgresDriver

import struct QuarryPostgres.PostgresURL

/// Fluent, as its documentation teaches it: `Databases` with the PostgreSQL driver's
/// `.postgres(configuration:)` (an AsyncKit pool of one connection per event loop), models
/// queried with `query(on:)`, `filter`, `all()` and `first()`, and saved with `create(on:)`, each
/// workload in one `transaction` as the other contenders' are.
struct FluentContenders {
  let databases: Databases
  let db: any Database

  /// Connects Fluent to the server `url` names, as a Vapor app's `app.databases.use` would, on
  /// one event loop of NIO's shared group.
  init(url: PostgresURL) throws {
    let group = MultiThreadedEventLoopGroup.singleton
    databases = Databases(threadPool: .singleton, on: group)
    databases.use(.postgres(configuration: try Self.configuration(url)), as: .psql)
    let logger = Logger(label: "w9.fluent", factory: { _ in SwiftLogNoOpLogHandler() })
    guard let db = databases.database(.psql, logger: logger, on: group.any()) else {
      throw BenchmarkError("Fluent: no database")
    }
    self.db = db
  }

  /// The driver's configuration for `url`: its socket, or its host with the same TLS modes as
  /// Quarry's `PostgresURL` (full certificate checks unless `sslmode=disable`).
  static func configuration(_ url: PostgresURL) throws -> SQLPostgresConfiguration {
    if let socketFolder = url.socketFolder {
      return SQLPostgresConfiguration(
        unixDomainSocketPath: socketFolder + "/.s.PGSQL.\(url.port)", username: url.user,
        password: url.password, database: url.database)
    }
    let tls: PostgresConnection.Configuration.TLS
    switch url.sslMode {
    case "disable": tls = .disable
    case "require": tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
    default: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
    }
    return SQLPostgresConfiguration(
      hostname: url.host ?? "localhost", port: url.port, username: url.user,
      password: url.password, database: url.database, tls: tls)
  }

  func shutdown() async {
    await databases.shutdownAsync()
  }

  var fetch: Contender {
    Contender(name: "Fluent") {
      try await db.transaction { db in try await W9FluentRow.query(on: db).all() }.reduce(0) {
        $0
          &+ rowChecksum(
            $1.id ?? 0, $1.name, $1.price, $1.quantity, $1.note, $1.active, $1.category,
            $1.rating, $1.stock, $1.code)
      }
    }
  }

  func insert(_ values: [RowValues]) -> Contender {
    Contender(
      name: "Fluent",
      reset: { try await (db as! any SQLDatabase).raw("\(unsafeRaw: clearInserted)").run() }
    ) {
      try await db.transaction { db in
        for value in values {
          try await W9FluentInsertedRow(value).create(on: db)
        }
        return values.count
      }
    }
  }

  func lookup(_ ids: [Int]) -> Contender {
    Contender(name: "Fluent") {
      try await db.transaction { db in
        var total = 0
        for id in ids {
          total &+= try await W9FluentRow.query(on: db).filter(\.$id == id).first()?.id ?? 0
        }
        return total
      }
    }
  }
}
