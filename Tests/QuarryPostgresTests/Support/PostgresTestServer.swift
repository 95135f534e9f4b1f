import Foundation
import QuarryPostgres

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A throwaway PostgreSQL cluster for the test run: `initdb` into a temporary folder, a server
/// listening only on a Unix socket there, stopped and removed when the process exits.
///
/// `initdb` refuses to run as root, so as root the server runs as the `postgres` user (which
/// Debian's `postgresql` package creates). Where no server is installed, ``isAvailable`` is false
/// and the PostgreSQL tests are skipped, unless `QUARRY_REQUIRE_POSTGRES=1` (CI) makes them
/// fail instead.
enum PostgresTestServer {
  struct Server: Sendable {
    let folder: String
    let socketFolder: String
    let port: Int
    let binFolder: String
    let runAs: String?

    /// The URL of a database on the server.
    func url(database: String) -> String {
      "postgres://postgres@/\(database)?host=\(socketFolder)&port=\(port)"
    }
  }

  struct Unavailable: Error, CustomStringConvertible {
    var description: String
  }

  /// The server, started on first use.
  static let shared: Result<Server, Unavailable> = start()

  /// Whether PostgreSQL tests run: a server started, or CI requires them (and they fail).
  static var isEnabled: Bool {
    if case .success = shared { return true }
    return ProcessInfo.processInfo.environment["QUARRY_REQUIRE_POSTGRES"] == "1"
  }

  /// The server, or the reason there is none.
  static func server() throws -> Server {
    try shared.get()
  }

  private static let databaseCounter = Counter()

  /// Runs `body` with a new, empty database of its own, dropped afterwards.
  static func withDatabase<Result: Sendable>(
    configuration: PostgresDatabase.Configuration = PostgresDatabase.Configuration(),
    _ body: (PostgresDatabase) async throws -> Result
  ) async throws -> Result {
    let server = try server()
    let name = "quarry_test_\(getpid())_\(databaseCounter.next())"
    let admin = try PostgresDatabase(url: server.url(database: "postgres"))
    try await admin.writeWithoutTransaction {
      try await $0.execute(sql: "CREATE DATABASE \"\(name)\"")
    }
    let database = try PostgresDatabase(
      url: server.url(database: name), configuration: configuration)
    let result: Result
    do {
      result = try await body(database)
    } catch {
      await database.close()
      try? await admin.writeWithoutTransaction {
        try await $0.execute(sql: "DROP DATABASE \"\(name)\" WITH (FORCE)")
      }
      await admin.close()
      throw error
    }
    await database.close()
    try await admin.writeWithoutTransaction {
      try await $0.execute(sql: "DROP DATABASE \"\(name)\" WITH (FORCE)")
    }
    await admin.close()
    return result
  }

