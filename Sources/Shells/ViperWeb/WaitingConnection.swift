import NIOCore
import Synchronization

/// A connection counted among those waiting to become sessions, until it upgrades or closes,
/// whichever comes first; counted out once.
final class WaitingConnection: Sendable {
    private let registry: ConnectionRegistry
    private let channel: any Channel
    private let left = Atomic<Bool>(false)

    init(registry: ConnectionRegistry, channel: any Channel) {
        self.registry = registry
        self.channel = channel
    }

    func leave() {
        guard !left.exchange(true, ordering: .relaxed) else { return }
        registry.leftWaiting(channel)
    }
}
