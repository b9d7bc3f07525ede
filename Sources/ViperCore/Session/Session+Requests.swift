import Logging
import ViperJSON

/// How requests take their turn (`RequestScheduler`), run and are answered; cancellation; and
/// the requests the engine sends the client (`PendingReplies`).
extension Session {
    /// Queues a line; the runner answers it in its turn.
    func enqueue(_ item: RequestQueue.Item) {
        if scheduler.enqueue(item) { startRunner() }
    }

    /// Starts the task that answers queued lines, one at a time, until the queue is empty.
    ///
    /// One task serves request after request rather than a task each: creating, scheduling and
    /// freeing a task per keystroke cost a sixth of pipelined throughput (BENCHMARKS.md).
    /// Cancelling the running request cancels the runner, and a cancelled task stays cancelled,
    /// so after that request it ends and a fresh runner takes the rest of the queue.
    private func startRunner() {
        scheduler.started(runner: Task {
            await WorkOrigin.$current.withValue(.request) { await self.runQueue() }
        })
    }

    private func runQueue() async {
        while let (request, key) = nextRequest() {
            await run(request, supersedingKey: key)
            if Task.isCancelled { break }
        }
        if scheduler.runnerEnded() {
            startRunner()
        } else {
            flushOutput()
            scheduler.resumeSettleWaiters()
        }
    }

    /// The next request to run; errors for lines that were not requests, and requests
    /// cancelled before their turn, are answered on the way, in order.
    private func nextRequest() -> (IncomingRequest, SupersedingKey?)? {
        while let item = scheduler.next() {
            switch item {
            case .rejection(let id, let error):
                send(OutgoingMessage.error(id: id, error))
            case .request(let request, _, cancelled: true):
                if let id = request.id { send(OutgoingMessage.error(id: id, .cancelled(request.method))) }
            case .request(let request, let key, cancelled: false):
                return (request, key)
            }
        }
        return nil
    }

    /// Performs a request and writes its response: its result, its error, or -32800 when it was
    /// cancelled while it ran.
    private func run(_ request: IncomingRequest, supersedingKey: SupersedingKey?) async {
        logger.debug("request", metadata: ["method": "\(request.method)"])
        scheduler.begin(request, supersedingKey: supersedingKey)
        beginJournalEntry(for: request)
        let outcome: Result<RawJSON, ProtocolError>
        do throws(ProtocolError) {
            outcome = .success(try await perform(request))
        } catch {
            outcome = .failure(error)
        }
        if journaling.journal != nil { endJournalEntry(ran: outcome, cancelled: scheduler.running?.isCancelled == true) }
        let ran = scheduler.end()
        let cancelled = ran?.isCancelled == true
        if let id = request.id {
            switch outcome {
            case _ where cancelled: send(OutgoingMessage.error(id: id, .cancelled(request.method)))
            case .success where ran?.refusedRender != nil:
                let refused = ran!.refusedRender!
                send(OutgoingMessage.error(id: id, .outputTooLarge(length: refused.length, limit: EngineInfo.maxOutputLineBytes, scene: refused.scene)))
            case .success(let result):
                let response = OutgoingMessage.response(id: id, result: result)
                guard response.count <= EngineInfo.maxOutputLineBytes else {
                    logger.error("a response was too long to write", metadata: ["method": "\(request.method)", "bytes": "\(response.count)"])
                    send(OutgoingMessage.error(id: id, .outputTooLarge(length: response.count, limit: EngineInfo.maxOutputLineBytes)))
                    break
                }
                send(response)
            case .failure(let error): send(OutgoingMessage.error(id: id, error))
            }
        } else if case .failure(let error) = outcome, !cancelled {
            // JSON-RPC never answers a notification, not even with an error; say it on stderr.
            logger.warning("notification failed", metadata: ["method": "\(request.method)", "error": "\(error.message)"])
        }
        writer.releaseHeld()
    }

    private func perform(_ request: IncomingRequest) async throws(ProtocolError) -> RawJSON {
        switch phase {
        case .shutDown:
            throw .shutDown(request.method)
        case .awaitingInitialize where request.method != InitializeRequest.method:
            throw .notInitialized(request.method)
        case .awaitingInitialize, .running:
            break
        }
        guard let handler = terms.methods[request.method] else {
            throw .methodNotFound(request.method, known: terms.methods.keys.sorted())
        }
        return try await handler.run(self, request)
    }

    // MARK: - Cancelling

    /// `$/cancelRequest`: cancels the running or queued request with that id; unknown and
    /// finished ids are ignored, as LSP does.
    func cancel(_ notification: IncomingRequest) {
        let id: RequestID
        do {
            let params = try JSONValueDecoder.decode(
                CancelRequestNotification.self, from: notification.params ?? .object([:]),
                codingPath: [WireCodingKey(stringValue: "params")])
            id = params.requestID
        } catch {
            logger.warning("ignored a $/cancelRequest without a readable id", metadata: ["error": "\(error)"])
            return
        }
        // Ids need not be unique: every request that has this one is cancelled.
        if scheduler.running?.request.id?.names(sameRequestAs: id) == true { cancelRunning() }
        scheduler.cancelQueued { request, _ in request.id?.names(sameRequestAs: id) == true }
    }

