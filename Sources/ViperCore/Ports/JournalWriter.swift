/// A session's hold on its journal: appends while it owns the journal, and hears when another
/// session takes it over. A live session's journal does not expire; once the session has ended
/// (`close`), it expires `--journal-expiry` later.
public protocol JournalWriter: Sendable {
    /// Adds `entries`, after removing those numbered below `cuttingBefore` when it is given (a
    /// journal marked too long is whole again from there). Returns false, adding nothing, when
    /// the session owns the journal no more.
    func append(_ entries: [JournalEntry], cuttingBefore: Int?) async throws -> Bool

    /// The journal grew past its limits (`SessionJournals.limits`): its entries are removed, and
    /// a resume is refused as too long until an append cuts it. Returns false, changing
    /// nothing, when the session owns the journal no more.
    func markTooLong() async throws -> Bool

    /// `entries` sealed as a receipt, to be written in the same database transaction as a write
    /// of the session's request: if the process dies after that transaction commits and before
    /// the journal holds them, a resume finds them there (`cuttingBefore` as for `append`).
    func receipt(_ entries: [JournalEntry], cuttingBefore: Int?) throws -> JournalReceipt

    /// Runs `action` once, when another session takes the journal over, on this process or any
    /// other of the database.
    func whenTakenOver(_ action: @escaping @Sendable () -> Void)

    /// The session has ended: the journal is no longer kept alive by it, and expires
    /// `--journal-expiry` from now. `written`: every entry of the session reached the journal,
    /// so the receipts its writes carried are needed no more.
    func close(written: Bool) async
}
