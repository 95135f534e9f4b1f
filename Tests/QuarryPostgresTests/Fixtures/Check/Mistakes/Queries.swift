// A fixture `quarry-postgres check` reads (not compiled): PostgreSQL literals, one naming a
// column the table doesn't have.
import Quarry

@Table
struct Reminder {
  let id: Int
  var title: String
  var isCompleted: Bool
}

let byID = #sql("SELECT title FROM reminders WHERE id = \(id)", as: String.self, dialect: .postgres)
let misspelled = #sql(
  "SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE titel ILIKE \(pattern)",
  as: String.self, dialect: .postgres)
let fragment = #sql("\"isCompleted\" AND titel <> ''", dialect: .postgres)
let sqlite = #sql("SELECT titel FROM reminders", as: String.self)
