import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server on 127.0.0.1 that takes connections and never answers: what a hung backend looks
/// like. A request to it runs until it is cancelled, which is what cancellation tests need.
final class SilentServer: Sendable {
    private let listener: Int32
    let url: String
    /// The connections taken, held open without a word.
    private let connections = Mutex<[Int32]>([])

    init() throws {
        // The kernel completes connections in the backlog; taken, nobody reads from them.
        let (descriptor, url) = try LoopbackListener.open(for: "silent server")
        listener = descriptor
        self.url = url
        Thread.detachNewThread { [weak self] in
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                guard let self else {
                    close(connection)
                    return
                }
                self.connections.withLock { $0.append(connection) }
            }
        }
    }

    /// Waits until `count` connections have come: a client's request is then under way.
    func waitForConnections(_ count: Int, timeout: Duration = .seconds(20)) throws {
        let deadline = ContinuousClock.now + timeout
        while connections.withLock({ $0.count }) < count {
            guard ContinuousClock.now < deadline else {
                throw ServeProcess.Failure(description: "no connection reached the silent server within \(timeout)")
            }
            usleep(10_000)
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in connections.withLock({ $0 }) { close(connection) }
    }
}
