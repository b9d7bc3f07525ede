import Synchronization
public import ViperCore

/// The scene's background work without an engine: each `forEach` runs in a task of its own,
/// cancelled when the double goes (as the engine cancels it when the scene leaves).
public final class SceneWorkDouble: SceneWork {
    private let tasks = Mutex<[Task<Void, Never>]>([])

    public init() {}

    deinit {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }

    /// How many streams are being listened to.
    public var listening: Int { tasks.withLock { $0.count } }

    public func forEach<Element: Sendable>(in stream: AsyncStream<Element>, _ handler: @escaping @Sendable (Element) async -> Void) async {
        let task = Task {
            for await element in stream { await handler(element) }
        }
        tasks.withLock { $0.append(task) }
    }
}
