#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program the benchmark starts: its arguments and where its standard streams go.
struct Child {
    /// How a finished run went.
    struct Run {
        /// Wall time from just before the spawn until the process had exited, in seconds.
        let seconds: Double
        /// The most memory the process held at once (maximum resident set size), in bytes.
        let peakBytes: Int
        let status: Int32
    }

    let executable: String
    let arguments: [String]

    init(_ executable: String, _ arguments: [String] = []) {
        self.executable = executable
        self.arguments = arguments
    }

    /// Runs the program with stdin read from `input` (or /dev/null) and stdout written to
    /// `output` (or /dev/null); stderr is kept, so a failing program says why.
    func run(input: String? = nil, output: String? = nil) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let start = Stopwatch.now()
        let pid = try spawn(actions: &actions)
        let (status, usage) = try Self.wait(for: pid)
        let seconds = Stopwatch.now() - start
        return Run(seconds: seconds, peakBytes: Int(usage.ru_maxrss) * 1024, status: status)
    }

    /// Starts the program with its stdin and stdout connected to pipes the caller holds.
    func start() throws -> Connection {
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw BenchError("pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let pid = try spawn(actions: &actions)
        close(toChild[0])
        close(fromChild[1])
        return Connection(pid: pid, input: toChild[1], output: fromChild[0])
    }

    private func spawn(actions: inout posix_spawn_file_actions_t) throws -> pid_t {
        var pid: pid_t = 0
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard result == 0 else { throw BenchError("cannot start \(executable): errno \(result)") }
        return pid
    }

    /// Waits for `pid` to exit; returns its exit status (or 128 + signal) and resource usage.
    static func wait(for pid: pid_t) throws -> (Int32, rusage) {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 failed: errno \(errno)") }
        }
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), usage)
    }
}
