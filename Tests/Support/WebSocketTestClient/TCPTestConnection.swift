import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to 127.0.0.1 for tests that play an attacker below HTTP: it sends
/// what it is given, however malformed or slow, and tells when the server has hung up.
public final class TCPTestConnection {
    private let descriptor: Int32

    public init(port: UInt16) throws {
        descriptor = try TestSocket.connect(port: port)
    }

    deinit {
        close(descriptor)
    }

    /// Sends `bytes`; false when the server has closed the connection meanwhile.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        (try? TestSocket.writeAll(bytes, to: descriptor)) != nil
    }

    /// Sends `text` as UTF-8; false when the server has closed the connection meanwhile.
    @discardableResult
    public func send(_ text: String) -> Bool {
        send(Array(text.utf8))
    }

    /// Everything the server sends until it closes the connection; fails if it has not closed
    /// it within `timeout`.
    public func readToEnd(timeout: TimeInterval = WebSocketTestClient.timeout) throws -> [UInt8] {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while let chunk = try TestSocket.readChunk(from: descriptor, until: deadline) { bytes += chunk }
        return bytes
    }

    /// Whether the server has closed the connection, waiting up to `timeout` for it; what it
    /// sent before closing is read and dropped.
    public func isClosedByServer(within timeout: TimeInterval) -> Bool {
        (try? readToEnd(timeout: timeout)) != nil
    }
}
