import QuarryCore

extension DatabaseWriter {
  /// The values of `fetch`, live: the current one at once, then a new one after each committed
  /// transaction that changed a table column it reads. A ``DatabasePool`` fetches on a reader,
  /// a ``DatabaseQueue`` after the writer's transaction, never on the main actor.
  ///
  /// ```swift
  /// for try await (lists, count) in pool.observe({ db in
  ///   (try RemindersList.all.fetchAll(db), try Reminder.where { !$0.isCompleted }.fetchCount(db))
  /// }) { … }
  /// ```
  ///
  /// A consumer slower than the commits gets the newest value, never a backlog. A fetch that
  /// throws ends the sequence with its error; cancelling the consuming task ends the
  /// observation.
  public func observe<Value: Sendable>(
    _ fetch: @escaping @Sendable (Database) throws -> Value
  ) -> AsyncThrowingStream<Value, any Error> {
    liveValues(key: nil, isEqual: nil, fetch: fetch)
  }

  /// The values of `fetch`, live, without consecutive duplicates: see the `observe(_:)` that
  /// takes a closure.
  public func observe<Value: Sendable & Equatable>(
    _ fetch: @escaping @Sendable (Database) throws -> Value
  ) -> AsyncThrowingStream<Value, any Error> {
    liveValues(key: nil, isEqual: isEqual(Value.self), fetch: fetch)
  }

  /// The rows of `statement`, live: the current rows at once, then new rows after each
  /// committed transaction that changed a table column the statement reads. Observations of
  /// the same SQL and bindings share one fetch.
  ///
  /// ```swift
  /// for try await open in queue.observe(Reminder.where { !$0.isCompleted }) { … }
  /// ```
  public func observe<S: Statement>(_ statement: S) -> AsyncThrowingStream<
    [S.QueryValue], any Error
  >
  where S.QueryValue: QueryDecodable & Sendable {
    liveValues(
      key: key(statement, .all, [S.QueryValue].self), isEqual: nil, fetch: fetchAll(statement))
  }

  /// The rows of `statement`, live, without consecutive duplicates.
  public func observe<S: Statement>(_ statement: S) -> AsyncThrowingStream<
    [S.QueryValue], any Error
  >
  where S.QueryValue: QueryDecodable & Sendable & Equatable {
    liveValues(
      key: key(statement, .all, [S.QueryValue].self), isEqual: isEqual([S.QueryValue].self),
      fetch: fetchAll(statement))
  }

  /// The first row of `statement` (nil when it has none), live.
  public func observeOne<S: Statement>(_ statement: S) -> AsyncThrowingStream<
    S.QueryValue?, any Error
  > where S.QueryValue: QueryDecodable & Sendable {
    liveValues(
      key: key(statement, .one, S.QueryValue?.self), isEqual: nil, fetch: fetchOne(statement))
  }

  /// The first row of `statement` (nil when it has none), live, without consecutive duplicates.
  public func observeOne<S: Statement>(_ statement: S) -> AsyncThrowingStream<
    S.QueryValue?, any Error
  > where S.QueryValue: QueryDecodable & Sendable & Equatable {
    liveValues(
      key: key(statement, .one, S.QueryValue?.self), isEqual: isEqual(S.QueryValue?.self),
      fetch: fetchOne(statement))
  }

  /// The number of rows of `statement`, live, without consecutive duplicates.
  public func observeCount<S: Statement>(_ statement: S) -> AsyncThrowingStream<Int, any Error> {
    var fragment = QueryFragment(sql: "SELECT count(*) FROM ")
    statement.write(to: &fragment)
    let count = fragment
    return liveValues(
      key: ObservationKey(
        sql: count.text, bindings: count.values, form: .count, valueType: ObjectIdentifier(Int.self)
      ),
      isEqual: isEqual(Int.self),
      fetch: { db in try db.fetchOne(count) { try $0.decode(Int.self) } ?? 0 })
  }

  /// The number of live observations and of the distinct fetches they share.
  package var liveObservationCounts: (subscribers: Int, fetches: Int) {
    guard let host = self as? any ObservationHost else { return (0, 0) }
    return (host.observationBroker.subscriberCount, host.observationBroker.fetchCount)
  }

  /// The fetches live observations have run, and the observations commits have looked at.
  package var liveObservationWork: (fetchesRun: Int, entriesChecked: Int) {
    guard let host = self as? any ObservationHost else { return (0, 0) }
    return host.observationBroker.workDone
  }

  private func liveValues<Value: Sendable>(
    key: ObservationKey?, isEqual: ObservationBroker.Equality?,
    fetch: @escaping @Sendable (Database) throws -> Value
  ) -> AsyncThrowingStream<Value, any Error> {
    AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      guard let host = self as? any ObservationHost else {
        continuation.finish(
          throwing: DatabaseError(
            resultCode: DatabaseError.misuse,
            message: "only a DatabaseQueue or a DatabasePool can be observed"))
        return
      }
      let broker = host.observationBroker
      let subscriber = ObservationBroker.Subscriber(
        yield: { value in
          if let value = value as? Value { continuation.yield(value) }
        },
        finish: { error in continuation.finish(throwing: error) })
      let id = broker.subscribe(key: key, fetch: fetch, isEqual: isEqual, subscriber: subscriber)
      continuation.onTermination = { _ in broker.unsubscribe(id) }
    }
  }
}

private func isEqual<Value: Equatable & Sendable>(_: Value.Type) -> ObservationBroker.Equality {
  { ($0 as? Value) == ($1 as? Value) }
}

private func key<S: Statement, Value>(
  _ statement: S, _ form: ObservationKey.Form, _: Value.Type
) -> ObservationKey {
  let fragment = statement.query
  return ObservationKey(
    sql: fragment.text, bindings: fragment.values, form: form,
    valueType: ObjectIdentifier(Value.self))
}

private func fetchAll<S: Statement>(_ statement: S) -> @Sendable (Database) throws -> [S.QueryValue]
where S.QueryValue: QueryDecodable & Sendable {
  let fragment = statement.query
  guard let table = statement.resultColumnsTable else {
    return { db in try db.fetchAll(fragment) { try S.QueryValue(decoder: &$0) } }
  }
  return { db in
    try db.fetchAll(
      fragment, columnsOf: table, decodeRow: { try S.QueryValue(decoder: &$0) },
      decodeKnownRow: { try S.QueryValue(decoder: &$0) })
  }
}

private func fetchOne<S: Statement>(_ statement: S) -> @Sendable (Database) throws -> S.QueryValue?
where S.QueryValue: QueryDecodable & Sendable {
  let fragment = statement.query
  guard let table = statement.resultColumnsTable else {
    return { db in try db.fetchOne(fragment) { try S.QueryValue(decoder: &$0) } }
  }
  return { db in
    try db.fetchOne(
      fragment, columnsOf: table, decodeRow: { try S.QueryValue(decoder: &$0) },
      decodeKnownRow: { try S.QueryValue(decoder: &$0) })
  }
}
