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
        let (descriptor, url) = try LoopbackListener.open(for: "canned server")
        listener = descriptor
        self.url = url
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
