import Synchronization
import ViperCore

/// An engine session in this process: a line in, the lines it caused out, with nothing to wait for.
struct SessionConnection: EngineConnection {
    private let session: Session
    private let sink = CollectingSink()

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

/// Keeps a session's output lines until the runner takes them.
private final class CollectingSink: LineSink {
    private let lines = Mutex<[String]>([])

    func write(line: [UInt8]) {
        let text = String(decoding: line, as: UTF8.self)
        lines.withLock { $0.append(text) }
    }

    func drain() -> [String] {
        lines.withLock { lines in
            defer { lines.removeAll() }
            return lines
        }
    }
}
