import Foundation
import QuarryCore

/// A ``DatabaseQueue`` or ``DatabasePool`` seen by its observations.
protocol ObservationHost: AnyObject, Sendable {
  var observationBroker: ObservationBroker { get }
  /// Runs `body` with the writer connection, outside any transaction, waiting for it.
  func withObservedWriter(_ body: (Database) -> Void)
  /// Runs `body` with the writer connection unless another access holds it: false then.
  func withObservedWriterIfIdle(_ body: (Database) -> Void) -> Bool
  /// Runs `body` in a read transaction: one snapshot, never on the writer while it writes.
  func read<T>(_ body: (Database) throws -> T) throws -> T
  /// How often to look for changes made by other connections; nil: never.
  var externalChangesPollingInterval: Double? { get }
}

/// Identical observations, which share one fetch: the same SQL, bindings and result.
struct ObservationKey: Hashable, Sendable {
  enum Form: Hashable, Sendable { case all, one, count }
  let sql: [UInt8]
  let bindings: [QueryBinding]
  let form: Form
  let valueType: ObjectIdentifier
}

/// The live observations of one queue or pool: which of them a commit touches, fetching them
/// again (on a serial queue, in one read snapshot, off the writer), handing the new values to
/// their subscribers; and the hooks on the writer, installed while observations exist.
///
/// `@unchecked Sendable`: the observation state is only touched while `lock` is held; the
/// tracking state (`isTracking`, `timer`, `dataVersion`) only on `queue`.
final class ObservationBroker: @unchecked Sendable {
  typealias Fetch = @Sendable (Database) throws -> any Sendable
  typealias Equality = @Sendable (any Sendable, any Sendable) -> Bool

  /// One fetch and the subscribers sharing it.
  final class Entry {
    let key: ObservationKey?
    let fetch: Fetch
    let isEqual: Equality?
    /// A statement always reads the same tables; a closure's reads may vary from run to run.
    let hasFixedRegion: Bool
    var region: ReadRegion?
    var subscribers: [Int: Subscriber] = [:]
    var lastValue: (any Sendable)?
    var isDirty = true
    var isFetching = false

    init(key: ObservationKey?, fetch: @escaping Fetch, isEqual: Equality?) {
      self.key = key
      self.fetch = fetch
      self.isEqual = isEqual
      self.hasFixedRegion = key != nil
    }
  }

  struct Subscriber {
    let yield: @Sendable (any Sendable) -> Void
    let finish: @Sendable ((any Error)?) -> Void
  }

  private let lock = NSLock()
  /// The queue or pool; set once, right after it is made.
  weak var host: (any ObservationHost)?
  /// The host, kept alive while observations exist.
  private var retainedHost: (any ObservationHost)?
  private var entries: [ObjectIdentifier: Entry] = [:]
  private var shared: [ObservationKey: Entry] = [:]
  private var entryOfSubscriber: [Int: Entry] = [:]
  /// Which entries a commit looks at, behind a pointer: commits read it on the writer's
  /// thread, and the dynamic exclusivity checks of stored properties would cost as much as
  /// the look-up. Only touched while `lock` is held.
  private let lookup: UnsafeMutablePointer<CommitLookup> = {
    let lookup = UnsafeMutablePointer<CommitLookup>.allocate(capacity: 1)
    lookup.initialize(to: CommitLookup())
    return lookup
  }()
  private var nextSubscriber = 0
  /// The subscribers of ``DatabaseWriter/rowChanges(in:)``, with the tables each wants
  /// (lowercased).
  private var rowSubscribers: [Int: (tables: Set<String>, yield: @Sendable ([RowChange]) -> Void)] =
    [:]
  private var isRefreshScheduled = false
  /// How many fetches have run, and how many observations commits have had to look at: what
  /// tests read to show an unrelated commit costs nothing per observation.
  private var work = (fetchesRun: 0, entriesChecked: 0)
  private let queue = DispatchQueue(label: "Quarry.observations")
  // Only on `queue`:
  private var isTracking = false
  private var isRecordingRows = false
  private var timer: DispatchSourceTimer?
  private var dataVersion: Int?

  /// The number of subscribers.
  var subscriberCount: Int { lock.withLock { entryOfSubscriber.count } }
  /// The number of distinct fetches.
  var fetchCount: Int { lock.withLock { entries.count } }
  /// The fetches run so far, and the observations commits have looked at.
  var workDone: (fetchesRun: Int, entriesChecked: Int) { lock.withLock { work } }

  deinit {
    lookup.deinitialize(count: 1)
    lookup.deallocate()
  }

  // MARK: Subscribing

