import Foundation
import PostgresTestServer
import Testing
import WebSocketTestClient

@testable import ViperCommandLine

/// viper deployed as docs/deploy.md says, on this machine: two `viper serve --listen` processes
/// on one PostgreSQL database, nginx in front with `deploy/nginx-viper.conf` (`Cluster`).
///
/// Run alone, by `bin/test` after the suite (`VIPER_CLUSTER_TESTS=1 swift test --filter
/// ClusterTests`): a thousand sessions through nginx load both cores, which would push the
/// tests beside them past their deadlines.
@Suite(
    "Many processes on PostgreSQL behind nginx", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["VIPER_CLUSTER_TESTS"] != nil, "bin/test runs it alone, with VIPER_CLUSTER_TESTS=1"))
struct ClusterTests {
    private static let initialize = Wire.request(1, "initialize", #"{"now":"2026-11-19T09:00:00Z"}"#)

    /// Sessions through nginx until one lands on each process: (client, port) pairs, the first
    /// on `ports[0]`, the second on `ports[1]`.
    private func oneSessionOnEach(of cluster: Cluster) throws -> [WebSocketTestClient] {
        var byProcess: [UInt16: WebSocketTestClient] = [:]
        for _ in 0..<20 where byProcess.count < cluster.ports.count {
            let (client, port) = try cluster.connect()
            if byProcess[port] == nil { byProcess[port] = client }
        }
        try #require(byProcess.count == cluster.ports.count, "nginx sent every session to \(Array(byProcess.keys))")
        return cluster.ports.map { byProcess[$0]! }
    }

    @Test("Sessions spread over both processes share one workspace: a ToDo saved through the first shows by itself in the list of a session on the second")
    func liveAcrossProcessesThroughNginx() async throws {
        try await onOwnThread {
            let cluster = try Cluster()
            let sessions = try oneSessionOnEach(of: cluster)
            let (saver, watcher) = (sessions[0], sessions[1])
            for client in sessions {
                _ = try client.call(Self.initialize, id: 1)
                _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            }
            _ = try saver.call(Wire.event(3, "todo.list#1", "addTapped"), id: 3)
            _ = try saver.call(Wire.event(4, "todo.add#1", "titleChanged", #"{"title":"Saved through process 1"}"#), id: 4)
            _ = try saver.call(Wire.event(5, "todo.add#1", "dueDateChanged", #"{"dueDate":"2026-11-20"}"#), id: 5)
            let saved = try saver.call(Wire.event(6, "todo.add#1", "saveTapped"), id: 6)
            #expect(saved.last == #"{"id":6,"jsonrpc":"2.0","result":{}}"#, "\(saved)")
            let pushed = try watcher.receive()
            #expect(pushed.contains(#""scene":"todo.list#1""#) && pushed.contains("Saved through process 1"), "\(pushed)")
            for client in sessions { try client.sendClose() }
        }
    }

    @Test("The page behind nginx on a port other than 80 opens its session: the Host nginx passes on names the port the browser asked for, as its Origin does")
    func thePageBehindNginxOnAnyPort() async throws {
        try await onOwnThread {
            let cluster = try Cluster()
            let origin = "http://127.0.0.1:\(cluster.port)"
            let browser = try WebSocketTestClient(port: cluster.port, headers: ["Origin": origin])
            #expect(try browser.call(Self.initialize, id: 1).last?.contains(#""result""#) == true)
            // Another site's page is still refused, through nginx as well, and told why.
            #expect {
                try WebSocketTestClient(port: cluster.port, headers: ["Origin": "http://evil.example"])
            } throws: { error in
                guard let refused = error as? WebSocketTestClient.Refused else { return false }
                return refused.status == 403 && refused.body.contains("this server's own page is \(origin)")
            }
            try browser.sendClose()
        }
    }

    @Test("SIGKILL of a process in the middle of saves loses no save it acknowledged; its clients reconnect through nginx to the other process and find their data")
    func killInTheMiddleOfSaves() async throws {
        try await onOwnThread {
            let cluster = try Cluster()
            let sessions = try oneSessionOnEach(of: cluster)
            let victim = sessions[0]
            _ = try victim.call(Self.initialize, id: 1)
            _ = try victim.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            // 300 saves poured in at once; the process is killed once some have been answered.
            var saves = try PouredSaves(300, through: victim)
            try saves.awaitAnswers(20, from: victim)
            cluster.processes[0].kill(SIGKILL)
            // What arrived before the connection broke was acknowledged too.
            saves.drain(victim)
            let acknowledged = saves.acknowledged
            // The client connects again, through nginx, which skips the dead process.
            let (again, servedBy) = try cluster.connect()
            #expect(servedBy == cluster.ports[1])
            _ = try again.call(Self.initialize, id: 1)
            let list = try ListViewModel(lastRenderIn: try again.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2))
            let listed = list.rows.map(\.title)
            #expect(acknowledged.isSubset(of: Set(listed)), "lost: \(acknowledged.subtracting(listed).sorted())")
            // Nothing is there twice.
            #expect(Set(listed).count == listed.count)
            #expect(acknowledged.count < 300, "the process was killed after every save was answered: nothing was in the middle")
            try again.sendClose()
        }
    }

    @Test("1,000 sessions through nginx are all answered, spread over both processes")
    func thousandSessions() async throws {
        let files = OpenFileLimit.raiseToHardLimit()
        try #require(files >= 3000, "this machine lets a process open only \(files) files (ulimit -Hn)")
        try await onOwnThread {
            let cluster = try Cluster()
            var clients: [WebSocketTestClient] = []
            var perProcess: [UInt16: Int] = [:]
            for _ in 0..<1000 {
                let (client, port) = try cluster.connect()
                clients.append(client)
                perProcess[port, default: 0] += 1
            }
            for client in clients { try client.send(Self.initialize) }
            var unanswered = 0
            for client in clients where (try? client.receive(timeout: 60))?.contains(#""protocolVersion":"1.1""#) != true { unanswered += 1 }
            #expect(unanswered == 0, "\(unanswered) of 1,000 sessions were not answered")
            #expect(perProcess.count == 2 && perProcess.values.allSatisfy { $0 >= 300 }, "\(perProcess)")
            for client in clients { try? client.sendClose() }
        }
    }
}
