#include "CSQLiteFaults.h"

#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARMED = 64, MAX_PATH_LENGTH = 4096 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct { char path[MAX_PATH_LENGTH]; int code; } armed[MAX_ARMED];
static int armed_count;
static sqlite3_vfs *base_vfs;
static sqlite3_vfs faulty_vfs;

/// A file of the wrapper: SQLite's header, the name it was opened with, then the real file.
typedef struct {
    sqlite3_file header;
    char name[MAX_PATH_LENGTH];
    sqlite3_file *real;
} FaultyFile;

/// The code armed for `name`, or SQLITE_OK.
static int armed_code(const char *name) {
    int code = SQLITE_OK;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < armed_count; i++) {
        if (strncmp(name, armed[i].path, strlen(armed[i].path)) == 0) {
            code = armed[i].code;
            break;
        }
    }
    pthread_mutex_unlock(&lock);
    return code;
}

#define REAL(file) (((FaultyFile *)(file))->real)
#define FAILURE(file) armed_code(((FaultyFile *)(file))->name)

static int x_close(sqlite3_file *file) {
    int result = REAL(file)->pMethods->xClose(REAL(file));
    return result;
}
static int x_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
    return REAL(file)->pMethods->xRead(REAL(file), buffer, amount, offset);
}
static int x_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
    int failure = FAILURE(file);
    if (failure != SQLITE_OK) return failure;
    return REAL(file)->pMethods->xWrite(REAL(file), buffer, amount, offset);
}
static int x_truncate(sqlite3_file *file, sqlite3_int64 size) {
    int failure = FAILURE(file);
    if (failure != SQLITE_OK) return failure;
    return REAL(file)->pMethods->xTruncate(REAL(file), size);
}
static int x_sync(sqlite3_file *file, int flags) {
    int failure = FAILURE(file);
    if (failure != SQLITE_OK) return failure;
    return REAL(file)->pMethods->xSync(REAL(file), flags);
}
static int x_file_size(sqlite3_file *file, sqlite3_int64 *size) {
    return REAL(file)->pMethods->xFileSize(REAL(file), size);
}
static int x_lock(sqlite3_file *file, int level) { return REAL(file)->pMethods->xLock(REAL(file), level); }
static int x_unlock(sqlite3_file *file, int level) { return REAL(file)->pMethods->xUnlock(REAL(file), level); }
static int x_check_reserved_lock(sqlite3_file *file, int *result) {
    return REAL(file)->pMethods->xCheckReservedLock(REAL(file), result);
}
static int x_file_control(sqlite3_file *file, int op, void *argument) {
    return REAL(file)->pMethods->xFileControl(REAL(file), op, argument);
}
static int x_sector_size(sqlite3_file *file) { return REAL(file)->pMethods->xSectorSize(REAL(file)); }
static int x_device_characteristics(sqlite3_file *file) {
    return REAL(file)->pMethods->xDeviceCharacteristics(REAL(file));
}
static int x_shm_map(sqlite3_file *file, int page, int size, int extend, void volatile **memory) {
    return REAL(file)->pMethods->xShmMap(REAL(file), page, size, extend, memory);
}
static int x_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
    return REAL(file)->pMethods->xShmLock(REAL(file), offset, count, flags);
}
static void x_shm_barrier(sqlite3_file *file) { REAL(file)->pMethods->xShmBarrier(REAL(file)); }
static int x_shm_unmap(sqlite3_file *file, int delete_flag) {
    return REAL(file)->pMethods->xShmUnmap(REAL(file), delete_flag);
}
static int x_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **pointer) {
    return REAL(file)->pMethods->xFetch(REAL(file), offset, amount, pointer);
}
static int x_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *pointer) {
    return REAL(file)->pMethods->xUnfetch(REAL(file), offset, pointer);
}

/// The wrapper's methods for real files that have the methods of version `version` (1 to 3).
static sqlite3_io_methods methods_of_version[4];

static void make_methods(void) {
    for (int version = 1; version <= 3; version++) {
        sqlite3_io_methods *methods = &methods_of_version[version];
        methods->iVersion = version;
        methods->xClose = x_close;
        methods->xRead = x_read;
        methods->xWrite = x_write;
        methods->xTruncate = x_truncate;
        methods->xSync = x_sync;
        methods->xFileSize = x_file_size;
        methods->xLock = x_lock;
        methods->xUnlock = x_unlock;
        methods->xCheckReservedLock = x_check_reserved_lock;
        methods->xFileControl = x_file_control;
        methods->xSectorSize = x_sector_size;
        methods->xDeviceCharacteristics = x_device_characteristics;
        if (version >= 2) {
            methods->xShmMap = x_shm_map;
            methods->xShmLock = x_shm_lock;
            methods->xShmBarrier = x_shm_barrier;
            methods->xShmUnmap = x_shm_unmap;
        }
        if (version >= 3) {
            methods->xFetch = x_fetch;
            methods->xUnfetch = x_unfetch;
        }
    }
}

