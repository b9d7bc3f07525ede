/// Where a session's stores keep what each transaction read, for a session that can be rebuilt
/// from its journal on another process: while it is being rebuilt (`isReplaying`), its
/// transactions are answered from the journal and touch no database, so that its requests see
/// what they saw the first time and write nothing twice (`JournaledStoreBackend`).
public protocol StoreJournal: Sendable {
    /// Whether the session's requests are being run again from its journal.
    var isReplaying: Bool { get }

    /// Whether the session keeps a journal now: when it keeps none, transactions are not
    /// recorded.
    var isRecording: Bool { get }

    /// Keeps what a transaction of the session gave.
    func record(_ transaction: JournaledTransaction) async

    /// Writes, in `transaction` before it commits, a receipt of the session's request with
    /// `written` (what this write gave), so that the request is known as done after a resume
    /// even when the process dies before its journal entry is written. Writes nothing when the
    /// session keeps no journal now.
    func writeReceipt(of written: JournaledTransaction, in transaction: any StoreTransaction) async throws

    /// While replaying: the next transaction the journal kept for the work running now, taken;
    /// nil when it kept none.
    func replayedTransaction() async -> JournaledTransaction?
}
