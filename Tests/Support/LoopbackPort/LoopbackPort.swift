import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Ports on 127.0.0.1 for the servers the tests start themselves (PostgreSQL, nginx).
public enum LoopbackPort {
    /// A port nothing listens on now, which the system picked: bound, read, and let go.
    public static func free() throws -> UInt16 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard socket >= 0, bound else { throw LoopbackPortError() }
        return UInt16(bigEndian: address.sin_port)
    }
}
