#ifndef QUARRY_CSQLITE_SHIM_H
#define QUARRY_CSQLITE_SHIM_H
#include <sqlite3.h>

/// Turns SQLite's memory statistics off (or on). `sqlite3_config` is variadic, which Swift
/// cannot call, and only works before SQLite initializes: call it before the first open.
static inline int quarry_sqlite3_config_memstatus(int enabled) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, enabled);
}
#endif
