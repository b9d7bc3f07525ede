import Foundation
import Logging
import ViperJSON

/// Journaling a served session, and rebuilding it from its journal on any process: what makes
/// a session outlive the process it began on.
///
/// The journal keeps the requests that change the session (each method's type says whether it
/// does: `WireRequest.journaling`), in the order
/// they ran, with what came from outside while they ran: the servers' answers, what each store
/// transaction gave, the instant of a clock that follows the system's. A request's response
/// waits until its entry is written, so a client that saw a response finds its request in the
/// journal; so does what background work did with a server's answer. A request's write to the
/// database carries a receipt of its entry so far, in the same transaction, so a request whose
/// write committed is found after a resume even when the process died before its entry was
/// written. Replaying runs the requests again, renders unwritten, each answered from what it got
/// the first time (servers' answers here, store transactions through `SessionReplay`), then
/// shows the View the stack it rebuilt.
extension Session {
    // MARK: - Writing

    /// Starts the journal of a new session, returning its key; nil when the engine keeps none, or
    /// the database refused (the session goes on unjournaled, says so in the log, and its client,
    /// given no key, knows it cannot resume).
    func openJournal(header: JSONValue) async -> String? {
        guard let journals = configuration.journals, terms.version >= .v1_1 else { return nil }
        let opened: OpenedJournal
        do {
            opened = try await journals.open(workspace: terms.workspace, header: JSONWriter.string(header))
        } catch {
            logger.error("could not start a session's journal; this session cannot be resumed", metadata: ["error": "\(error)"])
            return nil
        }
        keep(SessionJournal(writer: opened.writer, limits: journals.limits, nextSequence: 1))
        return opened.key
    }

    /// Makes `journal` the session's, and hears when another session takes it over.
    func keep(_ journal: SessionJournal) {
        journaling.keep(journal)
        journal.writer.whenTakenOver { [weak self] in
            Task { await self?.journalTakenOver() }
        }
    }

    /// Notes where the session stands before `request` runs, when the journal will keep it.
    func beginJournalEntry(for request: IncomingRequest) {
        guard journaling.mode == .recording, terms.methods[request.method]?.isJournaled == true else { return }
        journaling.journal?.begin(SessionJournal.RunningEntry(
            method: request.method, params: request.params, scenes: scenes.openedCounts, nextReply: replies.nextIDNumber,
            fixedClock: clock.fixedInstant, startedAt: clock.now))
    }

    /// Journals a request that ran, with what it gathered; its response, and everything after
    /// it, wait until the entry is written (`SessionWriter.gate`). Left out: a request that was
    /// cancelled before it wrote anything (the ids it took are not given again), and one the
    /// engine refused without changing anything (an unknown scene, bad params), which would
    /// otherwise let a client grow a journal with requests that do nothing. A started app cuts
    /// the journal: what came before it cannot change the new stack, so a resumed session
    /// replays from there, with the numbering and clock it had.
    func endJournalEntry(ran outcome: Result<RawJSON, ProtocolError>, cancelled: Bool) {
        guard journaling.journal != nil else { return }
        let running = journaling.journal?.endRunning()
        let gathered = journaling.journal?.takeGathered() ?? (request: [], background: [])
        guard let running else {
            enqueueJournal(gathered.background)
            return
        }
        let nextReply = replies.nextIDNumber
        let changedNothing = if case .failure(let error) = outcome { error.refusesBeforeActing } else { false }
        if (cancelled || changedNothing) && !running.wroteReceipt {
            if nextReply != running.nextReply || (changedNothing && scenes.openedCounts != running.scenes) {
                enqueueJournal([.counters(scenes: changedNothing ? scenes.openedCounts : nil, nextReply: nextReply)])
            }
            enqueueJournal(gathered.background)
            return
        }
        let startedApp = running.method == AppStartRequest.method && (try? outcome.get()) != nil
        var records = running.records(gathered: gathered.request)
        if nextReply != running.nextReply { records.append(.counters(scenes: nil, nextReply: nextReply)) }
        enqueueJournal(records, cut: startedApp)
        enqueueJournal(gathered.background)
    }

