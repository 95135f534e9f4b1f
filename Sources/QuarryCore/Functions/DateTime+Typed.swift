import Foundation

// Typed date-time helpers on date columns, whatever their storage: `$0.dueAt.year`,
// `$0.dueAt(.startOfMonth)`, `$0.dueAt(.days(1).startOfDay)`. Each reads the column as SQLite's
// date functions do (ISO-8601 text, seconds since 1970 with 'unixepoch', or a Julian day), and
// a modified date is written back in the column's own storage, so it compares with the column.
// On PostgreSQL they render through the same forms as `SQLFunctions.date(…)` and its kin.

/// How a date is stored, which SQLite's date functions read: `Date` (ISO-8601 text),
/// `Date.UnixTimeRepresentation` and `Date.JulianDayRepresentation`.
public protocol DateStorage: QueryBindable {
  /// The SQL function that gives a time in this storage: `julianday`, `unixepoch`, or
  /// `strftime`, with ``dateFormat``.
  static var dateFunction: String { get }
  /// The format of ``dateFunction`` when it is `strftime`: the ISO-8601 text Quarry stores.
  static var dateFormat: String? { get }
  /// Whether the stored value is a number (a Julian day, or seconds since 1970), not text.
  static var isStoredAsNumber: Bool { get }
  /// The modifiers that tell SQLite's date functions how to read the stored value
  /// (`'unixepoch'`).
  static var readingModifiers: [String] { get }
}

extension DateStorage {
  public static var dateFormat: String? { nil }
  public static var readingModifiers: [String] { [] }
  /// The SQL type of a stored date.
  static var storedType: SQLType { isStoredAsNumber ? .real : .timestamp }
}

extension Date: DateStorage {
  public static var dateFunction: String { "strftime" }
  public static var dateFormat: String? { "%Y-%m-%d %H:%M:%f" }
  public static var isStoredAsNumber: Bool { false }
}

extension Date.UnixTimeRepresentation: DateStorage {
  public static var dateFunction: String { "unixepoch" }
  public static var isStoredAsNumber: Bool { true }
  public static var readingModifiers: [String] { ["unixepoch"] }
}

extension Date.JulianDayRepresentation: DateStorage {
  public static var dateFunction: String { "julianday" }
  public static var isStoredAsNumber: Bool { true }
}

/// Changes to a date, in order, as SQLite's date functions apply them: `.startOfMonth`,
/// `.days(1)`, `.months(-1).startOfDay`.
@dynamicMemberLookup
public struct DateTimeModifier: Hashable, Sendable {
  /// The modifiers, as SQLite spells them: `'start of month'`, `'+1 days'`.
  public var modifiers: [String] = []

  /// No change.
  public init() {}

  /// `count` years later (earlier when negative).
  public static func years(_ count: Int) -> Self { Self().years(count) }
  /// `count` months later (earlier when negative).
  public static func months(_ count: Int) -> Self { Self().months(count) }
  /// `count` days later (earlier when negative).
  public static func days(_ count: Int) -> Self { Self().days(count) }
  /// `count` hours later (earlier when negative).
  public static func hours(_ count: Int) -> Self { Self().hours(count) }
  /// `count` minutes later (earlier when negative).
  public static func minutes(_ count: Int) -> Self { Self().minutes(count) }
  /// `count` seconds later (earlier when negative).
  public static func seconds(_ count: Double) -> Self { Self().seconds(count) }
  /// `count` milliseconds later (earlier when negative).
  public static func milliseconds(_ count: Int) -> Self { Self().milliseconds(count) }
  /// Midnight of the day.
  public static var startOfDay: Self { Self().startOfDay }
  /// The first of the month, at midnight.
  public static var startOfMonth: Self { Self().startOfMonth }
  /// January 1, at midnight.
  public static var startOfYear: Self { Self().startOfYear }
  /// The next day that is weekday `day` (0 is Sunday), or the same day if it is one.
  public static func weekday(_ day: Int) -> Self { Self().weekday(day) }

  /// Then `count` years later.
  public func years(_ count: Int) -> Self { appending("\(count) years") }
  /// Then `count` months later.
  public func months(_ count: Int) -> Self { appending("\(count) months") }
  /// Then `count` days later.
  public func days(_ count: Int) -> Self { appending("\(count) days") }
  /// Then `count` hours later.
  public func hours(_ count: Int) -> Self { appending("\(count) hours") }
  /// Then `count` minutes later.
  public func minutes(_ count: Int) -> Self { appending("\(count) minutes") }
  /// Then `count` seconds later. A non-finite count traps: it is no time.
  public func seconds(_ count: Double) -> Self {
    precondition(count.isFinite, "a date modifier needs a finite number of seconds")
    return appending("\(count) seconds")
  }
  /// Then `count` milliseconds later.
  public func milliseconds(_ count: Int) -> Self {
    let sign = count < 0 ? "-" : ""
    let fraction = String(count.magnitude % 1000 + 1000).dropFirst()
    return appending("\(sign)\(count.magnitude / 1000).\(fraction) seconds")
  }
  /// Then midnight of the day.
  public var startOfDay: Self { appending("start of day") }
  /// Then the first of the month.
  public var startOfMonth: Self { appending("start of month") }
  /// Then January 1.
  public var startOfYear: Self { appending("start of year") }
  /// Then the next weekday `day` (0 is Sunday).
  public func weekday(_ day: Int) -> Self { appending("weekday \(day)") }

