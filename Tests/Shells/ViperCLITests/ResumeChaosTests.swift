import Foundation
import Synchronization
import Testing
import ViperTesting
import WebSocketTestClient

/// Sessions outlive their process: every golden transcript in `examples/`, played over WebSocket
/// through nginx to two `viper serve --listen` processes on one PostgreSQL database, has the
/// process serving it killed (SIGKILL) after a step; the client resumes on the other process,
/// and the rest of the transcript must pass unchanged (`ResumingConnection`).
///
/// `bin/test` runs it alone (VIPER_CLUSTER_TESTS=1), killing after three steps of each
/// transcript: the first, the middle and the last. `bin/chaos` sets VIPER_CHAOS_ALL=1, which
/// kills after every step in turn. Both print the resume times by journal length.
@Suite(
    "Sessions that outlive their process", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["VIPER_CLUSTER_TESTS"] != nil, "bin/test runs it alone, with VIPER_CLUSTER_TESTS=1"))
struct ResumeChaosTests {
    private static let examples = ViperBinary.repositoryRoot + "/examples"

    @Test("Every golden transcript passes with the process serving it killed after a step, resumed on the other process through nginx")
    func everyTranscriptSurvivesItsProcess() async throws {
        let everyStep = ProcessInfo.processInfo.environment["VIPER_CHAOS_ALL"] != nil
        let clusters = ClustersByOptions()
        var resumptions: [ResumingConnection.Resumption] = []
        var runs = 0
        // bin/chaos FILE… plays only those transcripts.
        let only = ProcessInfo.processInfo.environment["VIPER_CHAOS_TRANSCRIPTS"]?.split(separator: " ").map(String.init) ?? []
        for (number, file) in try Self.transcripts().enumerated() where only.isEmpty || only.contains(where: file.hasSuffix) {
            let steps = try Self.stepCount(of: file)
            let kills = everyStep ? Array(1..<steps) : Array(Set([1, steps / 2, steps - 1])).sorted()
            for killAfter in kills {
                let opened = Mutex<ResumingConnection?>(nil)
                let result = await TranscriptRunner.play(file: file) { options throws(EngineFailure) in
                    do {
                        let connection = try ResumingConnection(
                            cluster: try clusters.cluster(for: options), workspace: "chaos-\(number)-\(killAfter)", killAfter: killAfter)
                        opened.withLock { $0 = connection }
                        return connection
                    } catch let failure as EngineFailure {
                        throw failure
                    } catch {
                        throw EngineFailure(description: "could not connect through nginx: \(error)")
                    }
                }
                runs += 1
                let name = String(file.dropFirst(Self.examples.count + 1))
                #expect(result.failure == nil, "\(name), its process killed after step \(killAfter): \(result.failure.map(String.init(describing:)) ?? "")")
                let resumption = opened.withLock { $0?.resumption }
                if let resumption {
                    resumptions.append(resumption)
                } else if killAfter < steps - 1 {
                    // Past the last step no kill can come when every later step leaves a request
                    // in the middle; before it, one must have.
                    Issue.record("\(name): no kill came after step \(killAfter)")
                }
                try clusters.restartStopped()
            }
        }
        #expect(resumptions.count >= runs / 2, "only \(resumptions.count) of \(runs) runs had their process killed")
        FileHandle.standardError.write(Data(Self.report(resumptions, runs: runs).utf8))
    }

