import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A listening TCP socket on 127.0.0.1 and a port the system picks: what the misbehaving
/// servers of the tests start from.
enum LoopbackListener {
    /// Binds and listens; returns the socket and its `http://127.0.0.1:PORT` address. `name`
    /// says whose socket it is when that fails.
    static func open(for name: String) throws -> (descriptor: Int32, url: String) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard descriptor >= 0, bound == 0, listen(descriptor, 64) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw ServeProcess.Failure(description: "the \(name) could not listen: errno \(errno)")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        return (descriptor, "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")
    }
}
