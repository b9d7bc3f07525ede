import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A WebSocket client for tests over a plain TCP socket to 127.0.0.1: it speaks RFC 6455 as a
/// browser would, and can also send what no well-behaved client sends (huge frames, bytes that
/// are not UTF-8, frames out of order), or vanish without a close.
///
/// Every wait has a deadline, so a server that hangs fails its test instead of hanging it.
public final class WebSocketTestClient {
    /// A frame from the server.
    public struct Frame: Equatable, Sendable {
        public let opcode: UInt8
        public let payload: [UInt8]

        public init(opcode: UInt8, payload: [UInt8]) {
            self.opcode = opcode
            self.payload = payload
        }

        public var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's code, or nil.
        public var closeCode: Int? { opcode == 0x8 && payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil }
        /// A close frame's reason.
        public var closeReason: String { String(decoding: payload.dropFirst(2), as: UTF8.self) }
    }

    /// The server answered the upgrade with something other than 101.
    public struct Refused: Error, CustomStringConvertible {
        public let status: Int
        public let head: String
        public let body: String
        public var description: String { "upgrade refused with \(status): \(head)\n\(body)" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public static let timeout: TimeInterval = 20

    private let descriptor: Int32
    private var unread: [UInt8] = []
    /// The head of the server's `101 Switching Protocols`, its headers included.
    public private(set) var head = ""

    /// Connects to `port` and opens a WebSocket at `path` with `headers` added to the upgrade.
    public init(port: UInt16, path: String = "/session", headers: [String: String] = [:], host: String = "127.0.0.1:PORT") throws {
        descriptor = try TestSocket.connect(port: port)
        let hostHeader = host.replacingOccurrences(of: "PORT", with: "\(port)")
        var request = "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try write(Array(request.utf8))
        let head = try readHead()
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        guard status == 101 else {
            let body = String(decoding: try readBody(after: head), as: UTF8.self)
            throw Refused(status: status, head: head, body: body)
        }
        self.head = head
    }

    // Also when `init` throws once the descriptor is set: closing it there as well would close
    // whatever socket reused the number meanwhile, such as the in-process server's.
    deinit {
        close(descriptor)
    }

    /// One GET over a connection of its own: the status, the head and the body.
    public static func get(port: UInt16, path: String, headers: [String: String] = [:]) throws -> (status: Int, head: String, body: [UInt8]) {
        let descriptor = try TestSocket.connect(port: port)
        defer { close(descriptor) }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        try TestSocket.writeAll(Array(request.utf8), to: descriptor)
        var response: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while let chunk = try TestSocket.readChunk(from: descriptor, until: deadline) { response.append(contentsOf: chunk) }
        guard let end = response.firstRange(of: Array("\r\n\r\n".utf8)) else {
            throw Failure(description: "no HTTP head in \(String(decoding: response, as: UTF8.self))")
        }
        let head = String(decoding: response[..<end.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, Array(response[end.upperBound...]))
    }

    // MARK: - Sending

    /// Sends `text` in one text frame.
    public func send(_ text: String) throws {
        try send(opcode: 0x1, payload: Array(text.utf8))
    }

    /// Sends one frame, masked as clients must.
    public func send(opcode: UInt8, payload: [UInt8], fin: Bool = true) throws {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: payload.count >> shift)) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame.reserveCapacity(frame.count + payload.count)
        for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
        try write(frame)
    }

    /// Sends one text frame of `count` copies of `byte`, written a mebibyte at a time, so that a
    /// frame of 100 MiB costs the test no more memory than that.
    public func sendLongText(of count: Int, byte: UInt8 = UInt8(ascii: " ")) throws {
        var header: [UInt8] = [0x81, 0x80 | 127]
        for shift in stride(from: 56, through: 0, by: -8) { header.append(UInt8(truncatingIfNeeded: count >> shift)) }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        try write(header + mask)
        let chunk = (0..<(1 << 20)).map { byte ^ mask[$0 & 3] }
        var left = count
        while left > 0 {
            try write(Array(chunk.prefix(left)))
            left -= min(left, chunk.count)
        }
    }

