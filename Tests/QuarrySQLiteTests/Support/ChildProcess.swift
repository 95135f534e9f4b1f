import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process the tests start: spawned with `posix_spawn` and reaped with `waitpid`, with a
/// deadline after which it is killed.
///
/// Not Foundation's `Process`: its `waitUntilExit()` blocks until Foundation's own monitor has
/// seen the child end, and a monitor that misses it blocks the waiting thread for good, past
/// every test's time limit.
final class ChildProcess: Sendable {
  /// How the child ended.
  enum Ending: Equatable, Sendable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It outlived its deadline, and was killed.
    case timedOut
  }

  /// What becomes of the child's standard output.
  enum Output {
    /// The same as the tests'.
    case inherited
    /// Thrown away.
    case discarded
    /// Read with ``readOutput(timeout:)``.
    case captured
  }

  let pid: pid_t
  /// The read end of the child's standard output, when it is captured; else -1.
  private let output: Int32

  /// Starts `executable` with `arguments` and the tests' environment.
  init(_ executable: URL, _ arguments: [String], output: Output = .inherited) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Both ends are marked to close on exec as soon as they are made, so that other children
    // don't keep them open; the copy of the write end that becomes this child's standard output
    // is not.
    var ends: [Int32] = [-1, -1]
    switch output {
    case .inherited:
      break
    case .discarded:
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    case .captured:
      guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      posix_spawn_file_actions_adddup2(&actions, ends[1], STDOUT_FILENO)
    }
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    let environment =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for string in argv + environment { free(string) }
    }
    // No signal blocked or ignored, whatever the spawning thread's state: a thread of
    // libdispatch's pools blocks signals, and a child would inherit that.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    var everySignal = sigset_t()
    sigfillset(&everySignal)
    sigdelset(&everySignal, SIGKILL)
    sigdelset(&everySignal, SIGSTOP)
    posix_spawnattr_setsigdefault(&attributes, &everySignal)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let code = posix_spawn(&pid, executable.path, &actions, &attributes, argv, environment)
    if output == .captured { close(ends[1]) }
    guard code == 0 else {
      if output == .captured { close(ends[0]) }
      throw POSIXError(.init(rawValue: code) ?? .EIO)
    }
    self.pid = pid
    self.output = output == .captured ? ends[0] : -1
  }

  deinit {
    if output >= 0 { close(output) }
  }

  /// What the child wrote to its captured output since the last read, waiting up to `timeout`
  /// seconds for something: empty when it wrote nothing meanwhile, or closed its output.
  func readOutput(timeout: Double = 30) -> [UInt8] {
    precondition(output >= 0, "the child's output is not captured")
    var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, Int32(timeout * 1_000)) == 1 else { return [] }
    var bytes = [UInt8](repeating: 0, count: 4_096)
    let count = bytes.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
    return Array(bytes.prefix(max(count, 0)))
  }

  /// Sends `signal` to the child.
  func send(_ signal: Int32) {
    _ = kill(pid, signal)
  }

  /// Waits on this thread until the child ends, for `timeout` seconds at most. (A child that
  /// can't be waited for, which only a bug here would cause, is said to exit with -1.)
  func waitForEnd(timeout: Double = 60) -> Ending {
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
      let reaped = waitpid(pid, &status, WNOHANG)
      if reaped == pid { return Self.ending(status) }
      if reaped < 0 && errno != EINTR { return .exited(-1) }
      if Date() >= deadline { break }
      usleep(2_000)
    }
    send(SIGKILL)
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return .timedOut
  }

  /// Waits until the child ends, for `timeout` seconds at most, on a thread of its own: none of
  /// Swift's cooperative threads is blocked meanwhile.
  func end(timeout: Double = 60) async -> Ending {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: self.waitForEnd(timeout: timeout)) }
    }
  }

  /// The ending a `waitpid` status describes (the `WIFEXITED` family, which Swift can't import).
  private static func ending(_ status: Int32) -> Ending {
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
  }
}
