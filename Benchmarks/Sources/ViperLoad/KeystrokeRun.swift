import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The keystroke mode: `keystrokes` `titleChanged` events in all, typed by `sessions` WebSocket
/// sessions at once on one `viper serve --listen` (each its share, pipelined within `window`),
/// or by one session over stdio (`viper serve` reading them from a pipe, as fast as it goes);
/// either way the client reads every line the engine writes.
struct KeystrokeRun {
    let viper: String
    let keystrokes: Int
    let window: Int

    /// What one run measured.
    struct Figures {
        let sessions: Int
        let seconds: Double
        let eventsPerSecond: Double
        /// The server's CPU time over the run, in cores (1.0 is one core busy).
        let serverCores: Double
        /// This process's (the client's) CPU time over the run, in cores.
        let clientCores: Double
    }

    /// Over WebSocket, `sessions` sessions typing at once; timed from the first keystroke to the
    /// last response.
    func webSocket(sessions: Int) throws -> Figures {
        let server = try ListeningServer(viper: viper, arguments: ["--db", ":memory:", "--max-sessions", "\(sessions)"])
        return try webSocket(sessions: sessions, port: server.port, servers: [server])
    }

    /// The same, on `port`, where `servers` serve (behind a proxy when there is more than one).
    func webSocket(sessions: Int, port: UInt16, servers: [ListeningServer]) throws -> Figures {
        let share = keystrokes / sessions
        let clients = try (0..<sessions).map { _ in try KeystrokeClient(port: port, keystrokes: share, window: window) }
        for client in clients { try client.prepare() }
        let serverCPU = { servers.reduce(0) { $0 + $1.cpuSeconds } }
        let cpu = serverCPU()
        let clientCPU = Self.ownCPUSeconds
        let start = ContinuousClock.now
        var descriptors = clients.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        for client in clients { try client.pump() }
        var left = clients.count
        while left > 0 {
            guard poll(&descriptors, nfds_t(descriptors.count), 10_000) > 0 || errno == EINTR else {
                throw LoadError("no answer for 10 s (or poll failed: errno \(errno))")
            }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                descriptors[index].revents = 0
                let client = clients[index]
                guard !client.isDone else { continue }
                try client.pump()
                if client.isDone { left -= 1 }
            }
        }
        let seconds = Self.seconds(since: start)
        return Figures(
            sessions: sessions, seconds: seconds, eventsPerSecond: Double(share * sessions) / seconds,
            serverCores: (serverCPU() - cpu) / seconds, clientCores: (Self.ownCPUSeconds - clientCPU) / seconds)
    }

    /// Over stdio: `viper serve --db :memory:` reads the same session's requests from a pipe;
    /// timed from its start to the end of its output (its start and the session's first three
    /// requests take a few milliseconds of the second or so).
    func stdio() throws -> Figures {
        var input = Keystrokes.initialize + "\n" + Keystrokes.startApp + "\n" + Keystrokes.openAdd + "\n"
        input.reserveCapacity(keystrokes * 150)
        for index in 0..<keystrokes { input += Keystrokes.keystroke(index) + "\n" }
        let bytes = Array(input.utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: viper)
        process.arguments = ["serve", "--db", ":memory:"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        let cpuBefore = Self.childrenCPUSeconds
        let clientCPU = Self.ownCPUSeconds
        let start = ContinuousClock.now
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(bytes))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        // Read and count every line, as the WebSocket client reads every frame.
        var lines = 0
        let descriptor = stdout.fileHandleForReading.fileDescriptor
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { chunk in
            while true {
                let count = read(descriptor, chunk.baseAddress, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw LoadError("reading viper serve's output failed: errno \(errno)") }
                if count == 0 { break }
                lines += chunk[..<count].count { $0 == UInt8(ascii: "\n") }
            }
        }
        let seconds = Self.seconds(since: start)
        let clientCores = (Self.ownCPUSeconds - clientCPU) / seconds
        process.waitUntilExit()
        let cpu = Self.childrenCPUSeconds - cpuBefore
        guard lines == 2 * keystrokes + 7 else { throw LoadError("viper serve wrote \(lines) lines, not \(2 * keystrokes + 7)") }
        return Figures(
            sessions: 1, seconds: seconds, eventsPerSecond: Double(keystrokes) / seconds, serverCores: cpu / seconds, clientCores: clientCores)
    }

    /// The CPU time of every child process waited for so far, user and system, in seconds.
    private static var childrenCPUSeconds: Double { cpuSeconds(RUSAGE_CHILDREN) }

    /// This process's CPU time so far, user and system, in seconds.
    private static var ownCPUSeconds: Double { cpuSeconds(RUSAGE_SELF) }

    private static func cpuSeconds(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        let seconds = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