    @Test("A save acknowledged before the kill is there once after the resume; one sent but not acknowledged at most once, and on the resumed list if it committed")
    func savesAcrossAKill() async throws {
        try await onOwnThread {
            let cluster = try Cluster(retryingEveryConnection: true)
            let (client, servedBy) = try cluster.connect()
            let started = try client.call(Wire.request(1, "initialize", #"{"now":"2026-11-19T09:00:00Z"}"#), id: 1)
            let key = try #require(started.last?.firstMatch(of: /"resumeKey":"([0-9a-f]{32})"/)?.1)
            _ = try client.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)
            // 200 saves poured in at once; the process is killed once some have been answered.
            var saves = try PouredSaves(200, through: client)
            try saves.awaitAnswers(20, from: client)
            try cluster.kill(processOn: servedBy)
            saves.drain(client)
            let acknowledged = saves.acknowledged

            let (again, resumedOn) = try cluster.connect()
            #expect(resumedOn != servedBy)
            let resumed = try again.call(Wire.request(1, "initialize", #"{"now":"2026-11-19T09:00:00Z","resume":"\#(key)"}"#), id: 1)
            #expect(resumed.last?.contains(#""resume":{"replayed":"#) == true, "\(resumed.last ?? "")")
            // The restored list, as the resumed session shows it.
            let listRender = try #require(resumed.last { $0.contains(#""scene":"todo.list#1""#) && $0.contains("view.render") })
            let listed = try ListViewModel(lastRenderIn: [listRender]).rows.map(\.title)
            #expect(acknowledged.isSubset(of: Set(listed)), "lost: \(acknowledged.subtracting(listed).sorted())")
            #expect(Set(listed).count == listed.count, "saved twice: \(listed.sorted())")
            #expect(acknowledged.count < 200, "the process was killed after every save was answered: nothing was in the middle")
            // The database, seen by a session of its own, has each save once, and no save the
            // resumed list lacks: a save that committed carried its receipt (protocol.md §1.1).
            let (fresh, _) = try cluster.connect()
            _ = try fresh.call(Wire.request(1, "initialize", #"{"now":"2026-11-19T09:00:00Z"}"#), id: 1)
            let stored = try ListViewModel(lastRenderIn: try fresh.call(Wire.request(2, "app.start", #"{"app":"todo"}"#), id: 2)).rows.map(\.title)
            #expect(Set(stored).count == stored.count, "saved twice: \(stored.sorted())")
            #expect(Set(listed) == Set(stored), "committed, yet not on the resumed list: \(Set(stored).subtracting(listed).sorted())")
            try again.sendClose()
            try fresh.sendClose()
        }
    }

    // MARK: - Helpers

    private static func transcripts() throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: examples)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".transcript") { files.append(examples + "/" + path) }
        }
        return files.sorted()
    }

    /// The steps of a transcript: its lines that send something or wait (`>` and `>>`).
    private static func stepCount(of file: String) throws -> Int {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix(">") }.count
    }

    /// Resume times by the journal's length, p50 and p99, as BENCHMARKS.md shows them.
    private static func report(_ resumptions: [ResumingConnection.Resumption], runs: Int) -> String {
        var text = "resume: \(runs) runs, \(resumptions.count) with the serving process killed and the session resumed on the other\n"
        text += "resume: replayed requests | resumes | p50 ms | p99 ms\n"
        let buckets: [(String, ClosedRange<Int>)] = [("0-5", 0...5), ("6-10", 6...10), ("11-20", 11...20), ("21+", 21...Int.max)]
        for (name, range) in buckets {
            let times = resumptions.filter { range.contains($0.replayed) }.map { Double($0.duration.components.attoseconds) / 1e15 + Double($0.duration.components.seconds) * 1000 }.sorted()
            guard !times.isEmpty else { continue }
            func percentile(_ p: Double) -> Double { times[min(times.count - 1, Int((Double(times.count) * p).rounded(.up)) - 1)] }
            text += "resume: \(name) | \(times.count) | \(String(format: "%.1f", percentile(0.5))) | \(String(format: "%.1f", percentile(0.99)))\n"
        }
        return text
    }
}

/// One cluster for each set of options transcripts ask for (`$ viper serve --api-url …`), made
/// the first time a transcript asks.
private final class ClustersByOptions: Sendable {
    private let clusters = Mutex<[[String]: Cluster]>([:])

    func cluster(for options: [String]) throws -> Cluster {
        try clusters.withLock { clusters in
            if let cluster = clusters[options] { return cluster }
            let cluster = try Cluster(options: options, retryingEveryConnection: true)
            clusters[options] = cluster
            return cluster
        }
    }

    func restartStopped() throws {
        try clusters.withLock { clusters in
            for cluster in clusters.values { try cluster.restartStopped() }
        }
    }
}
