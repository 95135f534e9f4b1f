// A test-only SQLite VFS that wraps the default one and fails chosen writes and syncs, for the
// fault-injection tests. Shipped to no user.
#ifndef QUARRY_FAULT_VFS_H
#define QUARRY_FAULT_VFS_H

/// The kinds of call the shim can fail.
typedef enum {
  QUARRY_FAULT_WRITE = 1,  // xWrite fails with SQLITE_IOERR_WRITE
  QUARRY_FAULT_SYNC = 2,   // xSync fails with SQLITE_IOERR_FSYNC
} quarry_fault_kind;

/// Registers the shim as the process's default VFS (once; later calls do nothing). Until a
/// fault is armed it passes every call through to the VFS that was the default before.
/// Returns an SQLite result code.
int quarry_fault_vfs_install(void);

/// Arms a fault: among files whose path starts with `path_prefix` (opened after this call or
/// before), the `nth` call (1-based) of `kind` counted from now fails, and so does every later
/// one of that kind while `persistent` is non-zero, until `quarry_fault_vfs_disarm`.
void quarry_fault_vfs_arm(const char *path_prefix, int kind, int nth, int persistent);

/// Disarms the fault: every call passes through again.
void quarry_fault_vfs_disarm(void);

/// The number of calls the shim failed since it was installed.
int quarry_fault_vfs_injected(void);

/// The number of calls of the armed kind counted since the last `arm`.
int quarry_fault_vfs_counted(void);

#endif
