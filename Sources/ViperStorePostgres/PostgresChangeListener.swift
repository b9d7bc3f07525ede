import Logging
import PostgresNIO
import Synchronization
import ViperStore

/// Hears, on a connection of its own, every change any process commits to the database
/// (`NOTIFY viper_changes`), and hands each to the stores of this process. When the connection
/// is lost it connects again, 0.1 s later and then at doubling intervals up to every 2 s (a
/// try costs the server one connection attempt; waiting longer left lists open elsewhere stale
/// for tens of seconds after an outage), and then tells every store that anything may have
/// changed meanwhile (`StoreChange.everything`), so lists show what they missed.
final class PostgresChangeListener: Sendable {
    /// The channel every process notifies and listens on.
    static let channel = "viper_changes"

    private let task = Mutex<Task<Void, Never>?>(nil)

    /// A change as a notification's payload: the schema, the topic and the origin, between tabs.
    static func payload(schema: String, change: StoreChange) -> String {
        "\(schema)\t\(change.topic)\t\(change.origin.name)"
    }

    /// The schema and change a payload names, if it is one.
    static func change(in payload: String) -> (schema: String, change: StoreChange)? {
        let parts = payload.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return nil }
        return (parts[0], StoreChange(topic: parts[1], origin: StoreOrigin(name: parts[2])))
    }

    /// Listens until `stop`: `deliver` gets each change with its schema, `missed` is called after
    /// each reconnection. Returns once the first `LISTEN` is in place (or its first try failed, and
    /// the retries go on): a change committed after that is heard, which a database just opened
    /// promises; before, a write right after opening could be missed.
    func start(
        connections: PostgresConnections, logger: Logger, deliver: @escaping @Sendable (String, StoreChange) -> Void,
        missed: @escaping @Sendable () -> Void
    ) async {
        let ready = FirstListen()
        let listening = Task {
            var failures = 0
            var hasListened = false
            while !Task.isCancelled {
                do {
                    let connection = try await connections.connectAlone()
                    defer { Task { try? await connection.close() } }
                    try await connection.listen(on: Self.channel) { notifications in
                        if hasListened { missed() }
                        hasListened = true
                        ready.happened()
                        failures = 0
                        for try await notification in notifications {
                            if let (schema, change) = Self.change(in: notification.payload) { deliver(schema, change) }
                        }
                    }
                } catch {
                    ready.happened()
                    if Task.isCancelled { return }
                    if failures == 0 { logger.warning("lost the database's change notifications; connecting again", metadata: ["error": "\(error)"]) }
                }
                failures += 1
                try? await Task.sleep(for: .milliseconds(min(2000, 100 << min(failures - 1, 5))))
            }
        }
        task.withLock { $0 = listening }
        await ready.wait()
    }

    /// Stops listening.
    func stop() {
        task.withLock { $0?.cancel() }
    }
}

/// The first `LISTEN` (or its first failure), which `start` waits for: whichever comes second,
/// the event or the wait, resumes the wait, once.
private final class FirstListen: Sendable {
    private let state = Mutex<(happened: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    func happened() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.happened = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.happened { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
