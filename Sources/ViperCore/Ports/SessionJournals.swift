/// Where a served engine keeps each session's journal: what its View sent and what came from
/// outside, so that the session can be rebuilt on any process sharing the same database after
/// its own process is gone (`initialize {"resume": KEY}`).
///
/// A journal belongs to one live session at a time, its owner: a session that resumes it takes
/// it over (and gets a new key: a key resumes once), and the session it was taken from hears of
/// it (`JournalWriter.whenTakenOver`) and may write no more into it.
public protocol SessionJournals: Sendable {
    /// The bounds each journal keeps to.
    var limits: JournalLimits { get }

    /// Starts the journal of a new session of `workspace`, whose `initialize` params were
    /// `header` (JSON): its key, which only the client is given, and what the session writes with.
    func open(workspace: Workspace, header: String) async throws -> OpenedJournal

    /// Hands the journal `key` names over to a new owner, with a new key, its header and entries
    /// in order, when it exists, has not expired, belongs to `workspace` and can be resumed.
    /// When two sessions take the same key at once, one gets it and the other hears `unknown`.
    func take(_ key: String, workspace: Workspace) async throws -> JournalTaking
}

/// A journal a session has just begun or taken over: the key its client resumes with, and what
/// the session writes its entries with.
public struct OpenedJournal: Sendable {
    /// The key the client is given (`initialize`'s `resumeKey`).
    public let key: String
    /// The session's hold on the journal.
    public let writer: any JournalWriter

    /// The journal `key` names, written through `writer`.
    public init(key: String, writer: any JournalWriter) {
        self.key = key
        self.writer = writer
    }
}