static int x_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out_flags) {
    (void)vfs;
    FaultyFile *faulty = (FaultyFile *)file;
    faulty->real = (sqlite3_file *)(faulty + 1);
    faulty->name[0] = 0;
    if (name != NULL) {
        strncpy(faulty->name, name, MAX_PATH_LENGTH - 1);
        faulty->name[MAX_PATH_LENGTH - 1] = 0;
    }
    int result = base_vfs->xOpen(base_vfs, name, faulty->real, flags, out_flags);
    if (faulty->real->pMethods == NULL) {
        faulty->header.pMethods = NULL;
    } else {
        int version = faulty->real->pMethods->iVersion;
        faulty->header.pMethods = &methods_of_version[version < 1 ? 1 : (version > 3 ? 3 : version)];
    }
    return result;
}

static int x_delete(sqlite3_vfs *vfs, const char *name, int sync_directory) {
    (void)vfs;
    return base_vfs->xDelete(base_vfs, name, sync_directory);
}
static int x_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return base_vfs->xAccess(base_vfs, name, flags, result);
}
static int x_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *output) {
    (void)vfs;
    return base_vfs->xFullPathname(base_vfs, name, size, output);
}
static void *x_dl_open(sqlite3_vfs *vfs, const char *name) { (void)vfs; return base_vfs->xDlOpen(base_vfs, name); }
static void x_dl_error(sqlite3_vfs *vfs, int size, char *message) { (void)vfs; base_vfs->xDlError(base_vfs, size, message); }
static void (*x_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    (void)vfs;
    return base_vfs->xDlSym(base_vfs, handle, symbol);
}
static void x_dl_close(sqlite3_vfs *vfs, void *handle) { (void)vfs; base_vfs->xDlClose(base_vfs, handle); }
static int x_randomness(sqlite3_vfs *vfs, int size, char *output) {
    (void)vfs;
    return base_vfs->xRandomness(base_vfs, size, output);
}
static int x_sleep(sqlite3_vfs *vfs, int microseconds) { (void)vfs; return base_vfs->xSleep(base_vfs, microseconds); }
static int x_current_time(sqlite3_vfs *vfs, double *now) { (void)vfs; return base_vfs->xCurrentTime(base_vfs, now); }
static int x_get_last_error(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return base_vfs->xGetLastError(base_vfs, size, message);
}
static int x_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return base_vfs->xCurrentTimeInt64(base_vfs, now);
}

int viper_sqlite_faults_install(void) {
    pthread_mutex_lock(&lock);
    int result = SQLITE_OK;
    if (base_vfs == NULL) {
        sqlite3_initialize();
        base_vfs = sqlite3_vfs_find(NULL);
        make_methods();
        faulty_vfs.iVersion = 2;
        faulty_vfs.szOsFile = (int)sizeof(FaultyFile) + base_vfs->szOsFile;
        faulty_vfs.mxPathname = base_vfs->mxPathname;
        faulty_vfs.zName = "viper-faults";
        faulty_vfs.xOpen = x_open;
        faulty_vfs.xDelete = x_delete;
        faulty_vfs.xAccess = x_access;
        faulty_vfs.xFullPathname = x_full_pathname;
        faulty_vfs.xDlOpen = x_dl_open;
        faulty_vfs.xDlError = x_dl_error;
        faulty_vfs.xDlSym = x_dl_sym;
        faulty_vfs.xDlClose = x_dl_close;
        faulty_vfs.xRandomness = x_randomness;
        faulty_vfs.xSleep = x_sleep;
        faulty_vfs.xCurrentTime = x_current_time;
        faulty_vfs.xGetLastError = x_get_last_error;
        faulty_vfs.xCurrentTimeInt64 = x_current_time_int64;
        result = sqlite3_vfs_register(&faulty_vfs, 1);
    }
    pthread_mutex_unlock(&lock);
    return result;
}

int viper_sqlite_faults_fail_writes(const char *path, int code) {
    if (strlen(path) >= MAX_PATH_LENGTH) return -1;
    pthread_mutex_lock(&lock);
    int result = -1;
    if (armed_count < MAX_ARMED) {
        strcpy(armed[armed_count].path, path);
        armed[armed_count].code = code;
        armed_count++;
        result = 0;
    }
    pthread_mutex_unlock(&lock);
    return result;
}

void viper_sqlite_faults_heal(const char *path) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < armed_count; i++) {
        if (strcmp(armed[i].path, path) == 0) {
            armed[i] = armed[armed_count - 1];
            armed_count--;
            i--;
        }
    }
    pthread_mutex_unlock(&lock);
}