    private func cancelRunning() {
        guard scheduler.cancelRunning() else { return }
        // Give up now on the replies it waits for, rather than when the task's cancellation
        // handlers get to it: until then the session would look settled, waiting on the client.
        for id in replies.awaitedByRequest { abandon(id) }
    }

    /// A `view.event` of a superseding event cancels the earlier ones of the same scene and
    /// event, queued or running: a fast typist never waits for stale searches. Returns the
    /// request's superseding key, which it keeps in the queue: finding it again when the request
    /// runs cost 2,800 instructions per `view.event` (callgrind, BENCHMARKS.md).
    func supersede(by request: IncomingRequest) -> SupersedingKey? {
        guard let key = supersedingKey(of: request) else { return nil }
        scheduler.cancelQueued { _, queuedKey in queuedKey == key }
        if scheduler.running?.supersedingKey == key { cancelRunning() }
        return key
    }

    /// The scene and event of a `view.event` whose event its scene's contract marks superseding,
    /// as the line was read (`read(_:)`): learning it here, on the path that requests take one
    /// after the other, cost 1,700 instructions per `view.event`, and a session's first event
    /// 41 million, which described every scene of every app (callgrind, BENCHMARKS.md).
    private func supersedingKey(of request: IncomingRequest) -> SupersedingKey? {
        guard request.viewEvent?.supersedes == true, terms.version >= .v1_1, let event = request.viewEvent else { return nil }
        return SupersedingKey(scene: event.scene, event: event.event)
    }

    // MARK: - The engine's own requests

    /// Sends the client a request (`effect.http`) and waits for its reply, which `parse` reads.
    /// Cancelling the waiting task gives up on it: the client is sent `$/cancelRequest`, and a
    /// late reply is ignored.
    ///
    /// Its id is the next, or the one `reservedRequestID` holds for background work whose
    /// request a journal keeps (`reserveRequestToClient`).
    func request<Value: Sendable>(
        _ method: String, params: JSONValue,
        parse: @escaping @Sendable (IncomingReply.Outcome) throws(ProtocolError) -> Value
    ) async throws -> Value {
        let fromRequest = WorkOrigin.current == .request
        let id = Self.reservedRequestID ?? replies.nextID()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                if replies.inputEnded {
                    // Background work asking now is being cancelled with the session.
                    continuation.resume(throwing: fromRequest ? ClientReplyFailure(message: "the client closed its input before answering") : CancellationError())
                    return
                }
                replies.add(PendingReply(
                    deliver: { outcome throws(ProtocolError) in continuation.resume(returning: try parse(outcome)) },
                    fail: { message in continuation.resume(throwing: ClientReplyFailure(message: message)) },
                    cancel: { continuation.resume(throwing: CancellationError()) },
                    countsForRequest: fromRequest), as: id)
                if fromRequest { scheduler.awaitsReply(true) }
                let line = OutgoingMessage.request(id: id, method: method, params: params)
                if journaling.mode == .replaying { journaling.holdBack(askedAs: id, line: line) }
                send(line)
                // A request's own asking goes out now: it waits for the answer. Background work's
                // goes out as its other lines do, after the response of the request running now
                // (send wrote it at once when none runs).
                if fromRequest { flushOutput() }
                // Background work waiting outside parks now that its asking is out, and the
                // reply wakes it.
                if !fromRequest, let wait = Self.outsideWait {
                    if wait.parksWhenAsking, wait.key == nil { wait.key = park(background: true) }
                    replies.wake(id, wait.key)
                }
                scheduler.resumeSettleWaiters()
            }
        } onCancel: {
            Task { await self.abandon(id) }
        }
    }

    /// Gives up on a reply: the task that waited for it was cancelled.
    func abandon(_ id: String) {
        guard let pending = replies.abandon(id) else { return }
        if pending.countsForRequest { scheduler.awaitsReply(false) }
        send(OutgoingMessage.cancelNotification(id: id))
        pending.cancel()
    }

    /// A reply from the client: it resumes the request that waits for it. A reply nobody waits
    /// for, or one that cannot be read, is answered with an error and changes nothing.
    func receiveReply(_ reply: IncomingReply) {
        guard case .string(let id) = reply.id, let pending = replies.reply(to: id) else {
            if case .string(let id) = reply.id, replies.forgetAbandoned(id) { return }
            writer.sink.write(line: OutgoingMessage.error(id: reply.id, .unknownReply(JSONWriter.string(reply.id.json))))
            return
        }
        do throws(ProtocolError) {
            try pending.deliver(reply.outcome)
        } catch {
            writer.sink.write(line: OutgoingMessage.error(id: reply.id, error))
            return
        }
        replies.answered(id)
        if pending.countsForRequest { scheduler.awaitsReply(false) }
        // The work that asked runs again from here: an engine.idle read next waits for it.
        if let wait = pending.wakes { background.wake(wait) }
    }
}
