import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls the test clients share: a blocking TCP connection to 127.0.0.1, writes that
/// send every byte, and reads that wait no longer than a deadline.
enum TestSocket {
    typealias Failure = WebSocketTestClient.Failure

    static func connect(port: UInt16) throws -> Int32 {
        // Close-on-exec: a process another test spawns meanwhile must not hold this connection.
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let error = errno
            close(descriptor)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port): errno \(error)")
        }
        return descriptor
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            written += count
        }
    }

    /// Bytes from `descriptor`, nil at its end (or when the peer reset it); fails past `deadline`.
    static func readChunk(from descriptor: Int32, until deadline: Date) throws -> [UInt8]? {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw Failure(description: "nothing from the server before the deadline (\(Int(WebSocketTestClient.timeout)) s unless the test asked for longer)")
            }
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&waiting, 1, Int32(min(remaining, 1) * 1000))
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count < 0 && errno == ECONNRESET { return nil }
            guard count >= 0 else { throw Failure(description: "recv failed: errno \(errno)") }
            return count == 0 ? nil : Array(chunk[..<count])
        }
    }
}
