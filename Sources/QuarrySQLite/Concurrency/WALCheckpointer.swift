import CSQLite

/// Keeps the WAL file of a pool's writer under a size while readers never stop: SQLite's own
/// automatic checkpoint is `PASSIVE`, and copies the WAL into the database but never restarts
/// it while some reader still reads an older snapshot, so with reads always running the WAL
/// only grows. This checkpoints in `TRUNCATE` mode once the WAL holds half the limit: the
/// writer waits (through its busy handler) for the reads of older snapshots to end, which
/// short reads soon do, then empties the file. Readers never wait for it.
///
/// Installed as the connection's WAL hook, which SQLite calls after each commit with the
/// number of frames in the WAL; it replaces SQLite's automatic checkpoint, so it runs the
/// `PASSIVE` checkpoint of every thousand frames itself.
final class WALCheckpointer {
  /// The frames at which the WAL is truncated.
  let truncatingFrames: Int32
  /// The frames at which SQLite's automatic checkpoint would run (its default).
  let passiveFrames: Int32 = 1000

  init(truncatingFrames: Int32) {
    self.truncatingFrames = truncatingFrames
  }

  func walDidCommit(_ db: OpaquePointer?, schema: UnsafePointer<CChar>?, frames: Int32) {
    if frames >= truncatingFrames {
      // SQLITE_BUSY when an older snapshot was read past the busy timeout: the next commit
      // tries again.
      sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    } else if frames >= passiveFrames {
      sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
  }
}

extension Database {
  /// Keeps the connection's WAL file under `bytes`: see ``WALCheckpointer``. Also sets
  /// `journal_size_limit`, so a WAL restarted rather than truncated shrinks back to the limit.
  func boundWAL(to bytes: Int) throws {
    let pageSize = try fetchOne(Int.self, sql: "PRAGMA page_size") ?? 4096
    try execute(sql: "PRAGMA journal_size_limit = \(bytes)")
    // A WAL frame is a page and a 24-byte header; the file has a 32-byte header.
    let frames = max(1, (bytes - 32) / (pageSize + 24) / 2)
    let checkpointer = WALCheckpointer(truncatingFrames: Int32(min(frames, Int(Int32.max))))
    walCheckpointer = checkpointer
    // The connection keeps the checkpointer alive while the hook is installed: no retain.
    sqlite3_wal_hook(
      handle,
      { context, db, schema, frames in
        guard let context else { return SQLITE_OK }
        Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().walDidCommit(
          db, schema: schema, frames: frames)
        return SQLITE_OK
      }, Unmanaged.passUnretained(checkpointer).toOpaque())
  }
}
