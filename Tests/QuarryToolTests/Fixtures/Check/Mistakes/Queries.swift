// A fixture `quarry-schema check` reads (not compiled): literals with known mistakes.
import Quarry

let titles = #sql("SELECT title FROM reminders", as: String.self)
let misspelled = #sql("SELECT titel FROM reminders", as: String.self)
let noSuchTable = #sql("SELECT count(*) FROM remindrs", as: Int.self)
let interpolated = #sql(
  "SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE \(Reminder.columns.id) = \(id)",
  as: String.self)
let wrongColumnName = #sql(
  "UPDATE \(Reminder.self) SET \"is_completed\" = 1 WHERE \(Reminder.columns.id) = \(id)")
let fragment = #sql("titel LIKE 'A%'")
let postgres = #sql("SELECT now()", dialect: .postgres)