    /// Sends the head of a text frame that declares `length` bytes, and `sent` of them: what an
    /// attacker sends to make a server buffer a frame it should refuse by its declared size.
    public func sendFrameHead(declaring length: UInt64, opcode: UInt8 = 0x1, thenBytes sent: Int = 0) throws {
        var header: [UInt8] = [0x80 | opcode, 0x80 | 127]
        for shift in stride(from: 56, through: 0, by: -8) { header.append(UInt8(truncatingIfNeeded: length >> UInt64(shift))) }
        try write(header + [0x12, 0x34, 0x56, 0x78] + [UInt8](repeating: 0x20 ^ 0x12, count: sent))
    }

    /// Sends raw bytes as they are, frame or not.
    public func sendRaw(_ bytes: [UInt8]) throws {
        try write(bytes)
    }

    /// Sends a close frame with `code`.
    public func sendClose(code: UInt16 = 1000) throws {
        try send(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])
    }

    /// Drops the connection without a close frame, as a killed client does.
    public func vanish() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    // MARK: - Receiving

    /// The next frame, pings and pongs included; nil when the server closed the connection.
    /// `timeout` only guards against a server that never answers.
    public func receiveFrame(timeout: TimeInterval = timeout) throws -> Frame? {
        let deadline = Date().addingTimeInterval(timeout)
        guard let header = try take(2, until: deadline) else { return nil }
        var length = Int(header[1] & 0x7F)
        if length == 126 {
            guard let extended = try take(2, until: deadline) else { return nil }
            length = Int(extended[0]) << 8 | Int(extended[1])
        } else if length == 127 {
            guard let extended = try take(8, until: deadline) else { return nil }
            length = extended.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let payload = try take(length, until: deadline) else { return nil }
        return Frame(opcode: header[0] & 0x0F, payload: payload)
    }

    /// The next text message, as a string.
    public func receive(timeout: TimeInterval = timeout) throws -> String {
        guard let frame = try receiveFrame(timeout: timeout) else { throw Failure(description: "the server closed the connection") }
        guard frame.opcode == 0x1 else {
            throw Failure(description: "expected a text frame, got opcode \(frame.opcode): \(frame.closeCode.map { "close \($0) \(frame.closeReason)" } ?? frame.text)")
        }
        return frame.text
    }

    /// Sends `request` and returns every message up to and including the response with `id`.
    public func call(_ request: String, id: Int) throws -> [String] {
        try send(request)
        var messages: [String] = []
        while true {
            let message = try receive()
            messages.append(message)
            if message.contains("\"id\":\(id),") || message.hasSuffix("\"id\":\(id)}"), !message.contains("\"method\"") { return messages }
        }
    }

    // MARK: - Socket

    private func write(_ bytes: [UInt8]) throws {
        try TestSocket.writeAll(bytes, to: descriptor)
    }

    private func readHead() throws -> String {
        let deadline = Date().addingTimeInterval(Self.timeout)
        while true {
            if let end = unread.firstRange(of: Array("\r\n\r\n".utf8)) {
                let head = String(decoding: unread[..<end.lowerBound], as: UTF8.self)
                unread.removeSubrange(..<end.upperBound)
                return head
            }
            guard let chunk = try TestSocket.readChunk(from: descriptor, until: deadline) else {
                throw Failure(description: "the server closed the connection before answering the upgrade")
            }
            unread += chunk
        }
    }

    /// The body of a response whose head is `head`, as long as its Content-Length says.
    private func readBody(after head: String) throws -> [UInt8] {
        let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
        let length = lengthLine.flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return try take(length, until: Date().addingTimeInterval(Self.timeout)) ?? unread
    }

    private func take(_ count: Int, until deadline: Date) throws -> [UInt8]? {
        while unread.count < count {
            guard let chunk = try TestSocket.readChunk(from: descriptor, until: deadline) else { return nil }
            unread += chunk
        }
        let taken = Array(unread[..<count])
        unread.removeFirst(count)
        return taken
    }
}
