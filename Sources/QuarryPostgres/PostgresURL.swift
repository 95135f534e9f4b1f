import Foundation
import PostgresNIO

/// A PostgreSQL connection URL, as libpq reads them:
///
/// - `postgres://user:password@host:5432/database` (TCP; `sslmode=disable`, `prefer` (the
///   default) or `require`)
/// - `postgres://user@/database?host=/var/run/postgresql` (the Unix socket in that folder; the
///   port names the socket file, `.s.PGSQL.5432`)
///
/// The user defaults to `postgres`, the port to 5432, the database to the user's name.
public struct PostgresURL: Sendable, Equatable {
  /// The server's host name or address, for TCP.
  public var host: String?
  /// The folder holding the server's Unix socket.
  public var socketFolder: String?
  /// The server's port.
  public var port: Int
  /// The user to connect as.
  public var user: String
  /// The user's password.
  public var password: String?
  /// The database's name.
  public var database: String
  /// `disable`, `prefer` or `require`.
  public var sslMode: String

  /// Parses `text`, throwing a ``PostgresError`` that says what is wrong with it.
  public init(_ text: String) throws {
    func invalid(_ reason: String) -> PostgresError {
      PostgresError(kind: .connection, message: "invalid PostgreSQL URL '\(text)': \(reason)")
    }
    guard let components = URLComponents(string: text) else { throw invalid("not a URL") }
    guard components.scheme == "postgres" || components.scheme == "postgresql" else {
      throw invalid("the scheme must be postgres:// or postgresql://")
    }
    let items = components.queryItems ?? []
    func item(_ name: String) -> String? { items.first { $0.name == name }?.value }
    user = components.user ?? item("user") ?? "postgres"
    password = components.password ?? item("password")
    port = components.port ?? item("port").flatMap(Int.init) ?? 5432
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
    database = path.isEmpty ? (item("dbname") ?? user) : path
    sslMode = item("sslmode") ?? "prefer"
    guard ["disable", "allow", "prefer", "require"].contains(sslMode) else {
      throw invalid("sslmode must be disable, prefer or require")
    }
    let hostItem = item("host")
    if let hostItem, hostItem.hasPrefix("/") {
      socketFolder = hostItem
      host = nil
    } else if let host = hostItem ?? components.host, !host.isEmpty {
      socketFolder = nil
      self.host = host
    } else {
      throw invalid(
        "no host: give one (postgres://user@localhost/db) or a socket folder (?host=/path)")
    }
  }

  /// postgres-nio's configuration for the URL.
  public var clientConfiguration: PostgresClient.Configuration {
    if let socketFolder {
      return PostgresClient.Configuration(
        unixSocketPath: socketFolder + "/.s.PGSQL.\(port)", username: user, password: password,
        database: database)
    }
    let tls: PostgresClient.Configuration.TLS
    switch sslMode {
    case "disable": tls = .disable
    case "require": tls = .require(.makeClientConfiguration())
    default: tls = .prefer(.makeClientConfiguration())
    }
    return PostgresClient.Configuration(
      host: host ?? "localhost", port: port, username: user, password: password,
      database: database, tls: tls)
  }
}
