import Logging
import NIOCore
import Synchronization

/// Says once, not at every retry, that the listener cannot accept (the process ran out of file
/// descriptors), and once more when it accepts again.
///
/// It sits in the listener's pipeline, where each accepted connection passes by as a read, in
/// the order the accepts happened: a connection accepted just before a failure cannot report
/// itself after it, as the connection's own set-up (on another event loop) could.
final class AcceptFailureLog: ChannelInboundHandler, Sendable {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let logger: Logger
    private let failing = Atomic<Bool>(false)

    init(logger: Logger) {
        self.logger = logger
    }

    /// Accepting failed with `error`; the listener waits before it tries again.
    func failed(_ error: IOError) {
        guard !failing.exchange(true, ordering: .relaxed) else { return }
        logger.warning(
            "cannot accept connections: \(error). Waiting a second between tries until some close; raise the limit of open files (ulimit -n) or lower --max-sessions")
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if failing.exchange(false, ordering: .relaxed) { logger.warning("accepting connections again") }
        context.fireChannelRead(data)
    }
}
