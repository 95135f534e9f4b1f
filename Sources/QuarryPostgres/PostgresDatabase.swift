import Foundation
import Logging
import NIOCore
import PostgresNIO
import QuarryCore

/// A PostgreSQL database: a pool of connections to a primary server, and optionally to read
/// replicas, on which `read` and `write` run transactions.
///
/// ```swift
/// let db = try PostgresDatabase(url: "postgres://app@localhost:5432/app")
/// try await db.write { db in
///   try await Reminder.insert { Reminder.Draft(title: "Ship it") }.execute(db)
/// }
/// let open = try await db.read { db in
///   try await Reminder.where { !$0.isCompleted }.fetchAll(db)
/// }
/// ```
///
/// Statements render in PostgreSQL's dialect when they run here, wherever they were built (see
/// `SQLDialect`). Call ``close()`` when done.
public final class PostgresDatabase: Sendable {
  /// How the database logs and reports.
  public struct Configuration: Sendable {
    /// Where each statement's SQL is logged, at `debug` level; nil logs nothing.
    public var logger: Logger?
    /// Whether logged statements show their arguments (they may hold personal data).
    public var logsArguments = false
    /// Whether errors' descriptions show the failing statement's arguments.
    public var showsArgumentsInErrors = false
    /// The most connections each server's pool opens.
    public var maximumConnections = 20

    /// The default configuration: nothing logged, arguments hidden, up to 20 connections.
    public init() {}
  }

  /// What sessions need of the configuration.
  struct Settings: Sendable {
    var logger: Logger?
    var queryLogger: Logger
    var logsArguments: Bool
    var showsArgumentsInErrors: Bool
  }

  private let primary: PostgresClient
  private let replicas: [PostgresClient]
  private let runner: Task<Void, Never>
  let settings: Settings

  /// Opens a database from `postgres://user:password@host:port/database` URLs, one for the
  /// primary and one for each read replica (see ``PostgresURL``).
  public convenience init(
    url: String, replicaURLs: [String] = [], configuration: Configuration = Configuration()
  ) throws {
    try self.init(
      primary: PostgresURL(url).clientConfiguration,
      replicas: replicaURLs.map { try PostgresURL($0).clientConfiguration },
      configuration: configuration)
  }

  /// Opens a database from postgres-nio's client configurations: `read` runs on a replica when
  /// there are some, `write` on the primary.
  public init(
    primary: PostgresClient.Configuration, replicas: [PostgresClient.Configuration] = [],
    configuration: Configuration = Configuration()
  ) {
    func client(_ clientConfiguration: PostgresClient.Configuration) -> PostgresClient {
      var clientConfiguration = clientConfiguration
      clientConfiguration.options.maximumConnections = configuration.maximumConnections
      return PostgresClient(configuration: clientConfiguration)
    }
    let primary = client(primary)
    let replicas = replicas.map(client)
    self.primary = primary
    self.replicas = replicas
    self.settings = Settings(
      logger: configuration.logger,
      queryLogger: Logger(label: "quarry.postgres", factory: { _ in SwiftLogNoOpLogHandler() }),
      logsArguments: configuration.logsArguments,
      showsArgumentsInErrors: configuration.showsArgumentsInErrors)
    let clients = [primary] + replicas
    runner = Task {
      await withDiscardingTaskGroup { group in
        for client in clients {
          group.addTask { await client.run() }
        }
      }
    }
  }

  deinit {
    runner.cancel()
  }

  /// Closes every connection. Running transactions fail; the database can't be used after.
  public func close() async {
    runner.cancel()
    await runner.value
  }

  /// Runs `body` in a read-only transaction that sees one snapshot of the database
  /// (`REPEATABLE READ`), on a replica when the database has some.
  public func read<Result: Sendable>(
    _ body: (PostgresSession) async throws -> Result
  ) async throws -> Result {
    let client = replicas.randomElement() ?? primary
    return try await transaction(
      on: client, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", body)
  }

  /// Runs `body` in a transaction on the primary: committed when it returns, rolled back when
  /// it throws.
  public func write<Result: Sendable>(
    _ body: (PostgresSession) async throws -> Result
  ) async throws -> Result {
    try await transaction(on: primary, begin: "BEGIN", body)
  }

  /// Runs `body` on a primary connection outside any transaction: for statements that can't
  /// run in one (`CREATE DATABASE`, `VACUUM`, `CREATE INDEX CONCURRENTLY`).
  public func writeWithoutTransaction<Result: Sendable>(
    _ body: (PostgresSession) async throws -> Result
  ) async throws -> Result {
    try await withConnection(on: primary) { session in
      try await body(session)
    }
  }

  private func transaction<Result: Sendable>(
    on client: PostgresClient, begin: String, _ body: (PostgresSession) async throws -> Result
  ) async throws -> Result {
    try await withConnection(on: client) { session in
      try await session.execute(sql: begin)
      let result: Result
      do {
        result = try await body(session)
      } catch {
        // The rollback's own failure (a broken connection) must not hide why it was needed.
        try? await session.execute(sql: "ROLLBACK")
        throw error
      }
      try await session.execute(sql: "COMMIT")
      return result
    }
  }

  private func withConnection<Result: Sendable>(
    on client: PostgresClient, _ body: (PostgresSession) async throws -> Result
  ) async throws -> Result {
    do {
      return try await client.withConnection { connection in
        // PostgreSQL stops a statement only when asked on another connection, which
        // postgres-nio doesn't do: a cancelled task closes its connection instead, so that it
        // waits no longer (the pool opens a new one, and the server rolls back).
        do {
          return try await withTaskCancellationHandler {
            try await body(
              PostgresSession(connection: connection, settings: settings, savepointDepth: 0))
          } onCancel: {
            let closed: EventLoopFuture<Void> = connection.close()
            _ = closed
          }
        } catch {
          // The pool must not lend the connection again before it is closed.
          if connection.isClosed || Task.isCancelled { try? await connection.closeFuture.get() }
          throw error
        }
      }
    } catch let error as PostgresError {
      throw Task.isCancelled ? error.cancelled : error
    } catch let error as QueryDecodingError {
      throw error
    } catch let error as PSQLError {
      let error = PostgresError(
        error, sql: nil, arguments: [], showsArguments: settings.showsArgumentsInErrors)
      throw Task.isCancelled ? error.cancelled : error
    }
  }
}
