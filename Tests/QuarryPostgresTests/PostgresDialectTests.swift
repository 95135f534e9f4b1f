import Foundation
import Quarry
import Testing

@testable import QuarryPostgres

/// What needs no server: numbered placeholders, URLs, and the forms only PostgreSQL renders.
@Suite("PostgreSQL dialect, without a server")
struct PostgresDialectTests {
  @Test func placeholdersAreNumberedWhereTheValuesAre() {
    // A `?` the user wrote inside quotes or a comment is text: only bound values are numbered.
    let fragment: QueryFragment =
      "SELECT \(1), '?', \"a?b\", \(true) -- ?\n/* ? */ FROM t WHERE a = \("x") AND b ? 'k'"
    #expect(
      fragment.sql(for: .postgres)
        == "SELECT $1, '?', \"a?b\", $2 -- ?\n/* ? */ FROM t WHERE a = $3 AND b ? 'k'")
    #expect(fragment.sql(for: .sqlite) == fragment.sql)
    #expect(
      fragment.inlinedSQL(for: .postgres)
        == "SELECT 1, '?', \"a?b\", TRUE -- ?\n/* ? */ FROM t WHERE a = 'x' AND b ? 'k'")
  }

  @Test func urls() throws {
    let tcp = try PostgresURL("postgres://app:secret@db.example:6432/reminders?sslmode=disable")
    #expect(tcp.host == "db.example")
    #expect(tcp.port == 6432)
    #expect(tcp.user == "app")
    #expect(tcp.password == "secret")
    #expect(tcp.database == "reminders")
    #expect(tcp.sslMode == "disable")
    let socket = try PostgresURL("postgresql://app@/reminders?host=/var/run/postgresql")
    #expect(socket.socketFolder == "/var/run/postgresql")
    #expect(socket.clientConfiguration.unixSocketPath == "/var/run/postgresql/.s.PGSQL.5432")
    let defaults = try PostgresURL("postgres://localhost")
    #expect(defaults.user == "postgres")
    #expect(defaults.database == "postgres")
    for bad in ["mysql://localhost/db", "postgres:///db", "postgres://h/db?sslmode=maybe"] {
      #expect(throws: PostgresError.self) { try PostgresURL(bad) }
    }
  }

  @Test func aStatementBuiltOnceRendersForEachDialect() {
    let statement = DialectItem.where { $0.parentID.is($0.otherID) }.where { _ in true }
    let sqlite = statement.sql(for: .sqlite)
    let postgres = statement.query.rendered(for: .postgres).sql
    #expect(
      sqlite.hasSuffix(#"WHERE ("dialectItems"."parentID" IS "dialectItems"."otherID") AND 1"#))
    #expect(
      postgres.hasSuffix(
        #"WHERE ("dialectItems"."parentID" IS NOT DISTINCT FROM "dialectItems"."otherID") AND TRUE"#
      ))
    #expect(sqlite == statement.query.sql)
  }

  @Test func booleansBindAsBooleans() {
    #expect(DialectItem.where { $0.flag == true }.query.bindings == [.bool(true)])
    #expect(true.queryBinding.sqlLiteral == "1")
  }

  @Test func featuresWithoutAFormBindAnInvalidValueNamingTheAlternative() {
    let glob = DialectItem.where { $0.name.glob("a*") }.query.rendered(for: .postgres)
    guard case .invalid(let error) = glob.bindings.last else {
      Issue.record("GLOB rendered \(glob.sql)")
      return
    }
    #expect(error.message.hasPrefix("GLOB has no PostgreSQL form: use like(_:)"))
    let match = DialectItem.where { $0.name.match("a") }.query.rendered(for: .postgres)
    #expect(match.bindings.contains { if case .invalid = $0 { true } else { false } })
  }

  @Test func sqliteOnlyFunctionsAndStatementsAreRefusedNamingTheAlternative() {
    func refusal(_ fragment: QueryFragment) -> String? {
      for case .invalid(let error) in fragment.bindings { return error.message }
      return nil
    }
    let refused: [(String, QueryFragment)] = {
      [
        (
          "A temporary trigger",
          DialectItem.createTemporaryTrigger("t", after: .insert) { _ in
            DialectItem.delete()
          }.queryFragment
        ),
        (
          "CREATE VIEW IF NOT EXISTS",
          DialectItem.createTemporaryView(
            ifNotExists: true, as: DialectItem.all
          ).queryFragment
        ),
        ("printf()", DialectItem.select { SQLFunctions.printf("%d", $0.id) }.query),
        ("typeof()", DialectItem.select { $0.id.typeof() }.query),
        ("hex()", DialectItem.select { $0.name.hex() }.query),
        ("random() as a 64-bit integer", DialectItem.select { _ in SQLFunctions.random() }.query),
        ("The NOCASE collation", DialectItem.order { $0.name.collate(.nocase) }.query),
        (
          "The date modifier '+1 month'",
          DialectItem.select { _ in SQLFunctions.date(SQLFunctions.now, "+1 month") }.query
        ),
        (
          "The date modifier 'localtime'",
          DialectItem.select { _ in SQLFunctions.date(SQLFunctions.now, "localtime") }.query
        ),
        (
          "strftime's %w",
          DialectItem.select { _ in SQLFunctions.strftime("%w", SQLFunctions.now) }.query
        ),
        (
          "Scalar max() of optional values",
          DialectItem.select { SQLFunctions.max($0.parentID, $0.otherID) }.query
        ),
      ]
    }()
    for (feature, built) in refused {
      let fragment = built.rendered(for: .postgres)
      let message = refusal(fragment)
      #expect(
        message?.hasPrefix("\(feature) has no PostgreSQL form: ") == true,
        "\(feature): \(message ?? fragment.sql)")
    }
    // A refusal inside a view, whose values are written in as literals, still refuses.
    let view = DialectItem.createTemporaryView(as: DialectItem.where { $0.name.glob("a*") })
      .queryFragment.rendered(for: .postgres)
    #expect(refusal(view)?.hasPrefix("GLOB has no PostgreSQL form: ") == true, "\(view.sql)")
    #expect(view.sql.contains("CREATE TEMPORARY VIEW"))
    // SQLite's SQL is untouched.
    #expect(refusal(DialectItem.select { SQLFunctions.printf("%d", $0.id) }.query) == nil)
  }
}
