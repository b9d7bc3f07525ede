/// Serves one session over a pair of file descriptors: JSON-RPC messages in, one per line;
/// responses, notifications and the engine's own requests out, as soon as they exist.
///
/// A thread reads the input (`LinePump`) while the session works, so cancellations and the
/// client's replies act at once; the sink writes from a thread of its own. Returns at the end
/// of input, once every request read is answered, or after the first termination signal,
/// once the request in progress is answered.
public enum StdioServer {
    /// Reads lines from `input` until its end (or until `signals` says stop), handing each to
    /// `session`, which writes to `output`.
    public static func run(_ session: Session, input: Int32, output: FileDescriptorSink, signals: TerminationSignals? = nil) async {
        let pump = LinePump(fileDescriptor: input, maxLineBytes: EngineInfo.maxLineBytes, stoppingAt: signals)
        for await batch in pump.batches {
            if signals?.isStopRequested == true { break }
            await session.accept(lines: batch)
            pump.batchTaken()
        }
        await session.finish(droppingQueued: signals?.isStopRequested == true)
        output.drain()
    }
}
