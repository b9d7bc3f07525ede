import Synchronization
import ViperCore

/// A live session's hold on its journal in a `StoreSessionJournals`: the journal's id, the
/// session's claim on it, and its seal; what to do when another session takes it over.
final class StoreJournalWriter: JournalWriter {
    private let journals: StoreSessionJournals
    /// The journal's row, which is not its key.
    let id: String
    /// This session's claim: a resume elsewhere gives the journal another owner.
    let owner: String
    /// The workspace whose database keeps the session's receipts.
    private let workspace: Workspace
    private let seal: JournalSeal
    private let takeover = Mutex<(happened: Bool, action: (@Sendable () -> Void)?)>((false, nil))

    init(journals: StoreSessionJournals, id: String, owner: String, workspace: Workspace, seal: JournalSeal) {
        self.journals = journals
        self.id = id
        self.owner = owner
        self.workspace = workspace
        self.seal = seal
    }

    func append(_ entries: [JournalEntry], cuttingBefore cut: Int?) async throws -> Bool {
        try await journals.append(entries, to: id, owner: owner, seal: seal, cuttingBefore: cut)
    }

    func markTooLong() async throws -> Bool {
        try await journals.markTooLong(id, owner: owner)
    }

    func receipt(_ entries: [JournalEntry], cuttingBefore cut: Int?) throws -> JournalReceipt {
        let sealed = seal.seal(JournalReceiptTable.payload(entries, cut: cut), context: JournalReceiptTable.context(journal: id, owner: owner))
        return JournalReceipt(journal: id, owner: owner, through: entries.last?.sequence ?? 0, sealed: sealed, expiresAt: journals.expiry())
    }

    func whenTakenOver(_ action: @escaping @Sendable () -> Void) {
        let now = takeover.withLock { takeover -> Bool in
            takeover.action = action
            return takeover.happened
        }
        if now { tookOver() }
    }

    /// Another session took the journal over: the action runs, once.
    func tookOver() {
        let action = takeover.withLock { takeover -> (@Sendable () -> Void)? in
            takeover.happened = true
            defer { takeover.action = nil }
            return takeover.action
        }
        action?()
    }

    func close(written: Bool) async {
        journals.live.remove(self)
        await journals.release(id, owner: owner, workspace: workspace, written: written)
    }
}
