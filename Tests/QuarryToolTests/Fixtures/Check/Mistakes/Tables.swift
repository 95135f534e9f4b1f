// A fixture `quarry-schema check` reads (not compiled): a table the schema doesn't match.
import Quarry

@Table
struct Reminder {
  let id: Int
  var title: String
  var isCompleted: Bool
  var dueDate: String?
}
