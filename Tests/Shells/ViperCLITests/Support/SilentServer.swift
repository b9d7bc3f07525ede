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
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard descriptor >= 0, bound == 0, listen(descriptor, 64) == 0 else {
            throw ServeProcess.Failure(description: "the silent server could not listen: errno \(errno)")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
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
