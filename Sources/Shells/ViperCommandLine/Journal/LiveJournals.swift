import Foundation
import Synchronization
import ViperStore

/// The journals of this process's live sessions: renewed while their sessions live, so that a
/// session idle longer than `--journal-expiry` can still be resumed; and told when a session on
/// any process takes one over (`takenTopic`, announced by the take's transaction), so that the
/// session it was taken from closes at once rather than at its next write.
final class LiveJournals: Sendable {
    private struct State {
        var writers: [ObjectIdentifier: StoreJournalWriter] = [:]
        var tasks: [Task<Void, Never>] = []
        var isStopped = false
    }

    private let database: any StoreBackend
    private let lifetime: Duration
    /// How often live journals are renewed: by default three times per lifetime, between a
    /// quarter of a second and a quarter of an hour.
    let renewalInterval: Duration
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    init(database: any StoreBackend, lifetime: Duration, renewalInterval: Duration?, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.lifetime = lifetime
        self.renewalInterval = renewalInterval ?? min(max(lifetime / 3, .milliseconds(250)), .seconds(900))
        self.now = now
    }

    /// What the transaction that takes journal `journal` over for `owner` announces.
    static func takenTopic(journal: String, owner: String) -> String {
        "\(takenPrefix)\(journal):\(owner)"
    }

    private static let takenPrefix = "viper.journal.taken:"

    /// Keeps `writer` alive until it is removed; the first one starts the renewals and the
    /// listening.
    func add(_ writer: StoreJournalWriter) -> StoreJournalWriter {
        let start = state.withLock { state -> Bool in
            state.writers[ObjectIdentifier(writer)] = writer
            return state.tasks.isEmpty && !state.isStopped
        }
        if start { startTasks() }
        return writer
    }

    func remove(_ writer: StoreJournalWriter) {
        _ = state.withLock { $0.writers.removeValue(forKey: ObjectIdentifier(writer)) }
    }

    /// Stops renewing and listening.
    func stop() {
        let tasks = state.withLock { state in
            state.isStopped = true
            defer { state.tasks = [] }
            return state.tasks
        }
        for task in tasks { task.cancel() }
    }

    private func startTasks() {
        // Takes come one per resumed session; the buffer only has to outlast a burst of them.
        let changes = database.changes(where: { $0.topic.hasPrefix(Self.takenPrefix) }, keepingNewest: 256)
        let listening = Task { [weak self] in
            for await change in changes {
                self?.heard(change.topic)
            }
        }
        let renewing = Task { [weak self, renewalInterval] in
            while !Task.isCancelled {
                try? await Task.sleep(for: renewalInterval)
                await self?.renew()
            }
        }
        state.withLock { $0.tasks = [listening, renewing] }
    }

    /// A take was announced (the stream carries nothing else): the taken journal's former
    /// owners, here, hear of it.
    private func heard(_ topic: String) {
        let parts = topic.dropFirst(Self.takenPrefix.count).split(separator: ":")
        guard parts.count == 2 else { return }
        let (journal, owner) = (String(parts[0]), String(parts[1]))
        let former = state.withLock { state in state.writers.values.filter { $0.id == journal && $0.owner != owner } }
        for writer in former {
            remove(writer)
            writer.tookOver()
        }
    }

    /// Pushes back the expiry of every live journal its session still owns (a session that
    /// missed hearing of a take does not keep the journal alive for the taker). A failure is
    /// tried again at the next turn, well before the journals expire.
    private func renew() async {
        let claims = state.withLock { state in state.writers.values.map { (id: $0.id, owner: $0.owner) } }
        guard !claims.isEmpty else { return }
        let expiry = Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) + lifetime.components.seconds * 1000
        for chunk in stride(from: 0, to: claims.count, by: 250).map({ claims[$0..<min($0 + 250, claims.count)] }) {
            let conditions = Array(repeating: "(id = ? AND owner = ?)", count: chunk.count).joined(separator: " OR ")
            _ = try? await Store(database).write { db in
                try await db.execute(
                    "UPDATE viper_journals SET expires_at = ? WHERE \(conditions)",
                    [.integer(expiry)] + chunk.flatMap { [StoreValue.text($0.id), .text($0.owner)] })
            }
        }
    }
}
