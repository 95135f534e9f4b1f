import Foundation
import Quarry
import QuarrySQLite
import QuarryTestSupport
import Testing

/// A time stored in each of the three storages SQLite's date functions read.
@Table("moments") struct Moment: Equatable {
  let id: Int
  var at: Date
  @Column(as: Date.UnixTimeRepresentation.self) var unix: Date
  @Column(as: Date.JulianDayRepresentation.self) var julian: Date
  @Column(as: Date.UnixTimeRepresentation?.self) var confirmedAt: Date?
}

/// `$0.at.year`, `$0.at(.startOfMonth)` and their kin, for text, Unix-time and Julian-day dates.
@Suite("Typed date-time helpers")
struct TypedDateTimeTests {
  /// 2026-08-14 06:59:37.250 UTC.
  static let time = Date(timeIntervalSince1970: 1_786_690_777.25)

  static func database() throws -> Database {
    let db = try Database()
    try db.execute(
      sql: """
        CREATE TABLE "moments" (
          "id" INTEGER PRIMARY KEY, "at" TEXT NOT NULL, "unix" REAL NOT NULL,
          "julian" REAL NOT NULL, "confirmedAt" INTEGER
        ) STRICT
        """)
    try Moment.insert {
      Moment(id: 1, at: time, unix: time, julian: time, confirmedAt: nil)
    }.execute(db)
    return db
  }

  @Test func componentsOfEachStorage() throws {
    let db = try Self.database()
    let parts = try assertQuery(
      Moment.select { ($0.at.year, $0.unix.month, $0.julian.day, $0.at.hour, $0.unix.minute) },
      db: db,
      sql: """
        SELECT CAST(strftime('%Y', "moments"."at") AS INTEGER), \
        CAST(strftime('%m', "moments"."unix", 'unixepoch') AS INTEGER), \
        CAST(strftime('%d', "moments"."julian") AS INTEGER), \
        CAST(strftime('%H', "moments"."at") AS INTEGER), \
        CAST(strftime('%M', "moments"."unix", 'unixepoch') AS INTEGER)
        FROM "moments"
        """)
    #expect(parts.count == 1)
    #expect(parts[0] == (2026, 8, 14, 6, 59))
    let more = try Moment.select {
      ($0.at.second, $0.at.fractionalSecond, $0.at.weekday, $0.at.dayOfYear)
    }.fetchOne(db)
    #expect(more?.0 == 37)
    #expect(more?.1 == 37.25)
    #expect(more?.2 == 5)  // a Friday
    #expect(more?.3 == 226)
    #expect(try Moment.select { $0.at.strftime("%Y-%m") }.fetchOne(db) == "2026-08")
  }

  /// A modified date keeps the column's storage, so it decodes as a `Date` and compares with it.
  @Test func modifiedDatesKeepTheirStorage() throws {
    let db = try Self.database()
    let starts = try assertQuery(
      Moment.select {
        ($0.at(.startOfMonth), $0.unix(.startOfDay.hours(6)), $0.julian(.days(-14).startOfMonth))
      },
      db: db,
      sql: """
        SELECT strftime('%Y-%m-%d %H:%M:%f', "moments"."at", 'start of month'), \
        unixepoch("moments"."unix", 'unixepoch', 'start of day', '6 hours'), \
        julianday("moments"."julian", '-14 days', 'start of month')
        FROM "moments"
        """)
    let firstOfAugust = Date(timeIntervalSince1970: 1_785_542_400)
    #expect(starts.first?.0 == firstOfAugust)
    #expect(starts.first?.1.queryOutput == Date(timeIntervalSince1970: 1_786_687_200))
    #expect(starts.first?.2.queryOutput == Date(timeIntervalSince1970: 1_782_864_000))
    let milliseconds = try Moment.select { $0.at(.milliseconds(-250)) }.fetchOne(db)
    #expect(milliseconds == Date(timeIntervalSince1970: 1_786_690_777))
    let recent = try Moment.where { $0.at > $0.at(.days(-1)) && $0.at < ModifiedDate<Date>.now }
      .select { $0.id }.fetchAll(db)
    #expect(recent == [1])
    let chained = try Moment.select { $0.at(.startOfYear)(.months(7)) }.fetchOne(db)
    #expect(chained == firstOfAugust)
  }

  /// An optional date's component through `map`: `NULL` stays `NULL`.
  @Test func componentsOfAnOptionalDate() throws {
    let db = try Self.database()
    let years = try assertQuery(
      Moment.select { ($0.julian.year, $0.confirmedAt.map { $0.year }) }, db: db,
      sql: """
        SELECT CAST(strftime('%Y', "moments"."julian") AS INTEGER), \
        CASE WHEN "moments"."confirmedAt" IS NULL THEN NULL \
        ELSE CAST(strftime('%Y', "moments"."confirmedAt", 'unixepoch') AS INTEGER) END
        FROM "moments"
        """)
    #expect(years.first?.0 == 2026)
    #expect(years.first?.1 == nil)
  }
}
