#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many files the process may open: a server over WebSocket needs a descriptor per
/// session, and the usual soft limit (1024) is below the default `--max-sessions`.
enum OpenFileLimit {
    /// Raises the soft limit to the hard one, as servers commonly do at start (Go's runtime
    /// does so for every program), and returns the limit now in force.
    @discardableResult
    static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Self.openFiles, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Self.openFiles, &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    /// Glibc types the resource as an enum that its own functions do not take.
    #if canImport(Glibc)
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let openFiles = RLIMIT_NOFILE
    #endif

    /// The descriptors a server with `sessions` sessions needs: one per connection, and a
    /// margin for the database, the sample server and the listening socket.
    static func needed(forSessions sessions: Int) -> Int {
        sessions + 64
    }
}
