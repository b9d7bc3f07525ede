import Logging
import NIOCore
import NIOWebSocket
import Synchronization
import ViperCore

/// One WebSocket connection, one conversation of the server's service (a session of the engine
/// in `viper serve --listen`), on the connection's event loop: the frames a client sends,
/// checked as RFC 6455 asks, joined into messages for the conversation; what it writes goes
/// back as frames (`SessionOutput`).
///
/// Failing the connection (RFC 6455 §7.1.7): a close frame that says why, then up to
/// `closingGrace` for the client's own before the TCP connection closes. 1002 for frames the
/// protocol forbids (unmasked, with reserved bits, a reserved opcode, a continuation with
/// nothing to continue, a new message in the middle of one, a close frame that is not one),
/// 1007 for a text message or close reason that is not UTF-8, 1009 for a message over the
/// limit, judged by its frames' declared lengths before their bytes are kept.
///
/// Messages reach the conversation in batches (those one read of the socket brought, up to
/// `batchMessages`), through one task per connection; while it has not taken the last
/// `batchesInFlight` batches, the socket is not read, so a client that pours in requests is
/// slowed by TCP, never buffered without bound.
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

    private enum Phase: Equatable {
        case open
        /// A close frame was sent or is queued; the connection closes when the client answers or
        /// the grace runs out. A session cut off for reading too slowly still carries out what
        /// the client sends meanwhile (`feedsSession`).
        case closing(feedsSession: Bool)
        case closed
    }

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
    private var phase = Phase.open
    private var context: ChannelHandlerContext?
    private var output: SessionOutput?
    private var messages: AsyncStream<[WebSocketMessage]>.Continuation?
    private let stopping = StopSignal()
    private var closingTimer: Scheduled<Void>?
    /// Closes the session if it has not begun by then.
    private var beginningTimer: Scheduled<Void>?
    /// The server's close frame is written.
    private var closeSent = false
    /// The client's close frame came: once the server's is out, the TCP connection closes.
    private var closeReceived = false

    // Reading: the batch being read, the batches the session has yet to take, a read the
    // pipeline asked for while paused.
    private var batch: [WebSocketMessage] = []
    private var batchesWaiting = 0
    private var readAsked = false
    private var readingStopped = false

    // The message being assembled from its frames.
    private var message: ByteBuffer?
    private var messageIsText = false
    private var utf8 = UTF8Validator()

    /// A handler for a connection whose pipeline holds `bypass` before NIO's frame encoder.
    init(service: any WebSocketService, bypass: FrameBypass, limits: WebServerLimits, registry: ConnectionRegistry, logger: Logger) {
        self.service = service
        self.bypass = bypass
        self.limits = limits
        self.registry = registry
        self.logger = logger
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
        guard registry.sessions.take() else {
            // Refused after the upgrade, not before: a browser's WebSocket shows a close reason,
            // never the status of a refused upgrade.
            phase = .closing(feedsSession: false)
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
        phase = .closed
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
        if phase == .open || phase == .closing(feedsSession: true) { phase = .closing(feedsSession: false) }
        readingStopped = true
        batch = []
        endInput()
    }

    /// The server is stopping: nothing more is read, the session answers the request it runs,
    /// and the connection closes with 1001 once that answer is out (`sessionFinished`).
    private func stop() {
        stopping.raise()
        readingStopped = true
        batch = []
        endInput()
    }

    /// The session has finished: a server that stops says so, after the last answer.
    private func sessionFinished() {
        guard stopping.isRaised, phase == .open else { return }
        fail(CloseFrame(code: CloseFrame.goingAway, reason: "the server is stopping; connect again later"))
    }

    private func endInput() {
        messages?.finish()
        messages = nil
    }

    // MARK: - Reading

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch phase {
        case .closed:
            return
        case .closing(let feedsSession):
            // A session cut off for reading too slowly still carries out what the client sends
            // meanwhile.
            if frame.opcode == .connectionClose { return clientClosed(context) }
            guard feedsSession else { return }
        case .open:
            break
        }
        if readingStopped {
            if frame.opcode == .connectionClose { clientClosed(context) }
            return
        }
        guard frame.maskKey != nil else {
            return fail(CloseFrame(code: CloseFrame.protocolError, reason: "a client's frames must be masked"))
        }
        guard !frame.rsv1 && !frame.rsv2 && !frame.rsv3 else {
            return fail(CloseFrame(code: CloseFrame.protocolError, reason: "no extension was agreed: the reserved bits must be 0"))
        }
        switch frame.opcode {
        case .connectionClose:
            switch CloseFrame.read(frame.unmaskedData) {
            case .success(let close):
                // Answered with the code it came with (RFC 6455 §5.5.1); then nothing more goes
                // out, and the connection closes once the answer is sent.
                phase = .closing(feedsSession: false)
                closeReceived = true
                endInput()
                output?.close(CloseFrame(code: close.code, reason: ""))
            case .failure(let failure):
                fail(CloseFrame(code: failure.code, reason: failure.reason))
            }
        case .ping:
            var pong = context.channel.allocator.buffer(capacity: frame.length + 2)
            ServerFrame.append(.pong, payload: frame.unmaskedData, to: &pong)
            writer?.writeAndFlush(NIOAny(pong), promise: nil)
        case .pong:
            break
        case .text, .binary:
            guard message == nil else {
                return fail(CloseFrame(code: CloseFrame.protocolError, reason: "a new message began before the last one ended"))
            }
            messageIsText = frame.opcode == .text
            guard !frame.fin else { return receiveWhole(frame) }
            message = context.channel.allocator.buffer(capacity: frame.length)
            utf8 = UTF8Validator()
            add(frame, context: context)
        case .continuation:
            guard message != nil else {
                return fail(CloseFrame(code: CloseFrame.protocolError, reason: "a continuation frame came with no message to continue"))
            }
            add(frame, context: context)
        default:
            fail(CloseFrame(code: CloseFrame.protocolError, reason: "opcode \(UInt8(webSocketOpcode: frame.opcode)) is reserved"))
        }
    }

    /// A message in one frame, the common case: unmasked straight into the bytes the
    /// conversation takes, with one copy. The decoder has held the frame to the message limit.
    private func receiveWhole(_ frame: WebSocketFrame) {
        let bytes = frame.data.withUnsafeReadableBytes { masked in
            Array(unsafeUninitializedCapacity: masked.count) { unmasked, count in
                let key = frame.maskKey.map(Array.init) ?? [0, 0, 0, 0]
                for index in 0..<masked.count { unmasked[index] = masked[index] ^ key[index & 3] }
                count = masked.count
            }
        }
        if messageIsText {
            var utf8 = UTF8Validator()
            guard utf8.add(bytes), utf8.isComplete else {
                return fail(CloseFrame(code: CloseFrame.invalidPayload, reason: "a text message must be UTF-8"))
            }
        }
        hand(WebSocketMessage(bytes: bytes, isText: messageIsText))
    }

    /// Adds a data frame to the message, and ends the message at its last frame.
    private func add(_ frame: WebSocketFrame, context: ChannelHandlerContext) {
        guard var message else { return }
        self.message = nil
        guard message.readableBytes + frame.length <= limits.maxMessageBytes else {
            return fail(CloseFrame(code: CloseFrame.messageTooBig, reason: "a message is at most \(limits.maxMessageBytes) bytes"))
        }
        var data = frame.data
        if let key = frame.maskKey { data.webSocketUnmask(key) }
        if messageIsText {
            guard utf8.add(data.readableBytesView) else {
                return fail(CloseFrame(code: CloseFrame.invalidPayload, reason: "a text message must be UTF-8"))
            }
        }
        message.writeBuffer(&data)
        guard frame.fin else {
            self.message = message
            return
        }
        if messageIsText && !utf8.isComplete {
            return fail(CloseFrame(code: CloseFrame.invalidPayload, reason: "a text message must be UTF-8"))
        }
        hand(WebSocketMessage(bytes: Array(message.readableBytesView), isText: messageIsText))
    }

    /// Adds a whole message to the batch, which goes to the conversation once full.
    private func hand(_ message: WebSocketMessage) {
        batch.append(message)
        if batch.count >= Self.batchMessages { handBatch() }
    }

    /// Hands the batch to the conversation, if it holds anything.
    private func handBatch() {
        guard !batch.isEmpty, let messages else { return }
        batchesWaiting += 1
        messages.yield(batch)
        batch = []
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        handBatch()
        context.fireChannelReadComplete()
    }

    /// The session took a batch: the socket may be read again.
    private func batchTaken() {
        batchesWaiting -= 1
        if readAsked && batchesWaiting < Self.batchesInFlight, let context {
            readAsked = false
            context.read()
        }
    }

    func read(context: ChannelHandlerContext) {
        // Backpressure: while the session has not taken what was read, read no more.
        if batchesWaiting >= Self.batchesInFlight {
            readAsked = true
        } else {
            context.read()
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch error {
        case NIOWebSocketError.invalidFrameLength:
            fail(CloseFrame(code: CloseFrame.messageTooBig, reason: "a message is at most \(limits.maxMessageBytes) bytes"))
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
        guard let context, let writer, phase != .closed else { return }
        writer.write(NIOAny(frames), promise: nil)
        guard closing else { return writer.flush() }
        // The output, cut off past its limit, closes by itself with 1008; the session reads on.
        if phase == .open { phase = .closing(feedsSession: true) }
        closeSent = true
        writer.flush()
        // Once every frame is out (NIO shuts the output down after the pending writes).
        let outputClosed = context.eventLoop.makePromise(of: Void.self)
        context.close(mode: .output, promise: outputClosed)
        if closeReceived {
            // The closing handshake is complete: the server closes the TCP connection first
            // (RFC 6455 §7.1.1).
            outputClosed.futureResult.assumeIsolated().whenComplete { [weak self] _ in self?.context?.close(promise: nil) }
        } else {
            closingTimer = context.eventLoop.assumeIsolated().scheduleTask(in: Self.closingGrace) { [weak self] in
                self?.context?.close(promise: nil)
            }
        }
    }

    /// A close frame of the client's came while the server closes: it answers the server's, or
    /// (when the server's is not out yet) it is answered by it.
    private func clientClosed(_ context: ChannelHandlerContext) {
        if closeSent {
            context.close(promise: nil)
        } else {
            closeReceived = true
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { output?.drain() }
        context.fireChannelWritabilityChanged()
    }

    /// Fails the connection with `close`: the session's input ends and it may write nothing
    /// more; the close frame goes out after what it wrote before.
    private func fail(_ close: CloseFrame) {
        guard phase == .open else { return }
        logger.debug("closing a WebSocket session", metadata: ["code": "\(close.code)", "reason": "\(close.reason)"])
        phase = .closing(feedsSession: false)
        endInput()
        output?.close(close)
    }
}
