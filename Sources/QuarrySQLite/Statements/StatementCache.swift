import CSQLite

/// What preparing SQL text found.
@usableFromInline
enum Preparation {
  /// No statement: only whitespace or comments.
  case empty
  /// One statement, ready to bind.
  case statement(PreparedStatement)
  /// More than one statement: run them in turn with ``Database/executeEach(utf8:arguments:)``.
  case several
}

/// The prepared statements of one connection, by SQL text: running the same SQL again resets and
/// rebinds its statement instead of preparing it again (preparing costs ten times the lookup).
///
/// A statement that is being stepped (by a cursor, or a fetch that runs a nested query) is
/// *busy*: it is never handed out twice, and the same SQL meanwhile gets a statement of its own
/// that is not kept. When the cache holds `capacity` statements, the one used least recently
/// makes room for the next.
@usableFromInline
package struct StatementCache {
  @usableFromInline var statements: [StatementKey: PreparedStatement] = [:]
  /// The statement used last, checked before the dictionary: a loop running one query compares
  /// bytes (often the very same array, which compares at once) instead of hashing them.
  @usableFromInline package var last: PreparedStatement?
  /// How many statements are kept at most.
  let capacity: Int
  /// Counts the times ``last`` changed: a statement's `lastUse` is the count when it stopped
  /// being the last one, so the statement with the lowest count is the least recently used.
  var useCount: UInt64 = 0

  /// Whether a new statement keeps a copy of its text instead of the caller's array: true where
  /// the text is a connection's render buffer, which the next statement is written into.
  let copiesText: Bool

  init(capacity: Int, copiesText: Bool) {
    self.capacity = capacity
    self.copiesText = copiesText
  }

  /// The idle statement for `utf8`, from the cache or newly prepared on `db` (and then kept,
  /// unless a busy statement with the same SQL is in the cache).
  @usableFromInline
  mutating func statement(for utf8: [UInt8], on db: Database) throws -> Preparation {
    if let last, !last.isBusy, last.utf8 == utf8 {
      return .statement(last)
    }
    let key = StatementKey(utf8)
    if let cached = statements[key] {
      if !cached.isBusy {
        use(cached)
        return .statement(cached)
      }
      // In use: a fresh one for this run, not kept.
      return try db.prepare(utf8: utf8)
    }
    // From a render buffer, the statement and its key keep a copy of the text, made to measure:
    // holding the buffer would make the next statement written into it copy it first, and
    // would keep its spare capacity for as long as the statement is cached. A schema's
    // pre-rendered text is kept as it is: the same array then compares at once with `last`.
    let text = copiesText ? utf8.withUnsafeBufferPointer { Array($0) } : utf8
    let preparation = try db.prepare(utf8: text)
    if case .statement(let prepared) = preparation {
      if statements.count >= capacity { evictLeastRecentlyUsed() }
      statements[StatementKey(text)] = prepared
      use(prepared)
    }
    return preparation
  }

  /// The number of statements kept.
  package var count: Int { statements.count }

  /// The statement kept for `sql`, if any.
  package func statement(sql: String) -> PreparedStatement? {
    statements[StatementKey(Array(sql.utf8))]
  }

  /// Whether a statement is kept for `sql`.
  package func contains(sql: String) -> Bool {
    statements[StatementKey(Array(sql.utf8))] != nil
  }

  private mutating func use(_ statement: PreparedStatement) {
    guard last !== statement else { return }
    useCount &+= 1
    last?.lastUse = useCount
    last = statement
  }

  /// Drops the idle statement used least recently (never the last one used).
  private mutating func evictLeastRecentlyUsed() {
    var oldest: (key: StatementKey, use: UInt64)?
    for (key, statement) in statements where !statement.isBusy && statement !== last {
      if oldest.map({ statement.lastUse < $0.use }) ?? true { oldest = (key, statement.lastUse) }
    }
    if let oldest { statements[oldest.key] = nil }
  }

  /// Finalizes every statement that is not in use.
  mutating func removeAll() {
    last = nil
    statements.removeAll()
  }
}

/// The statement cache's key: SQL text as UTF-8, hashed as one block of bytes (an array of
/// bytes would otherwise be hashed byte by byte).
@usableFromInline
struct StatementKey: Hashable {
  @usableFromInline let utf8: [UInt8]

  @inlinable
  init(_ utf8: [UInt8]) { self.utf8 = utf8 }

  @inlinable
  func hash(into hasher: inout Hasher) {
    utf8.withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
