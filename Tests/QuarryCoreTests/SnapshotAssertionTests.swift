import InlineSnapshotTesting
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

@Suite("assertQuery's recorded snapshots")
struct SnapshotAssertionTests {
  @Test func aMismatchIsReportedWithADiff() throws {
    let db = try usersDatabase()
    // Never re-recorded, even under SNAPSHOT_TESTING_RECORD=all: these snapshots are wrong on
    // purpose. `withKnownIssue` fails the test when no matching issue is recorded, so this
    // fails if a mismatch ever goes unreported (as does the next test for a failing statement).
    withSnapshotTesting(record: .never) {
      withKnownIssue {
        assertQuery(User.select { $0.id }.where { $0.id == 1 }, db: db) {
          """
          SELECT "users"."id"
          FROM "users"
          WHERE ("users"."id" = 2)
          """
        } results: {
          """
          ┌───┐
          │ 1 │
          └───┘
          """
        }
      } matching: { issue in
        let text = issue.description
        return text.contains("SQL differs") && text.contains(#"−WHERE ("users"."id" = 2)"#)
          && text.contains(#"+WHERE ("users"."id" = 1)"#)
      }
    }
  }

  @Test func aStatementThatFailsIsReported() throws {
    let db = try usersDatabase()
    try db.execute(sql: #"DROP TABLE "posts""#)
    withSnapshotTesting(record: .never) {
      withKnownIssue {
        assertQuery(Post.select { $0.id }, db: db) {
          """
          SELECT "posts"."id"
          FROM "posts"
          """
        }
      } matching: { issue in
        issue.description.contains("failed to run") && issue.description.contains("no such table")
      }
    }
  }

  @Test func emptyResultsAndMultiLineCells() {
    #expect(resultTable([]) == "(no rows)")
    let table = resultTable([["1", "A(\n  x: 1\n)"], ["22", "nil"]])
    #expect(
      table == """
        ┌────┬────────┐
        │ 1  │ A(     │
        │    │   x: 1 │
        │    │ )      │
        ├────┼────────┤
        │ 22 │ nil    │
        └────┴────────┘
        """)
  }

  @Test func sqlLayoutLeavesLiteralsAndSubqueriesAlone() {
    let sql = formattedSQL(
      #"SELECT 'x FROM y' FROM "t" WHERE ("a" IN (SELECT "b" FROM "u")) ORDER BY "a" LIMIT 1"#)
    #expect(
      sql == """
        SELECT 'x FROM y'
        FROM "t"
        WHERE ("a" IN (SELECT "b" FROM "u"))
        ORDER BY "a"
        LIMIT 1
        """)
  }
}
