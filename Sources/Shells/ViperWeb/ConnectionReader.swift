import FlyingFox

/// The task that reads one connection's frames, and the rule for ending it: FlyingFox closes
/// the socket as soon as the frames sent to the client end, or as soon as it stops sending them
/// because the client vanished. The reader must be gone by then: left waiting on the closed
/// socket, it would read whichever connection is given the socket's number next.
final class ConnectionReader: Sendable {
    /// Reads until the client closes or leaves; returns the close frame to answer with, if any.
    let task: Task<WSCloseCode?, Never>

    init(_ read: @escaping @Sendable () async -> WSCloseCode?) {
        task = Task { await read() }
    }

    /// Nothing sends to the client any more (FlyingFox dropped the frames): stop reading.
    deinit {
        task.cancel()
    }

    /// Waits for the reader to end by itself, as it does when the client answers a close frame
    /// or leaves, for at most `grace`; then cancels it. Closing the socket while the client
    /// still sends would reset the connection, and the client could lose the close frame and
    /// its reason.
    func end(within grace: Duration) async {
        let task = task
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = await task.value }
            group.addTask { try? await Task.sleep(for: grace) }
            await group.next()
            task.cancel()
            group.cancelAll()
        }
    }
}
