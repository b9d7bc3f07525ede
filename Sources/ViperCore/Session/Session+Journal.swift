import Foundation
import Logging
import ViperJSON

/// Journaling a served session, and rebuilding it from its journal on any process: what makes
/// a session outlive the process it began on.
///
/// The journal keeps the requests that change the session (`journaledMethods`), in the order
/// they ran, with what came from outside while they ran: the servers' answers, what each store
/// transaction gave, the instant of a clock that follows the system's. A request's response
/// waits until its entry is written, so a client that saw a response finds its request in the
/// journal; so does what background work did with a server's answer. Replaying runs the
/// requests again, renders unwritten, each answered from what it got the first time (servers'
/// answers here, store transactions through `SessionReplay`), then shows the View the stack it
/// rebuilt.
extension Session {
    /// The requests that change a session, which a journal keeps. Those that only read it
    /// (`engine.state`, `engine.describe`, `engine.idle`) are left out.
    static let journaledMethods: Set<String> = [
        AppStartRequest.method, ViewEventRequest.method, ViewBackRequest.method, ClockSetRequest.method,
        NotificationPostRequest.method, InjectFaultRequest.method,
    ]

    // MARK: - Writing

    /// Starts the journal of a new session, returning its key; nil when the engine keeps none, or
    /// the database refused (the session goes on unjournaled, and says so in the log).
    func openJournal(header: JSONValue) async -> String? {
        guard let journals = configuration.journals, terms.version >= .v1_1 else { return nil }
        let key = Self.randomHex(), owner = Self.randomHex()
        do {
            try await journals.open(key: key, owner: owner, workspace: terms.workspace, header: JSONWriter.string(header))
        } catch {
            logger.error("could not start a session's journal; this session cannot be resumed", metadata: ["error": "\(error)"])
            return nil
        }
        journal = SessionJournal(journals: journals, key: key, owner: owner, nextSequence: 1)
        replay.set(recording: true)
        return key
    }

    /// What the numbering and the clock were before a request, for its entry.
    struct JournalMark {
        let scenes: [String: Int]
        let nextReply: Int
        let fixedClock: Date?
    }

    /// Where the session stands before `request` runs, when its entry will need it.
    func journalMark(before request: IncomingRequest) -> JournalMark? {
        guard journal?.isWriting == true, replayFeed == nil, Self.journaledMethods.contains(request.method) else { return nil }
        return JournalMark(scenes: scenes.openedCounts, nextReply: replies.nextIDNumber, fixedClock: clock.fixedInstant)
    }

    /// Journals a request that ran, with what it gathered; its response, and everything after
    /// it, wait until the entry is written (`SessionWriter.gate`). A cancelled request is left
    /// out, but the ids it took are not given again. A started app cuts the journal: what came
    /// before it cannot change the new stack, so a resumed session replays from there, with the
    /// numbering and clock it had.
    func journal(_ request: IncomingRequest, ran outcome: Result<RawJSON, ProtocolError>, cancelled: Bool, mark: JournalMark?) {
        guard journal != nil else { return }
        let gathered = journal!.takeGathered()
        guard let mark else { return }
        let nextReply = replies.nextIDNumber
        if cancelled {
            if nextReply != mark.nextReply { enqueueJournal([.counters(scenes: nil, nextReply: nextReply)]) }
            return
        }
        var records: [JournalRecord] = []
        let startedApp = request.method == AppStartRequest.method && (try? outcome.get()) != nil
        if startedApp {
            records.append(.counters(scenes: mark.scenes, nextReply: mark.nextReply))
            if let fixed = mark.fixedClock { records.append(.clock(fixed)) }
        }
        records.append(.call(method: request.method, params: request.params, at: mark.fixedClock == nil ? clock.now : nil))
        records += gathered
        if nextReply != mark.nextReply { records.append(.counters(scenes: nil, nextReply: nextReply)) }
        enqueueJournal(records, cut: startedApp)
    }

    /// Journals what came from outside: with the running request's entry when that request
    /// caused it; else now, and what the session writes from now on waits until it is written.
    func journalInput(_ record: JournalRecord) {
        guard journal?.isWriting == true, replayFeed == nil else { return }
        if Origin.current == .request, scheduler.running != nil {
            journal!.gather(record)
        } else {
            enqueueJournal([record])
        }
    }

    /// Queues `records` for the journal, holds the session's output until they are written, and
    /// starts an append unless one is in flight.
    private func enqueueJournal(_ records: [JournalRecord], cut: Bool = false) {
        guard journal?.isWriting == true, !records.isEmpty else { return }
        writer.gate(through: journal!.enqueue(records, cut: cut))
        startJournalAppend()
    }

