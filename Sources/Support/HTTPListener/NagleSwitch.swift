import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Turns off Nagle's algorithm for a FlyingFox server, which has no option for it.
///
/// A WebSocket answer is several frames (renders, then the response), each its own write. With
/// Nagle, the second small write waits for the client's acknowledgement of the first, which the
/// client delays: every answer of more than one frame took about 40 ms on loopback
/// (`viper-load`, BENCHMARKS.md). Linux passes TCP_NODELAY from a listening socket on to every
/// connection it accepts, so setting it once on the listener is enough.
enum NagleSwitch {
    /// Sets TCP_NODELAY on this process's listening socket bound to `port`, found among its
    /// descriptors; returns whether it found one.
    @discardableResult
    static func turnOff(onListenerAt port: UInt16) -> Bool {
        #if os(Linux)
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for descriptor in descriptors where isListener(descriptor, on: port) {
            var on: Int32 = 1
            return setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) == 0
        }
        #endif
        return false
    }

    private static func isListener(_ descriptor: Int32, on port: UInt16) -> Bool {
        var listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening == 1 else { return false }
        var address = sockaddr_storage()
        var addressLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) }
        }
        guard named == 0 else { return false }
        switch Int32(address.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } } == port
        case AF_INET6:
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) } } == port
        default:
            return false
        }
    }
}
