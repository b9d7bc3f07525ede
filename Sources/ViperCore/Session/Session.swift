import Logging
import ViperJSON

/// One View's conversation with the engine: its clock and calendar, its stack of live modules,
/// the requests waiting for their turn, and the lines it writes.
///
/// Lines are taken as they arrive (`accept(line:)`), even while a request runs: cancellations
/// and the client's replies to the engine's own requests act at once; requests wait for their
/// turn and run one at a time, each in a task of its own so that it can be cancelled.
/// Everything a request causes is written before its response; what background work a scene
/// owns produces while a request runs is written after that response.
public actor Session {
    enum Phase {
        case awaitingInitialize, running, shutDown
    }

    let configuration: EngineConfiguration
    let logger: Logger
    let clock = SessionClock()
    /// Present only in engines that allow fault injection.
    let faults: FaultInjector?
    var phase = Phase.awaitingInitialize
    /// Whether an `initialize` was read, run or not.
    private var initializeReceived = false
    /// What `initialize` settled: version, calendar, workspace, effects, methods.
    var terms: SessionTerms
    var apps: SessionApps
    var scenes = LiveSceneStack()
    var scheduler = RequestScheduler()
    /// Requests the engine sent the client, waiting for its reply.
    var replies = PendingReplies()
    var background = BackgroundWork()
    /// Timers waiting on the fixed clock.
    var timers = SessionTimers()
    var subscriptions = BusSubscriptions()
    var writer: SessionWriter
    /// Its journal, and replaying one (`Session+Journal.swift`).
    var journaling = SessionJournaling()

    init(configuration: EngineConfiguration, output: any LineSink) {
        self.configuration = configuration
        self.logger = configuration.logger
        self.writer = SessionWriter(sink: output)
        self.faults = configuration.allowsFaultInjection ? FaultInjector() : nil
        self.terms = SessionTerms(allowingFaults: configuration.allowsFaultInjection)
        self.apps = SessionApps(configuration.apps)
        journaling.stores.attach(to: self)
    }

    // MARK: - Lines in

    /// Takes one line from the View, without its newline, and returns once it is read: a
    /// request is queued for its turn, a cancellation or a reply to the engine acts at once.
    /// Waits only when a thousand lines are queued already. A line longer than
    /// `EngineInfo.maxLineBytes` is refused, whoever passes it in.
    ///
    /// Parsing happens before the session is entered, so a transport's next line is parsed
    /// while the session runs the previous request.
    public nonisolated func accept(line: [UInt8]) async {
        guard line.count <= EngineInfo.maxLineBytes else {
            await accept(oversizedLineOf: line.count)
            return
        }
        await receive(read(line))
    }

    /// Takes lines that arrived together, in order, with one entry into the session: a
    /// transport reading a pipe hands over every complete line one read brought.
    package nonisolated func accept(lines: [LineReader.Line]) async {
        var readings: [Reading] = []
        readings.reserveCapacity(lines.count)
        for line in lines {
            switch line {
            case .complete(let bytes) where bytes.count <= EngineInfo.maxLineBytes:
                readings.append(.message(read(bytes)))
            case .complete(let bytes):
                readings.append(.oversized(bytes.count))
            case .oversized(let length):
                readings.append(.oversized(length))
            }
        }
        await receive(readings)
    }

    /// Reads a line before the session is entered, while the session runs earlier requests:
    /// parsed, and a `view.event` read into the one value that travels with it through the
    /// queue to its module, its typed event decoded already and whether it supersedes known.
    ///
    /// Decoding the event here rather than in the request's turn takes it off the path that
    /// requests run one after the other: 13,000 of the 75,000 instructions of a pipelined
    /// `titleChanged` (callgrind), which a second core now spends while the first runs the
    /// request before (BENCHMARKS.md). The scene's kind comes from the id the View named; when
    /// the request runs, the typed event is used only if the live scene's contract has that
    /// `Event` type, and an event that does not decode here is decoded again in its turn, which
    /// says what is wrong.
    private nonisolated func read(_ line: [UInt8]) -> Result<IncomingMessage, IncomingRequest.Rejection> {
        line.withUnsafeBufferPointer { buffer in
            Result { () throws(IncomingRequest.Rejection) in
                try IncomingRequest.read(buffer) { event in
                    guard let kind = SceneID.kind(of: event.scene), let contract = contract(ofKind: kind) else { return }
                    event.typed = try? contract.decodeEvent(named: event.event, data: event.data)
                    event.supersedes = contract.supersedingEvents.contains { $0.stringValue == event.event }
                }
            }
        }
    }

    /// The contract of the scenes of `kind`, in whichever app has it. A loop: the first of a
    /// lazy `compactMap` looked every app up twice.
    private nonisolated func contract(ofKind kind: SceneKind) -> (any SceneContract.Type)? {
        for app in configuration.apps {
            if let contract = app.descriptions.contract(ofKind: kind) { return contract }
        }
        return nil
    }

    /// A line as the transport read it.
    enum Reading: Sendable {
        case message(Result<IncomingMessage, IncomingRequest.Rejection>)
        case oversized(Int)
    }

    private func receive(_ readings: [Reading]) async {
        for reading in readings {
            switch reading {
            case .message(let message): await receive(message)
            case .oversized(let length): await accept(oversizedLineOf: length)
            }
        }
    }

    /// Takes a line the transport skipped without reading it into memory, because it was
    /// longer than the limit: its error is answered in its turn.
    public func accept(oversizedLineOf length: Int) async {
        await waitForRoom()
        enqueue(.rejection(id: .null, .lineTooLong(length: length, limit: EngineInfo.maxLineBytes)))
    }

    /// Takes one line and returns once the session has settled: every request taken so far is
    /// answered, or waits for the client to answer one of the engine's requests. For Views in
    /// the same process, which read what the line caused as soon as this returns.
    public func receive(line: [UInt8]) async {
        await accept(line: line)
        await settled()
    }

    /// Returns once every request taken so far is answered, or waits for the client's reply.
    public func settled() async {
        guard !scheduler.isSettled else { return }
        await withCheckedContinuation { scheduler.waitUntilSettled($0) }
    }

    /// The input has ended. Requests taken so far are answered (or, with `droppingQueued`, only
    /// the one running is: the engine is stopping), replies the engine waits for will not
    /// come, and the work scenes own is cancelled. Returns when the last response is written.
    public func finish(droppingQueued: Bool = false) async {
        if droppingQueued { scheduler.dropQueued() }
        // Background work (a live feed) ends with the View's input: nobody is left to see what
        // it would show. What it waits for from the client is given up quietly, before the
        // cancellation could send a $/cancelRequest to a client that left.
        background.cancelAll()
        for pending in replies.endInput() {
            if pending.countsForRequest {
                pending.fail("the client closed its input before answering")
            } else {
                pending.cancel()
            }
        }
        while !scheduler.isIdle {
            await withCheckedContinuation { scheduler.waitUntilSettled($0) }
        }
        background.cancelAll(forgetting: true)
        writer.releaseHeld()
        // The last responses wait for their journal entries; a stopping server sends them. A
        // database out of reach holds the session that long at most.
        await closeJournal(within: .seconds(10))
    }

    /// Whether the View has sent `initialize` (it may still be running: a resume takes a while).
    public var hasSentInitialize: Bool { initializeReceived || phase != .awaitingInitialize }

    /// Whether the View has sent `shutdown`.
    public var isShutDown: Bool { phase == .shutDown }

    private func receive(_ reading: Result<IncomingMessage, IncomingRequest.Rejection>) async {
        switch reading {
        case .failure(let rejection):
            logger.debug("rejected a line", metadata: ["kind": "\(rejection.error.kind)"])
            await waitForRoom()
            enqueue(.rejection(id: rejection.id, rejection.error))
        case .success(.reply(let reply)) where speaksOneOne:
            receiveReply(reply)
        case .success(.reply(let reply)):
            // 1.0 has no engine requests to reply to: the line is a request without a method.
            await waitForRoom()
            enqueue(.rejection(id: reply.id, .invalidRequest("'method' is missing")))
        case .success(.request(let request)):
            if request.method == InitializeRequest.method { initializeReceived = true }
            // Acted on as it arrives, even before a pipelined `initialize` has run: only a
            // session that chose 1.0 has no cancellation.
            if request.method == CancelRequestNotification.method, request.id == nil, speaksOneOne {
                cancel(request)
                return
            }
            let supersedingKey = supersede(by: request)
            await waitForRoom()
            enqueue(.request(request, supersedingKey: supersedingKey, cancelled: false))
        }
    }

    /// Whether 1.1's messages are understood: once `initialize` chose 1.1, and before it, since
    /// a pipelined `initialize` has not run yet and 1.1 is the default.
    private var speaksOneOne: Bool {
        phase == .awaitingInitialize || terms.version >= .v1_1
    }

    private func waitForRoom() async {
        while !scheduler.hasRoom {
            await withCheckedContinuation { scheduler.waitForRoom($0) }
        }
    }

    // MARK: - Lines out

    /// Writes a notification, or holds it when background work wrote it while a request runs.
    func emit(_ notification: some WireNotification) {
        do {
            send(try OutgoingMessage.notification(notification))
        } catch {
            logger.error("could not encode a notification", metadata: ["method": "\(type(of: notification).wireMethod.rawValue)", "error": "\(error)"])
        }
    }

    /// Writes a line of the current work: at once for a request, after the running request's
    /// response for background work.
    func send(_ line: [UInt8]) {
        writer.write(line, from: WorkOrigin.current, holding: scheduler.holdsBackgroundOutput)
    }

    /// Sends everything written on: the session is about to wait.
    func flushOutput() {
        writer.flush()
    }
}
