/// A session's journaling, one part of it that owns what journaling keeps: the journal (none
/// when the engine keeps no journals or the session speaks 1.0), the feed of a journal being
/// replayed, the requests to the client held back while replaying, who waits for the journal to
/// be written, and the bridge the session's stores record and replay through.
///
/// `Session+Journal.swift` says when each is used; this part keeps them together and says which
/// of its three modes the session is in.
struct SessionJournaling {
    enum Mode: Equatable {
        /// No journal keeps the session: the engine keeps none, the session speaks 1.0, or its
        /// journal was taken over or given up.
        case off
        /// What the session does goes into its journal.
        case recording
        /// A resuming `initialize` runs the journal's requests again; nothing is recorded.
        case replaying
    }

    /// The session's journal, from the moment it has one.
    var journal: SessionJournal?
    /// The journal being replayed, while a resuming `initialize` runs its requests again.
    private(set) var feed: ReplayFeed?
    /// How the session's stores keep their transactions in its journal, and are answered from
    /// it while the session is replayed.
    let stores = SessionReplay()
    /// Requests to the client made while replaying, unwritten; sent once the View is restored.
    private var askedWhileReplaying: [(id: String, line: [UInt8])] = []
    /// Callers waiting until every journal entry queued is written.
    private var waiters: [CheckedContinuation<Void, Never>] = []

    var mode: Mode {
        if feed != nil { return .replaying }
        return journal?.isWriting == true ? .recording : .off
    }

    /// Makes `journal` the session's.
    mutating func keep(_ journal: SessionJournal) {
        self.journal = journal
        stores.set(recording: journal.isWriting)
    }

    /// Starts replaying `feed`: stores are answered from it.
    mutating func startReplaying(_ feed: ReplayFeed) {
        self.feed = feed
        stores.set(replaying: true)
    }

    /// The replay is over: stores record again while the journal is written. Returns the
    /// requests to the client held back meanwhile, to send once the View is restored.
    mutating func endReplaying() -> [(id: String, line: [UInt8])] {
        feed = nil
        stores.set(replaying: false)
        stores.set(recording: journal?.isWriting == true)
        defer { askedWhileReplaying.removeAll() }
        return askedWhileReplaying
    }

    /// Runs `body` on the feed being replayed; nil when none is.
    mutating func withFeed<Value>(_ body: (inout ReplayFeed) -> Value) -> Value? {
        guard var current = feed else { return nil }
        feed = nil  // one copy of the feed, changed in place
        defer { feed = current }
        return body(&current)
    }

    /// Holds back a request to the client made while replaying.
    mutating func holdBack(askedAs id: String, line: [UInt8]) {
        askedWhileReplaying.append((id, line))
    }

    /// The journal will be written no more by this session: taken over, or given up.
    mutating func stop() {
        journal?.stop()
        stores.set(recording: false)
    }

    /// Waits with `waiter` until every entry queued so far is written (`releaseWaiters`).
    mutating func wait(_ waiter: CheckedContinuation<Void, Never>) {
        waiters.append(waiter)
    }

    /// Lets every waiter go on.
    mutating func releaseWaiters() {
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }
}
