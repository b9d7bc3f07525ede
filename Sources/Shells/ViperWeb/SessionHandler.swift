import Logging
import NIOCore
import NIOWebSocket
import Synchronization
import ViperCore

/// One WebSocket connection, one conversation of the server's service (a session of the engine
/// in `viper serve --listen`), on the connection's event loop. Three values decide, this class
/// carries out what they say with NIO: `FrameAssembler` checks the client's frames and joins
/// them into messages, `MessageBatches` hands them to the conversation in batches with
/// backpressure, and `ClosingHandshake` says what is still read and when the connection
/// closes. What the conversation writes goes back as frames (`SessionOutput`).
///
/// Failing the connection (RFC 6455 §7.1.7): a close frame that says why, then up to
/// `closingGrace` for the client's own before the TCP connection closes.
final class SessionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = Never

    /// How long a connection the server closes waits for the client's close frame before the
    /// TCP connection is closed anyway: closing with unread input resets it, and the client
    /// could lose the close frame and its reason.
    static let closingGrace = TimeAmount.seconds(5)
    /// How many batches of messages may wait for the conversation before the socket is no
    /// longer read, and how many messages a batch holds at most: a session parses one batch
    /// while it runs the requests of the one before, as over stdio (`LinePump`, whose figures
    /// these are), and a read that brought a thousand messages is not parsed whole before the
    /// first of them runs.
    static let batchesInFlight = 4
    static let batchMessages = 256

    /// Whether the server is stopping, for the session's task: it then answers only the request
    /// it runs when its input ends, since a queued request never run is better than one run and
    /// never answered.
    private final class StopSignal: Sendable {
        private let raised = Atomic<Bool>(false)
        func raise() { raised.store(true, ordering: .relaxed) }
        var isRaised: Bool { raised.load(ordering: .relaxed) }
    }

    private let service: any WebSocketService
    private let bypass: FrameBypass
    /// Where frames go out, encoded here (`FrameBypass`).
    private var writer: ChannelHandlerContext?
    private let limits: WebServerLimits
    private let registry: ConnectionRegistry
    private let logger: Logger
    private var context: ChannelHandlerContext?
    private var output: SessionOutput?
    private var messages: AsyncStream<[WebSocketMessage]>.Continuation?
    private let stopping = StopSignal()
    private var closingTimer: Scheduled<Void>?
    /// Closes the session if it has not begun by then.
    private var beginningTimer: Scheduled<Void>?
    private var handshake = ClosingHandshake()
    private var frames: FrameAssembler
    private var batches = MessageBatches(messagesPerBatch: SessionHandler.batchMessages, batchesInFlight: SessionHandler.batchesInFlight)

    /// A handler for a connection whose pipeline holds `bypass` before NIO's frame encoder.
    init(service: any WebSocketService, bypass: FrameBypass, limits: WebServerLimits, registry: ConnectionRegistry, logger: Logger) {
        self.service = service
        self.bypass = bypass
        self.limits = limits
        self.registry = registry
        self.logger = logger
        frames = FrameAssembler(maxMessageBytes: limits.maxMessageBytes)
    }

    // MARK: - Lifecycle

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        writer = try? context.pipeline.syncOperations.context(handler: bypass)
        let eventLoop = context.eventLoop
        let output = SessionOutput(limit: limits.maxUnsentBytes, eventLoop: eventLoop)
        self.output = output
        let handler = NIOLoopBound(self, eventLoop: eventLoop)
        let channel = context.channel
        output.attach(SessionOutput.Connection(
            isWritable: { channel.isWritable },
            write: { frames, closing in handler.value.send(frames, closing: closing) },
            endInput: { eventLoop.execute { handler.value.endedByEngine() } }))
        guard registry.sessions.claim() else {
            // Refused after the upgrade, not before: a browser's WebSocket shows a close reason,
            // never the status of a refused upgrade.
            _ = handshake.fail()
            output.close(CloseFrame(
                code: CloseFrame.tryAgainLater,
                reason: "the server already serves \(registry.sessions.capacity) sessions (--max-sessions); try again later"))
            return
        }
        let conversation = service.open(output: output)
        let (stream, continuation) = AsyncStream<[WebSocketMessage]>.makeStream()
        messages = continuation
        let registry = registry
        let stopping = stopping
        let id = ObjectIdentifier(self)
        registry.add(id) { eventLoop.execute { handler.value.stop() } }
        // A connection that never begins its session would hold its place for good.
        let timeout = limits.initializeTimeout
        beginningTimer = eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) {
            Task {
                guard await !conversation.hasBegun else { return }
                eventLoop.execute {
                    handler.value.fail(CloseFrame(
                        code: CloseFrame.initializeTimeout,
                        reason: "no initialize within \(timeout.components.seconds) s of the upgrade (--initialize-timeout); send it first"))
                }
            }
        }
        Task {
            for await batch in stream {
                await conversation.accept(batch)
                eventLoop.execute { handler.value.batchTaken() }
            }
            // The input ended: the client left or closed, the connection failed, or the server
            // is stopping. What was read is still carried out (a save the client sent is kept),
            // unless the server is stopping, which answers only the request it runs.
            await conversation.finish(droppingQueued: stopping.isRaised)
            eventLoop.execute { handler.value.sessionFinished() }
            registry.sessions.release()
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        handshake.closed()
        closingTimer?.cancel()
        beginningTimer?.cancel()
        endInput()
        // The output holds this handler (its connection's closures): let go of each other.
        output?.detach()
        // A server that stops waits for its connections to close, not only their sessions to
        // end: the last answers and the close frame must have gone out.
        registry.remove(ObjectIdentifier(self))
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        writer = nil
        endInput()
        output?.detach()
    }

    /// The engine ended the session (`SessionOutput.end`): its close frame is on its way, and
    /// nothing more the client sends is carried out.
    private func endedByEngine() {
        handshake.stopReading(sessionEnded: true)
        batches.discard()
        endInput()
    }

    /// The server is stopping: nothing more is read, the session answers the request it runs,
    /// and the connection closes with 1001 once that answer is out (`sessionFinished`).
    private func stop() {
        stopping.raise()
        handshake.stopReading(sessionEnded: false)
        batches.discard()
        endInput()
    }

    /// The session has finished: a server that stops says so, after the last answer.
    private func sessionFinished() {
        guard stopping.isRaised, handshake.isOpen else { return }
        fail(CloseFrame(code: CloseFrame.goingAway, reason: "the server is stopping; connect again later"))
    }

    private func endInput() {
        messages?.finish()
        messages = nil
    }

    // MARK: - Reading

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch handshake.frameArrived(isClose: frame.opcode == .connectionClose) {
        case .drop: return
        case .closeConnection: return context.close(promise: nil)
        case .read: break
        }
        switch frames.receive(frame) {
        case .nothing:
            break
        case .message(let message):
            if let messages, let batch = batches.add(message) { messages.yield(batch) }
        case .ping(let payload):
            var pong = context.channel.allocator.buffer(capacity: payload.readableBytes + 2)
            ServerFrame.append(.pong, payload: payload, to: &pong)
            writer?.writeAndFlush(NIOAny(pong), promise: nil)
        case .close(let close):
            // Answered with the code it came with (RFC 6455 §5.5.1); then nothing more goes
            // out, and the connection closes once the answer is sent.
            handshake.clientAskedToClose()
            endInput()
            output?.close(CloseFrame(code: close.code, reason: ""))
        case .fail(let close):
            fail(close)
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if let messages, let batch = batches.readEnded() { messages.yield(batch) }
        context.fireChannelReadComplete()
    }

    /// The session took a batch: the socket may be read again.
    private func batchTaken() {
        if batches.batchTaken(), let context { context.read() }
    }

    func read(context: ChannelHandlerContext) {
        // Backpressure: while the session has not taken what was read, read no more.
        if batches.shouldRead() { context.read() }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            fail(frames.messageTooBig)
        case NIOWebSocketError.fragmentedControlFrame:
            fail(CloseFrame(code: CloseFrame.protocolError, reason: "a control frame may not be fragmented"))
        case NIOWebSocketError.multiByteControlFrameLength:
            fail(CloseFrame(code: CloseFrame.protocolError, reason: "a control frame is at most 125 bytes"))
        case is IOError:
            // The connection broke: nobody is left to answer.
            context.close(promise: nil)
        default:
            // Bytes after a frame the decoder refused: the connection is failing already.
            break
        }
    }

    // MARK: - Writing

    /// Writes `frames`, encoded already, and flushes them. After a close frame the server sends
    /// nothing more: it closes its side of the TCP connection, so the client reads the close
    /// frame and the end, and the whole connection closes when the client answers or the grace
    /// runs out.
    private func send(_ frames: ByteBuffer, closing: Bool) {
        guard let context, let writer, handshake.isConnected else { return }
        writer.write(NIOAny(frames), promise: nil)
        guard closing else { return writer.flush() }
        let afterwards = handshake.closeSentNow()
        writer.flush()
        // Once every frame is out (NIO shuts the output down after the pending writes).
        let outputClosed = context.eventLoop.makePromise(of: Void.self)
        context.close(mode: .output, promise: outputClosed)
        switch afterwards {
        case .closeWhenSent:
            outputClosed.futureResult.assumeIsolated().whenComplete { [weak self] _ in self?.context?.close(promise: nil) }
        case .awaitClientClose:
            closingTimer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.closingGrace) { [weak self] in
                self?.context?.close(promise: nil)
            }
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { output?.drain() }
        context.fireChannelWritabilityChanged()
    }

    /// Fails the connection with `close`: the session's input ends and it may write nothing
    /// more; the close frame goes out after what it wrote before.
    private func fail(_ close: CloseFrame) {
        guard handshake.fail() else { return }
        logger.debug("closing a WebSocket session", metadata: ["code": "\(close.code)", "reason": "\(close.reason)"])
        endInput()
        output?.close(close)
    }
}
