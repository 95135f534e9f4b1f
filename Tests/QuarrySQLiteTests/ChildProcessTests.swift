import Foundation
import Testing

/// The tests' child processes end within their deadline, whatever the child does.
@Suite("Child processes", .timeLimit(.minutes(1)))
struct ChildProcessTests {
  private let shell = URL(fileURLWithPath: "/bin/sh")

  @Test func anExitAndASignalAreTold() async throws {
    #expect(try await ChildProcess(shell, ["-c", "exit 3"]).end() == .exited(3))
    #expect(try await ChildProcess(shell, ["-c", "kill -TERM $$"]).end() == .signalled(SIGTERM))
  }

  @Test func aChildPastItsDeadlineIsKilled() throws {
    let child = try ChildProcess(shell, ["-c", "sleep 30"])
    let start = Date()
    #expect(child.waitForEnd(timeout: 0.2) == .timedOut)
    #expect(Date().timeIntervalSince(start) < 20)
    // Reaped: nothing is left to wait for.
    #expect(kill(child.pid, 0) == -1)
  }

  @Test func capturedOutputIsReadWithADeadline() throws {
    let child = try ChildProcess(shell, ["-c", "echo 1; sleep 30"], output: .captured)
    #expect(String(decoding: child.readOutput(), as: UTF8.self) == "1\n")
    // Nothing more within the deadline: an empty read, not a wait for good.
    #expect(child.readOutput(timeout: 0.2).isEmpty)
    child.send(SIGKILL)
    #expect(child.waitForEnd() == .signalled(SIGKILL))
  }
}
