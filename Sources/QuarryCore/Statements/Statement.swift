/// A complete SQL statement that knows the Swift type of its rows.
///
/// `Reminder.where { … }` is a statement of `Reminder` rows; `.select { ($0.id, $0.title) }`
/// makes one of `(Int, String)` rows; inserts, updates and deletes have `Void` rows. A driver
/// runs statements and decodes their rows into `QueryValue`.
public protocol Statement<QueryValue>: QueryExpression {}
