import Synchronization
import ViperCore

/// A session's hold on a journal of `MemoryJournals`.
final class MemoryJournalWriter: JournalWriter {
    private let journals: MemoryJournals
    let id: String
    let owner: String
    private let takeover = Mutex<(happened: Bool, action: (@Sendable () -> Void)?)>((false, nil))

    init(journals: MemoryJournals, id: String, owner: String) {
        self.journals = journals
        self.id = id
        self.owner = owner
    }

    func append(_ entries: [JournalEntry], cuttingBefore cut: Int?) async throws -> Bool {
        if journals.writeDelay > .zero { try await Task.sleep(for: journals.writeDelay) }
        return try journals.append(entries, to: id, owner: owner, cut: cut)
    }

    func markTooLong() async throws -> Bool {
        if journals.writeDelay > .zero { try await Task.sleep(for: journals.writeDelay) }
        return try journals.markTooLong(id, owner: owner)
    }

    func receipt(_ entries: [JournalEntry], cuttingBefore cut: Int?) throws -> JournalReceipt {
        JournalReceipt(journal: id, owner: owner, through: entries.last?.sequence ?? 0, sealed: Array(entries.map(\.text).joined(separator: "\n").utf8), expiresAt: 0)
    }

    func whenTakenOver(_ action: @escaping @Sendable () -> Void) {
        let now = takeover.withLock { takeover -> Bool in
            takeover.action = action
            return takeover.happened
        }
        if now { tookOver() }
    }

    func tookOver() {
        let action = takeover.withLock { takeover -> (@Sendable () -> Void)? in
            takeover.happened = true
            defer { takeover.action = nil }
            return takeover.action
        }
        action?()
    }

    func close(written: Bool) async {
        journals.close(id, owner: owner)
    }
}
