#ifndef VIPER_SQLITE_FAULTS_H
#define VIPER_SQLITE_FAULTS_H

/// A SQLite VFS for tests that wraps the default one and makes writes to chosen files fail, as a
/// full or broken disk would. Installed as the default VFS of the test process, it changes
/// nothing until a test arms it for a path.

/// Registers the wrapper as the default VFS. Safe to call more than once. Returns SQLITE_OK.
int viper_sqlite_faults_install(void);

/// From now on, writes, syncs and truncations of every file whose name starts with `path`
/// (the database, its -wal and -shm) fail with the SQLite result code `code` (SQLITE_IOERR_WRITE,
/// SQLITE_FULL, …). Reads keep working. Returns 0, or -1 when too many paths are armed.
int viper_sqlite_faults_fail_writes(const char *path, int code);

/// Writes to files under `path` succeed again.
void viper_sqlite_faults_heal(const char *path);

#endif
