import Synchronization
import ViperCore
import ViperJSON

/// An engine session in this process: a line in, the lines it caused out once the session has
/// settled (answered, or waiting for the View's reply to one of its requests).
///
/// A request's lines end where `RequestOutput` says, as they do over a process's pipes: what
/// background work wrote after that point is kept for the steps that follow.
final class SessionConnection: EngineConnection, Sendable {
    private let session: Session
    private let sink = LineCollector()
    /// Lines written after the end of the last request's output, not yet handed to a step.
    private let pending = Mutex<[String]>([])

    init(engine: Engine) {
        session = engine.makeSession(output: sink)
    }

    /// The session is left to end by itself: its input ends, and its work is cancelled.
    func abandon() {
        let session = session
        Task { await session.finish(droppingQueued: true) }
    }

    func exchange(_ line: [UInt8], responseID: JSONValue?) async throws(EngineFailure) -> [String] {
        await session.receive(line: line)
        let lines = drainLines()
        guard let responseID, let end = lines.firstIndex(where: { RequestOutput.ends(at: $0, responseID: responseID) }) else { return lines }
        pending.withLock { $0 = Array(lines[(end + 1)...]) }
        return Array(lines[...end])
    }

    /// Hands the session `line` without waiting for anything and without reading what it
    /// causes: a cancellation sent while another exchange waits on the session.
    package func accept(_ line: [UInt8]) async {
        await session.accept(line: line)
    }

    func send(_ line: [UInt8]) async throws(EngineFailure) {
        // What the line causes stays in the sink, for the steps after it.
        await session.receive(line: line)
    }

    func awaitLines(_ count: Int?, timeout: Duration) async throws(EngineFailure) -> [String] {
        let deadline = ContinuousClock.now + timeout
        var lines = drainLines()
        while count.map({ lines.count < $0 }) ?? true, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
            lines += sink.drain()
        }
        if let count, lines.count < count {
            throw EngineFailure(description: "waited \(timeout) for \(count) line\(count == 1 ? "" : "s") the engine would write by itself; \(lines.count) came\(lines.isEmpty ? "" : ":\n" + lines.joined(separator: "\n"))")
        }
        if let count, lines.count > count {
            pending.withLock { $0 = Array(lines[count...]) }
            return Array(lines[..<count])
        }
        return lines
    }

    func close() async throws(EngineFailure) {
        await session.finish()
        // As over pipes: what nobody expected, written after the last step, fails the transcript.
        let leftover = drainLines()
        if !leftover.isEmpty {
            throw EngineFailure(description: "the engine wrote lines after the last step:\n" + leftover.joined(separator: "\n"))
        }
    }

    /// The pending lines, then what the session wrote since.
    private func drainLines() -> [String] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return pending
        } + sink.drain()
    }
}
