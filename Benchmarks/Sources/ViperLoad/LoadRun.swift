import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One measurement: `sessions` WebSocket sessions on one `viper serve --listen`, first idle,
/// then each playing the ToDo add story in a loop for `seconds`, or `stories` times at most,
/// waiting `pause` between an answer and its next request (none: as fast as the server goes).
struct LoadRun {
    let viper: String
    let sessions: Int
    let seconds: Double
    let stories: Int
    let pause: Duration

    /// What one run measured.
    struct Figures {
        let sessions: Int
        /// Seconds to connect and upgrade every session, one after the other.
        let connectSeconds: Double
        /// The server's resident memory per initialized, idle session, in kilobytes.
        let idleKilobytesPerSession: Double
        let requests: Int
        let eventsPerSecond: Double
        let p50Microseconds: Double
        let p99Microseconds: Double
        let maxMicroseconds: Double
        /// The p99 of each session's slowest request: how the worst-served sessions fared.
        let p99OfSessionMaxMicroseconds: Double
        /// The fewest stories one session completed: 0 would be a starved session.
        let fewestStories: Int
        /// The server's CPU time over the active phase, in cores (1.0 is one core busy).
        let serverCores: Double
    }

    func measure() throws -> Figures {
        let server = try ListeningServer(viper: viper, arguments: ["--db", ":memory:", "--max-sessions", "\(sessions)"])
        usleep(300_000)
        let base = server.residentKilobytes
        let connecting = ContinuousClock.now
        let clients = try (0..<sessions).map { _ in try LoadClient(port: server.port) }
        let connectSeconds = seconds(since: connecting)

        for client in clients { try client.initialize() }
        try waitForAnswers(clients, until: .now + .seconds(120))
        for client in clients { client.forgetLatencies() }
        usleep(1_000_000)
        let idle = server.residentKilobytes

        let cpu = server.cpuSeconds
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        try play(clients, until: deadline)
        try waitForAnswers(clients, until: .now + .seconds(30))
        let elapsed = seconds(since: start)
        let serverCores = (server.cpuSeconds - cpu) / elapsed

        let latencies = clients.flatMap(\.latencies)
        guard !latencies.isEmpty else { throw LoadError("no request was answered") }
        return Figures(
            sessions: sessions, connectSeconds: connectSeconds, idleKilobytesPerSession: Double(idle - base) / Double(sessions),
            requests: latencies.count, eventsPerSecond: Double(latencies.count) / elapsed,
            p50Microseconds: latencies.percentile(50), p99Microseconds: latencies.percentile(99), maxMicroseconds: latencies.max()!,
            p99OfSessionMaxMicroseconds: clients.map { $0.latencies.max() ?? .infinity }.percentile(99),
            fewestStories: clients.map(\.stories).min()!, serverCores: serverCores)
    }

    /// Answers go on to the story's next request, `pause` later, until `deadline`, or until
    /// every session has played its stories.
    func play(_ clients: [LoadClient], until deadline: ContinuousClock.Instant) throws {
        var descriptors = clients.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
        // Sessions whose next request is due, in the order their answers came: with one pause
        // for all, that is the order they fall due.
        // The sessions start spread over one pause, as people do, not all at once, which
        // would keep them in step: each burst of a request per session would queue.
        let start = ContinuousClock.now
        var due = clients.indices.map { (at: start + pause * (Double($0) / Double(clients.count)), client: $0) }
        var nextDue = 0
        while ContinuousClock.now < deadline {
            while nextDue < due.count, due[nextDue].at <= .now {
                try clients[due[nextDue].client].sendNextStep()
                nextDue += 1
            }
            if nextDue > 4096 {
                due.removeFirst(nextDue)
                nextDue = 0
            }
            let wait = nextDue < due.count ? max(0, min(100, Self.milliseconds(due[nextDue].at - .now))) : 100
            guard poll(&descriptors, nfds_t(descriptors.count), Int32(wait)) >= 0 || errno == EINTR else { throw LoadError("poll failed: errno \(errno)") }
            for index in descriptors.indices where descriptors[index].revents != 0 {
                descriptors[index].revents = 0
                let client = clients[index]
                guard try client.readAnswers(), client.stories < stories else { continue }
                if pause == .zero { try client.sendNextStep() } else { due.append((.now + pause, index)) }
            }
            if nextDue == due.count, clients.allSatisfy({ $0.awaited == nil }) { return }
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Reads until no session waits for an answer.
    func waitForAnswers(_ clients: [LoadClient], until deadline: ContinuousClock.Instant) throws {
        var waiting = clients.filter { $0.awaited != nil }
        while !waiting.isEmpty {
            guard ContinuousClock.now < deadline else { throw LoadError("\(waiting.count) sessions were not answered") }
            var descriptors = waiting.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            for index in descriptors.indices where descriptors[index].revents != 0 {
                _ = try waiting[index].readAnswers()
            }
            waiting = waiting.filter { $0.awaited != nil }
        }
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

extension Array where Element == Double {
    /// The `p`th percentile, nearest rank.
    func percentile(_ p: Double) -> Double {
        let sorted = self.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}