  /// A new subscriber: its first value comes at once (the shared fetch's last one) or after the
  /// first fetch.
  func subscribe(
    key: ObservationKey?, fetch: @escaping Fetch, isEqual: Equality?, subscriber: Subscriber
  ) -> Int {
    lock.lock()
    defer { lock.unlock() }
    let id = nextSubscriber
    nextSubscriber += 1
    let entry: Entry
    if let key, let existing = shared[key] {
      entry = existing
    } else {
      entry = Entry(key: key, fetch: fetch, isEqual: isEqual)
      entries[ObjectIdentifier(entry)] = entry
      lookup.pointee.unindexed.insert(ObjectIdentifier(entry))
      if let key { shared[key] = entry }
    }
    entry.subscribers[id] = subscriber
    entryOfSubscriber[id] = entry
    // Under the lock, so that no newer value reaches the subscriber first.
    if let value = entry.lastValue { subscriber.yield(value) }
    retainedHost = host
    queue.async {
      self.syncTracking()
      self.refresh()
    }
    return id
  }

  func unsubscribe(_ id: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard let entry = entryOfSubscriber.removeValue(forKey: id) else { return }
    entry.subscribers[id] = nil
    if entry.subscribers.isEmpty { remove(entry) }
  }

  /// Removes `entry`, with the lock held; the last one uninstalls the hooks.
  private func remove(_ entry: Entry) {
    let id = ObjectIdentifier(entry)
    guard entries.removeValue(forKey: id) != nil else { return }
    if let key = entry.key { shared[key] = nil }
    for subscriber in entry.subscribers.keys { entryOfSubscriber[subscriber] = nil }
    entry.subscribers = [:]
    unindex(entry)
    releaseHostIfUnused()
  }

  /// With the lock held: when nothing observes the host any more, lets it go and schedules
  /// the removal of the hooks.
  private func releaseHostIfUnused() {
    guard entries.isEmpty, rowSubscribers.isEmpty, retainedHost != nil else { return }
    let host = retainedHost
    retainedHost = nil
    queue.async { self.syncTracking(host) }
  }

  // MARK: Row changes

  /// A new subscriber to the rows committed transactions change in `tables` (lowercased).
  /// The hooks are recording when this returns, so no commit after it is missed.
  func subscribeRows(
    tables: Set<String>, yield: @escaping @Sendable ([RowChange]) -> Void
  ) -> Int {
    let id = lock.withLock {
      let id = nextSubscriber
      nextSubscriber += 1
      rowSubscribers[id] = (tables, yield)
      retainedHost = host
      return id
    }
    queue.sync { syncTracking() }
    return id
  }

  func unsubscribeRows(_ id: Int) {
    lock.withLock {
      guard rowSubscribers.removeValue(forKey: id) != nil else { return }
      if rowSubscribers.isEmpty { queue.async { self.syncTracking() } }
      releaseHostIfUnused()
    }
  }

  /// Hands `rows`, changed by committed transactions in commit order, to the subscribers of
  /// their tables. Called on the writer, before it is let go: deliveries keep commit order.
  func rowsDidChange(_ rows: [RowChange]) {
    lock.withLock {
      for subscriber in rowSubscribers.values {
        let wanted = rows.filter { subscriber.tables.contains($0.table.lowercased()) }
        if !wanted.isEmpty { subscriber.yield(wanted) }
      }
    }
  }

  private func unindex(_ entry: Entry) {
    let id = ObjectIdentifier(entry)
    lookup.pointee.unindexed.remove(id)
    lookup.pointee.fetchingClosures.remove(id)
    guard let region = entry.region else { return }
    for table in region.tables.keys {
      lookup.pointee.entriesByTable[table]?.remove(id)
      if lookup.pointee.entriesByTable[table]?.isEmpty == true {
        lookup.pointee.entriesByTable[table] = nil
      }
    }
  }

  private func index(_ entry: Entry) {
    let id = ObjectIdentifier(entry)
    guard let region = entry.region, !region.isEverything else {
      lookup.pointee.unindexed.insert(id)
      return
    }
    for table in region.tables.keys { lookup.pointee.entriesByTable[table, default: []].insert(id) }
  }

  // MARK: Changes

  /// Marks the observations `changes` touch, and schedules their fetch.
  func databaseDidChange(_ changes: DatabaseChanges) {
    lock.lock()
    defer { lock.unlock() }
    var touched = false
    func check(_ id: ObjectIdentifier) {
      work.entriesChecked += 1
      guard let entry = entries[id], !entry.isDirty else { return }
      let isTouched: Bool
      if let region = entry.region, entry.hasFixedRegion || !entry.isFetching {
        isTouched = region.isTouched(by: changes)
      } else {
        isTouched = true
      }
      if isTouched {
        entry.isDirty = true
        touched = true
      }
    }
    if changes.isEverything {
      for id in entries.keys { check(id) }
    } else {
      if !lookup.pointee.unindexed.isEmpty {
        for id in lookup.pointee.unindexed { check(id) }
      }
      if !lookup.pointee.fetchingClosures.isEmpty {
        for id in lookup.pointee.fetchingClosures { check(id) }
      }
      for change in changes.tables {
        guard let ids = lookup.pointee.entriesByTable[change.table] else { continue }
        for id in ids { check(id) }
      }
    }
    if touched && !isRefreshScheduled {
      isRefreshScheduled = true
      queue.async { self.refresh() }
    }
  }

