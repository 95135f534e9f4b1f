import Foundation
import Quarry
import Testing

@testable import QuarryPostgres

/// What needs no server: numbered placeholders, URLs, and the forms only PostgreSQL renders.
@Suite("PostgreSQL dialect, without a server")
struct PostgresDialectTests {
  @Test func placeholdersAreNumberedOutsideLiteralsNamesAndComments() {
    let (sql, count) = PostgresPlaceholders.number(
      Array(
        """
        SELECT ?, '?', 'it''s ?', E'\\' ?', "a?b", $$ ? $$, $body$ '?' $body$, ? -- ?
        /* ? /* ? */ ? */ FROM t WHERE a = ? AND b = $1x
        """.utf8))
    #expect(
      sql == """
        SELECT $1, '?', 'it''s ?', E'\\' ?', "a?b", $$ ? $$, $body$ '?' $body$, $2 -- ?
        /* ? /* ? */ ? */ FROM t WHERE a = $3 AND b = $1x
        """)
    #expect(count == 3)
  }

  @Test func unterminatedLiteralsKeepTheirText() {
    #expect(PostgresPlaceholders.number(Array("SELECT '?".utf8)) == ("SELECT '?", 0))
    #expect(PostgresPlaceholders.number(Array("SELECT $$ ?".utf8)) == ("SELECT $$ ?", 0))
    #expect(PostgresPlaceholders.number(Array("SELECT a$b, ?".utf8)) == ("SELECT a$b, $1", 1))
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

  @Test func dialectIsChosenByTheTaskThatBuilds() {
    let sqlite = DialectItem.where { $0.parentID.is($0.otherID) }.where { _ in true }.query.sql
    let postgres = SQLDialect.withValue(.postgres) {
      DialectItem.where { $0.parentID.is($0.otherID) }.where { _ in true }.query.sql
    }
    #expect(
      sqlite.hasSuffix(#"WHERE ("dialectItems"."parentID" IS "dialectItems"."otherID") AND 1"#))
    #expect(
      postgres.hasSuffix(
        #"WHERE ("dialectItems"."parentID" IS NOT DISTINCT FROM "dialectItems"."otherID") AND TRUE"#
      ))
    #expect(SQLDialect.current == .sqlite)
  }

  @Test func booleansBindAsBooleans() {
    #expect(DialectItem.where { $0.flag == true }.query.bindings == [.bool(true)])
    #expect(true.queryBinding.sqlLiteral == "1")
  }

  @Test func featuresWithoutAFormBindAnInvalidValueNamingTheAlternative() {
    let glob = SQLDialect.withValue(.postgres) { DialectItem.where { $0.name.glob("a*") }.query }
    guard case .invalid(let error) = glob.bindings.last else {
      Issue.record("GLOB rendered \(glob.sql)")
      return
    }
    #expect(error.message.hasPrefix("GLOB has no PostgreSQL form: use like(_:)"))
    let match = SQLDialect.withValue(.postgres) { DialectItem.where { $0.name.match("a") }.query }
    #expect(match.bindings.contains { if case .invalid = $0 { true } else { false } })
  }
}
