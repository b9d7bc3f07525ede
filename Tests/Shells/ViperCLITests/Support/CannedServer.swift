import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server on 127.0.0.1 that misbehaves on purpose: to every connection it writes the same
/// bytes (an HTML error page, or nothing at all) and closes. What a broken proxy, a crashed
/// backend or a captive portal looks like to a Service.
final class CannedServer: @unchecked Sendable {
    private let listener: Int32
    let url: String

    /// A server that answers every connection with `response` (raw HTTP, or empty to close
    /// without a word).
    init(response: String) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
            throw ServeProcess.Failure(description: "the canned server could not listen: errno \(errno)")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
        let bytes = Array(response.utf8)
        Thread.detachNewThread {
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                var request = [UInt8](repeating: 0, count: 65_536)
                _ = read(connection, &request, request.count)
                if !bytes.isEmpty { _ = bytes.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count) } }
                close(connection)
            }
        }
    }

    /// Stops accepting: the thread's `accept` fails and it ends.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    static let htmlError = "HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/html\r\nContent-Length: 38\r\nConnection: close\r\n\r\n<html><body>Bad Gateway</body></html>\n"
}
