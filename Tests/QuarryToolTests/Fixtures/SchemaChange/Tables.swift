// A fixture `quarry-schema migration` reads (not compiled): the reminders schema after a change.
import Quarry

@Table
struct RemindersList {
  let id: Int
  var title: String
  var color: Int
}

@Table
struct Reminder {
  let id: Int
  var title: String
  @Column("is_completed")
  var isCompleted: Bool
  var notes: String?
  var remindersListID: Int
  @Ephemeral
  var isSelected = false
}

@Table("tags")
struct Tag {
  let id: Int
  var name: String
}
