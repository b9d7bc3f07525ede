import CSQLiteFaults
import GRDB

/// Makes SQLite's writes to one database file fail, as a full or broken disk would, through a
/// VFS installed in front of the default one (`CSQLiteFaults`). Reads keep working.
public enum DiskFaults {
    /// How a write fails.
    public enum Failure: Sendable {
        /// `SQLITE_IOERR_WRITE`: "disk I/O error".
        case ioError
        /// `SQLITE_FULL`: "database or disk is full".
        case full

        var code: Int32 {
            switch self {
            case .ioError: ResultCode.SQLITE_IOERR_WRITE.rawValue
            case .full: ResultCode.SQLITE_FULL.rawValue
            }
        }
    }

    /// Installs the VFS; before a test opens the database it will break.
    public static func install() {
        _ = installation
    }

    private static let installation: Void = {
        precondition(viper_sqlite_faults_install() == ResultCode.SQLITE_OK.rawValue, "cannot install the faulty VFS")
    }()

    /// Writes to `path`, its log and shared memory fail with `failure` until `heal`.
    public static func failWrites(to path: String, with failure: Failure) {
        install()
        precondition(viper_sqlite_faults_fail_writes(path, failure.code) == 0, "too many files armed")
    }

    /// Writes to `path` succeed again.
    public static func heal(_ path: String) {
        viper_sqlite_faults_heal(path)
    }
}