  private static func start() -> Result<Server, Unavailable> {
    let environment = ProcessInfo.processInfo.environment
    guard let binFolder = environment["QUARRY_POSTGRES_BIN"] ?? installedBinFolder() else {
      return .failure(
        Unavailable(
          description:
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): "
            + "`apt-get install postgresql`, or set QUARRY_POSTGRES_BIN"))
    }
    var runAs: String?
    if geteuid() == 0 {
      guard let user = getpwnam("postgres") else {
        return .failure(
          Unavailable(
            description: "running as root and there is no `postgres` user to run initdb as"))
      }
      runAs = "postgres"
      _ = user
    }
    var template = Array("/tmp/quarry-pg-XXXXXX".utf8CString)
    guard let created = mkdtemp(&template) else {
      return .failure(Unavailable(description: "cannot make a temporary folder"))
    }
    let folder = String(cString: created)
    if let runAs, let user = getpwnam(runAs) {
      chown(folder, user.pointee.pw_uid, user.pointee.pw_gid)
    }
    chmod(folder, 0o700)
    let data = folder + "/data"
    let log = folder + "/server.log"
    let port = 5432
    let initdb = run(
      binFolder + "/initdb",
      ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
      as: runAs, output: folder + "/initdb.log")
    guard initdb == 0 else {
      return .failure(
        Unavailable(description: "initdb failed (\(initdb)): see \(folder)/initdb.log"))
    }
    let options =
      "-k \(folder) -c listen_addresses='' -p \(port) -c fsync=off -c synchronous_commit=off "
      + "-c full_page_writes=off -c max_connections=200"
    let started = run(
      binFolder + "/pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"],
      as: runAs, output: folder + "/pg_ctl.log")
    guard started == 0 else {
      return .failure(
        Unavailable(description: "pg_ctl start failed (\(started)): see \(log)"))
    }
    let server = Server(
      folder: folder, socketFolder: folder, port: port, binFolder: binFolder, runAs: runAs)
    stopAtExit = server
    startedReplica = startReplica(of: server)
    atexit {
      if let replica = PostgresTestServer.stopReplicaAtExit {
        _ = PostgresTestServer.run(
          replica.binFolder + "/pg_ctl",
          ["-D", replica.folder + "/data", "-m", "immediate", "stop"],
          as: replica.runAs, output: "/dev/null")
      }
      guard let server = PostgresTestServer.stopAtExit else { return }
      _ = PostgresTestServer.run(
        server.binFolder + "/pg_ctl", ["-D", server.folder + "/data", "-m", "immediate", "stop"],
        as: server.runAs, output: "/dev/null")
      _ = PostgresTestServer.run("/bin/rm", ["-rf", server.folder], as: nil, output: "/dev/null")
    }
    return .success(server)
  }

  nonisolated(unsafe) static var stopAtExit: Server?
  nonisolated(unsafe) static var stopReplicaAtExit: Server?

  /// A streaming replica of the server (`pg_basebackup -R`), on a socket folder of its own.
  ///
  /// (Started with the server, before any test makes or drops a database: `DROP DATABASE …
  /// WITH (FORCE)` ends the base backup's connections.)
  static var replica: Result<Server, Unavailable> {
    switch shared {
    case .success: return startedReplica ?? .failure(Unavailable(description: "no replica"))
    case .failure(let reason): return .failure(reason)
    }
  }

  nonisolated(unsafe) private static var startedReplica: Result<Server, Unavailable>?

  private static func startReplica(of primary: Server) -> Result<Server, Unavailable> {
    let folder = primary.folder + "/replica"
    let made = run("/bin/mkdir", ["-m", "700", folder], as: primary.runAs, output: "/dev/null")
    guard made == 0 else { return .failure(Unavailable(description: "cannot make \(folder)")) }
    let data = folder + "/data"
    let backup = run(
      primary.binFolder + "/pg_basebackup",
      [
        "-D", data, "-R", "-h", primary.socketFolder, "-p", "\(primary.port)", "-U", "postgres",
        "-X", "stream", "--no-sync",
      ],
      as: primary.runAs, output: folder + "/basebackup.log")
    guard backup == 0 else {
      let log = (try? String(contentsOfFile: folder + "/basebackup.log", encoding: .utf8)) ?? ""
      return .failure(Unavailable(description: "pg_basebackup failed (\(backup)): \(log)"))
    }
    let port = primary.port + 1
    let options =
      "-k \(folder) -c listen_addresses='' -p \(port) -c fsync=off -c hot_standby=on "
      + "-c max_connections=200"
    let started = run(
      primary.binFolder + "/pg_ctl",
      ["-D", data, "-l", folder + "/server.log", "-o", options, "-w", "-t", "60", "start"],
      as: primary.runAs, output: folder + "/pg_ctl.log")
    guard started == 0 else {
      return .failure(
        Unavailable(description: "the replica did not start: see \(folder)/server.log"))
    }
    let replica = Server(
      folder: folder, socketFolder: folder, port: port, binFolder: primary.binFolder,
      runAs: primary.runAs)
    stopReplicaAtExit = replica
    return .success(replica)
  }

  private static func installedBinFolder() -> String? {
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return versions.compactMap(Int.init).sorted(by: >).lazy
      .map { "\(root)/\($0)/bin" }
      .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
  }

  /// Runs a program and waits for it, its output going to a file: the exit status, or -1.
  ///
  /// (posix_spawn and waitpid, not Foundation's `Process`: `pg_ctl` leaves the server running
  /// with the output it inherited, and a pipe would never close.)
  static func run(_ program: String, _ arguments: [String], as user: String?, output: String)
    -> Int32
  {
    var argv = [program] + arguments
    if let user { argv = ["/usr/sbin/runuser", "-u", user, "--"] + argv }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o666)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var cArguments = argv.map { strdup($0) }
    cArguments.append(nil)
    defer { for argument in cArguments { free(argument) } }
    var pid = pid_t()
    guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, environ) == 0 else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      if errno != EINTR { return -1 }
    }
    // WIFEXITED / WEXITSTATUS, which Swift doesn't import.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
  }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}
