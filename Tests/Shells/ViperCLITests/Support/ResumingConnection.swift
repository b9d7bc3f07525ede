import Foundation
import ViperJSON
import ViperTesting
import WebSocketTestClient

/// A transcript's session over WebSocket through the cluster's nginx, whose process is killed
/// (SIGKILL) once `killAfter` steps have been played: the connection then comes back through
/// nginx, to the other process, resumes the session with the key its `initialize` gave, and
/// plays the rest there. What the transcript expects is untouched; the resume's own lines
/// (the restored stack) are the client's, not the transcript's.
///
/// The kill comes where the View holds the answer to every request it sent: a request cut in
/// its middle is the save "sent but not acknowledged", which gets no answer and so cannot pass
/// a transcript unchanged. Before the kill, `engine.idle` lets what the last step started
/// settle, as a user would look at the screen before the lights go out; what it showed by then
/// is kept for the steps that expect it.
final class ResumingConnection: EngineConnection, @unchecked Sendable {
    /// How the resume went.
    struct Resumption {
        /// The steps played before the kill.
        let killedAfter: Int
        /// The journal's requests the other process replayed.
        let replayed: Int
        /// From sending the resuming `initialize` to its response.
        let duration: Duration
    }

    private let cluster: Cluster
    private let workspace: String
    private let killAfter: Int
    // Touched by one step at a time, each on a thread of its own.
    private var client: WebSocketTestClient
    private var servedBy: UInt16
    private var pending: [String] = []
    private var stepsPlayed = 0
    private var initializeParams: [String: JSONValue]?
    private var resumeKey: String?
    /// The View's requests not answered yet, by id as written.
    private var unanswered: Set<String> = []
    private(set) var resumption: Resumption?

    init(cluster: Cluster, workspace: String, killAfter: Int) throws {
        self.cluster = cluster
        self.workspace = workspace
        self.killAfter = killAfter
        (client, servedBy) = try cluster.connect()
    }

    func exchange(_ line: [UInt8], responseID: JSONValue?) async throws(EngineFailure) -> [String] {
        try await step { [self] in
            let sent = sending(line)
            try client.send(String(decoding: sent, as: UTF8.self))
            if let responseID { return try read(until: responseID) }
            // A raw line may cause nothing; a request after it marks where its output ends.
            let barrier: JSONValue = "viper-test-barrier"
            try client.send(JSONWriter.string(["jsonrpc": "2.0", "id": barrier, "method": "engine.state"]))
            return Array(try read(untilResponseTo: barrier).dropLast())
        }
    }

    func send(_ line: [UInt8]) async throws(EngineFailure) {
        try await step { [self] in
            try client.send(String(decoding: sending(line), as: UTF8.self))
        }
    }

