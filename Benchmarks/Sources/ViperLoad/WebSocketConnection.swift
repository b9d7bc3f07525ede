import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A client's WebSocket connection to 127.0.0.1, as a browser tab opens one: blocking writes of
/// masked frames, and reads of whatever has arrived without waiting.
final class WebSocketConnection {
    let descriptor: Int32
    /// Bytes read and not yet taken as frames, from `unreadStart` on.
    private var unread: [UInt8] = []
    private var unreadStart = 0

    /// Connects to `port` and opens a session's WebSocket.
    init(port: UInt16) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard descriptor >= 0, connected == 0 else { throw LoadError("cannot connect to 127.0.0.1:\(port): errno \(errno)") }
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        try write(Array("GET /session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n".utf8))
        var head: [UInt8] = []
        while head.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { throw LoadError("the server closed the connection before the upgrade") }
            head += chunk[..<count]
        }
        let end = head.firstRange(of: Array("\r\n\r\n".utf8))!
        guard String(decoding: head[..<end.lowerBound], as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            throw LoadError("upgrade refused: \(String(decoding: head, as: UTF8.self))")
        }
        unread = Array(head[end.upperBound...])
    }

    deinit {
        close(descriptor)
    }

    /// `text` as one masked text frame, as clients must send it.
    static func frame(_ text: String) -> [UInt8] {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        frame.reserveCapacity(payload.count + 8)
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask: [UInt8] = [0x5A, 0x3C, 0x96, 0x0F]
        frame += mask
        for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
        return frame
    }

    /// Sends `text` in one frame.
    func send(_ text: String) throws {
        try write(Self.frame(text))
    }

    /// Writes all of `bytes`, waiting for room if need be.
    func write<Bytes: ContiguousBytes>(_ bytes: Bytes) throws {
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.send(descriptor, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw LoadError("send failed: errno \(errno)") }
                written += count
            }
        }
    }

    /// Reads what has arrived, without waiting; fails when the server closed the connection.
    func readAvailable() throws {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 << 16) { chunk in
            while true {
                let count = recv(descriptor, chunk.baseAddress, chunk.count, Int32(MSG_DONTWAIT))
                if count > 0 {
                    unread.append(contentsOf: chunk[..<count])
                    if count < chunk.count { return }
                    continue
                }
                if count == 0 { throw LoadError("the server closed a session") }
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                if errno != EINTR { throw LoadError("recv failed: errno \(errno)") }
            }
        }
    }

    /// Hands each complete frame read so far (its payload, unmasked, as servers send) to `body`.
    func takeFrames(_ body: (ArraySlice<UInt8>) -> Void) {
        while unread.count - unreadStart >= 2 {
            var length = Int(unread[unreadStart + 1] & 0x7F)
            var start = unreadStart + 2
            if length == 126 {
                guard unread.count - unreadStart >= 4 else { break }
                length = Int(unread[unreadStart + 2]) << 8 | Int(unread[unreadStart + 3])
                start = unreadStart + 4
            } else if length == 127 {
                guard unread.count - unreadStart >= 10 else { break }
                length = unread[(unreadStart + 2)..<(unreadStart + 10)].reduce(0) { $0 << 8 | Int($1) }
                start = unreadStart + 10
            }
            guard unread.count >= start + length else { break }
            body(unread[start..<(start + length)])
            unreadStart = start + length
        }
        // What was taken goes once per read, not once per frame.
        if unreadStart > 0 {
            unread.removeFirst(unreadStart)
            unreadStart = 0
        }
    }

    /// The text of each complete frame read so far.
    func takeTexts() -> [String] {
        var texts: [String] = []
        takeFrames { texts.append(String(decoding: $0, as: UTF8.self)) }
        return texts
    }

    /// Sends `text`, a request with `id`, and reads until its response; returns every message up
    /// to it.
    @discardableResult
    func call(_ text: String, id: Int, within seconds: Double = 30) throws -> [String] {
        try send(text)
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var messages: [String] = []
        while ContinuousClock.now < deadline {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&waiting, 1, 100)
            try readAvailable()
            for text in takeTexts() {
                messages.append(text)
                if text.hasPrefix(#"{"id":\#(id),"#) { return messages }
            }
        }
        throw LoadError("no answer to request \(id) within \(seconds) s")
    }
}
