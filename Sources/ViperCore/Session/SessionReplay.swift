import Synchronization
import ViperJSON

/// A session's journal as its stores see it: whether the session is being rebuilt from its
/// journal (`initialize {"resume": KEY}`), when its transactions are answered from the journal
/// instead of a database, and where they keep what they gave otherwise. A host hands it to the
/// stores of the apps it makes (`AppEnvironment.replay`), which write it as JSON.
public final class SessionReplay: Sendable {
    private let replaying = Atomic<Bool>(false)
    private let recording = Atomic<Bool>(false)
    private let owner = Mutex<WeakSession>(WeakSession())

    /// Whether the session's requests are being run again from its journal.
    public var isReplaying: Bool { replaying.load(ordering: .acquiring) }

    /// Whether the transactions of the work running now go into the session's journal: those
    /// of its requests, while it keeps one. Background work's are left out: most are loads that
    /// what others changed set off, which a replay never sets off again, and a list's rows each
    /// time would make the journal grow with the sessions of the workspace; replayed, background
    /// work reads the database as it is then (`JournaledStoreBackend`).
    public var isRecording: Bool { WorkOrigin.current == .request && recording.load(ordering: .acquiring) }

    init() {}

    func attach(to session: Session) {
        owner.withLock { $0.session = session }
    }

    func set(replaying isReplaying: Bool) {
        replaying.store(isReplaying, ordering: .releasing)
    }

    func set(recording isRecording: Bool) {
        recording.store(isRecording, ordering: .releasing)
    }

    /// Keeps what a store's transaction gave, in the session's journal.
    package func record(storeTransaction: JSONValue) async {
        await owner.withLock { $0.session }?.journalInput(.store(storeTransaction))
    }

    /// A receipt of the running request's entry so far, with `storeTransaction` (what its write
    /// gave), to be written in that write's own database transaction; nil when the session keeps
    /// no journal now or no journaled request runs.
    package func receipt(adding storeTransaction: JSONValue) async -> JournalReceipt? {
        await owner.withLock { $0.session }?.journalReceipt(adding: storeTransaction)
    }

    /// While replaying: what the journal kept of the next transaction of the work running now.
    package func replayedStoreTransaction() async -> JSONValue? {
        await owner.withLock { $0.session }?.replayedStoreTransaction()
    }

    private struct WeakSession {
        weak var session: Session?
    }
}
