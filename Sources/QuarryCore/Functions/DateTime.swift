// SQLite's date and time functions. Times are any expression SQLite understands as a time
// (ISO-8601 text, which is how Quarry stores `Date`, a Julian day, or `'now'`), followed by
// modifiers such as `'start of month'` or `'+1 day'`.
//
// On PostgreSQL they render as `to_char` of the time read as a `timestamptz` in UTC, with
// `'start of day|month|year'` as `date_trunc` and `'±N days|hours|minutes|seconds'` as interval
// arithmetic; other modifiers, and `strftime` specifiers `to_char` lacks, are refused.

extension SQLFunctions {
  /// `date(time, modifiers…)`: `YYYY-MM-DD`.
  ///
  /// `SQLFunctions.date(SQLFunctions.now, "+1 day")` renders `date('now', '+1 day')`.
  public static func date(_ time: some QueryExpression, _ modifiers: String...)
    -> SQLQueryExpression<String?>
  {
    call("date", time, modifiers)
  }

  /// `time(time, modifiers…)`: `HH:MM:SS`.
  ///
  /// `SQLFunctions.time(SQLFunctions.now)` renders `time('now')`.
  public static func time(_ time: some QueryExpression, _ modifiers: String...)
    -> SQLQueryExpression<String?>
  {
    call("time", time, modifiers)
  }

  /// `datetime(time, modifiers…)`: `YYYY-MM-DD HH:MM:SS`.
  ///
  /// `SQLFunctions.datetime(SQLFunctions.now, "start of day")` renders `datetime('now', 'start of day')`.
  public static func datetime(_ time: some QueryExpression, _ modifiers: String...)
    -> SQLQueryExpression<String?>
  {
    call("datetime", time, modifiers)
  }

  /// `julianday(time, modifiers…)`: days since noon in Greenwich on November 24, 4714 B.C.
  ///
  /// `SQLFunctions.julianday(SQLFunctions.now)` renders `julianday('now')`.
  public static func julianday(_ time: some QueryExpression, _ modifiers: String...)
    -> SQLQueryExpression<Double?>
  {
    call("julianday", time, modifiers)
  }

  /// `unixepoch(time, modifiers…)`: seconds since 1970 (SQLite 3.38 and later).
  ///
  /// `SQLFunctions.unixepoch(SQLFunctions.now)` renders `unixepoch('now')`.
  public static func unixepoch(_ time: some QueryExpression, _ modifiers: String...)
    -> SQLQueryExpression<Int?>
  {
    call("unixepoch", time, modifiers)
  }

  /// `strftime(?, time, modifiers…)`: the time formatted with `format` (`%Y-%m-%d`, …).
  ///
  /// `SQLFunctions.strftime("%Y", SQLFunctions.now)` renders `strftime('%Y', 'now')`.
  public static func strftime(
    _ format: String, _ time: some QueryExpression, _ modifiers: String...
  ) -> SQLQueryExpression<String?> {
    SQLQueryExpression(operand: .dateTime("strftime", time, modifiers, format: format))
  }

  /// The current time as a time value: `'now'`.
  ///
  /// `SQLFunctions.now` renders `'now'`.
  public static var now: BoundValue<String> { BoundValue("now") }

  private static func call<Value>(
    _ name: String, _ time: some QueryExpression, _ modifiers: [String]
  ) -> SQLQueryExpression<Value> {
    SQLQueryExpression(operand: .dateTime(name, time, modifiers))
  }
}

extension QueryFragment {
  /// A call of one of SQLite's date-time functions.
  static func dateTime<Time: QueryExpression>(
    _ function: String, _ time: Time, _ modifiers: [String], format: String? = nil
  ) -> QueryFragment {
    .form(
      .dateTime(
        DateTimeCall(
          function, time: time.queryFragment, timeType: SQLType(Time.QueryValue.self),
          modifiers: modifiers, format: format)))
  }
}