    private func startJournalAppend() {
        guard let journal, let append = self.journal!.startAppend() else { return }
        let (journals, key, owner) = (journal.journals, journal.key, journal.owner)
        let last = append.entries.last!.sequence
        Task {
            let outcome: Result<Bool, any Error>
            do {
                outcome = .success(try await journals.append(append.entries, to: key, owner: owner, cuttingBefore: append.cut))
            } catch {
                outcome = .failure(error)
            }
            self.journalAppendEnded(through: last, outcome)
        }
    }

    private func journalAppendEnded(through last: Int, _ outcome: Result<Bool, any Error>) {
        journal?.appendEnded()
        switch outcome {
        case .success(true):
            writer.journalHolds(through: last)
            startJournalAppend()
        case .success(false):
            stopJournaling("another session resumed this journal")
        case .failure(let error):
            stopJournaling("the journal could not be written: \(error)")
        }
        guard journal?.isSettled != false else { return }
        for waiter in journalWaiters { waiter.resume() }
        journalWaiters.removeAll()
    }

    /// Returns once every entry queued so far is written, or writing stopped.
    func journalSettled() async {
        guard journal?.isSettled == false else { return }
        await withCheckedContinuation { journalWaiters.append($0) }
    }

    private func stopJournaling(_ reason: String) {
        guard journal?.isWriting == true else { return }
        logger.warning("stopped journaling a session", metadata: ["reason": "\(reason)"])
        journal?.stopWriting()
        replay.set(recording: false)
        writer.ungate()
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
        guard replayFeed != nil else { return .live }
        let inBackground = Origin.current == .background
        if let answer = replayFeed!.answer(to: key, inBackground: inBackground) { return .recorded(answer) }
        return inBackground ? .live : .missing
    }

    /// The journal's record of the next store transaction of the work running now, while
    /// replaying.
    func replayedStoreTransaction() -> JSONValue? {
        replayFeed?.transaction(inBackground: Origin.current == .background)
    }

    /// The id of the request to the client (`effect.http`) that background work is about to
    /// make, when a journal keeps it: while replaying, the id it had when the journal saw it
    /// waiting; else the next one, journaled before it goes out, so that a resumed session asks
    /// under the same id. Nil when the request is not the client's to perform, or not background
    /// work's, or no journal keeps it: it takes the next id as it goes out.
    func reserveRequestToClient(key: String) -> String? {
        guard terms.delegatedEffects.contains("http"), Origin.current == .background else { return nil }
        if replayFeed != nil {
            guard let number = replayFeed!.waitingID(of: key) else { return nil }
            replies.continueNumbering(from: number + 1)
            return PendingReplies.id(number)
        }
        guard journal?.isWriting == true else { return nil }
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
        replayFeed = feed
        writer.isMuted = true
        replay.set(replaying: true)
        var followsSystemClock = clock.fixedInstant == nil
        var replayed = 0
        for step in feed.steps {
            switch step {
            case .clock(let instant):
                clock.fix(at: instant)
                followsSystemClock = false
            case .counters(let counts):
                scenes.openedCounts = counts
            case .call(let method, let params, let at, let outside):
                replayFeed?.begin(outside)
                if let at { clock.fix(at: at) }
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
        if followsSystemClock { clock.release() }
        replies.continueNumbering(from: replayFeed?.nextReply ?? 1)
        replayFeed = nil
        replay.set(replaying: false)
        replay.set(recording: journal?.isWriting == true)
        writer.isMuted = false
        restoreView()
        return replayed
    }

    /// Tells a View that has just resumed what the session shows: each live scene, bottom
    /// first, as a navigation (the first replaces whatever the View showed) and its last
    /// render; then the requests the engine waits on it for.
    private func restoreView() {
        var below: LiveScene?
        for scene in scenes.all {
            let action = below == nil ? NavigationAction.root : scene.presentation
            emit(ViewNavigateNotification(action: action.rawValue, scene: scene.name, kind: scene.id.kind.rawValue, from: below?.name))
            if let viewModel = scene.viewModel {
                send(OutgoingMessage.render(ViewRenderNotification(scene: scene.name, kind: scene.id.kind.rawValue, viewModel: viewModel)))
            }
            below = scene
        }
        for asked in askedWhileReplaying where replies.reply(to: asked.id) != nil { send(asked.line) }
        askedWhileReplaying.removeAll()
    }

    /// 32 random hexadecimal digits: a journal's key, or a session's claim on it.
    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let text = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }.joined()
    }
}
