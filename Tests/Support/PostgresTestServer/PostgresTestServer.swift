public import Foundation
import LoopbackPort
import Synchronization

/// A real PostgreSQL server for tests: Debian's `postgresql`, made with `initdb` in a folder of
/// its own and started with `pg_ctl` on 127.0.0.1 and a free port, asking a password over TCP
/// (SCRAM) and trusting its own Unix socket, as an unprivileged user (`postgres` when the tests run as root, which `initdb` refuses). One
/// server serves a whole test process (`shared`); each test takes a database of its own
/// (`makeDatabase`). It stops, and its folder goes, when the process exits.
public final class PostgresTestServer: Sendable {
    /// The server of this test process, started the first time a test asks.
    public static func shared() throws -> PostgresTestServer {
        try started.withLock { server in
            if let server { return server }
            let made = try PostgresTestServer()
            server = made
            atexit { PostgresTestServer.stopShared() }
            return made
        }
    }

    /// Runs `body` with the shared server on a thread of its own, for a test on Swift's
    /// concurrency: starting the server and `psql` run programs and wait for them, and a thread
    /// of the few that concurrency shares, once it has run Foundation's first `Process`, is kept
    /// by Foundation for good. With two cores, two such threads leave no thread for any task,
    /// and every test of the process waits forever.
    public static func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable (PostgresTestServer) throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try body(try shared()) })
            }
        }
    }

    private static let started = Mutex<PostgresTestServer?>(nil)

    private static func stopShared() {
        started.withLock { $0?.stop() }
    }

    /// The port on 127.0.0.1.
    public let port: Int
    /// The user every database belongs to.
    public let user = "viper"
    /// The user's password, which every URL of `url(of:)` carries.
    public let password = "s3cret-Pa55word-for-tests"
    private let folder: String
    private let binaries: String
    private let owner: String?
    private let nextDatabase = Atomic<Int>(0)

    /// Stops the server and removes its folder: a server a test made for itself goes with it.
    deinit {
        stop()
    }

    /// Makes and starts a server, or says why it cannot (PostgreSQL not installed, say).
    public init() throws {
        guard let binaries = Self.binaries() else {
            throw PostgresTestServerError(
                "PostgreSQL's server is not installed (no initdb in /usr/lib/postgresql/*/bin or on PATH): sudo apt-get install postgresql")
        }
        self.binaries = binaries
        owner = getuid() == 0 ? "postgres" : nil
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("viper-postgres-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if let owner { try Self.run("/bin/chown", [owner, folder]) }
        port = Int(try LoopbackPort.free())
        let passwordFile = "\(folder)/password"
        try Data(password.utf8).write(to: URL(fileURLWithPath: passwordFile))
        if let owner { try Self.run("/bin/chown", [owner, passwordFile]) }
        try run(
            "initdb",
            ["-D", "\(folder)/data", "-U", user, "--pwfile=\(passwordFile)", "--auth-local=trust", "--auth-host=scram-sha-256", "--encoding=UTF8", "--no-sync"])
        try start()
    }

    /// A new, empty database of this server, and its URL for `viper serve --database`.
    public func makeDatabase() throws -> String {
        let name = "test_\(nextDatabase.add(1, ordering: .relaxed).newValue)_\(getpid())"
        try psql("postgres", "CREATE DATABASE \(name)")
        return url(of: name)
    }

    /// The URL of the database `name`, with the user's password, or `password` when given.
    public func url(of name: String, password: String? = nil) -> String {
        "postgresql://\(user):\(password ?? self.password)@127.0.0.1:\(port)/\(name)?sslmode=disable"
    }

    /// Runs `sql` on database `name` with `psql`, and returns what it printed, one row a line.
    @discardableResult
    public func psql(_ name: String, _ sql: String) throws -> String {
        try Self.run("\(binaries)/psql", ["-h", folder, "-p", "\(port)", "-U", user, "-d", name, "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// Stops the server at once (as a crash would), keeping its folder, until `start`.
    public func kill() throws {
        try run("pg_ctl", ["-D", "\(folder)/data", "-m", "immediate", "-w", "stop"])
    }

    /// Starts the server, or starts it again after `kill`, on its port.
    public func start() throws {
        try run(
            "pg_ctl",
            [
                "-D", "\(folder)/data", "-l", "\(folder)/server.log", "-w", "-t", "60", "-o",
                "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300", "start",
            ])
    }

    private func stop() {
        _ = try? run("pg_ctl", ["-D", "\(folder)/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs one of the server's programs as the server's owner.
    @discardableResult
    private func run(_ program: String, _ arguments: [String]) throws -> String {
        if let owner { return try Self.run("/usr/sbin/runuser", ["-u", owner, "--", "\(binaries)/\(program)"] + arguments) }
        return try Self.run("\(binaries)/\(program)", arguments)
    }

    /// Runs `program` with `arguments`, its output to a file, and waits for it with `waitpid`.
    ///
    /// Not Foundation's `Process`: in a test process whose other tests spawn and reap children of
    /// their own, its exit was seen never to be noticed (a `runuser` left a zombie, and the
    /// test waited for ever). Output goes to a file, not a pipe: the server `pg_ctl` starts
    /// would hold a pipe open for its life, and reading it to its end would never end.
    @discardableResult
    private static func run(_ program: String, _ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("viper-postgres-output-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of the test process: a server `pg_ctl` starts would hold, for its whole
        // life, whatever it inherited (the stdin pipe of a viper under test, which then never
        // sees the end of its input).
        // glibc has it since 2.34, but Swift's Glibc module does not declare it.
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else {
            throw PostgresTestServerError("this C library cannot close a spawned program's descriptors (glibc 2.34 or later can)")
        }
        _ = unsafeBitCast(closeFrom, to: CloseFrom.self)(&actions, 3)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw PostgresTestServerError("cannot run \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exited = status & 0x7f == 0
        guard exited, (status >> 8) & 0xff == 0 else {
            throw PostgresTestServerError("\(program) \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
    }

    /// The folder of PostgreSQL's programs: the newest of Debian's, else where `initdb` is on PATH.
    private static func binaries() -> String? {
        let debian = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []).compactMap(Int.init).sorted()
        if let newest = versions.last, FileManager.default.isExecutableFile(atPath: "\(debian)/\(newest)/bin/initdb") {
            return "\(debian)/\(newest)/bin"
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/initdb") {
            return String(folder)
        }
        return nil
    }
}
