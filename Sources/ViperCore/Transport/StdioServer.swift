/// Serves one session over a pair of file descriptors: JSON-RPC requests in, one per line;
/// responses and notifications out. Returns at the end of input, or after the first
/// termination signal once the request in progress is answered.
public enum StdioServer {
    /// Reads lines from `input` until its end (or until `signals` says stop), handing each to
    /// `session`, which writes to `output`.
    public static func run(_ session: Session, input: Int32, output: FileDescriptorSink, signals: TerminationSignals? = nil) async {
        var reader = LineReader(fileDescriptor: input, maxLineBytes: EngineInfo.maxLineBytes, stoppingAt: signals)
        while let line = reader.next(beforeWaiting: output.flush) {
            switch line {
            case .complete(let bytes):
                await session.receive(line: bytes)
            case .oversized(let length):
                await session.receiveOversizedLine(length: length, limit: EngineInfo.maxLineBytes)
            }
        }
        output.flush()
    }
}
