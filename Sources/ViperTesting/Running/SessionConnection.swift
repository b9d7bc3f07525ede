import ViperCore
import ViperJSON

/// An engine session in this process: a line in, the lines it caused out once the session has
/// settled (answered, or waiting for the View's reply to one of its requests).
struct SessionConnection: EngineConnection {
    private let session: Session
    private let sink = LineCollector()

    init(engine: Engine) {
        session = engine.makeSession(output: sink)
    }

    func exchange(_ line: [UInt8], responseID: JSONValue?) async throws(EngineFailure) -> [String] {
        await session.receive(line: line)
        return sink.drain()
    }

    func awaitLines(_ count: Int?, timeout: Duration) async throws(EngineFailure) -> [String] {
        let deadline = ContinuousClock.now + timeout
        var lines = sink.drain()
        while count.map({ lines.count < $0 }) ?? true, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(2))
            lines += sink.drain()
        }
        if let count, lines.count < count {
            throw EngineFailure(description: "waited \(timeout) for \(count) line\(count == 1 ? "" : "s") the engine would write by itself; \(lines.count) came\(lines.isEmpty ? "" : ":\n" + lines.joined(separator: "\n"))")
        }
        return lines
    }

    func close() async throws(EngineFailure) {
        await session.finish()
    }
}
