// See include/QuarryFaultVFS.h.
#include "QuarryFaultVFS.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

/// One open file: the shim's header, then the wrapped VFS's file in the same allocation.
typedef struct {
  sqlite3_file base;
  char *path;           // owned copy, NULL for temporary files
  sqlite3_file *real;   // points just past this struct
} FaultFile;

static sqlite3_vfs *real_vfs;
static sqlite3_vfs fault_vfs;
static pthread_mutex_t fault_lock = PTHREAD_MUTEX_INITIALIZER;
static char *armed_prefix;
static int armed_kind;
static int armed_nth;
static int armed_persistent;
static int counted;
static int injected;

/// Whether the next call of `kind` on a file at `path` fails: counts it when armed.
static int should_fail(const FaultFile *file, int kind) {
  int fail = 0;
  pthread_mutex_lock(&fault_lock);
  if (armed_prefix && armed_kind == kind && file->path &&
      strncmp(file->path, armed_prefix, strlen(armed_prefix)) == 0) {
    counted += 1;
    if (counted == armed_nth || (armed_persistent && counted > armed_nth)) {
      fail = 1;
      injected += 1;
    }
  }
  pthread_mutex_unlock(&fault_lock);
  return fail;
}

static int f_close(sqlite3_file *f) {
  FaultFile *file = (FaultFile *)f;
  int rc = file->real->pMethods ? file->real->pMethods->xClose(file->real) : SQLITE_OK;
  free(file->path);
  file->path = NULL;
  return rc;
}

static int f_read(sqlite3_file *f, void *buffer, int amount, sqlite3_int64 offset) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}

static int f_write(sqlite3_file *f, const void *buffer, int amount, sqlite3_int64 offset) {
  FaultFile *file = (FaultFile *)f;
  if (should_fail(file, QUARRY_FAULT_WRITE)) return SQLITE_IOERR_WRITE;
  return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
}

static int f_truncate(sqlite3_file *f, sqlite3_int64 size) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xTruncate(file->real, size);
}

static int f_sync(sqlite3_file *f, int flags) {
  FaultFile *file = (FaultFile *)f;
  if (should_fail(file, QUARRY_FAULT_SYNC)) return SQLITE_IOERR_FSYNC;
  return file->real->pMethods->xSync(file->real, flags);
}

static int f_file_size(sqlite3_file *f, sqlite3_int64 *size) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xFileSize(file->real, size);
}

static int f_lock(sqlite3_file *f, int level) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xLock(file->real, level);
}

static int f_unlock(sqlite3_file *f, int level) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xUnlock(file->real, level);
}

static int f_check_reserved_lock(sqlite3_file *f, int *result) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xCheckReservedLock(file->real, result);
}

static int f_file_control(sqlite3_file *f, int op, void *argument) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int f_sector_size(sqlite3_file *f) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xSectorSize(file->real);
}

static int f_device_characteristics(sqlite3_file *f) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int f_shm_map(sqlite3_file *f, int page, int size, int extend, void volatile **out) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xShmMap(file->real, page, size, extend, out);
}

static int f_shm_lock(sqlite3_file *f, int offset, int count, int flags) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xShmLock(file->real, offset, count, flags);
}

static void f_shm_barrier(sqlite3_file *f) {
  FaultFile *file = (FaultFile *)f;
  file->real->pMethods->xShmBarrier(file->real);
}

static int f_shm_unmap(sqlite3_file *f, int delete_flag) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xShmUnmap(file->real, delete_flag);
}

static int f_fetch(sqlite3_file *f, sqlite3_int64 offset, int amount, void **out) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xFetch(file->real, offset, amount, out);
}

static int f_unfetch(sqlite3_file *f, sqlite3_int64 offset, void *page) {
  FaultFile *file = (FaultFile *)f;
  return file->real->pMethods->xUnfetch(file->real, offset, page);
}

// Version 1 of the methods (no shared memory, no memory mapping) and version 3 (all).
static const sqlite3_io_methods methods_v1 = {
    1, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock,
    f_check_reserved_lock, f_file_control, f_sector_size, f_device_characteristics,
    0, 0, 0, 0, 0, 0};