  /// A change of the static ones after this one: `.startOfMonth.days(-1)` reads as
  /// `.startOfMonth` then `.days(-1)`; this gives `.days(1).startOfMonth` as well.
  public subscript(dynamicMember keyPath: KeyPath<Self.Type, Self>) -> Self {
    Self(modifiers: modifiers + Self.self[keyPath: keyPath].modifiers)
  }

  init(modifiers: [String]) { self.modifiers = modifiers }

  private func appending(_ modifier: String) -> Self { Self(modifiers: modifiers + [modifier]) }
}

/// A date changed by modifiers, in the storage of the date it changes: what
/// `$0.dueAt(.startOfMonth)` gives, and `.now`.
public struct ModifiedDate<QueryValue: DateStorage>: QueryExpression, Sendable {
  let time: QueryFragment
  let timeType: SQLType?
  let modifiers: [String]

  public func write(to fragment: inout QueryFragment) {
    let call = QueryFragment.form(
      .dateTime(
        DateTimeCall(
          QueryValue.dateFunction, time: time, timeType: timeType, modifiers: modifiers,
          format: QueryValue.dateFormat)))
    // Typed, so that PostgreSQL compares it with the column (a `timestamptz`, not text).
    if QueryValue.isStoredAsNumber {
      fragment.append(form: .typed(call, .real))
    } else {
      fragment.append(form: .utcTimestamp(call))
    }
  }
}

extension QueryExpression where Self == ModifiedDate<Date> {
  /// The database's current time, in `Date`'s storage. (Where a Swift `Date` is accepted too, as
  /// in a comparison with a column, `.now` is Swift's `Date.now`, bound: the time the statement
  /// was built.)
  ///
  /// `Event.where { $0.startsAt < ModifiedDate<Date>.now }.select { $0.id }` renders `SELECT "events"."id" FROM "events" WHERE ("events"."startsAt" < strftime('%Y-%m-%d %H:%M:%f', 'now'))`.
  public static var now: Self {
    ModifiedDate(time: "'now'", timeType: .text, modifiers: [])
  }
}

extension QueryExpression where QueryValue: DateStorage {
  /// The date changed by `modifier`, in the same storage: `$0.dueAt(.startOfMonth)`.
  ///
  /// `Event.select { $0.startsAt(.startOfMonth.days(1)) }` renders `SELECT strftime('%Y-%m-%d %H:%M:%f', "events"."startsAt", 'start of month', '1 days') FROM "events"`.
  public func callAsFunction(_ modifier: DateTimeModifier) -> ModifiedDate<QueryValue> {
    let time = readTime
    return ModifiedDate(
      time: time.fragment, timeType: time.type, modifiers: time.modifiers + modifier.modifiers)
  }

  /// `strftime(format, date)`: the date formatted (`%Y-%m-%d`, …).
  ///
  /// `Event.select { $0.startsAt.strftime("%Y-%m") }` renders `SELECT strftime('%Y-%m', "events"."startsAt") FROM "events"`.
  public func strftime(_ format: String) -> SQLQueryExpression<String?> {
    let time = readTime
    return SQLQueryExpression(
      operand:
        .form(
          .dateTime(
            DateTimeCall(
              "strftime", time: time.fragment, timeType: time.type, modifiers: time.modifiers,
              format: format))))
  }

  /// The year: `CAST(strftime('%Y', date) AS INTEGER)`.
  ///
  /// `Event.where { $0.startsAt.year == 2026 }.select { $0.id }` renders `SELECT "events"."id" FROM "events" WHERE (CAST(strftime('%Y', "events"."startsAt") AS INTEGER) = 2026)`.
  public var year: SQLQueryExpression<Int> { component("%Y") }
  /// The month, 1 to 12.
  public var month: SQLQueryExpression<Int> { component("%m") }
  /// The day of the month, 1 to 31.
  public var day: SQLQueryExpression<Int> { component("%d") }
  /// The hour, 0 to 23 (UTC).
  public var hour: SQLQueryExpression<Int> { component("%H") }
  /// The minute, 0 to 59.
  public var minute: SQLQueryExpression<Int> { component("%M") }
  /// The second, 0 to 59.
  public var second: SQLQueryExpression<Int> { component("%S") }
  /// The seconds with their fraction, `7.25`.
  public var fractionalSecond: SQLQueryExpression<Double> { component("%f") }
  /// The day of the week, 0 (Sunday) to 6. (PostgreSQL refuses it: its `to_char` counts from 1.)
  public var weekday: SQLQueryExpression<Int> { component("%w") }
  /// The day of the year, 1 to 366.
  public var dayOfYear: SQLQueryExpression<Int> { component("%j") }

  /// The time SQLite's date functions read: the stored value and the modifiers that say how
  /// to read it; for a date changed already, the time it changed and all its modifiers.
  private var readTime: (fragment: QueryFragment, type: SQLType?, modifiers: [String]) {
    if let modified = self as? ModifiedDate<QueryValue> {
      return (modified.time, modified.timeType, modified.modifiers)
    }
    return (queryFragment, QueryValue.storedType, QueryValue.readingModifiers)
  }

  private func component<Value>(_ format: String) -> SQLQueryExpression<Value> {
    let type: SQLType = Value.self == Double.self ? .real : .integer
    var fragment = QueryFragment(sql: "CAST(")
    fragment.append(strftime(format))
    fragment.append(sql: " AS ")
    fragment.append(form: .typeName(type))
    fragment.append(sql: ")")
    return SQLQueryExpression(operand: fragment)
  }
}
