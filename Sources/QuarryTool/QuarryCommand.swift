import ArgumentParser

@main
struct QuarryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quarry",
    abstract: "Type-safe SQL for Swift on SQLite.",
    subcommands: [Demo.self, Generate.self]
  )
}