    /// Journals what came from outside: with the running request's entry when that request
    /// caused it; background work's right after it while its output is held for the request's
    /// response; else now, and what the session writes from now on waits until it is written.
    func journalInput(_ record: JournalRecord) {
        // Gathered while the journal is too long as well: the next app.start makes it whole,
        // with what came from outside while it ran.
        guard journaling.mode == .recording else { return }
        if WorkOrigin.current == .request, scheduler.running != nil {
            journaling.journal?.gather(record)
        } else if scheduler.holdsBackgroundOutput {
            journaling.journal?.holdUntilRequestEnds(record)
        } else {
            enqueueJournal([record])
        }
    }

    /// A receipt of everything the journal does not hold yet, up to the running request's entry
    /// with `transaction` (what its write gave), for that write's database transaction; nil when
    /// no journaled request runs or the journal keeps nothing now.
    func journalReceipt(adding transaction: JSONValue) -> JournalReceipt? {
        guard journaling.mode == .recording, WorkOrigin.current == .request, let journal = journaling.journal, journal.isRecording,
            let running = journal.running
        else { return nil }
        let records = running.records(gathered: journal.gatheredSoFar + [.store(transaction)])
        guard let receipt = journal.receipt(adding: records, cutsBefore: running.method == AppStartRequest.method) else { return nil }
        do {
            let sealed = try journal.writer.receipt(receipt.entries, cuttingBefore: receipt.cut)
            journaling.journal?.noteReceipt()
            return sealed
        } catch {
            logger.error("could not seal a receipt for a write; the write goes on without it", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Queues `records` for the journal, holds the session's output until they are written, and
    /// starts writing unless a write is in flight.
    private func enqueueJournal(_ records: [JournalRecord], cut: Bool = false) {
        guard journaling.journal?.isWriting == true, !records.isEmpty else { return }
        if let through = journaling.journal?.enqueue(records, cut: cut) { writer.gate(through: through) }
        startJournalWrite()
    }

    private func startJournalWrite(retrying: Bool = false) {
        guard let operation = journaling.journal?.startNext(retrying: retrying), let writer = journaling.journal?.writer else { return }
        Task {
            let ending: SessionJournal.Ending
            do {
                let owned = switch operation {
                case .append(let entries, let cut): try await writer.append(entries, cuttingBefore: cut)
                case .markTooLong: try await writer.markTooLong()
                }
                ending = owned ? .written : .takenOver
            } catch {
                self.logger.warning("a journal write failed; trying again", metadata: ["error": "\(error)"])
                ending = .failed
            }
            await self.journalWriteEnded(ending)
        }
    }

    private func journalWriteEnded(_ ending: SessionJournal.Ending) async {
        guard journaling.journal != nil else { return }
        if let through = journaling.journal?.ended(ending) { writer.journalHolds(through: through) }
        switch ending {
        case .written:
            startJournalWrite()
        case .takenOver:
            journalTakenOver()
        case .failed:
            // Tried again until it is written: the answers wait meanwhile, as for a slow
            // database, rather than let a client see what a resume would not show.
            try? await Task.sleep(for: journaling.journal?.retryDelay ?? .zero)
            startJournalWrite(retrying: true)
        }
        guard journaling.journal?.isSettled != false else { return }
        journaling.releaseWaiters()
    }

    /// Returns once every entry queued so far is written, or writing stopped; after `limit`,
    /// the journal is given up (the database is out of reach) and what waited for it goes out.
    func journalSettled(within limit: Duration? = nil) async {
        guard journaling.journal?.isSettled == false else { return }
        if let limit {
            let timeout = Task { [weak self] in
                try await Task.sleep(for: limit)
                await self?.giveUpJournal()
            }
            defer { timeout.cancel() }
            await withCheckedContinuation { journaling.wait($0) }
        } else {
            await withCheckedContinuation { journaling.wait($0) }
        }
    }

    /// The journal could not be written for too long after the session ended: it stops, and
    /// the last answers go out.
    private func giveUpJournal() {
        guard journaling.journal?.isSettled == false else { return }
        logger.error("gave up writing a session's journal after its client left; a resume shows it as it was before")
        journaling.stop()
        writer.ungate()
        journaling.releaseWaiters()
    }

    /// Another session took the journal over: this one writes no more into it, and its
    /// connection is closed with the reason, so that two Views never drive one session.
    func journalTakenOver() {
        guard journaling.journal?.isWriting == true else { return }
        logger.info("a session's journal was resumed by another connection; closing this one")
        journaling.stop()
        // Nothing it had read and not begun is carried out, and no answer whose entry the
        // journal lacks goes out: the session is the other connection's now.
        scheduler.dropQueued()
        writer.discardGated()
        journaling.releaseWaiters()
        writer.sink.end(because: .resumedElsewhere)
    }

    /// The session has ended: its journal is written out (for at most `limit`) and let go.
    func closeJournal(within limit: Duration) async {
        guard journaling.journal != nil else { return }
        await journalSettled(within: limit)
        guard let journal = journaling.journal else { return }
        await journal.writer.close(written: journal.isWriting && journal.isSettled)
    }

    // MARK: - Resuming

    /// A journal taken over for a resuming `initialize`, with its new key and the terms its
    /// first `initialize` settled (the effects the resuming client performs are its own); or why
    /// it cannot be.
    func takeJournal(
        _ key: String, asking settled: SessionTerms
    ) async -> Result<(terms: (SessionTerms, Date?), key: String, journal: SessionJournal, feed: ReplayFeed), ProtocolError> {
        guard let journals = configuration.journals else {
            return .failure(.cannotResume(.unavailable, "this server keeps no journals (viper serve --listen with --database, or --journal)"))
        }
        guard settled.version >= .v1_1 else {
            return .failure(.cannotResume(.unavailable, "resuming is part of protocol 1.1, and this session asked for \(settled.version.rawValue)"))
        }
        // Only what the engine hands out is looked up: a key is 32 lowercase hexadecimal digits.
        guard key.utf8.count == 32, key.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return .failure(.cannotResume(.unknown, "a resumeKey is 32 lowercase hexadecimal digits, as initialize gave it"))
        }
        let taking: JournalTaking
        do {
            taking = try await journals.take(key, workspace: settled.workspace)
        } catch {
            logger.error("could not read a journal to resume", metadata: ["error": "\(error)"])
            return .failure(.cannotResume(.unavailable, "the journal could not be read; the server's database is out of reach"))
        }
        switch taking {
        case .unknown:
            return .failure(.cannotResume(.unknown, "no session has this key (it was never given, was resumed already, or expired long ago)"))
        case .expired:
            return .failure(.cannotResume(.expired, "the session of this key expired"))
        case .tooLong:
            return .failure(.cannotResume(
                .tooLong, "the session's journal grew past the server's limits (--journal-max-entries, --journal-max-bytes) after its app last started, and was not kept"))
        case .otherWorkspace(let name):
            return .failure(.cannotResume(.workspace, "the key belongs to a session of another workspace than '\(settled.workspace)'; resume it with \"workspace\": \"\(name)\""))
        case .taken(let opened, let header, let entries):
            guard let first = try? JSONParser.parse(Array(header.utf8)),
                var original = try? JSONValueDecoder.decode(InitializeRequest.self, from: first, codingPath: []),
                let feed = ReplayFeed(entries)
            else {
                logger.error("a journal could not be read back")
                await opened.writer.close(written: false)
                return .failure(.cannotResume(.unknown, "the journal of this key could not be read back"))
            }
            original.capabilities = InitializeRequest.ClientCapabilities(effects: settled.delegatedEffects.sorted())
            guard let terms = try? Self.settle(original, allowingFaults: faults != nil) else {
                await opened.writer.close(written: false)
                return .failure(.cannotResume(.unknown, "the journal of this key could not be read back"))
            }
            let journal = SessionJournal(
                writer: opened.writer, limits: journals.limits, nextSequence: (entries.last?.sequence ?? 0) + 1,
                entries: entries.count, bytes: entries.reduce(0) { $0 + $1.text.utf8.count })
            return .success((terms, opened.key, journal, feed))
        }
    }

    // MARK: - Replaying

    /// What a request for HTTP gets while the session is replayed.
    enum ReplayedAnswer {
        /// The answer the journal recorded.
        case recorded(Result<HTTPResponse, HTTPFailure>)
        /// The journal has none for a request it replays: it is not made again.
        case missing
        /// Not replaying, or background work that was still waiting: ask for real.
        case live
    }

    /// The journal's answer to the HTTP request `key` names, while replaying.
    func replayedAnswer(to key: String) -> ReplayedAnswer {
        let inBackground = WorkOrigin.current == .background
        guard let found = journaling.withFeed({ $0.answer(to: key, inBackground: inBackground) }) else { return .live }
        if let answer = found { return .recorded(answer) }
        return inBackground ? .live : .missing
    }

    /// The journal's record of the next store transaction of the work running now, while
    /// replaying.
    func replayedStoreTransaction() -> JSONValue? {
        journaling.withFeed { $0.transaction(inBackground: WorkOrigin.current == .background) } ?? nil
    }

    /// The id of the request to the client (`effect.http`) that background work is about to
    /// make, when a journal keeps it: while replaying, the id it had when the journal saw it
    /// waiting; else the next one, journaled before it goes out, so that a resumed session asks
    /// under the same id. Nil when the request is not the client's to perform, or not background
    /// work's, or no journal keeps it: it takes the next id as it goes out.
    func reserveRequestToClient(key: String) -> String? {
        guard terms.delegatedEffects.contains("http"), WorkOrigin.current == .background else { return nil }
        if journaling.mode == .replaying {
            guard let number = journaling.withFeed({ $0.waitingID(of: key) }) ?? nil else { return nil }
            replies.continueNumbering(from: number + 1)
            return PendingReplies.id(number)
        }
        guard journaling.journal?.isRecording == true else { return nil }
        let id = replies.nextID()
        journalInput(.ask(key: key, id: PendingReplies.number(of: id)!))
        return id
    }

    /// The id `reserveRequestToClient` gave the request the current task is about to make.
    @TaskLocal static var reservedRequestID: String?

    /// Rebuilds the session from `entries`: runs their requests again, unwritten, with their
    /// recorded answers and clock, lets background work settle on the answers it had, then
    /// shows the View its stack (`restoreView`). Returns how many requests ran again.
    func replay(_ feed: ReplayFeed) async -> Int {
        journaling.startReplaying(feed)
        writer.isMuted = true
        var followsSystemClock = clock.fixedInstant == nil
        var replayed = 0
        for step in feed.steps {
            switch step {
            case .clock(let instant):
                clock.fix(at: instant)
                elapseTimers()
                followsSystemClock = false
            case .counters(let counts):
                scenes.openedCounts = counts
            case .call(let method, let params, let at, let outside):
                journaling.withFeed { $0.begin(outside) }
                if let at {
                    clock.fix(at: at)
                    elapseTimers()
                }
                followsSystemClock = at != nil && method != ClockSetRequest.method
                guard let handler = terms.methods[method] else { continue }
                do throws(ProtocolError) {
                    _ = try await handler.run(self, IncomingRequest(id: nil, method: method, params: params))
                } catch {
                    // The request failed the first time too, or failed now for want of an
                    // answer the journal lacks; either way the session goes on.
                    logger.debug("a replayed request failed", metadata: ["method": "\(method)", "error": "\(error.message)"])
                }
                replayed += 1
            }
        }
        // Background work takes its recorded answers before the journal is let go: asked
        // later, it would ask for real.
        await waitUntilIdle()
        if followsSystemClock { releaseClock() }
        replies.continueNumbering(from: journaling.feed?.nextReply ?? 1)
        let asked = journaling.endReplaying()
        writer.isMuted = false
        restoreView(asked: asked)
        return replayed
    }

    /// Tells a View that has just resumed what the session shows: each live scene, bottom
    /// first, as a navigation (the first replaces whatever the View showed) and its last
    /// render; then the requests the engine waits on it for (`asked` while replaying).
    private func restoreView(asked: [(id: String, line: [UInt8])]) {
        var below: LiveScene?
        for scene in scenes.all {
            let action = below == nil ? NavigationAction.root : scene.presentation
            emit(ViewNavigateNotification(action: action, scene: scene.name, kind: scene.id.kind.rawValue, from: below?.name))
            if let viewModel = scene.viewModel {
                send(OutgoingMessage.render(ViewRenderNotification(scene: scene.name, kind: scene.id.kind.rawValue, viewModel: viewModel)))
            }
            below = scene
        }
        for asked in asked where replies.reply(to: asked.id) != nil { send(asked.line) }
    }
}