    func awaitLines(_ count: Int?, timeout: Duration) async throws(EngineFailure) -> [String] {
        try await step { [self] in
            let deadline = Date().addingTimeInterval(Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
            var lines: [String] = []
            while count.map({ lines.count < $0 }) ?? true {
                if !pending.isEmpty {
                    lines.append(noting(pending.removeFirst()))
                    continue
                }
                guard deadline.timeIntervalSinceNow > 0, let line = try? receive(timeout: deadline.timeIntervalSinceNow) else { break }
                lines.append(noting(line))
            }
            if let count, lines.count < count {
                throw EngineFailure(description: "waited \(timeout) for \(count) lines the engine would write by itself; \(lines.count) came:\n" + lines.joined(separator: "\n"))
            }
            return lines
        }
    }

    /// Given up: the transcript ran out of time; the processes are the cluster's to stop.
    func abandon() {}

    func close() async throws(EngineFailure) {
        try await step { [self] in
            try client.sendClose()
            var leftover = pending
            while let frame = try? client.receiveFrame(timeout: 10), frame.opcode != 0x8 {
                if frame.opcode == 0x1 { leftover.append(frame.text) }
            }
            if !leftover.isEmpty { throw EngineFailure(description: "the engine wrote lines after the last step:\n" + leftover.joined(separator: "\n")) }
        }
    }

    // MARK: - Steps

    /// Plays one step on a thread of its own (the socket blocks), killing the serving process
    /// first when the step after `killAfter` comes and no request is in the middle.
    private func step<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws(EngineFailure) -> Value {
        do {
            return try await onOwnThread { [self] in
                if resumption == nil, stepsPlayed >= killAfter, unanswered.isEmpty, resumeKey != nil { try killAndResume() }
                defer { stepsPlayed += 1 }
                return try body()
            }
        } catch let failure as EngineFailure {
            throw failure
        } catch {
            throw EngineFailure(description: "\(error)")
        }
    }

    private func killAndResume() throws {
        let idle: JSONValue = "viper-chaos-idle"
        try client.send(JSONWriter.string(["jsonrpc": "2.0", "id": idle, "method": "engine.idle"]))
        pending += try read(untilResponseTo: idle, noting: false).dropLast()
        let killed = servedBy
        try cluster.kill(processOn: killed)
        // What was on its way when the process died reached the View all the same.
        while let frame = try? client.receiveFrame(timeout: 10), frame.opcode != 0x8 {
            if frame.opcode == 0x1 { pending.append(frame.text) }
        }
        (client, servedBy) = try cluster.connect()
        guard servedBy != killed else { throw EngineFailure(description: "nginx sent the resuming client to the process that was killed") }
        var params = initializeParams ?? [:]
        params["resume"] = .string(resumeKey!)
        let id: JSONValue = "viper-chaos-resume"
        // What the killed process showed stays for the steps that expect it; the restore is
        // read from the new connection alone.
        let shown = pending
        pending = []
        defer { pending = shown }
        let start = ContinuousClock.now
        try client.send(JSONWriter.string(["jsonrpc": "2.0", "id": id, "method": "initialize", "params": .object(params)]))
        let restored = try read(untilResponseTo: id, noting: false)
        let duration = ContinuousClock.now - start
        guard let response = try? JSONParser.parse(Array(restored.last!.utf8)), case .number(let replayed)? = response["result"]?["resume"]?["replayed"],
            response["result"]?["resume"]?["error"] == nil
        else { throw EngineFailure(description: "the other process did not resume the session: \(restored.last!)") }
        resumption = Resumption(killedAfter: stepsPlayed, replayed: Int(replayed), duration: duration)
    }

    // MARK: - Lines

    /// `line` as it goes out: an `initialize` gets the run's workspace, and is remembered, to be
    /// sent again with the key to resume.
    private func sending(_ line: [UInt8]) -> [UInt8] {
        guard case .object(var members)? = try? JSONParser.parse(line) else { return line }
        if members["method"] != nil, let id = members["id"] { unanswered.insert(JSONWriter.string(id)) }
        guard members["method"] == "initialize" else { return line }
        var params: [String: JSONValue] = [:]
        if case .object(let given)? = members["params"] { params = given }
        if params["workspace"] == nil { params["workspace"] = .string(workspace) }
        members["params"] = .object(params)
        initializeParams = params
        return JSONWriter.encode(.object(members))
    }

    /// Reads up to the end of `responseID`'s output, pending lines first.
    private func read(until responseID: JSONValue) throws -> [String] {
        try read(noting: true) { RequestOutput.ends(at: $0, responseID: responseID) }
    }

    /// Reads up to the response to `id`, whatever comes before it: requests of the engine,
    /// errors of lines it could not read.
    private func read(untilResponseTo id: JSONValue, noting: Bool = true) throws -> [String] {
        try read(noting: noting) { RequestOutput.isResponse($0, to: id) }
    }

    private func read(noting: Bool, until isLast: (String) -> Bool) throws -> [String] {
        var lines: [String] = []
        while true {
            let line = pending.isEmpty ? try receive(timeout: 20) : pending.removeFirst()
            lines.append(noting ? self.noting(line) : line)
            if isLast(lines.last!) { return lines }
        }
    }

    /// Follows the View's requests to their answers; takes `resumeKey` out of `initialize`'s
    /// answer, which the transcript does not expect from an engine without journals.
    private func noting(_ line: String) -> String {
        guard case .object(var members)? = try? JSONParser.parse(Array(line.utf8)), members["method"] == nil, let id = members["id"] else { return line }
        unanswered.remove(JSONWriter.string(id))
        guard case .object(var result)? = members["result"], case .string(let key)? = result["resumeKey"] else { return line }
        resumeKey = key
        result["resumeKey"] = nil
        members["result"] = .object(result)
        return JSONWriter.string(.object(members))
    }

    private func receive(timeout: TimeInterval) throws -> String {
        while true {
            guard let frame = try client.receiveFrame(timeout: timeout) else { throw EngineFailure(description: "the server closed the connection") }
            switch frame.opcode {
            case 0x1: return frame.text
            case 0x8: throw EngineFailure(description: "the server closed the session: \(frame.closeCode.map(String.init) ?? "") \(frame.closeReason)")
            default: continue
            }
        }
    }
}
