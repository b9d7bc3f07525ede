
import ViperCore

/// An engine session in this process: a line in, the lines it caused out, with nothing to wait for.
struct SessionConnection: EngineConnection {
    private let session: Session
    private let sink = LineCollector()

    init(engine: Engine) {
        session = engine.makeSession(output: sink)
    }

    func exchange(_ line: [UInt8], responseID: JSONValue?) async throws(EngineFailure) -> [String] {
        // What the stdio transport does with a line over the limit.
        if line.count > EngineInfo.maxLineBytes {
            await session.receiveOversizedLine(length: line.count, limit: EngineInfo.maxLineBytes)
        } else {
            await session.receive(line: line)
        }
        return sink.drain()
    }

    func close() async throws(EngineFailure) {}
}
