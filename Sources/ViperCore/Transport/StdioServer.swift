/// Serves one session over a pair of file descriptors: JSON-RPC requests in, one per line;
/// responses and notifications out. Returns at the end of input.
public enum StdioServer {
    /// Reads lines from `input` until its end, handing each to `session`, which writes to `output`.
    public static func run(_ session: Session, input: Int32, output: FileDescriptorSink) async {
        var reader = LineReader(fileDescriptor: input, maxLineBytes: EngineInfo.maxLineBytes)
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