  /// Fetches the observations marked dirty, in one read snapshot, and delivers their values.
  private func refresh() {
    let dirty: [Entry] = lock.withLock {
      isRefreshScheduled = false
      let dirty = entries.values.filter(\.isDirty)
      work.fetchesRun += dirty.count
      for entry in dirty {
        entry.isDirty = false
        entry.isFetching = true
        if !entry.hasFixedRegion { lookup.pointee.fetchingClosures.insert(ObjectIdentifier(entry)) }
      }
      return dirty
    }
    guard !dirty.isEmpty else { return }
    guard let host = lock.withLock({ retainedHost }) else {
      lock.withLock {
        for entry in dirty {
          entry.isFetching = false
          lookup.pointee.fetchingClosures.remove(ObjectIdentifier(entry))
        }
      }
      return
    }
    do {
      try host.read { db in
        for entry in dirty {
          let (result, region) = db.recordingReads { Result { try entry.fetch(db) } }
          deliver(result, region: region, to: entry)
        }
      }
    } catch {
      for entry in dirty { deliver(.failure(error), region: nil, to: entry) }
    }
  }

  private func deliver(
    _ result: Result<any Sendable, any Error>, region: ReadRegion?, to entry: Entry
  ) {
    lock.lock()
    entry.isFetching = false
    lookup.pointee.fetchingClosures.remove(ObjectIdentifier(entry))
    guard entries[ObjectIdentifier(entry)] != nil else {
      lock.unlock()
      return
    }
    switch result {
    case .success(let value):
      if let region, region != entry.region {
        unindex(entry)
        entry.region = region
        index(entry)
      }
      if let isEqual = entry.isEqual, let last = entry.lastValue, isEqual(last, value) {
        lock.unlock()
        return
      }
      entry.lastValue = value
      for subscriber in entry.subscribers.values { subscriber.yield(value) }
      lock.unlock()
    case .failure(let error):
      let subscribers = Array(entry.subscribers.values)
      remove(entry)
      lock.unlock()
      // Outside the lock: finishing runs the stream's termination handler.
      for subscriber in subscribers { subscriber.finish(error) }
    }
  }

  // MARK: Tracking

  /// Installs the writer's hooks while observations exist, and removes them when none do.
  private func syncTracking(_ released: (any ObservationHost)? = nil) {
    let (wanted, wantsRows, host) = lock.withLock {
      (
        !entries.isEmpty || !rowSubscribers.isEmpty, !rowSubscribers.isEmpty,
        retainedHost ?? released
      )
    }
    guard wanted != isTracking || wantsRows != isRecordingRows, let host else { return }
    var version: Int?
    host.withObservedWriter { db in
      if wanted {
        db.startTrackingChanges()
        db.changeTracker?.recordsRows = wantsRows
        version = try? db.fetchOne(Int.self, sql: "PRAGMA data_version")
      } else {
        db.stopTrackingChanges()
      }
    }
    isRecordingRows = wanted && wantsRows
    guard wanted != isTracking else { return }
    isTracking = wanted
    timer?.cancel()
    timer = nil
    guard wanted, let interval = host.externalChangesPollingInterval, interval > 0 else { return }
    dataVersion = version
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(1))
    timer.setEventHandler { [weak self] in self?.pollExternalChanges() }
    timer.resume()
    self.timer = timer
  }

  /// Compares the writer's `PRAGMA data_version` with the last one seen: it changes when
  /// another connection (another process) commits.
  private func pollExternalChanges() {
    guard let host = lock.withLock({ retainedHost }) else { return }
    var version: Int?
    let ran = host.withObservedWriterIfIdle { db in
      version = try? db.fetchOne(Int.self, sql: "PRAGMA data_version")
    }
    guard ran, let version, version != dataVersion else { return }
    dataVersion = version
    databaseDidChange(.everything)
  }
}

/// Which of a broker's entries a commit looks at.
private struct CommitLookup {
  /// Entries by the tables they read, so a commit looks at the entries it may touch only.
  var entriesByTable: [String: Set<ObjectIdentifier>] = [:]
  /// Entries checked on every commit: regions not known yet, or everything.
  var unindexed: Set<ObjectIdentifier> = []
  /// Closures being fetched: what they read may change with this fetch, so every commit
  /// meanwhile touches them.
  var fetchingClosures: Set<ObjectIdentifier> = []
}

extension Database {
  /// After an access to a watched writer: hands what its commits changed to `broker`.
  @inline(__always)
  func reportCommittedChanges(to broker: ObservationBroker) {
    guard let tracker = changeTracker, tracker.hasCommittedChanges else { return }
    tracker.handOverCommittedRows { broker.rowsDidChange($0) }
    tracker.handOverCommitted(on: self) { broker.databaseDidChange($0) }
  }
}
