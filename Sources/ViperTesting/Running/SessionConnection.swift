
import ViperCore
import ViperJSON

/// An engine session in this process: a line in, the lines it caused out, with nothing to wait for.
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

    func close() async throws(EngineFailure) {}
}
