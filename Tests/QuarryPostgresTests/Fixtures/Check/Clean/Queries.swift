// A fixture `quarry-postgres check` reads (not compiled): PostgreSQL literals that agree with
// the schema.
import Quarry

@Table
struct Reminder {
  let id: Int
  var title: String
  var isCompleted: Bool
}

let byID = #sql("SELECT title FROM reminders WHERE id = \(id)", as: String.self, dialect: .postgres)
let open = #sql(
  "SELECT \(Reminder.columns.title) FROM \(Reminder.self) WHERE NOT \(Reminder.columns.isCompleted)",
  as: String.self, dialect: .postgres)
let now = #sql("SELECT now()::text", as: String.self, dialect: .postgres)
