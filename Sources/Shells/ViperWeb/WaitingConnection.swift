import Synchronization

/// A connection counted among those waiting to become sessions, until it upgrades or closes,
/// whichever comes first; counted out once.
final class WaitingConnection: Sendable {
    private let registry: ConnectionRegistry
    private let left = Atomic<Bool>(false)

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    func leave() {
        guard !left.exchange(true, ordering: .relaxed) else { return }
        registry.leftWaiting()
    }
}
