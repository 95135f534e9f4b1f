import ArgumentParser

/// `quarry-schema`: what the `@Table` declarations of a package's sources say about a database.
@main
struct QuarrySchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "quarry-schema",
    abstract: "Compare a database with the @Table declarations of Swift sources.",
    subcommands: [Check.self, Migration.self]
  )
}