static const sqlite3_io_methods methods_v3 = {
    3, f_close, f_read, f_write, f_truncate, f_sync, f_file_size, f_lock, f_unlock,
    f_check_reserved_lock, f_file_control, f_sector_size, f_device_characteristics,
    f_shm_map, f_shm_lock, f_shm_barrier, f_shm_unmap, f_fetch, f_unfetch};

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *f, int flags, int *out_flags) {
  (void)vfs;
  FaultFile *file = (FaultFile *)f;
  memset(file, 0, sizeof(FaultFile));
  file->real = (sqlite3_file *)(file + 1);
  int rc = real_vfs->xOpen(real_vfs, name, file->real, flags, out_flags);
  if (rc != SQLITE_OK || file->real->pMethods == NULL) {
    // SQLite calls xClose only when pMethods is set: leave it NULL after a failed open.
    file->base.pMethods = NULL;
    return rc;
  }
  if (name) file->path = strdup(name);
  const sqlite3_io_methods *real_methods = file->real->pMethods;
  file->base.pMethods =
      real_methods->iVersion >= 3 && real_methods->xShmMap ? &methods_v3 : &methods_v1;
  return rc;
}

static int v_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
  (void)vfs;
  return real_vfs->xDelete(real_vfs, name, sync_dir);
}

static int v_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
  (void)vfs;
  return real_vfs->xAccess(real_vfs, name, flags, result);
}

static int v_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
  (void)vfs;
  return real_vfs->xFullPathname(real_vfs, name, size, out);
}

static void *v_dl_open(sqlite3_vfs *vfs, const char *name) {
  (void)vfs;
  return real_vfs->xDlOpen(real_vfs, name);
}

static void v_dl_error(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  real_vfs->xDlError(real_vfs, size, out);
}

static void (*v_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
  (void)vfs;
  return real_vfs->xDlSym(real_vfs, handle, symbol);
}

static void v_dl_close(sqlite3_vfs *vfs, void *handle) {
  (void)vfs;
  real_vfs->xDlClose(real_vfs, handle);
}

static int v_randomness(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  return real_vfs->xRandomness(real_vfs, size, out);
}

static int v_sleep(sqlite3_vfs *vfs, int microseconds) {
  (void)vfs;
  return real_vfs->xSleep(real_vfs, microseconds);
}

static int v_current_time(sqlite3_vfs *vfs, double *out) {
  (void)vfs;
  return real_vfs->xCurrentTime(real_vfs, out);
}

static int v_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  return real_vfs->xGetLastError ? real_vfs->xGetLastError(real_vfs, size, out) : 0;
}

static int v_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
  (void)vfs;
  return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

int quarry_fault_vfs_install(void) {
  int rc = SQLITE_OK;
  pthread_mutex_lock(&fault_lock);
  if (real_vfs == NULL) {
    sqlite3_vfs *found = sqlite3_vfs_find(NULL);
    if (found == NULL || found->iVersion < 2) {
      rc = SQLITE_ERROR;
    } else {
      real_vfs = found;
      memset(&fault_vfs, 0, sizeof fault_vfs);
      fault_vfs.iVersion = 2;
      fault_vfs.szOsFile = (int)sizeof(FaultFile) + found->szOsFile;
      fault_vfs.mxPathname = found->mxPathname;
      fault_vfs.zName = "quarry-fault";
      fault_vfs.xOpen = v_open;
      fault_vfs.xDelete = v_delete;
      fault_vfs.xAccess = v_access;
      fault_vfs.xFullPathname = v_full_pathname;
      fault_vfs.xDlOpen = v_dl_open;
      fault_vfs.xDlError = v_dl_error;
      fault_vfs.xDlSym = v_dl_sym;
      fault_vfs.xDlClose = v_dl_close;
      fault_vfs.xRandomness = v_randomness;
      fault_vfs.xSleep = v_sleep;
      fault_vfs.xCurrentTime = v_current_time;
      fault_vfs.xGetLastError = v_get_last_error;
      fault_vfs.xCurrentTimeInt64 = v_current_time_int64;
      rc = sqlite3_vfs_register(&fault_vfs, 1);
      if (rc != SQLITE_OK) real_vfs = NULL;
    }
  }
  pthread_mutex_unlock(&fault_lock);
  return rc;
}

void quarry_fault_vfs_arm(const char *path_prefix, int kind, int nth, int persistent) {
  pthread_mutex_lock(&fault_lock);
  free(armed_prefix);
  armed_prefix = strdup(path_prefix);
  armed_kind = kind;
  armed_nth = nth;
  armed_persistent = persistent;
  counted = 0;
  pthread_mutex_unlock(&fault_lock);
}

void quarry_fault_vfs_disarm(void) {
  pthread_mutex_lock(&fault_lock);
  free(armed_prefix);
  armed_prefix = NULL;
  counted = 0;
  pthread_mutex_unlock(&fault_lock);
}

int quarry_fault_vfs_injected(void) {
  pthread_mutex_lock(&fault_lock);
  int value = injected;
  pthread_mutex_unlock(&fault_lock);
  return value;
}

int quarry_fault_vfs_counted(void) {
  pthread_mutex_lock(&fault_lock);
  int value = counted;
  pthread_mutex_unlock(&fault_lock);
  return value;
}
