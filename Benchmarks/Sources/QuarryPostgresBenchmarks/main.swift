import Foundation

// W9: Quarry on PostgreSQL against postgres-nio used by hand, SQLKit (PostgresKit) and Fluent, on
// the same server, in one process. `Benchmarks/postgres-w9.sh` starts a throwaway server and runs
// this against it.
//
//   QuarryPostgresBenchmarks --postgres URL [--quick] [rounds=N] [W9F W9I W9L]
//                            [contender=NAME]

try await W9.run(CommandLine.arguments.dropFirst())
